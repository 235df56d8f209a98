import type { FastifyInstance } from "fastify";
import { sendDueReminders } from "./notifications.service";

export const REMINDER_JOB = "notifications.reminders";

/** Class reminders every 15 minutes (reminder_hours_before ahead; once per reservation). */
export function registerNotificationJobs(app: FastifyInstance) {
  app.jobs.register(
    REMINDER_JOB,
    async () => {
      await sendDueReminders(app);
    },
    { cron: "*/15 * * * *" },
  );
}
