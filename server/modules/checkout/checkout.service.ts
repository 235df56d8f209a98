import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { addPeriod, declineMessageKey } from "../../../domain/billing";
import { AppError, notFound } from "../../../domain/errors";
import { centsToNumber, centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { PaymentProvider } from "../../db/schema/purchases";
import type { CardGateway, PaymentOutcome, RecurringInput } from "../../payments/gateway";
import { discountInvalid, redeemDiscount, resolveDiscount, totalsFor } from "../discounts/discounts.service";
import { lockPackage } from "../packages/packages.repository";
import {
  requireOwnSource,
  resolveCheckoutOption,
  saveCard,
} from "../payment-methods/payment-methods.service";
import { grantPurchase } from "../purchases/credit-grant";
import {
  countHoldingPurchases,
  createPendingPurchase,
  failPurchase,
  findPurchase,
  hasPaidPurchaseOf,
  setPurchaseProviderRef,
} from "../purchases/purchases.service";
import { claimAttempt, findAttemptByKey, findAttemptByPurchase, updateAttempt } from "./checkout.repository";

type App = Pick<FastifyInstance, "db" | "appConfig">;

export type CheckoutRequest = {
  customer_id: number;
  /** The buyer's email: processor-billed subscriptions are made for a processor customer. */
  email?: string;
  class_package_id: number;
  discountCode?: string | null;
  idempotency_key: string;
  payment_method_id?: number | null;
};

export type AttemptResponse = {
  purchase_id: number;
  payment_id: number;
  total: number;
  /** Present when the card must still be confirmed (POST /checkout/confirm). */
  clientSecret?: string;
  /** Present in hosted-session mode: the browser goes to session.url. */
  session?: { id: string; url: string };
  /** True when nothing was left to pay (free package) and the purchase is already granted. */
  completed: boolean;
};

const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/**
 * Runs a checkout step once per idempotency key: the key is claimed in the same transaction as
 * the purchase, and its response stored there. A retried request (double click, network retry)
 * gets the stored response; a key reused for a different request is refused.
 */
export async function once<T>(
  app: App,
  req: {
    idempotency_key: string;
    customer_id: number;
    class_package_id: number;
    provider: string;
    body: unknown;
  },
  run: (tx: Db) => Promise<T & { purchase_id: number }>,
): Promise<T> {
  const request_hash = hashOf(req.body);
  const replay = async (tx: Db) => {
    const existing = await findAttemptByKey(tx, req.idempotency_key);
    if (!existing || existing.customer_id !== req.customer_id || existing.request_hash !== request_hash) {
      throw AppError.of(409, "IDEMPOTENCY_KEY_REUSED", "idempotencyKeyReused");
    }
    return existing.response as T;
  };
  return app.db.transaction(async (tx) => {
    const attempt = await claimAttempt(tx, {
      idempotency_key: req.idempotency_key,
      customer_id: req.customer_id,
      // The package is named once the purchase exists (an unknown id must answer 404, not a FK error).
      class_package_id: null,
      provider: req.provider,
      request_hash,
    });
    if (!attempt) return replay(tx);
    const response = await run(tx);
    await updateAttempt(tx, attempt.checkout_attempt_id, {
      purchase_id: response.purchase_id,
      class_package_id: req.class_package_id,
      response,
      status: "created",
    });
    return response;
  });
}

/**
 * Opens a pending purchase with every checkout rule checked under the package's row lock, so
 * concurrent buyers are counted one after another: sign-up fee first, purchases per customer
 * (409), people limit (412), discount validity and usage (412), totals in centavos.
 */
export async function openPurchase(
  tx: Db,
  req: CheckoutRequest,
  provider: PaymentProvider,
  paymentMethodId: number | null,
  now: Date,
  /** Read by the caller before the transaction: on PGlite a read outside it would wait for it. */
  config: AppConfig,
) {
  const pkg = await lockPackage(tx, req.class_package_id);
  if (!pkg?.available) throw notFound("packageNotFound", "PACKAGE_NOT_FOUND");
  const fee = config.signup_fee_package_id;
  if (
    fee &&
    !pkg.is_trial &&
    pkg.class_package_id !== fee &&
    !(await hasPaidPurchaseOf(tx, req.customer_id, fee))
  ) {
    throw AppError.of(
      412,
      "SIGNUP_FEE_REQUIRED",
      "signupFeeRequired",
      {},
      { details: { signup_fee_package_id: fee } },
    );
  }
  if (
    pkg.limit_per_customer !== null &&
    (await countHoldingPurchases(tx, pkg.class_package_id, now, req.customer_id)) >= pkg.limit_per_customer
  ) {
    throw AppError.of(409, "PURCHASE_LIMIT", "packagePurchaseLimit");
  }
  if (
    pkg.people_limit !== null &&
    (await countHoldingPurchases(tx, pkg.class_package_id, now)) >= pkg.people_limit
  ) {
    throw AppError.of(412, "PEOPLE_LIMIT", "packagePeopleLimit");
  }
  const code = req.discountCode?.trim();
  let discount = null;
  if (code) {
    if (!config.discounts_enabled) throw discountInvalid();
    discount = await resolveDiscount(tx, {
      code,
      class_package_id: pkg.class_package_id,
      customer_id: req.customer_id,
      now,
      lock: true,
    });
  }
  const totals = totalsFor(pkg, discount);
  const trial = pkg.is_subscription && Boolean(pkg.free_trial_length && pkg.free_trial_period);
  const chargeNow = trial ? 0 : totals.total;
  const purchase = await createPendingPurchase(
    tx,
    {
      customer_id: req.customer_id,
      class_package_id: pkg.class_package_id,
      title: pkg.title,
      amount: centsToString(totals.amount),
      discount_total: centsToString(totals.discount_total),
      total_payment: centsToString(totals.total),
      class_amount: pkg.class_amount,
      expiration_days: pkg.expiration_days,
      payment_method_id: paymentMethodId,
      provider,
      subscription_interval: pkg.subscription_interval,
      subscription_period: pkg.subscription_period,
      free_trial_length: pkg.free_trial_length,
      free_trial_period: pkg.free_trial_period,
      discount_id: discount?.discount_id ?? null,
      createdAt: now,
      updatedAt: now,
    },
    centsToString(chargeNow),
  );
  if (discount) await redeemDiscount(tx, discount.discount_id, req.customer_id, purchase.purchase_id);
  return { purchase, pkg, chargeNow };
}

/**
 * Card checkout, step 1 (POST /checkout/attempt): a pending purchase and a payment intent whose
 * client secret the browser confirms in step 2. A free purchase (nothing to pay, no trial to
 * bill later) is granted at once.
 */
export async function startCardCheckout(
  app: App,
  gateway: CardGateway,
  req: CheckoutRequest & { mode?: "card" | "session"; return_url?: string },
  now = new Date(),
): Promise<AttemptResponse> {
  const option = await resolveCheckoutOption(app.db, "card", req.payment_method_id);
  const config = await app.appConfig.get();
  const timeZone = config.timezone;
  return once<AttemptResponse>(
    app,
    { ...req, provider: gateway.name, body: { ...req, customer_id: undefined } },
    async (tx) => {
      const { purchase, pkg, chargeNow } = await openPurchase(
        tx,
        req,
        gateway.name,
        option?.payment_method_id ?? null,
        now,
        config,
      );
      const base = {
        purchase_id: purchase.purchase_id,
        payment_id: purchase.purchase_id,
        total: centsToNumber(chargeNow),
      };
      if (chargeNow === 0 && !pkg.is_subscription) {
        await grantPurchase(tx, purchase, { now, timeZone });
        return { ...base, completed: true };
      }
      const charge = {
        amount_cents: chargeNow,
        idempotency_key: req.idempotency_key,
        description: pkg.title,
        metadata: { purchase_id: String(purchase.purchase_id), customer_id: String(req.customer_id) },
      };
      // Processor calls run inside the checkout transaction: if it rolls back, the retried request
      // carries the same idempotency key and the processor answers with the same object.
      const recurring = pkg.is_subscription ? recurringOf(purchase, pkg, now, timeZone) : undefined;
      if (req.mode === "session") {
        const back = req.return_url ?? "";
        const session = await gateway.createSession({
          ...charge,
          recurring,
          return_url: `${back}/gracias/${purchase.purchase_id}`,
          cancel_url: `${back}/checkout/${pkg.class_package_id}`,
        });
        await setPurchaseProviderRef(tx, purchase.purchase_id, session.id);
        return { ...base, session, completed: false };
      }
      if (recurring && gateway.createSubscription) {
        const created = await gateway.createSubscription({ ...charge, ...recurring, email: req.email ?? "" });
        await setPurchaseProviderRef(tx, purchase.purchase_id, created.intent.id, created.subscription_id);
        return { ...base, clientSecret: created.intent.client_secret, completed: false };
      }
      const intent = await gateway.createIntent(charge);
      await setPurchaseProviderRef(tx, purchase.purchase_id, intent.id);
      return { ...base, clientSecret: intent.client_secret, completed: false };
    },
  );
}

/**
 * Card checkout, step 2 (POST /checkout/confirm): confirms the intent with the browser's card
 * token or a saved card. Success grants once (a repeated confirmation answers the same success);
 * a decline fails the purchase, frees its place and discount use, and answers 402 with the code.
 */
export async function confirmCardCheckout(
  app: App,
  gateway: CardGateway,
  req: {
    customer_id: number;
    purchase_id: number;
    client_secret: string;
    payment_method?: string | null;
    payment_source_id?: number | null;
    save_card?: boolean;
  },
  now = new Date(),
): Promise<{ purchase_id: number; payment_id: number }> {
  const purchase = await findPurchase(app.db, req.purchase_id);
  if (!purchase || purchase.customer_id !== req.customer_id)
    throw notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
  const done = { purchase_id: purchase.purchase_id, payment_id: purchase.purchase_id };
  if (purchase.credits_granted_at) return done;
  const attempt = await findAttemptByPurchase(app.db, purchase.purchase_id);
  if (purchase.status === "failed")
    throw declined(String((attempt?.response as { decline_code?: string })?.decline_code ?? "card_declined"));
  if (purchase.status !== "pending" || !purchase.provider_ref)
    throw AppError.of(400, "BAD_REQUEST", "checkoutDefault");
  let token = req.payment_method ?? undefined;
  if (req.payment_source_id)
    token = (await requireOwnSource(app.db, req.customer_id, req.payment_source_id)).source_id;
  // The sandbox needs the browser's token; a real processor's card was confirmed by its own script.
  if (!token && gateway.name === "sandbox") throw AppError.of(400, "NO_PAYMENT_METHOD", "noPaymentMethod");

  const outcome: PaymentOutcome = await gateway.confirmIntent({
    intent: { id: purchase.provider_ref, client_secret: req.client_secret },
    amount_cents: purchase.free_trial_length ? 0 : toCents(purchase.total_payment),
    payment_method: token,
  });
  const timeZone = (await app.appConfig.get()).timezone;
  return app.db
    .transaction(async (tx) => {
      const current = await findPurchase(tx, purchase.purchase_id, true);
      if (current?.credits_granted_at) return done;
      if (outcome.status === "declined") {
        await failPurchase(tx, purchase.purchase_id);
        if (attempt) {
          await updateAttempt(tx, attempt.checkout_attempt_id, {
            status: "failed",
            response: { ...(attempt.response as object), decline_code: outcome.decline_code },
          });
        }
        return { declined: outcome.decline_code };
      }
      if (outcome.status === "requires_action")
        throw AppError.of(402, "REQUIRES_ACTION", "cardRequiresAction");
      await grantPurchase(tx, purchase, { now, timeZone });
      // Subscriptions keep the card for renewals; one-off payments only when the customer asks.
      if (outcome.card && (purchase.subscription_interval || req.save_card)) {
        await saveCard(tx, req.customer_id, gateway.name, outcome.card);
      }
      if (attempt) await updateAttempt(tx, attempt.checkout_attempt_id, { status: "succeeded" });
      return done;
    })
    .then((result) => {
      if ("declined" in result) throw declined(result.declined as string);
      return result;
    });
}

/** A subscription as the processor bills it: undiscounted price, first-invoice discount, trial end. */
function recurringOf(
  purchase: { amount: string; discount_total: string },
  pkg: {
    subscription_interval: number | null;
    subscription_period: string | null;
    free_trial_length: number | null;
    free_trial_period: string | null;
  },
  now: Date,
  timeZone: string,
): RecurringInput {
  return {
    price_cents: toCents(purchase.amount),
    first_discount_cents: toCents(purchase.discount_total),
    interval: pkg.subscription_interval ?? 1,
    period: (pkg.subscription_period ?? "month") as RecurringInput["period"],
    trial_end:
      pkg.free_trial_length && pkg.free_trial_period
        ? addPeriod(now, pkg.free_trial_length, pkg.free_trial_period, timeZone)
        : null,
  };
}

function declined(code: string): AppError {
  return AppError.of(402, "CARD_DECLINED", declineMessageKey(code), {}, { details: { decline_code: code } });
}

/**
 * Cash checkout (POST /checkout): a pending purchase with the cash option's bank details and
 * instructions; an admin confirms the payment later. Nothing to pay (a free offer) is granted now.
 */
export async function cashCheckout(app: App, req: CheckoutRequest, now = new Date()) {
  const config = await app.appConfig.get();
  const timeZone = config.timezone;
  return once<{ purchase_id: number; payment_id: number; completed: boolean }>(
    app,
    { ...req, provider: "cash", body: { ...req, customer_id: undefined } },
    async (tx) => {
      // 'Obtener Oferta': a free package needs no cash option configured.
      const pkgRow = await lockPackage(tx, req.class_package_id);
      const freeOffer = Boolean(pkgRow && totalsFor(pkgRow).total === 0 && !pkgRow.is_subscription);
      const option =
        freeOffer && !req.payment_method_id
          ? null
          : await resolveCheckoutOption(tx, "cash", req.payment_method_id);
      const { purchase, pkg, chargeNow } = await openPurchase(
        tx,
        req,
        "cash",
        option?.payment_method_id ?? null,
        now,
        config,
      );
      const base = { purchase_id: purchase.purchase_id, payment_id: purchase.purchase_id };
      if (chargeNow === 0 && !pkg.is_subscription) {
        await grantPurchase(tx, purchase, { now, timeZone });
        return { ...base, completed: true };
      }
      return { ...base, completed: false };
    },
  );
}
