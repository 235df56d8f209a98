import type { FastifyInstance } from "fastify";
import { registerNotificationJobs } from "./modules/notifications/notifications.jobs";
import { registerPenaltyJobs } from "./modules/penalties/penalties.jobs";
import { registerWaitlistJobs } from "./modules/waitlists/waitlists.jobs";

/**
 * Every background job (pg-boss, server/plugins/jobs.ts), from each domain's `<domain>.jobs.ts`:
 * the one place to see what runs on its own. Called once while the app is built, before it starts.
 */
export function registerJobs(app: FastifyInstance) {
  registerNotificationJobs(app);
  registerPenaltyJobs(app);
  registerWaitlistJobs(app);
}
