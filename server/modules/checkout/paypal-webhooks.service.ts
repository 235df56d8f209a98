import type { FastifyInstance } from "fastify";
import { addPeriod } from "../../../domain/billing";
import { AppError } from "../../../domain/errors";
import { centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import { paypalClient, subscriptionGatewayFor } from "../../payments/gateways";
import type { PaypalEvent } from "../../payments/paypal-events";
import {
  countFailedRenewal,
  endUnpaidSubscription,
  grantPurchase,
  grantRenewalPeriod,
} from "../purchases/credit-grant";
import {
  cancelActiveSubscription,
  cancelUnpaidPurchase,
  findCheckoutInvoice,
  findInvoiceByRef,
  findPurchase,
  keepCancelledAfterGrant,
  lockPurchaseWithCustomer,
  type PurchaseRow,
  recordProviderInvoice,
  reopenUnpaidPurchase,
  resumeSubscription,
  setInvoiceProviderRef,
} from "../purchases/purchases.service";
import { recordProcessorRefunds } from "../purchases/refunds.service";
import { maxRenewalRetries } from "../purchases/renewals";
import { applyWebhookOnce, emailRefunds, lockEventPurchase } from "./webhooks.service";

type App = Pick<FastifyInstance, "db" | "appConfig"> &
  Partial<Pick<FastifyInstance, "mailer" | "config" | "log">>;
type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findCheckoutInvoice>>>;
export type Ctx = { now: Date; timeZone: string; maxRetries: number };

/**
 * Applies a verified PayPal event once (docs/decisions/0009): the event id is claimed in the
 * transaction that applies it. PayPal bills its subscriptions itself, so after the checkout we
 * only follow it: each sale is a paid period, a failed payment counts like a failed renewal,
 * and a cancellation stops the subscription. Events are applied by state, never by order:
 * - a sale is claimed by its sale id (an invoice's unique provider_ref), whatever event brings it;
 * - the first period is granted once, by whichever of capture, ACTIVATED or the first sale comes
 *   first; a cancellation that came before it still stands afterwards;
 * - a charge after a cancellation is recorded and its period granted, but nothing re-activates;
 * - a failure older than what is already paid for changes nothing.
 */
export async function applyPaypalEvent(app: App, event: PaypalEvent, payload: unknown, now = new Date()) {
  const config = await app.appConfig.get();
  const ctx: Ctx = { now, timeZone: config.timezone, maxRetries: maxRenewalRetries(config) };
  const type = event.type === "ignored" ? event.event_type : event.type;
  if (event.type === "capture_refunded") return applyCaptureRefund(app, event, payload, ctx);
  return applyWebhookOnce(app, { provider: "paypal", event_id: event.id, type, payload }, async (tx) => {
    if (event.type === "ignored") return "ignored";
    // Before the capture the purchase is known by its plan; afterwards by its subscription (a
    // sale names only the subscription).
    const plan = event.type === "sale_completed" ? undefined : event.plan_id;
    const purchase = await lockEventPurchase(tx, "paypal", undefined, event.subscription_id, plan);
    switch (event.type) {
      case "subscription_activated":
        await grantFirstPeriod(tx, purchase, event.subscription_id, ctx);
        break;
      case "sale_completed":
        await recordSale(tx, purchase, event, ctx);
        break;
      case "payment_failed":
        await recordFailedPayment(tx, purchase, event, ctx);
        break;
      case "subscription_ended":
        await endSubscription(tx, purchase, event.unpaid, ctx);
        break;
    }
    return "applied";
  });
}

/**
 * PAYMENT.CAPTURE.REFUNDED: a refund of a one-off order's capture, ours or made in PayPal. The
 * capture names its purchase in custom_id (our purchase id, set when the order was created); it
 * is read from PayPal before the transaction. An unknown purchase answers 409 so PayPal retries.
 */
async function applyCaptureRefund(
  app: App,
  event: Extract<PaypalEvent, { type: "capture_refunded" }>,
  payload: unknown,
  ctx: Ctx,
) {
  const paypal = app.config ? paypalClient({ config: app.config }) : null;
  const purchaseId = Number(paypal ? await paypal.captureCustomId(event.capture_id) : Number.NaN);
  const refunded: number[] = [];
  const result = await applyWebhookOnce(
    app,
    { provider: "paypal", event_id: event.id, type: event.type, payload },
    async (tx) => {
      const found = Number.isInteger(purchaseId) ? await findPurchase(tx, purchaseId) : undefined;
      if (found?.provider !== "paypal")
        throw AppError.of(409, "WEBHOOK_PURCHASE_UNKNOWN", "purchaseNotFound");
      const purchase = await lockPurchaseWithCustomer(tx, found);
      const deps = {
        timeZone: ctx.timeZone,
        subscriptionGateway: (p: string) =>
          app.config ? subscriptionGatewayFor({ config: app.config }, p) : null,
      };
      const refunds = [
        { refund_ref: event.refund_ref, amount_cents: event.amount_cents, refund_id: event.refund_id },
      ];
      refunded.push(
        ...(await recordProcessorRefunds(
          tx,
          deps,
          purchase,
          { refunds, amount_refunded_cents: 0, payment_ref: event.capture_id },
          ctx.now,
        )),
      );
      return "applied" as const;
    },
  );
  await emailRefunds(app, refunded);
  return result;
}

const saleRef = (saleId: string) => `paypal_sale_${saleId}`;

/**
 * The checkout's period (a trial, or the first paid cycle), granted once. A purchase we gave up
 * on (failed, or cancelled before it was paid) is reopened first, which records its discount use
 * again; if it was cancelled, it stays cancelled: no renewals, what was paid stays.
 */
export async function grantFirstPeriod(tx: Db, purchase: PurchaseRow, subscriptionId: string, ctx: Ctx) {
  if (purchase.credits_granted_at) return;
  const cancelledFirst = purchase.status === "cancelled";
  let current = purchase;
  if (purchase.status === "failed" || cancelledFirst) current = await reopenUnpaidPurchase(tx, purchase);
  if (current.status !== "pending") return; // revoked by an admin: nothing to grant
  await grantPurchase(tx, { ...current, subscription_id: subscriptionId }, ctx);
  if (cancelledFirst) await keepCancelledAfterGrant(tx, purchase.purchase_id);
}

/**
 * One PayPal charge of a subscription. Any charge means the checkout's period was paid, so it is
 * granted first if nothing did yet. The checkout's own charge (a plan without a free trial is
 * charged at activation) takes the checkout invoice's place; every other one pays the period
 * after what is already paid for, as its own invoice. `ref` claims the charge (Mercado Pago's
 * processor-billed subscriptions use it too, with their own payment ids).
 */
export async function recordSale(
  tx: Db,
  purchase: PurchaseRow,
  sale: Extract<PaypalEvent, { type: "sale_completed" }>,
  ctx: Ctx,
  ref = saleRef(sale.sale_id),
) {
  if (await findInvoiceByRef(tx, ref)) return; // the same sale, told by another event
  await grantFirstPeriod(tx, purchase, sale.subscription_id, ctx);
  const checkout = await findCheckoutInvoice(tx, purchase.purchase_id);
  if (checkout && isCheckoutCharge(checkout, sale.at)) {
    await setInvoiceProviderRef(tx, checkout.invoice_id, ref);
    return;
  }
  let current = (await findPurchase(tx, purchase.purchase_id, true)) ?? purchase;
  const period = salePeriod(current, sale.at, ctx.timeZone);
  const invoice = await recordProviderInvoice(tx, {
    purchase_id: current.purchase_id,
    customer_id: current.customer_id,
    total_payment: centsToString(sale.amount_cents),
    status: "paid",
    provider_ref: ref,
    period_start: period.start,
    period_end: period.end,
  });
  if (!invoice) return;
  // Ended for non-payment, and PayPal collected after all: the subscription goes on.
  if (current.status === "failed" && current.credits_granted_at && !current.cancelledAt)
    current = (await resumeSubscription(tx, current.purchase_id)) ?? current;
  await grantRenewalPeriod(tx, current, period, ctx.timeZone, { providerBilled: true });
}

/**
 * Whether a charge is the checkout's own: the checkout invoice was a charge (not a free trial's
 * 0), no sale has claimed it yet, and the charge happened in the first half of its period (a
 * renewal's charge comes at the period's end, give or take PayPal's hour of the day).
 */
function isCheckoutCharge(checkout: InvoiceRow, at: Date): boolean {
  if (toCents(checkout.total_payment) === 0) return false;
  if (!checkout.period_start || !checkout.period_end) return true;
  const start = checkout.period_start.getTime();
  return at.getTime() < start + (checkout.period_end.getTime() - start) / 2;
}

/**
 * A sale pays for the period after the one already paid (a charge a few hours early or days late
 * after PayPal's retries still pays that one), unless that whole period was already over when it
 * was charged (a suspended subscription resumed): then the period starts at the charge.
 */
function salePeriod(purchase: PurchaseRow, at: Date, timeZone: string) {
  const start =
    purchase.expiration_date && nextPeriodEnd(purchase, purchase.expiration_date, timeZone) > at
      ? purchase.expiration_date
      : at;
  return { start, end: nextPeriodEnd(purchase, start, timeZone) };
}

const nextPeriodEnd = (purchase: PurchaseRow, from: Date, timeZone: string) =>
  addPeriod(from, purchase.subscription_interval ?? 1, purchase.subscription_period ?? "month", timeZone);

/**
 * A failed charge counts like a failed renewal of our own scheduler (renewal_max_retries, then
 * the purchase fails). Each failure is listed in Mis Cargos. A failure from well before the end of
 * what is already paid for (delivered after the retry that succeeded and moved that end on by a
 * period) is recorded but not counted; half a period tells the two apart whatever PayPal's hour.
 */
export async function recordFailedPayment(
  tx: Db,
  purchase: PurchaseRow,
  failure: Extract<PaypalEvent, { type: "payment_failed" }>,
  ctx: Ctx,
  ref = `paypal_failed_${failure.id}`,
) {
  const invoice = await recordProviderInvoice(tx, {
    purchase_id: purchase.purchase_id,
    customer_id: purchase.customer_id,
    total_payment: centsToString(failure.amount_cents ?? toCents(purchase.amount)),
    status: "failed",
    provider_ref: ref,
  });
  if (!invoice || purchase.status !== "active") return;
  const paidThrough = purchase.expiration_date;
  if (paidThrough) {
    const halfPeriod =
      (nextPeriodEnd(purchase, paidThrough, ctx.timeZone).getTime() - paidThrough.getTime()) / 2;
    if (failure.at.getTime() < paidThrough.getTime() - halfPeriod) return;
  }
  await countFailedRenewal(tx, purchase, ctx);
}

/**
 * PayPal bills it no more: an active subscription is cancelled now (what was paid stays until the
 * period ends), or ends unpaid if PayPal suspended it after failed payments; one never paid is
 * cancelled and gives its place and discount back. Failed or already cancelled: nothing changes.
 */
export async function endSubscription(tx: Db, purchase: PurchaseRow, unpaid: boolean, ctx: Ctx) {
  if (purchase.status === "pending") return cancelUnpaidPurchase(tx, purchase.purchase_id, ctx.now);
  if (purchase.status !== "active") return;
  if (unpaid) return endUnpaidSubscription(tx, purchase, purchase.renewal_failures, ctx.now);
  await cancelActiveSubscription(tx, purchase.purchase_id, ctx.now);
}
