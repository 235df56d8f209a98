import type { FastifyInstance } from "fastify";
import { AppError, notFound } from "../../../domain/errors";
import { centsToNumber, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { MercadoPagoClient, MpPayment, MpPreapproval } from "../../payments/mercadopago";
import { grantPaymentGroup } from "../purchases/credit-grant";
import {
  failPaymentGroup,
  findPurchase,
  findPurchaseByProviderRef,
  listPaymentCompanions,
  lockPurchaseWithCustomer,
  type PurchaseRow,
  reopenUnpaidPurchase,
  setCardOfPayment,
  setPurchaseProviderRef,
} from "../purchases/purchases.service";
import { recordProcessorRefunds } from "../purchases/refunds.service";
import { maxRenewalRetries } from "../purchases/renewals";
import {
  type CheckoutRequest,
  feeOf,
  once,
  openPurchase,
  type SignupFeeCarried,
  setPaymentRef,
} from "./checkout.service";
import {
  type Ctx,
  endSubscription,
  grantFirstPeriod,
  recordFailedPayment,
  recordSale,
} from "./paypal-webhooks.service";

type App = Pick<FastifyInstance, "db" | "appConfig"> & {
  config: Pick<FastifyInstance["config"], "publicUrl">;
};

export type MercadoPagoStart = {
  purchase_id: number;
  total: number;
  /** Mercado Pago's page the browser goes to (Checkout Pro, or the subscription's authorisation). */
  init_point: string;
  preference_id?: string;
  preapproval_id?: string;
  signup_fee_purchase_id?: number;
  signup_fee_carried?: SignupFeeCarried;
};

/** What happened to a payment, for the return page and the webhook's answer. */
export type PaymentResult = "granted" | "already" | "failed" | "waiting" | "refunds" | "ignored";

/** MP's own statuses: money taken, money not taken (a final no), and still undecided. */
const PAID = ["approved"];
const REFUSED = ["rejected", "cancelled"];
const MONEY_BACK = ["refunded", "charged_back"];

/**
 * Mercado Pago, step 1 (POST /checkout/mercadopago): the pending purchase and where the browser
 * goes to pay. A one-off package (and the sign-up fee riding along, decision 0017) is a Checkout
 * Pro preference for the amount due; a subscription is a preapproval Mercado Pago bills every
 * period, when the studio allows it (mercadopago_subscriptions_enabled). Same idempotency rules as
 * every checkout: the key claims the purchase, and travels to Mercado Pago as X-Idempotency-Key.
 */
export async function startMercadoPagoCheckout(
  app: App,
  mp: MercadoPagoClient,
  req: CheckoutRequest & { email: string },
  now = new Date(),
) {
  // Read before the transaction: on PGlite a query outside an open transaction waits for it.
  const config = await app.appConfig.get();
  if (!config.mercadopago_enabled) throw notFound("paymentProviderNotConfigured", "NOT_FOUND");
  const publicUrl = app.config.publicUrl;
  return once<MercadoPagoStart>(
    app,
    { ...req, provider: "mercadopago", body: { ...req, customer_id: undefined, email: undefined } },
    async (tx) => {
      const opened = await openPurchase(tx, req, "mercadopago", null, now, config);
      const { purchase, pkg, chargeNow } = opened;
      const backUrl = `${publicUrl}/gracias/${purchase.purchase_id}`;
      const base = {
        purchase_id: purchase.purchase_id,
        total: centsToNumber(chargeNow),
        ...feeOf(opened),
      };
      if (pkg.is_subscription) {
        if (!config.mercadopago_subscriptions_enabled)
          throw AppError.of(412, "MERCADOPAGO_SUBSCRIPTIONS_DISABLED", "mercadopagoSubscriptionsDisabled");
        // A preapproval charges one amount every period: a first-period discount cannot be told.
        if (toCents(purchase.discount_total) > 0)
          throw AppError.of(412, "MERCADOPAGO_SUBSCRIPTION_DISCOUNT", "mercadopagoSubscriptionDiscount");
        const preapproval = await mp.createPreapproval({
          purchase_id: purchase.purchase_id,
          reason: pkg.title,
          price_cents: toCents(purchase.amount),
          interval: pkg.subscription_interval ?? 1,
          period: (pkg.subscription_period ?? "month") as "day" | "month" | "year",
          trial:
            pkg.free_trial_length && pkg.free_trial_period
              ? { length: pkg.free_trial_length, period: pkg.free_trial_period }
              : null,
          payer_email: req.email,
          back_url: backUrl,
          key: req.idempotency_key,
        });
        await setPaymentRef(tx, opened, preapproval.id);
        return { ...base, init_point: preapproval.init_point, preapproval_id: preapproval.id };
      }
      if (chargeNow === 0) throw AppError.of(400, "BAD_REQUEST", "checkoutDefault"); // free offers use POST /checkout
      const preference = await mp.createPreference({
        purchase_id: purchase.purchase_id,
        title: [pkg.title, ...opened.companions.map((c) => c.title)].join(" + "),
        amount_cents: chargeNow,
        key: req.idempotency_key,
        back_url: backUrl,
        // Mercado Pago only notifies public https addresses (a local server learns on the return).
        notification_url: publicUrl.startsWith("https://") ? `${publicUrl}/api/webhooks/mercadopago` : null,
        payer_email: req.email,
      });
      await setPaymentRef(tx, opened, preference.id);
      return { ...base, init_point: preference.init_point, preference_id: preference.id };
    },
  );
}

/**
 * The customer is back from Mercado Pago (POST /checkout/mercadopago/return): the payment or the
 * preapproval named in the return address is read from Mercado Pago itself (the address's own
 * status is never trusted) and applied as its webhook would apply it, once.
 */
export async function returnFromMercadoPago(
  app: App,
  mp: MercadoPagoClient,
  req: { customer_id: number; purchase_id: number; payment_id?: string; preapproval_id?: string },
  now = new Date(),
) {
  const own = await findPurchase(app.db, req.purchase_id);
  if (!own || own.customer_id !== req.customer_id || own.provider !== "mercadopago")
    throw notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
  const ctx = await contextOf(app, now);
  const notOurs = () => notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
  if (req.payment_id) {
    const payment = await mp.getPayment(req.payment_id).catch(mapNotFound(notOurs));
    if (payment.external_reference !== String(own.purchase_id)) throw notOurs();
    const result = await applyMercadoPagoPayment(app, payment, ctx);
    if (result === "failed" || (result === "ignored" && REFUSED.includes(payment.status)))
      throw AppError.of(
        402,
        "MERCADOPAGO_REJECTED",
        "mercadopagoRejected",
        {},
        {
          details: { status_detail: payment.status_detail },
        },
      );
  } else if (req.preapproval_id) {
    const preapproval = await mp.getPreapproval(req.preapproval_id).catch(mapNotFound(notOurs));
    if (preapproval.external_reference !== String(own.purchase_id)) throw notOurs();
    await applyPreapproval(app, preapproval, ctx);
  }
  const current = (await findPurchase(app.db, own.purchase_id))!;
  return {
    purchase_id: current.purchase_id,
    status: current.status,
    paid: Boolean(current.credits_granted_at),
  };
}

const mapNotFound = (make: () => AppError) => (error: unknown) => {
  if (error && typeof error === "object" && "status" in error && error.status === 404) throw make();
  throw error;
};

export async function contextOf(app: Pick<App, "appConfig">, now: Date): Promise<Ctx> {
  const config = await app.appConfig.get();
  return { now, timeZone: config.timezone, maxRetries: maxRenewalRetries(config) };
}

/**
 * A payment read from Mercado Pago, applied by its state (never by the order notifications come
 * in), in the caller's transaction or a new one:
 * - approved, for exactly what the purchase (and its sign-up fee) owes: granted once; a purchase
 *   failed by an earlier rejected attempt is reopened first (the buyer tried another card);
 * - rejected or cancelled: a purchase still unpaid fails (its place and discount use go back);
 * - anything else (pending, in_process, a late "pending" after "approved"): nothing changes;
 * - money given back (refunded, charged_back, or part of it): recorded as refunds, once.
 * A subscription's charge is recorded as that subscription's period.
 */
export async function applyMercadoPagoPayment(
  app: Pick<App, "db">,
  payment: MpPayment,
  ctx: Ctx,
  tx?: Db,
  /** Filled with the refunds applied, whose emails go out after the commit. */
  refunded: number[] = [],
): Promise<PaymentResult> {
  if (!tx) return app.db.transaction((inner) => applyMercadoPagoPayment(app, payment, ctx, inner, refunded));
  // A subscription's charge names its preapproval; a Checkout Pro payment our purchase id.
  const purchaseId = Number(payment.external_reference);
  const found = payment.preapproval_id
    ? await findPurchaseByProviderRef(tx, "mercadopago", payment.preapproval_id)
    : Number.isSafeInteger(purchaseId)
      ? await findPurchase(tx, purchaseId)
      : undefined;
  if (found?.provider !== "mercadopago")
    throw AppError.of(409, "WEBHOOK_PURCHASE_UNKNOWN", "purchaseNotFound");
  // The customer row first, as every refund path locks it, then the purchase.
  const purchase = await lockPurchaseWithCustomer(tx, found);
  if (payment.preapproval_id || purchase.subscription_interval)
    return applySubscriptionCharge(tx, purchase, payment, ctx);

  if (purchase.credits_granted_at) {
    if (payment.refunded_cents > 0 && purchase.provider_ref === payment.id) {
      refunded.push(...(await recordRefunds(tx, purchase, payment, ctx)));
      return "refunds";
    }
    return "already";
  }
  if (REFUSED.includes(payment.status)) {
    if (purchase.status !== "pending") return "ignored";
    await failPaymentGroup(tx, purchase);
    return "failed";
  }
  if (!PAID.includes(payment.status) && !MONEY_BACK.includes(payment.status)) return "waiting";
  const group = [purchase, ...(await listPaymentCompanions(tx, purchase, true))];
  const owed = group.reduce((sum, p) => sum + toCents(p.total_payment), 0);
  // Paid for another amount or currency than we asked (a tampered preference): never granted.
  if (payment.amount_cents !== owed || payment.currency !== "MXN") return "ignored";
  if (!["pending", "failed"].includes(purchase.status)) return "ignored"; // revoked by the desk
  for (const p of group) {
    if (p.status === "failed" && !p.credits_granted_at) await reopenUnpaidPurchase(tx, p);
    // The payment, not the preference, is what refunds are made against from now on.
    await setPurchaseProviderRef(tx, p.purchase_id, payment.id);
  }
  const paid = (await findPurchase(tx, purchase.purchase_id, true))!;
  await grantPaymentGroup(tx, paid, ctx);
  // Paid by card: the receipt names it (decision 0051).
  if (payment.card_last4)
    await setCardOfPayment(
      tx,
      group.map((p) => p.purchase_id),
      payment.card_last4,
    );
  // Refunded before we heard it was paid (both in one late notification): recorded after the grant.
  if (payment.refunded_cents > 0) refunded.push(...(await recordRefunds(tx, paid, payment, ctx)));
  return "granted";
}

/**
 * Money given back on a Checkout Pro payment, ours or made in Mercado Pago's panel. A refund's
 * request carries no reference of ours, so the payment's refunded total is compared with what we
 * know (applied and in flight): only what it adds is recorded, once (decision 0027).
 */
async function recordRefunds(tx: Db, purchase: PurchaseRow, payment: MpPayment, ctx: Ctx) {
  const current = (await findPurchase(tx, purchase.purchase_id, true))!;
  return recordProcessorRefunds(
    tx,
    { timeZone: ctx.timeZone, subscriptionGateway: () => null },
    current,
    { refunds: null, amount_refunded_cents: payment.refunded_cents, payment_ref: payment.id },
    ctx.now,
  );
}

/**
 * A charge of a preapproval. Approved: one paid period claimed by its payment id (the checkout's
 * own first charge, or the next period after what is paid), granting the first period first if
 * its authorisation was not heard yet. Rejected: counted as a failed renewal, once.
 */
async function applySubscriptionCharge(
  tx: Db,
  purchase: PurchaseRow,
  payment: MpPayment,
  ctx: Ctx,
): Promise<PaymentResult> {
  const subscriptionId = payment.preapproval_id ?? purchase.subscription_id ?? purchase.provider_ref ?? "";
  if (PAID.includes(payment.status)) {
    const sale = {
      id: `mp_payment_${payment.id}`,
      type: "sale_completed" as const,
      sale_id: payment.id,
      subscription_id: subscriptionId,
      amount_cents: payment.amount_cents,
      at: payment.date,
    };
    await recordSale(tx, purchase, sale, ctx, `mp_payment_${payment.id}`);
    return "granted";
  }
  if (REFUSED.includes(payment.status) && purchase.credits_granted_at) {
    const failure = {
      id: payment.id,
      type: "payment_failed" as const,
      subscription_id: subscriptionId,
      plan_id: null,
      amount_cents: payment.amount_cents,
      at: payment.date,
    };
    await recordFailedPayment(tx, purchase, failure, ctx, `mp_payment_failed_${payment.id}`);
    return "failed";
  }
  return "waiting";
}

/**
 * A preapproval's state: authorized grants the first period once (a trial, or the period its first
 * charge pays); cancelled stops it (an unpaid one gives its place back; a paid one keeps what was
 * paid until its period ends). pending and paused change nothing.
 */
export async function applyPreapproval(
  app: Pick<App, "db">,
  preapproval: MpPreapproval,
  ctx: Ctx,
  tx?: Db,
): Promise<PaymentResult> {
  if (!tx) return app.db.transaction((inner) => applyPreapproval(app, preapproval, ctx, inner));
  const purchaseId = Number(preapproval.external_reference);
  const found = Number.isSafeInteger(purchaseId) ? await findPurchase(tx, purchaseId) : undefined;
  if (found?.provider !== "mercadopago" || found.provider_ref !== preapproval.id)
    throw AppError.of(409, "WEBHOOK_PURCHASE_UNKNOWN", "purchaseNotFound");
  const purchase = (await findPurchase(tx, found.purchase_id, true))!;
  if (preapproval.status === "authorized") {
    if (purchase.credits_granted_at) return "already";
    await grantFirstPeriod(tx, purchase, preapproval.id, ctx);
    return "granted";
  }
  if (preapproval.status === "cancelled") {
    await endSubscription(tx, purchase, false, ctx);
    return "already";
  }
  return "waiting";
}
