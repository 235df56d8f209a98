import type { FastifyInstance } from "fastify";
import { whenPaymentCompleted } from "../purchases/payment-completed";
import { expireOverdueVouchers } from "./offline-payments.service";
import { cancelAllOrdersCarryingPaidFee, cancelOrdersCarryingPaidFee } from "./signup-fee.service";

export const EXPIRE_VOUCHERS_JOB = "expire-payment-vouchers";

/** Every 30 minutes: OXXO vouchers and SPEI transfers past their deadline expire (decision 0034). */
export function registerCheckoutJobs(app: FastifyInstance) {
  // The same run cancels open orders that carry a sign-up fee already paid another way, for any
  // path that did not say so at once (decision 0050).
  app.jobs.register(
    EXPIRE_VOUCHERS_JOB,
    async () => {
      await expireOverdueVouchers(app);
      await cancelAllOrdersCarryingPaidFee(app);
    },
    { cron: "*/30 * * * *" },
  );
  whenPaymentCompleted(
    app.db,
    async (customerId) => void (await cancelOrdersCarryingPaidFee(app, customerId)),
  );
}
