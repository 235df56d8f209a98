import type { FastifyInstance } from "fastify";
import { registerClassMailRenderers, sendDueReminders } from "./notifications.service";

export const REMINDER_JOB = "notifications.reminders";

/** Class reminders every 15 minutes (reminder_hours_before ahead; once per reservation). */
export function registerNotificationJobs(app: FastifyInstance) {
  // The outbox worker renders the booking and cancellation emails (decision 0084).
  registerClassMailRenderers(app);
  app.jobs.register(
    REMINDER_JOB,
    async () => {
      await sendDueReminders(app);
    },
    { cron: "*/15 * * * *" },
  );
}
