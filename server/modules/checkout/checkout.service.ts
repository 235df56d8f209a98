import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { addPeriod, declineMessageKey } from "../../../domain/billing";
import { AppError, badRequest, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { centsToNumber, centsToString, toCents } from "../../../domain/money";
import { feeCarriedText } from "../../../domain/signup-fee";
import { currentCustomerId } from "../../auth/auth";
import type { Db } from "../../db/client";
import type { PaymentProvider } from "../../db/schema/purchases";
import type { CardGateway, PaymentOutcome, RecurringInput } from "../../payments/gateway";
import { discountInvalid, redeemDiscount, resolveDiscount, totalsFor } from "../discounts/discounts.service";
import { paidByBalanceCents, payFromBalances } from "../gift-cards/ledger";
import { lockPackage } from "../packages/packages.service";
import { requireOwnSource, resolveCheckoutOption } from "../payment-methods/payment-methods.service";
import { grantPurchase } from "../purchases/credit-grant";
import {
  countHoldingPurchases,
  createPendingPurchase,
  findPurchase,
  listPaymentCompanions,
  setPurchaseProviderRef,
  signupFeeState,
} from "../purchases/purchases.service";
import { assertTrialAllowed } from "../purchases/trial.service";
import { applyChargeOutcome, recordChargeIntent } from "./charge-intents.service";
import { claimAttempt, findAttemptByKey, findAttemptByPurchase, updateAttempt } from "./checkout.repository";
import { giveBackFees } from "./fee-give-back";
import { emailRefunds } from "./webhooks.service";

type App = Pick<FastifyInstance, "db" | "appConfig">;

/**
 * The idempotency key of a call that opens a purchase: from the body or the Idempotency-Key
 * header (400 IDEMPOTENCY_KEY_REQUIRED without one), so a retried click never buys twice.
 */
export function requireIdempotencyKey(
  body: { idempotency_key?: string },
  headers: { "idempotency-key"?: string },
): string {
  const key = body.idempotency_key ?? headers["idempotency-key"];
  if (!key)
    throw badRequest(
      t("idempotencyKeyRequired"),
      { idempotency_key: t("idempotencyKeyRequired") },
      "IDEMPOTENCY_KEY_REQUIRED",
    );
  return key;
}

/** Who opens a purchase: the signed-in customer, their email ("" if unknown) and the call's key. */
export type Buyer = { idempotency_key: string; customer_id: number; email: string };

type PurchaseRequest = FastifyRequest & {
  body: { idempotency_key?: string };
  headers: { "idempotency-key"?: string };
};

/**
 * The shape every route that opens a pending purchase and sends the customer to pay elsewhere
 * shares (Mercado Pago, OXXO/SPEI): the key first (a call without one changes nothing), then the
 * buyer, then `start` with them. The caller wraps `start` in its processor's error mapping.
 */
export async function forBuyer<T>(request: PurchaseRequest, start: (buyer: Buyer) => Promise<T>): Promise<T> {
  const idempotency_key = requireIdempotencyKey(request.body, request.headers);
  const customer_id = await currentCustomerId(request);
  const email = (await request.getUser())?.email ?? "";
  return start({ idempotency_key, customer_id, email });
}

export type CheckoutRequest = {
  customer_id: number;
  /** The buyer's email: processor-billed subscriptions are made for a processor customer. */
  email?: string;
  class_package_id: number;
  discountCode?: string | null;
  idempotency_key: string;
  payment_method_id?: number | null;
  /**
   * The customer owes the studio's sign-up fee and pays it in this checkout together with the
   * package: one payment, two purchases (docs/decisions/0017). Without it, a pending fee is a 412.
   */
  include_signup_fee?: boolean;
  /** A gift card code and/or the customer's saldo a favor paying part or all (decision 0091). */
  gift_card_code?: string | null;
  use_credit?: boolean;
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
  /** The sign-up fee's purchase when it is paid in this same payment (include_signup_fee). */
  signup_fee_purchase_id?: number;
  /** The fee left out because another open order carries it (decision 0050), and the text saying so. */
  signup_fee_carried?: SignupFeeCarried;
};

export type SignupFeeCarried = { carrier: "oxxo" | "spei" | "cash"; purchase_id: number; message: string };

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
      throw AppError.of("IDEMPOTENCY_KEY_REUSED");
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
  /** Who sells: the desk's refusal of a second trial names who may override it (decision 0093). */
  trialChannel: "online" | "desk" = "online",
) {
  const fee = config.signup_fee_package_id;
  // The fee's state is read under the customer's row lock, taken before the package's: two
  // checkouts of one customer at once decide one after the other (decision 0050).
  const feeState = fee
    ? await signupFeeState(tx, req.customer_id, fee, { lock: true })
    : ({ state: "paid" } as const);
  const pkg = await lockPackage(tx, req.class_package_id);
  if (!pkg?.available) throw notFound("packageNotFound", "PACKAGE_NOT_FOUND");
  // A trial is sold once per customer (docs/product-rules.md#trial-once).
  await assertTrialAllowed(tx, { customerId: req.customer_id, isTrial: pkg.is_trial, channel: trialChannel });
  const carried =
    feeState.state === "carried" && !pkg.is_trial
      ? {
          carrier: feeState.carrier,
          purchase_id: feeState.purchase_id,
          message: feeCarriedText(feeState.carrier, feeState.openedAt, config.timezone),
        }
      : undefined;
  // The fee itself is not bought again while an open order carries it.
  if (carried && pkg.class_package_id === fee)
    throw AppError.of("SIGNUP_FEE_CARRIED", { params: { carried: carried.message } });
  const feeDue = Boolean(fee && !pkg.is_trial && pkg.class_package_id !== fee && feeState.state === "due");
  // A subscription's first charge is billed by its processor (Stripe, PayPal plans): the fee
  // cannot ride on it, so the customer pays the fee first and comes back (decision 0017).
  if (feeDue && (!req.include_signup_fee || pkg.is_subscription)) {
    throw AppError.of("SIGNUP_FEE_REQUIRED", { details: { signup_fee_package_id: fee } });
  }
  if (
    pkg.limit_per_customer !== null &&
    (await countHoldingPurchases(tx, pkg.class_package_id, now, req.customer_id)) >= pkg.limit_per_customer
  ) {
    throw AppError.of("PURCHASE_LIMIT");
  }
  if (
    pkg.people_limit !== null &&
    (await countHoldingPurchases(tx, pkg.class_package_id, now)) >= pkg.people_limit
  ) {
    throw AppError.of("PEOPLE_LIMIT");
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
      iva_rate: pkg.iva_rate,
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
  const companions = feeDue ? [await openFeePurchase(tx, req, fee!, provider, paymentMethodId, now)] : [];
  const companionCents = companions.reduce((sum, c) => sum + toCents(c.total_payment), 0);
  // Balances pay first; the processor or the cash order takes only the rest (decision 0091).
  const byBalance = await payFromBalances(tx, {
    ...req,
    purchase_id: purchase.purchase_id,
    is_subscription: pkg.is_subscription,
    due_cents: chargeNow + companionCents,
    now,
  });
  /** What this one payment charges now: the package's first charge plus the fee, less balances. */
  return { purchase, pkg, chargeNow: chargeNow + companionCents - byBalance, companions, carried };
}

/** GET /checkout/signup-fee: where the signed-in customer's fee stands, for the checkout page (decision 0050). */
export async function signupFeeOf(app: App, customerId: number) {
  const config = await app.appConfig.get();
  const fee = config.signup_fee_package_id;
  if (!fee) return { signup_fee_package_id: null, state: "none" as const, carried: null };
  const state = await signupFeeState(app.db, customerId, fee, { lock: false });
  return {
    signup_fee_package_id: fee,
    state: state.state,
    carried:
      state.state === "carried"
        ? {
            carrier: state.carrier,
            purchase_id: state.purchase_id,
            message: feeCarriedText(state.carrier, state.openedAt, config.timezone),
          }
        : null,
  };
}

/** The sign-up fee's own pending purchase, paid by the package's payment (no discount applies). */
async function openFeePurchase(
  tx: Db,
  req: CheckoutRequest,
  feePackageId: number,
  provider: PaymentProvider,
  paymentMethodId: number | null,
  now: Date,
) {
  const feePkg = await lockPackage(tx, feePackageId);
  if (!feePkg) throw notFound("packageNotFound", "PACKAGE_NOT_FOUND");
  const totals = totalsFor(feePkg, null);
  return createPendingPurchase(
    tx,
    {
      customer_id: req.customer_id,
      class_package_id: feePkg.class_package_id,
      title: feePkg.title,
      amount: centsToString(totals.amount),
      discount_total: centsToString(totals.discount_total),
      total_payment: centsToString(totals.total),
      class_amount: feePkg.class_amount,
      expiration_days: feePkg.expiration_days,
      iva_rate: feePkg.iva_rate,
      payment_method_id: paymentMethodId,
      provider,
      createdAt: now,
      updatedAt: now,
    },
    centsToString(totals.total),
  );
}

/**
 * Names the processor's payment on the purchase and on those it pays together with it (the
 * sign-up fee): the shared reference is what makes them one payment (listPaymentCompanions).
 */
export async function setPaymentRef(
  tx: Db,
  opened: { purchase: { purchase_id: number }; companions: Array<{ purchase_id: number }> },
  ref: string,
  subscriptionId?: string,
) {
  await setPurchaseProviderRef(tx, opened.purchase.purchase_id, ref, subscriptionId);
  for (const c of opened.companions) await setPurchaseProviderRef(tx, c.purchase_id, ref);
}

/**
 * Card checkout, step 1 (POST /checkout/attempt): a pending purchase and a payment intent whose
 * client secret the browser confirms in step 2. A free purchase (nothing to pay, no trial to
 * bill later) is granted at once.
 */
export async function startCardCheckout(
  app: App,
  gateway: CardGateway,
  req: CheckoutRequest & {
    mode?: "card" | "session";
    return_url?: string;
    /** After paying (the sign-up fee alone), the thank-you page takes the customer back to this package's checkout. */
    then_package_id?: number;
  },
  now = new Date(),
): Promise<AttemptResponse> {
  const option = await resolveCheckoutOption(app.db, "card", req.payment_method_id);
  const config = await app.appConfig.get();
  const timeZone = config.timezone;
  return once<AttemptResponse>(
    app,
    { ...req, provider: gateway.name, body: { ...req, customer_id: undefined } },
    async (tx) => {
      const opened = await openPurchase(
        tx,
        req,
        gateway.name,
        option?.payment_method_id ?? null,
        now,
        config,
      );
      const { purchase, pkg, chargeNow } = opened;
      const base = {
        purchase_id: purchase.purchase_id,
        payment_id: purchase.purchase_id,
        total: centsToNumber(chargeNow),
        ...feeOf(opened),
      };
      if (chargeNow === 0 && !pkg.is_subscription) {
        await grantOpened(tx, opened, { now, timeZone });
        return { ...base, completed: true };
      }
      const charge = {
        amount_cents: chargeNow,
        idempotency_key: req.idempotency_key,
        description: describe(opened),
        metadata: { purchase_id: String(purchase.purchase_id), customer_id: String(req.customer_id) },
      };
      // Processor calls run inside the checkout transaction: if it rolls back, the retried request
      // carries the same idempotency key and the processor answers with the same object.
      const recurring = pkg.is_subscription ? recurringOf(purchase, pkg, now, timeZone) : undefined;
      if (req.mode === "session") {
        const back = req.return_url ?? "";
        const then = req.then_package_id ? `?paquete=${req.then_package_id}` : "";
        const session = await gateway.createSession({
          ...charge,
          recurring,
          return_url: `${back}/gracias/${purchase.purchase_id}${then}`,
          cancel_url: `${back}/checkout/${pkg.class_package_id}${then}`,
        });
        await setPaymentRef(tx, opened, session.id);
        return { ...base, session, completed: false };
      }
      if (recurring && gateway.createSubscription) {
        const created = await gateway.createSubscription({ ...charge, ...recurring, email: req.email ?? "" });
        await setPaymentRef(tx, opened, created.intent.id, created.subscription_id);
        return { ...base, clientSecret: created.intent.client_secret, completed: false };
      }
      const intent = await gateway.createIntent(charge);
      await setPaymentRef(tx, opened, intent.id);
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
  if (purchase.status !== "pending" || !purchase.provider_ref) throw AppError.of("BAD_REQUEST");
  let token = req.payment_method ?? undefined;
  if (req.payment_source_id) {
    const source = await requireOwnSource(app.db, req.customer_id, req.payment_source_id);
    // A card is kept by the processor that saved it: another one cannot charge it.
    if (source.provider !== gateway.name) throw AppError.of("NO_PAYMENT_METHOD");
    token = source.source_id;
  }
  // The sandbox needs the browser's token; a real processor's card was confirmed by its own script.
  if (!token && gateway.name === "sandbox") throw AppError.of("NO_PAYMENT_METHOD");

  // One payment may pay the sign-up fee too: the intent was made for the sum.
  const companions = await listPaymentCompanions(app.db, purchase);
  const amount_cents =
    (purchase.free_trial_length ? 0 : toCents(purchase.total_payment)) +
    companions.reduce((sum, c) => sum + toCents(c.total_payment), 0) -
    (await paidByBalanceCents(app.db, purchase.purchase_id));
  // The charge is recorded, with its key, before the processor is asked (decision 0066): a crash
  // between the call and our confirmation leaves it pending for finish-interrupted-charges.
  const intent = await recordChargeIntent(app.db, {
    purchase_id: purchase.purchase_id,
    customer_id: req.customer_id,
    provider: gateway.name,
    kind: "card_confirm",
    payment_ref: purchase.provider_ref,
    payment_method: token ?? null,
    amount: centsToString(amount_cents),
    idempotency_key: `confirm_${purchase.provider_ref}`,
    save_card: Boolean(req.save_card),
    createdAt: now,
    updatedAt: now,
  });
  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.confirmIntent({
      intent: { id: purchase.provider_ref, client_secret: req.client_secret },
      amount_cents,
      payment_method: token,
    });
  } catch (error) {
    // No answer: the processor may have charged. The intent stays pending and the job asks again.
    if (error instanceof AppError) throw error;
    throw AppError.of("CHARGE_PROCESSOR_UNREACHABLE");
  }
  const applied = await applyChargeOutcome(app, intent.charge_intent_id, outcome, now);
  // A fee paid meanwhile by another order (decision 0066): this second one goes back.
  await emailRefunds(app, await giveBackFees(app, applied.fees_to_give_back, now));
  if (applied.status === "failed") throw declined(applied.decline_code ?? "card_declined");
  if (applied.status === "pending") throw AppError.of("REQUIRES_ACTION");
  return done;
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

/** A processor's decline as the API answers it: 402 with the decline's Spanish message. */
export function declined(code: string): AppError {
  return AppError.of(402, "CARD_DECLINED", declineMessageKey(code), {}, { details: { decline_code: code } });
}

/**
 * Cash checkout (POST /checkout): a pending purchase with the cash option's bank details and
 * instructions; an admin confirms the payment later. Nothing to pay (a free offer) is granted now.
 */
export async function cashCheckout(app: App, req: CheckoutRequest, now = new Date()) {
  const config = await app.appConfig.get();
  const timeZone = config.timezone;
  return once<{
    purchase_id: number;
    payment_id: number;
    completed: boolean;
    signup_fee_purchase_id?: number;
    signup_fee_carried?: SignupFeeCarried;
  }>(app, { ...req, provider: "cash", body: { ...req, customer_id: undefined } }, async (tx) => {
    // 'Obtener Oferta': a free package needs no cash option configured (unless the fee rides along).
    const pkgRow = await lockPackage(tx, req.class_package_id);
    const freeOffer = Boolean(
      pkgRow && totalsFor(pkgRow).total === 0 && !pkgRow.is_subscription && !req.include_signup_fee,
    );
    const option =
      freeOffer && !req.payment_method_id
        ? null
        : await resolveCheckoutOption(tx, "cash", req.payment_method_id);
    const opened = await openPurchase(tx, req, "cash", option?.payment_method_id ?? null, now, config);
    const { purchase, pkg, chargeNow } = opened;
    const base = { purchase_id: purchase.purchase_id, payment_id: purchase.purchase_id, ...feeOf(opened) };
    if (chargeNow === 0 && !pkg.is_subscription) {
      await grantOpened(tx, opened, { now, timeZone });
      return { ...base, completed: true };
    }
    // One cash order for the package and its fee: confirming it pays both (grantPaymentGroup).
    if (opened.companions.length > 0) await setPaymentRef(tx, opened, `cash_order_${purchase.purchase_id}`);
    return { ...base, completed: false };
  });
}

type Opened = Awaited<ReturnType<typeof openPurchase>>;

export const feeOf = (opened: Pick<Opened, "companions" | "carried">) => ({
  ...(opened.companions[0] ? { signup_fee_purchase_id: opened.companions[0].purchase_id } : {}),
  ...(opened.carried ? { signup_fee_carried: opened.carried } : {}),
});

/** The processor's description of one payment: the package, and the fee when it rides along. */
const describe = (opened: Opened) => [opened.pkg.title, ...opened.companions.map((c) => c.title)].join(" + ");

/** Nothing to pay: the package and whatever rides along with it are granted now. */
async function grantOpened(tx: Db, opened: Opened, clock: { now: Date; timeZone: string }) {
  await grantPurchase(tx, opened.purchase, clock);
  for (const c of opened.companions) await grantPurchase(tx, c, clock);
}
