import { AppError, notFound } from "../../../domain/errors";
import { formatMoney } from "../../../domain/format";
import { centsToNumber, centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { PaymentProvider } from "../../db/schema/purchases";
import type { CardGateway, RefundInput, RefundOutcome } from "../../payments/gateway";
import { type Actor, recordAudit } from "../audit/audit.service";
import { withdrawPurchaseCredits } from "../credits/credits.service";
import { moveCredit, paidByBalanceCents } from "../gift-cards/ledger";
import { getPackage } from "../packages/packages.service";
import { deskLocationId } from "./desk-collection";
import {
  findPurchase,
  otherUnlimitedEnd,
  type PurchaseRow,
  setUnlimited,
  updatePurchase,
} from "./purchases.repository";
import {
  findRefund,
  findRefundByKey,
  findRefundByRef,
  insertRefundOnce,
  listInterruptedRefunds,
  listRefundsOfCustomer,
  listRefundsOfPurchase,
  lockCustomerRow,
  markInvoicesRefunded,
  type RefundRow,
  refundTotalsOfPurchase,
  updateRefund,
} from "./refunds.repository";

/**
 * Refunds (docs/decisions/0027). A refund is a row of `refunds`; the purchase keeps
 * the sum of its succeeded refunds (refunded_total). Card and wallet payments are refunded at
 * their processor; cash and desk payments are recorded (the studio hands the money back).
 *
 * What a refund changes, in one transaction that locks the customer row first (as a booking
 * does): the purchase's refunded_total, its unused credits withdrawn (domain/refunds.ts), and on
 * a full refund its invoices 'refunded', its unlimited membership ended and its subscription
 * cancelled. A refund is applied once: by our desk call or by the processor's webhook, whichever
 * completes the row first.
 */

/** What refunds a payment at its processor (a card gateway, PayPal or the simulated wallet). */
export type RefundGateway = { refund(input: RefundInput): Promise<RefundOutcome> };
export type RefundDeps = {
  db: Db;
  timeZone: string;
  /** The processor of a purchase's payment (null: none configured for it now). */
  gatewayFor: (provider: PaymentProvider, paymentRef: string) => RefundGateway | null;
  /** Told to stop a subscription a full refund ends (the purchase's own processor). */
  subscriptionGateway: (provider: PaymentProvider) => Pick<CardGateway, "cancelSubscription"> | null;
};

const RECORDED: PaymentProvider[] = ["cash", "admin"];
const purchaseNotFound = () => notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");

export function refundOut(r: RefundRow) {
  return {
    refund_id: r.refund_id,
    purchase_id: r.purchase_id,
    amount: centsToNumber(toCents(r.amount)),
    status: r.status,
    provider: r.provider,
    provider_ref: r.provider_ref,
    reason: r.reason,
    credits_withdrawn: r.credits_withdrawn,
    source: r.source,
    failure_code: r.failure_code,
    createdAt: r.createdAt,
  };
}

/** What is still refundable on a purchase, in centavos (paid, less refunded and in-flight refunds). */
function refundableCents(purchase: PurchaseRow, pendingCents: number) {
  return toCents(purchase.total_payment) - toCents(purchase.refunded_total) - pendingCents;
}

/**
 * POST /purchases/admin/:id/refund. `amount` in pesos (absent: everything left). The idempotency
 * key (one per dialog in the browser) makes a double click or a retry the same refund: a key seen
 * before answers that refund, finishing it first if the processor call was interrupted.
 */
export async function refundPurchase(
  deps: RefundDeps,
  /** null: the app itself (a cancelled voucher's late payment gives back the fee, decision 0067). */
  actor: Actor | null,
  input: {
    purchase_id: number;
    amount?: number;
    reason: string;
    idempotency_key: string;
    location_id?: number;
    /** Give it back as saldo a favor instead of money (decision 0091). */
    to_credit?: boolean;
  },
  now = new Date(),
): Promise<{ refund: RefundRow; applied: boolean }> {
  const seen = await findRefundByKey(deps.db, input.idempotency_key);
  if (seen) {
    const sameRequest =
      seen.purchase_id === input.purchase_id &&
      (input.amount === undefined || toCents(seen.amount) === Math.round(input.amount * 100));
    if (!sameRequest) throw AppError.of("REFUND_KEY_REUSED");
    if (seen.status !== "pending") return { refund: seen, applied: false };
    return finishAtProcessor(deps, actor, seen, now);
  }

  const opened = await deps.db.transaction(async (tx) => {
    const purchase = await findPurchase(tx, input.purchase_id, true);
    if (!purchase) throw purchaseNotFound();
    // The same key sent twice at once: the other request opened it while we waited for the lock.
    if (await findRefundByKey(tx, input.idempotency_key)) return { refund: null, recorded: false };
    if (!purchase.credits_granted_at || toCents(purchase.total_payment) <= 0)
      throw AppError.of("NOTHING_TO_REFUND");
    const toCredit = Boolean(input.to_credit);
    const recorded = toCredit || RECORDED.includes(purchase.provider);
    if (!recorded && !purchase.provider_ref) throw AppError.of("NOTHING_TO_REFUND");
    if (
      purchase.provider === "paypal" &&
      purchase.subscription_id &&
      !purchase.provider_ref?.startsWith("SBX-")
    )
      throw AppError.of("REFUND_AT_PAYPAL");
    const { pending_cents } = await refundTotalsOfPurchase(tx, purchase.purchase_id);
    // What gift cards or saldo a favor paid goes back only as saldo a favor (decision 0091).
    const byBalance = toCredit ? 0 : await paidByBalanceCents(tx, purchase.purchase_id);
    const left = refundableCents(purchase, pending_cents) - byBalance;
    const cents = input.amount === undefined ? left : Math.round(input.amount * 100);
    if (!Number.isInteger(cents) || cents <= 0 || cents > left) {
      throw AppError.of("REFUND_AMOUNT_INVALID", {
        params: { left: formatMoney(centsToString(Math.max(0, left))) },
        fields: { amount: "Monto no válido" },
      });
    }
    const refund = await insertRefundOnce(tx, {
      purchase_id: purchase.purchase_id,
      customer_id: purchase.customer_id,
      amount: centsToString(cents),
      status: "pending",
      provider: purchase.provider,
      idempotency_key: input.idempotency_key,
      reason: input.reason.trim() || null,
      source: toCredit ? "credit" : "desk",
      // Money the desk hands back itself is counted in its cash close (decision 0063); credit is not money.
      ...(recorded && !toCredit
        ? {
            refunded_by: actor?.user_id ?? null,
            location_id: await deskLocationId(tx, input.location_id),
            // The close's day is the refund's own (the caller's clock: tests fix it).
            createdAt: now,
          }
        : {}),
    });
    // Two clicks at once: the other one inserted the key first; it answers for both.
    return { refund, recorded };
  });
  if (!opened.refund) {
    const other = await findRefundByKey(deps.db, input.idempotency_key);
    if (!other) throw AppError.of("REFUND_KEY_REUSED");
    return { refund: other, applied: false };
  }
  if (opened.recorded) {
    return completeRefundInTx(deps, actor, opened.refund.refund_id, null, now);
  }
  return finishAtProcessor(deps, actor, opened.refund, now);
}

/**
 * Asks the processor for the refund (its idempotency key is derived from ours, so asking again
 * after an interruption is the same refund), then applies it. A refusal marks the row failed and
 * changes nothing else; a processor that cannot be reached leaves it pending for the retry.
 */
async function finishAtProcessor(
  deps: RefundDeps,
  actor: Actor | null,
  refund: RefundRow,
  now: Date,
): Promise<{ refund: RefundRow; applied: boolean }> {
  const purchase = await findPurchase(deps.db, refund.purchase_id);
  if (!purchase?.provider_ref) throw purchaseNotFound();
  const gateway = deps.gatewayFor(purchase.provider, purchase.provider_ref);
  if (!gateway) throw AppError.of("NOTHING_TO_REFUND");
  let outcome: RefundOutcome;
  try {
    outcome = await gateway.refund({
      payment_ref: purchase.provider_ref,
      amount_cents: toCents(refund.amount),
      idempotency_key: `refund_${refund.idempotency_key ?? refund.refund_id}`,
      refund_id: refund.refund_id,
    });
  } catch {
    // Unreachable, or an answer we never got: the intent stays pending and the job asks again
    // with the same key (decision 0049); the desk is told not to repeat it.
    throw AppError.of("REFUND_PROCESSOR_UNREACHABLE");
  }
  if (outcome.status === "failed") {
    await updateRefund(deps.db, refund.refund_id, { status: "failed", failure_code: outcome.failure_code });
    throw AppError.of("REFUND_FAILED", { params: { code: outcome.failure_code } });
  }
  // Two requests with one key can both find the refund pending and both reach here: only the one
  // whose transaction completes it reports `applied` (one email, one factura change).
  return completeRefundInTx(deps, actor, refund.refund_id, outcome.refund_ref, now);
}

async function completeRefundInTx(
  deps: RefundDeps,
  actor: Actor | null,
  refundId: number,
  refundRef: string | null,
  now: Date,
) {
  return deps.db.transaction(async (tx) => applyRefundOnce(tx, deps, actor, refundId, refundRef, now));
}

/**
 * Applies a pending refund once, in the caller's transaction: locks the customer, the purchase
 * and the refund (in that order, the order every refund path takes), and does nothing if another
 * path (the webhook, a retry) completed it first.
 */
export async function completeRefund(
  tx: Db,
  deps: Pick<RefundDeps, "timeZone" | "subscriptionGateway">,
  actor: Actor | null,
  refundId: number,
  refundRef: string | null,
  now: Date,
): Promise<RefundRow> {
  return (await applyRefundOnce(tx, deps, actor, refundId, refundRef, now)).refund;
}

/** completeRefund, also saying whether this call applied it (false: another path did first). */
async function applyRefundOnce(
  tx: Db,
  deps: Pick<RefundDeps, "timeZone" | "subscriptionGateway">,
  actor: Actor | null,
  refundId: number,
  refundRef: string | null,
  now: Date,
): Promise<{ refund: RefundRow; applied: boolean }> {
  const unlocked = await findRefund(tx, refundId);
  if (!unlocked) throw notFound();
  await lockCustomerRow(tx, unlocked.customer_id);
  const purchase = await findPurchase(tx, unlocked.purchase_id, true);
  const refund = await findRefund(tx, refundId, true);
  if (!purchase || !refund) throw notFound();
  if (refund.status === "succeeded") return { refund, applied: false };

  const totalCents = toCents(purchase.total_payment);
  const refundedCents = toCents(purchase.refunded_total) + toCents(refund.amount);
  const full = refundedCents >= totalCents;
  const { withdrawn: withdrawnBefore } = await refundTotalsOfPurchase(tx, purchase.purchase_id);
  const credits = await withdrawPurchaseCredits(tx, purchase.purchase_id, {
    refunded_cents: refundedCents,
    total_cents: totalCents,
    withdrawn_before: withdrawnBefore,
    full,
  });
  let ended = false;
  if (full) ended = await endWhatTheRefundPaid(tx, deps, purchase, now);
  await updatePurchase(tx, purchase.purchase_id, {
    refunded_total: centsToString(Math.min(refundedCents, totalCents)),
  });
  if (refund.source === "credit") {
    await moveCredit(tx, purchase.customer_id, toCents(refund.amount), "refund_to_credit", {
      purchase_id: purchase.purchase_id,
      refund_id: refund.refund_id,
      actor_user_id: actor?.user_id ?? null,
      now,
    });
  }
  const done = (await updateRefund(tx, refund.refund_id, {
    status: "succeeded",
    credits_withdrawn: credits.withdrawn,
    failure_code: null,
    ...(refundRef ? { provider_ref: refundRef } : {}),
  }))!;
  await recordAudit(tx, {
    actor_user_id: actor?.user_id ?? null,
    action: "purchase.refund",
    entity: "purchase",
    entity_id: purchase.purchase_id,
    customer_id: purchase.customer_id,
    details: {
      title: purchase.title,
      amount: centsToNumber(toCents(refund.amount)),
      full,
      credits_withdrawn: credits.withdrawn,
      membership_ended: ended,
      source:
        refund.source === "credit"
          ? "Saldo a favor"
          : refund.source === "desk"
            ? "Mostrador"
            : "Procesador de pagos",
    },
  });
  return { refund: done, applied: true };
}

/**
 * A fully refunded purchase gives nothing more: its charges read 'refunded', its access ends now
 * (an unlimited membership unless another paid one covers the customer), and a subscription is
 * cancelled at its processor and here. Answers whether a membership or subscription ended.
 */
async function endWhatTheRefundPaid(
  tx: Db,
  deps: Pick<RefundDeps, "subscriptionGateway">,
  purchase: PurchaseRow,
  now: Date,
) {
  await markInvoicesRefunded(tx, purchase.purchase_id);
  const pkg = await getPackage(tx, purchase.class_package_id, { admin: true });
  let ended = false;
  if (pkg.is_unlimited_membership) {
    const other = await otherUnlimitedEnd(tx, purchase.customer_id, purchase.purchase_id, now);
    await setUnlimited(tx, purchase.customer_id, other !== undefined, other === undefined ? now : other);
    ended = true;
  }
  const subscription = purchase.subscription_id && purchase.status === "active";
  if (subscription) {
    await deps.subscriptionGateway(purchase.provider)?.cancelSubscription(purchase.subscription_id!);
    ended = true;
  }
  const access = purchase.expiration_date && purchase.expiration_date > now;
  const changes = {
    ...(subscription
      ? {
          status: "cancelled" as const,
          cancelledAt: now,
          cancel_reason: "Reembolsada",
          next_billing_date: null,
        }
      : {}),
    ...(access ? { expiration_date: now } : {}),
  };
  // A sign-up fee, an expired or a non-expiring package has no access left to end: an UPDATE with
  // nothing to set is refused by Drizzle ("No values to set"), which answered 500 after the money
  // had gone back at the processor.
  if (Object.keys(changes).length > 0) await updatePurchase(tx, purchase.purchase_id, changes);
  return ended;
}

/**
 * A processor's refund event (ours coming back, or one made in its dashboard), in the webhook's
 * transaction. Each refund it names is applied once: one we know by its processor id is skipped,
 * one carrying our refund id completes that row, any other is recorded as made at the processor.
 * An event that lists no refunds gives only the payment's refunded total: what it adds to what
 * we know (applied and in flight) is recorded as one refund at the processor.
 * Answers the refunds it applied (their emails go out after the commit).
 */
export async function recordProcessorRefunds(
  tx: Db,
  deps: Pick<RefundDeps, "timeZone" | "subscriptionGateway">,
  purchase: PurchaseRow,
  event: {
    refunds: Array<{ refund_ref: string; amount_cents: number; refund_id?: number }> | null;
    amount_refunded_cents: number;
    payment_ref: string;
  },
  now: Date,
): Promise<number[]> {
  const applied: number[] = [];
  const provider = purchase.provider;
  const record = async (ref: string, cents: number) => {
    const row = await insertRefundOnce(tx, {
      purchase_id: purchase.purchase_id,
      customer_id: purchase.customer_id,
      amount: centsToString(cents),
      status: "pending",
      provider,
      provider_ref: ref,
      source: "provider",
    });
    if (row) {
      await completeRefund(tx, deps, null, row.refund_id, ref, now);
      applied.push(row.refund_id);
    }
  };
  if (event.refunds) {
    for (const r of event.refunds) {
      if (await findRefundByRef(tx, provider, r.refund_ref)) continue;
      const ours = r.refund_id ? await findRefund(tx, r.refund_id) : null;
      if (ours && ours.purchase_id === purchase.purchase_id) {
        // The desk's own request may complete it at the same moment: only the one that does emails.
        if (ours.status !== "succeeded") {
          const done = await applyRefundOnce(tx, deps, null, ours.refund_id, r.refund_ref, now);
          if (done.applied) applied.push(ours.refund_id);
        }
        continue;
      }
      const current = (await findPurchase(tx, purchase.purchase_id, true))!;
      const left = toCents(current.total_payment) - toCents(current.refunded_total);
      if (left > 0) await record(r.refund_ref, Math.min(r.amount_cents, left));
    }
    return applied;
  }
  const current = (await findPurchase(tx, purchase.purchase_id, true))!;
  const { pending_cents } = await refundTotalsOfPurchase(tx, purchase.purchase_id);
  const known = toCents(current.refunded_total) + pending_cents;
  const extra = Math.min(event.amount_refunded_cents, toCents(current.total_payment)) - known;
  if (extra > 0) await record(`${event.payment_ref}:refunded:${event.amount_refunded_cents}`, extra);
  return applied;
}

/** A purchase's refunds, for the desk. */
export async function refundsOfPurchase(db: Db, purchaseId: number) {
  return (await listRefundsOfPurchase(db, purchaseId)).map(refundOut);
}

/** A customer's refunds with their purchase's title, newest first (their record at the desk). */
export async function refundsOfCustomer(db: Db, customerId: number) {
  return (await listRefundsOfCustomer(db, customerId)).map((r) => ({
    ...refundOut(r.refund),
    title: r.title,
  }));
}

/** How long an opened refund may stay unconfirmed before the job asks its processor (a request in flight takes seconds). */
export const INTERRUPTED_REFUND_AFTER_MS = 5 * 60_000;

/**
 * The job's half of the two steps (decision 0049): a refund whose intent was recorded but never
 * confirmed (the process stopped between the two, or the processor could not be reached) is
 * finished by asking its processor again with the same idempotency key, which answers with the
 * refund it already made (or makes it now): never twice. A cash or desk refund (no processor) is
 * applied. A refusal marks it failed. Answers the ids it applied (their emails go out after).
 */
export async function finishInterruptedRefunds(
  deps: RefundDeps,
  now = new Date(),
  log: { warn: (obj: object, msg: string) => void } = { warn: () => {} },
): Promise<number[]> {
  const applied: number[] = [];
  const stale = await listInterruptedRefunds(deps.db, new Date(now.getTime() - INTERRUPTED_REFUND_AFTER_MS));
  for (const refund of stale) {
    try {
      const done = RECORDED.includes(refund.provider)
        ? await completeRefundInTx(deps, null, refund.refund_id, null, now)
        : await finishAtProcessor(deps, null, refund, now);
      if (done.applied) applied.push(refund.refund_id);
    } catch (error) {
      // A refusal is recorded as failed by finishAtProcessor; anything else waits for the next run.
      log.warn({ err: error, refundId: refund.refund_id }, "interrupted refund not finished");
    }
  }
  return applied;
}
