import type { FastifyInstance } from "fastify";
import { type MercadoPagoClient, MercadoPagoFailure, type MpPayment } from "../../payments/mercadopago";
import {
  applyMercadoPagoPayment,
  applyPreapproval,
  contextOf,
  type PaymentResult,
} from "./mercadopago.service";
import { applyWebhookOnce, emailRefunds } from "./webhooks.service";

type App = Pick<FastifyInstance, "db" | "appConfig"> &
  Partial<Pick<FastifyInstance, "mailer" | "config" | "log">>;

/** A verified Mercado Pago notification: its topic and the id of what changed. */
export type MercadoPagoNotification = {
  /** The notification's own id (its retries keep it), or topic + data id + x-request-id. */
  event_id: string;
  type: string;
  data_id: string;
};

/**
 * Applies a verified Mercado Pago notification once (decision 0035). A notification says only
 * what changed, so the object is read from Mercado Pago first (outside any transaction), then
 * applied by its state in one transaction with the claim of the notification's id: a delivery
 * repeated, or two notifications of one payment, change the purchase once.
 * - payment: a Checkout Pro payment (grant, fail, refunds) or a subscription's charge;
 * - subscription_preapproval: a subscription authorised or cancelled;
 * - subscription_authorized_payment: a subscription's charge, through the payment it made.
 * Anything else, and a test notification naming an object that does not exist, is recorded and
 * ignored (a 404 there would make Mercado Pago deliver it again for days).
 */
export async function applyMercadoPagoNotification(
  app: App,
  mp: MercadoPagoClient,
  notification: MercadoPagoNotification,
  payload: unknown,
  now = new Date(),
): Promise<PaymentResult | "duplicate"> {
  const ctx = await contextOf(app, now);
  const claim = {
    provider: "mercadopago" as const,
    event_id: notification.event_id,
    type: notification.type,
    payload,
  };
  const ignore = () => applyWebhookOnce(app, claim, async () => "ignored" as const);
  try {
    if (notification.type === "payment") {
      const payment = await mp.getPayment(notification.data_id);
      return applyPayment(app, claim, payment, ctx);
    }
    if (notification.type === "subscription_preapproval") {
      const preapproval = await mp.getPreapproval(notification.data_id);
      return applyWebhookOnce(app, claim, (tx) => applyPreapproval(app, preapproval, ctx, tx));
    }
    if (notification.type === "subscription_authorized_payment") {
      const charge = await mp.getAuthorizedPayment(notification.data_id);
      // Not charged yet (scheduled, or retrying): its payment's own notification will follow.
      if (!charge.payment) return ignore();
      const payment = await mp.getPayment(charge.payment.id);
      return applyPayment(app, claim, { ...payment, preapproval_id: charge.preapproval_id }, ctx);
    }
  } catch (error) {
    if (error instanceof MercadoPagoFailure && error.status === 404) return ignore();
    throw error;
  }
  return ignore();
}

async function applyPayment(
  app: App,
  claim: Parameters<typeof applyWebhookOnce>[1],
  payment: MpPayment,
  ctx: Awaited<ReturnType<typeof contextOf>>,
) {
  const refunded: number[] = [];
  const result = await applyWebhookOnce(app, claim, (tx) =>
    applyMercadoPagoPayment(app, payment, ctx, tx, refunded),
  );
  await emailRefunds(app, refunded);
  return result;
}
