import type { FastifyInstance } from "fastify";
import type { PaymentProvider } from "../../db/schema/purchases";
import { refundGatewayFor, subscriptionGatewayFor } from "../../payments/gateways";
import { refundPurchase } from "../purchases/refunds.service";

type App = Pick<FastifyInstance, "db" | "appConfig"> &
  Partial<Pick<FastifyInstance, "mailer" | "config" | "log">>;

/** The reason the refund of a fee paid a second time carries (the desk reads it on the purchase). */
export const LATE_FEE_REASON = "Inscripción ya pagada en otro pago: se devuelve la segunda";

/**
 * A sign-up fee paid a second time (a closed voucher paid at the store anyway, decision 0067; a
 * card charge finished by the job after the fee was paid another way, decision 0066) is refunded
 * in full through its processor with a key of its own (the same on a retry; a processor that
 * cannot be reached leaves the intent to finish-interrupted-refunds). A refusal stays a failed
 * refund the desk sees on the purchase and gives back at the counter. Never throws: the payment
 * is recorded. Answers the refunds it applied (their emails go out after).
 */
export async function giveBackFees(app: App, purchaseIds: number[], now: Date): Promise<number[]> {
  const done: number[] = [];
  if (purchaseIds.length === 0 || !app.config) return done;
  const withConfig = { config: app.config };
  const deps = {
    db: app.db,
    timeZone: (await app.appConfig.get()).timezone,
    gatewayFor: (provider: PaymentProvider, ref: string) => refundGatewayFor(withConfig, provider, ref),
    subscriptionGateway: (provider: PaymentProvider) => subscriptionGatewayFor(withConfig, provider),
  };
  for (const purchaseId of purchaseIds) {
    try {
      const { refund, applied } = await refundPurchase(
        deps,
        null,
        { purchase_id: purchaseId, reason: LATE_FEE_REASON, idempotency_key: `late-fee-${purchaseId}` },
        now,
      );
      if (applied) done.push(refund.refund_id);
    } catch (error) {
      app.log?.warn({ err: error, purchaseId }, "a fee paid twice not given back yet");
    }
  }
  return done;
}
