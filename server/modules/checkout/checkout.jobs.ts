import type { FastifyInstance } from "fastify";
import { expireOverdueVouchers } from "./offline-payments.service";

export const EXPIRE_VOUCHERS_JOB = "expire-payment-vouchers";

/** Every 30 minutes: OXXO vouchers and SPEI transfers past their deadline expire (decision 0034). */
export function registerCheckoutJobs(app: FastifyInstance) {
  app.jobs.register(EXPIRE_VOUCHERS_JOB, async () => void (await expireOverdueVouchers(app)), {
    cron: "*/30 * * * *",
  });
}
