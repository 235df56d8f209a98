import type { FastifyInstance } from "fastify";
import { registerCheckoutJobs } from "./modules/checkout/checkout.jobs";
import { registerInvoicingJobs } from "./modules/invoicing/invoicing.jobs";
import { registerNotificationJobs } from "./modules/notifications/notifications.jobs";
import { registerPenaltyJobs } from "./modules/penalties/penalties.jobs";
import { registerPurchaseJobs } from "./modules/purchases/purchases.jobs";
import { registerWaitlistJobs } from "./modules/waitlists/waitlists.jobs";

/**
 * Every background job (pg-boss, server/plugins/jobs.ts), from each domain's `<domain>.jobs.ts`:
 * the one place to see what runs on its own. Called once while the app is built, before it starts.
 */
export function registerJobs(app: FastifyInstance) {
  registerCheckoutJobs(app);
  registerInvoicingJobs(app);
  registerNotificationJobs(app);
  registerPenaltyJobs(app);
  registerPurchaseJobs(app);
  registerWaitlistJobs(app);
}
