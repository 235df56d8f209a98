import type { FastifyInstance } from "fastify";
import { sandboxGateway } from "../../payments/gateways";
import { RENEWAL_JOB, renewDueSubscriptions } from "./renewals";

/**
 * Daily at 15:00 UTC (morning in Mexico): the sandbox-card and cash subscriptions that are due
 * (processor-billed ones renew on the processor and arrive as webhooks).
 */
export function registerPurchaseJobs(app: FastifyInstance) {
  app.jobs.register(
    RENEWAL_JOB,
    async () => {
      await renewDueSubscriptions({
        db: app.db,
        appConfig: app.appConfig,
        mailer: app.mailer,
        gateway: sandboxGateway(app),
        log: app.log,
      });
    },
    { cron: "0 15 * * *" },
  );
}
