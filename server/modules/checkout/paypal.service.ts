import type { FastifyInstance } from "fastify";
import { AppError, notFound } from "../../../domain/errors";
import { centsToNumber, toCents } from "../../../domain/money";
import { type PaypalClient, PaypalError } from "../../payments/paypal";
import type { Order } from "../../payments/paypal-orders";
import type { WalletClient } from "../../payments/sandbox-wallet";
import { resolveCheckoutOption } from "../payment-methods/payment-methods.service";
import { grantPaymentGroup } from "../purchases/credit-grant";
import {
  findPurchase,
  findPurchaseByProviderRef,
  listPaymentCompanions,
  listUnfinishedWalletOrders,
  type PurchaseRow,
} from "../purchases/purchases.service";
import {
  type CheckoutRequest,
  feeOf,
  once,
  openPurchase,
  type SignupFeeCarried,
  setPaymentRef,
} from "./checkout.service";

type App = Pick<FastifyInstance, "db" | "appConfig">;

export type PaypalStart = {
  purchase_id: number;
  total: number;
  orderID?: string;
  plan_id?: string;
  signup_fee_purchase_id?: number;
  signup_fee_carried?: SignupFeeCarried;
};

/**
 * PayPal, step 1 (POST /checkout/paypal): the pending purchase and what PayPal's button needs —
 * an order for a one-off package, or a plan for a subscription (the button then creates the
 * subscription on it). Same idempotency rules as the card checkout.
 */
export async function startPaypalCheckout(
  app: App,
  paypal: WalletClient,
  req: CheckoutRequest,
  now = new Date(),
) {
  const option = await resolveCheckoutOption(app.db, "paypal", req.payment_method_id);
  // The studio settings are read before the transaction: on PGlite a query outside an open
  // transaction waits for it to end.
  const config = await app.appConfig.get();
  return once<PaypalStart>(
    app,
    { ...req, provider: "paypal", body: { ...req, customer_id: undefined, email: undefined } },
    async (tx) => {
      const opened = await openPurchase(tx, req, "paypal", option?.payment_method_id ?? null, now, config);
      const { purchase, pkg, chargeNow } = opened;
      const base = {
        purchase_id: purchase.purchase_id,
        total: centsToNumber(chargeNow),
        ...feeOf(opened),
      };
      if (pkg.is_subscription) {
        const trial =
          pkg.free_trial_length && pkg.free_trial_period
            ? { length: pkg.free_trial_length, period: pkg.free_trial_period }
            : undefined;
        const plan = await paypal.createPlan({
          description: pkg.title,
          key: req.idempotency_key,
          price_cents: toCents(purchase.amount),
          first_discount_cents: toCents(purchase.discount_total),
          interval: pkg.subscription_interval ?? 1,
          period: (pkg.subscription_period ?? "month") as "day" | "month" | "year",
          trial_end: null,
          trial,
        });
        await setPaymentRef(tx, opened, plan.id);
        return { ...base, plan_id: plan.id };
      }
      if (chargeNow === 0) throw AppError.of("BAD_REQUEST"); // free offers use POST /checkout
      const order = await paypal.createOrder({
        amount_cents: chargeNow,
        purchase_id: purchase.purchase_id,
        description: [pkg.title, ...opened.companions.map((c) => c.title)].join(" + "),
        key: req.idempotency_key,
      });
      await setPaymentRef(tx, opened, order.id);
      return { ...base, orderID: order.id };
    },
  );
}

/**
 * PayPal, step 2 (POST /checkout/capture): captures the approved order (or checks the approved
 * subscription) and grants once. Calling it again, or concurrently, answers the same purchase:
 * PayPal's capture is idempotent by request id and our grant by credits_granted_at.
 */
/** PayPal's 400 (malformed id) and 404 (unknown id) on a capture: a purchase we cannot find. */
function unknownToPaypal(error: unknown): never {
  if (error instanceof PaypalError && (error.status === 400 || error.status === 404)) {
    throw notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
  }
  throw error;
}

