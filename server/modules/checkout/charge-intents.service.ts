import type { FastifyInstance } from "fastify";
import { centsToNumber, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway, ChargeInput, PaymentOutcome } from "../../payments/gateway";
import { recordAudit } from "../audit/audit.service";
import { saveCard } from "../payment-methods/payment-methods.service";
import { grantPaymentGroup } from "../purchases/credit-grant";
import {
  failPaymentGroup,
  findPurchase,
  hasPaidPurchaseOf,
  listPaymentCompanions,
  type PurchaseRow,
  reopenUnpaidPurchase,
  setCardOfPayment,
} from "../purchases/purchases.service";
import {
  type ChargeIntentRow,
  findChargeIntent,
  finishChargeIntent,
  type NewChargeIntent,
  upsertChargeIntent,
} from "./charge-intents.repository";
import { findAttemptByPurchase, updateAttempt } from "./checkout.repository";

/*
 * A charge is an intent recorded before the processor is asked and confirmed after, like a refund
 * (decisions 0049, 0066): a crash, or an answer lost between the two, leaves the intent pending,
 * and `finishInterruptedCharges` (interrupted-charges.ts) asks the processor again with the same key, which answers with
 * the charge it already made (Stripe's idempotency key and payment intent, the sandbox's HMAC of
 * the key), so the customer is never charged twice and the purchase is granted once.
 */

type App = Pick<FastifyInstance, "db" | "appConfig">;

export type { ChargeIntentRow };

/** A recorded charge, read back (the desk's retry answers from it). */
export function findChargeIntentById(db: Db, id: number) {
  return findChargeIntent(db, id);
}

/** Records the intent in its own statement, committed before the processor is called. */
export function recordChargeIntent(db: Db, values: NewChargeIntent) {
  return upsertChargeIntent(db, values);
}

/**
 * What a desk charge of a saved card asks the processor: the same parameters on every call with
 * the same key (Stripe refuses a key reused with other parameters), rebuilt from the intent.
 */
export function deskChargeInput(
  intent: Pick<
    ChargeIntentRow,
    "amount" | "idempotency_key" | "purchase_id" | "customer_id" | "actor_user_id"
  >,
  title: string,
): ChargeInput {
  return {
    amount_cents: toCents(intent.amount),
    idempotency_key: intent.idempotency_key,
    description: title,
    metadata: {
      purchase_id: String(intent.purchase_id),
      customer_id: String(intent.customer_id),
      sold_by: intent.actor_user_id ?? "",
    },
  };
}

/**
 * Asks the processor about a recorded charge, the same question as the first time: a card
 * confirmation reads (or, for a card still to be confirmed, confirms) the payment intent; a saved
 * card's charge is the same request with the same idempotency key.
 */
export async function askProcessor(
  db: Db,
  gateway: CardGateway,
  intent: ChargeIntentRow,
): Promise<PaymentOutcome> {
  const purchase = await findPurchase(db, intent.purchase_id);
  if (intent.kind === "desk_saved_card") {
    return gateway.chargeSaved({
      ...deskChargeInput(intent, purchase?.title ?? ""),
      source_id: intent.payment_method ?? "",
    });
  }
  const attempt = await findAttemptByPurchase(db, intent.purchase_id);
  const clientSecret = String((attempt?.response as { clientSecret?: string } | null)?.clientSecret ?? "");
  return gateway.confirmIntent({
    intent: { id: intent.payment_ref ?? "", client_secret: clientSecret },
    amount_cents: toCents(intent.amount),
    payment_method: intent.payment_method ?? undefined,
  });
}

export type AppliedCharge = {
  status: ChargeIntentRow["status"];
  decline_code?: string;
  /** True when this call granted the payment (its receipt is due). */
  granted: boolean;
  customer_id: number;
  /** Sign-up fees this grant paid a second time (the fee was paid meanwhile): to give back. */
  fees_to_give_back: number[];
};

/**
 * The second step: the processor's answer applied once, in one transaction under the purchase's
 * lock. Success grants the payment group (the sign-up fee paid with it too), keeps the card's last
 * 4 digits for the receipt (decision 0051) and the card when asked; a decline fails the group;
 * "requires action" leaves the intent pending (the customer's bank step, or the job, finishes it).
 * An intent already finished, or a purchase already granted by a webhook, changes nothing.
 */
