import type { FastifyInstance } from "fastify";
import { vacuumEmbeddedDatabase } from "./db/maintenance";
import { registerAggregatorJobs } from "./modules/aggregators/aggregators.jobs";
import { registerCheckoutJobs } from "./modules/checkout/checkout.jobs";
import { registerGiftCardJobs } from "./modules/gift-cards/gift-cards.jobs";
import { registerInvoicingJobs } from "./modules/invoicing/invoicing.jobs";
import { registerMessagingJobs } from "./modules/messaging/messaging.jobs";
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
  registerDatabaseMaintenance(app);
  registerAggregatorJobs(app);
  registerMessagingJobs(app);
  registerGiftCardJobs(app);
}

export const VACUUM_JOB = "vacuum-embedded-database";

/**
 * The embedded database (PGlite) has no autovacuum (db/maintenance.ts): every night at 02:00 in
 * Mexico City (08:00 UTC; the schedules run in UTC), when no studio books, the app vacuums and
 * analyses it. PostgreSQL does this itself, so the job exists only on PGlite.
 */
function registerDatabaseMaintenance(app: FastifyInstance) {
  if (app.database.kind !== "pglite") return;
  app.jobs.register(
    VACUUM_JOB,
    async () => {
      const ms = await vacuumEmbeddedDatabase(app.database);
      if (ms !== null) app.log.info({ ms: Math.round(ms) }, "embedded database vacuumed and analysed");
    },
    { cron: "0 8 * * *" },
  );
}