export async function capturePaypal(
  app: App,
  paypal: WalletClient,
  req: { customer_id: number; orderID?: string; subscriptionID?: string },
  now = new Date(),
): Promise<{ purchase_id: number }> {
  const timeZone = (await app.appConfig.get()).timezone;
  let ref: string;
  let subscriptionId: string | undefined;
  if (req.orderID) ref = req.orderID;
  else {
    // An id PayPal calls malformed or unknown is the caller's mistake (404), not PayPal failing (502).
    const subscription = await paypal.getSubscription(req.subscriptionID!).catch(unknownToPaypal);
    if (!["ACTIVE", "APPROVED"].includes(subscription.status)) throw AppError.of("PAYPAL_NOT_COMPLETED");
    ref = subscription.plan_id;
    subscriptionId = subscription.id;
  }
  const found = await findPurchaseByProviderRef(app.db, "paypal", ref);
  if (!found || found.customer_id !== req.customer_id)
    throw notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
  const { purchase, groupCents } = await orderGroup(app, found);
  const done = { purchase_id: purchase.purchase_id };
  if (purchase.credits_granted_at) return done;
  if (purchase.status !== "pending") throw AppError.of("PURCHASE_NOT_PENDING");

  if (req.orderID) {
    const order = await paypal.captureOrder(req.orderID).catch((error: unknown) => {
      // 422: the buyer's funding source was declined; they can approve again with another one.
      if (error instanceof PaypalError && error.status === 422) throw AppError.of("PAYPAL_NOT_COMPLETED");
      return unknownToPaypal(error);
    });
    if (!capturedInFull(order, groupCents)) throw AppError.of("PAYPAL_NOT_COMPLETED");
  }
  await grantOrder(app, purchase.purchase_id, subscriptionId, { now, timeZone });
  return done;
}

/**
 * An order may pay the sign-up fee too (decision 0017): the package's purchase, opened first, is
 * the one answered, and the order's amount is the sum of all of them.
 */
async function orderGroup(app: App, found: PurchaseRow) {
  const group = [found, ...(await listPaymentCompanions(app.db, found))].sort(
    (a, b) => a.purchase_id - b.purchase_id,
  );
  return { purchase: group[0]!, groupCents: group.reduce((sum, p) => sum + toCents(p.total_payment), 0) };
}

/** Captured, and for what we asked: a tampered order never grants. */
function capturedInFull(order: Order, groupCents: number): boolean {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  const paid = order.status === "COMPLETED" && capture?.status === "COMPLETED";
  return paid && toCents(capture?.amount?.value ?? "0") === groupCents;
}

/** Grants the order's purchases once (true: this call granted them). */
async function grantOrder(
  app: App,
  purchaseId: number,
  subscriptionId: string | undefined,
  ctx: { now: Date; timeZone: string },
): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const current = await findPurchase(tx, purchaseId, true);
    if (!current || current.credits_granted_at) return false;
    await grantPaymentGroup(
      tx,
      { ...current, subscription_id: subscriptionId ?? current.subscription_id },
      ctx,
    );
    return true;
  });
}

/** How long after an order opens it is asked about, and for how long (PayPal keeps approvals 3 days). */
const UNFINISHED_ORDER_AFTER_MS = 10 * 60_000;
const UNFINISHED_ORDER_FOR_MS = 3 * 24 * 60 * 60_000;

/**
 * PayPal orders captured whose answer never reached us (decision 0109): the capture is our call,
 * so a crash or a lost answer between it and the grant leaves the money taken and the purchase
 * pending, and a customer who does not come back (or a studio without PayPal's webhook) never
 * finishes it. The pending purchase is the record made before the call; this job, beside the
 * card charges' (checkout.jobs.ts), asks PayPal for each such order and grants the captured ones
 * once. An order only approved is left to its customer: we never capture on our own. Answers
 * the customers it paid, for their receipts.
 */
export async function finishInterruptedPaypalCaptures(
  app: App,
  paypal: Pick<PaypalClient, "getOrder">,
  now = new Date(),
  log?: { warn: (details: object, message: string) => void },
): Promise<number[]> {
  const timeZone = (await app.appConfig.get()).timezone;
  const window = {
    from: new Date(now.getTime() - UNFINISHED_ORDER_FOR_MS),
    to: new Date(now.getTime() - UNFINISHED_ORDER_AFTER_MS),
  };
  const paid: number[] = [];
  for (const row of await listUnfinishedWalletOrders(app.db, "paypal", window)) {
    try {
      const found = await findPurchase(app.db, row.purchase_id);
      if (!found) continue;
      const { purchase, groupCents } = await orderGroup(app, found);
      if (purchase.purchase_id !== row.purchase_id) continue; // its group's first purchase is asked
      const order = await paypal.getOrder(row.provider_ref!);
      if (!capturedInFull(order, groupCents)) continue;
      if (await grantOrder(app, purchase.purchase_id, undefined, { now, timeZone }))
        paid.push(row.customer_id);
    } catch (error) {
      // One order PayPal cannot answer now stays for the next run.
      log?.warn({ err: error, purchase_id: row.purchase_id }, "paypal order not finished");
    }
  }
  return paid;
}
