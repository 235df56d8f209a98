import type { FastifyInstance } from "fastify";
import { chargeGatewayFor, paypalClient } from "../../payments/gateways";
import { paymentCompleted, whenPaymentCompleted } from "../purchases/payment-completed";
import { expireOverdueRenewalVouchers } from "../purchases/renewal-voucher";
import { finishInterruptedCharges } from "./interrupted-charges";
import { expireOverdueVouchers } from "./offline-payments.service";
import { finishInterruptedPaypalCaptures } from "./paypal.service";
import {
  cancelAllOrdersCarryingPaidFee,
  cancelClosedVouchersAtProcessor,
  cancelOrdersCarryingPaidFee,
} from "./signup-fee.service";
import { emailRefunds } from "./webhooks.service";

export const EXPIRE_VOUCHERS_JOB = "expire-payment-vouchers";
export const INTERRUPTED_CHARGES_JOB = "finish-interrupted-charges";

/**
 * Charges recorded but never confirmed (a crash or a lost answer between the processor's call and
 * our confirmation) are asked of their processor again and applied once (decision 0066); the
 * customers they paid get their receipts.
 */
export async function runInterruptedCharges(app: FastifyInstance, now = new Date()) {
  const { paid, refunds } = await finishInterruptedCharges(
    app,
    (provider) => chargeGatewayFor(app, provider),
    now,
    app.log,
  );
  const paypal = paypalClient(app);
  if (paypal) paid.push(...(await finishInterruptedPaypalCaptures(app, paypal, now, app.log)));
  for (const customerId of paid) await paymentCompleted(app, customerId);
  await emailRefunds(app, refunds);
  return paid;
}

/**
 * Every 30 minutes: OXXO vouchers and SPEI transfers past their deadline expire (decision 0034),
 * a renewal period's too (decision 0137).
 */
export function registerCheckoutJobs(app: FastifyInstance) {
  // The same run cancels open orders that carry a sign-up fee already paid another way, for any
  // path that did not say so at once (decision 0050).
  app.jobs.register(
    EXPIRE_VOUCHERS_JOB,
    async () => {
      await expireOverdueVouchers(app);
      // Renewal vouchers too (decision 0137): Mis Membresías then offers a new one.
      await expireOverdueRenewalVouchers(app.db);
      await cancelAllOrdersCarryingPaidFee(app);
      await cancelClosedVouchersAtProcessor(app);
    },
    { cron: "*/30 * * * *" },
  );
  app.jobs.register(INTERRUPTED_CHARGES_JOB, async () => void (await runInterruptedCharges(app)), {
    cron: "*/10 * * * *",
  });
  whenPaymentCompleted(
    app.db,
    async (customerId) => void (await cancelOrdersCarryingPaidFee(app, customerId)),
  );
}
