import type { FastifyInstance } from "fastify";
import { whenCheckedIn } from "../attendance/checked-in";
import {
  ANSWER_JOB,
  answerBooking,
  PUBLISH_JOB,
  publishPending,
  SWEEP_JOB,
  sweep,
  VALIDATE_JOB,
  validateVisit,
  visitsCheckedIn,
} from "./aggregators.service";

/**
 * The aggregators' background work (decision 0103): the outbox of classes to publish (every
 * minute), each booking's answer and each visit's validation (sent once, retried by pg-boss),
 * and every 5 minutes a sweep of what is still pending and of the no-shows. A check-in anywhere
 * (desk, coach, QR, kiosk) starts the validation of an aggregator member's visit.
 */
export function registerAggregatorJobs(app: FastifyInstance) {
  whenCheckedIn(app.db, (classId) => visitsCheckedIn(app, classId));
  app.jobs.register(
    PUBLISH_JOB,
    async () => {
      await publishPending(app);
    },
    { cron: "* * * * *" },
  );
  app.jobs.register(ANSWER_JOB, (data: { booking_id: number }) => answerBooking(app, data.booking_id));
  app.jobs.register(VALIDATE_JOB, (data: { booking_id: number }) => validateVisit(app, data.booking_id));
  app.jobs.register(SWEEP_JOB, () => sweep(app), { cron: "*/5 * * * *" });
}
