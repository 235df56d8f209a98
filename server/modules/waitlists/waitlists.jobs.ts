import type { FastifyInstance } from "fastify";
import { whenSeatFreed } from "../reservations/seat-freed";
import { PROMOTE_JOB, promoteClass, promoteFreedSeat, SWEEP_JOB, sweepWaitlists } from "./promotion.service";

/**
 * The waitlists' background work: a freed seat goes to the line at once (seatFreed), a promotion
 * that failed is retried ("waitlist.promote") and every 5 minutes due offers end and classes with
 * a free seat are tried again ("waitlist.sweep").
 */
export function registerWaitlistJobs(app: FastifyInstance) {
  whenSeatFreed(app.db, (singleClassId) => promoteFreedSeat(app, singleClassId));
  app.jobs.register(PROMOTE_JOB, async (data: { single_class_id: number }) => {
    await promoteClass(app, data.single_class_id);
  });
  app.jobs.register(SWEEP_JOB, () => sweepWaitlists(app), { cron: "*/5 * * * *" });
}