export async function applyChargeOutcome(
  app: App,
  intentId: number,
  outcome: PaymentOutcome,
  now: Date,
  extra: { fallbackLast4?: string | null; brand?: string | null } = {},
): Promise<AppliedCharge> {
  const config = await app.appConfig.get();
  const timeZone = config.timezone;
  return app.db.transaction(async (tx) => {
    const first = await findChargeIntent(tx, intentId);
    if (!first) throw new Error(`charge intent ${intentId} not found`);
    const purchase = await findPurchase(tx, first.purchase_id, true);
    const intent = (await findChargeIntent(tx, intentId, true))!;
    const base = { customer_id: intent.customer_id, granted: false, fees_to_give_back: [] as number[] };
    if (!purchase) return { ...base, status: intent.status };
    if (intent.status !== "pending")
      return {
        ...base,
        status: intent.status,
        ...(intent.outcome_code ? { decline_code: intent.outcome_code } : {}),
      };
    if (purchase.credits_granted_at) {
      await finishChargeIntent(tx, intent.charge_intent_id, "succeeded", null, now);
      return { ...base, status: "succeeded" as const };
    }
    if (outcome.status === "requires_action") return { ...base, status: "pending" as const };
    if (outcome.status === "declined") {
      if (purchase.status === "pending") await failPaymentGroup(tx, purchase);
      await markAttempt(tx, purchase.purchase_id, "failed", outcome.decline_code);
      await finishChargeIntent(tx, intent.charge_intent_id, "failed", outcome.decline_code, now);
      await auditDesk(tx, intent, purchase, outcome, extra);
      return { ...base, status: "failed" as const, decline_code: outcome.decline_code };
    }
    // The money was taken: a purchase failed meanwhile (a webhook's decline of an earlier try,
    // the job's abandon) is reopened with every purchase of its payment, then granted.
    let current: PurchaseRow = purchase;
    const companions = await listPaymentCompanions(tx, purchase, true);
    if (current.status === "failed") {
      for (const c of companions)
        if (c.status === "failed" && !c.credits_granted_at) await reopenUnpaidPurchase(tx, c);
      current = await reopenUnpaidPurchase(tx, current);
    }
    // The fee this payment carried was paid another way while the charge was in flight (a voucher
    // paid meanwhile): the money was taken, so it is granted, and given back after the commit.
    const feeId = config.signup_fee_package_id;
    const feesToGiveBack =
      feeId && (await hasPaidPurchaseOf(tx, intent.customer_id, feeId))
        ? [current, ...companions]
            .filter((p) => p.class_package_id === feeId && !p.credits_granted_at)
            .map((p) => p.purchase_id)
        : [];
    await grantPaymentGroup(tx, current, { now, timeZone });
    const last4 = outcome.card?.last4 ?? extra.fallbackLast4 ?? null;
    if (last4)
      await setCardOfPayment(tx, [purchase.purchase_id, ...companions.map((c) => c.purchase_id)], last4);
    // Subscriptions keep the card for renewals; one-off payments only when the customer asks.
    if (outcome.card && (purchase.subscription_interval || intent.save_card))
      await saveCard(tx, intent.customer_id, intent.provider, outcome.card);
    await markAttempt(tx, purchase.purchase_id, "succeeded");
    await finishChargeIntent(tx, intent.charge_intent_id, "succeeded", null, now);
    await auditDesk(tx, intent, purchase, outcome, extra);
    return { ...base, status: "succeeded" as const, granted: true, fees_to_give_back: feesToGiveBack };
  });
}

async function markAttempt(tx: Db, purchaseId: number, status: "failed" | "succeeded", declineCode?: string) {
  const attempt = await findAttemptByPurchase(tx, purchaseId);
  if (!attempt) return;
  await updateAttempt(tx, attempt.checkout_attempt_id, {
    status,
    ...(declineCode ? { response: { ...(attempt.response as object), decline_code: declineCode } } : {}),
  });
}

/** A desk charge's Bitácora entry, written with its outcome by whoever applies it (the desk or the job). */
async function auditDesk(
  tx: Db,
  intent: ChargeIntentRow,
  purchase: PurchaseRow,
  outcome: PaymentOutcome,
  extra: { fallbackLast4?: string | null; brand?: string | null },
) {
  if (intent.kind !== "desk_saved_card" || !intent.actor_user_id) return;
  const declineCode = outcome.status === "declined" ? outcome.decline_code : null;
  const last4 = (outcome.status === "succeeded" ? outcome.card?.last4 : null) ?? extra.fallbackLast4 ?? "";
  const brand = (outcome.status === "succeeded" ? outcome.card?.brand : null) ?? extra.brand ?? "";
  await recordAudit(tx, {
    actor_user_id: intent.actor_user_id,
    action: declineCode ? "access.sell_card_declined" : "access.sell",
    entity: "purchase",
    entity_id: purchase.purchase_id,
    customer_id: intent.customer_id,
    details: {
      title: purchase.title,
      class_package_id: purchase.class_package_id,
      bill: centsToNumber(toCents(intent.amount)),
      payment: `Tarjeta guardada ${brand} •••• ${last4}`.replace(/\s+/g, " "),
      last4,
      processor: intent.provider,
      ...(declineCode ? { decline_code: declineCode } : {}),
    },
  });
}
