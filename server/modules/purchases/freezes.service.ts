import type { AppConfig } from "../../../domain/app-config";
import { addPeriod } from "../../../domain/billing";
import { addLocalDays, localDay, zonedInstant } from "../../../domain/booking";
import { AppError, notFound } from "../../../domain/errors";
import { centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway, ChargeInput, PaymentOutcome } from "../../payments/gateway";
import { type Actor, recordAudit } from "../audit/audit.service";
import { getPackage } from "../packages/packages.service";
import {
  cancelFreezeRow,
  type FreezeRow,
  findFreeze,
  freezeAt,
  insertFreeze,
  listCurrentFreezes,
  listFreezesOfPurchase,
  listPendingFreezeFees,
  settleFreezeFeeRow,
  shiftCreditsExpiry,
  shiftUnlimitedEnd,
} from "./freezes.repository";
import {
  findPurchase,
  insertInvoiceOnce,
  latestSavedCard,
  type PurchaseRow,
  updatePurchase,
} from "./purchases.repository";
import { lockCustomerRow } from "./refunds.repository";

/**
 * Frozen memberships (docs/decisions/0027). A freeze pauses an unlimited membership
 * or a subscription for whole days of the studio's calendar, [from, to]:
 * - no booking of a class that starts inside it (freezeCovering, read by the booking);
 * - the purchase's expiry and next charge, its credits' expiry and the customer's unlimited end
 *   all move later by the frozen days, so nothing is charged while frozen (the next charge, if it
 *   fell inside, now falls after) and no paid day is lost;
 * - a processor-billed subscription is paused there too (Stripe pause_collection until the end).
 * The desk may always freeze; the customer only when the studio allows it
 * (membership_freeze_by_customer), paying membership_freeze_fee with their saved card if set:
 * the fee is recorded with the freeze before the processor is asked and confirmed after, like every
 * charge (decision 0107).
 */

const DAY_MS = 86_400_000;

export function freezeOut(f: FreezeRow, timeZone: string) {
  return {
    membership_freeze_id: f.membership_freeze_id,
    purchase_id: f.purchase_id,
    from: localDay(f.starts_at, timeZone),
    to: addLocalDays(localDay(f.ends_at, timeZone), -1),
    starts_at: f.starts_at,
    ends_at: f.ends_at,
    days: f.days,
    fee: toCents(f.fee) / 100,
    requested_by: f.requested_by,
  };
}

/**
 * The customer's membership freeze covering an instant (a class's start), or null: the booking
 * reads it and its rules refuse the class (MEMBERSHIP_FROZEN, domain/reservations/booking.rules.ts).
 * One indexed statement on the booking path.
 */
export async function freezeCovering(db: Db, customerId: number, at: Date) {
  return (await freezeAt(db, customerId, at)) ?? null;
}

export type FreezeDeps = {
  db: Db;
  config: AppConfig;
  /** The processor billing the purchase's subscription, to pause it there too. */
  subscriptionGateway: (provider: string) => Pick<CardGateway, "pauseSubscription"> | null;
  /** The card gateway that charges a customer's freeze fee (their saved card). */
  cardGateway: Pick<CardGateway, "name" | "chargeSaved">;
};

type FreezeInput = {
  purchase_id: number;
  /** Studio days, "YYYY-MM-DD", both frozen. */
  from: string;
  to: string;
  /** The customer asking for their own purchase; absent: the desk. */
  customer_id?: number;
  idempotency_key?: string;
};

const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));

/** Whether a purchase is something that can be frozen: a live unlimited membership or subscription. */
async function freezable(db: Db, purchase: PurchaseRow, now: Date) {
  const pkg = await getPackage(db, purchase.class_package_id, { admin: true });
  if (purchase.subscription_id) return purchase.status === "active";
  return (
    pkg.is_unlimited_membership &&
    purchase.status === "completed" &&
    (purchase.expiration_date === null || purchase.expiration_date > now)
  );
}

export async function freezeMembership(
  deps: FreezeDeps,
  actor: Actor | null,
  input: FreezeInput,
  now = new Date(),
) {
  const tz = deps.config.timezone;
  const byCustomer = input.customer_id !== undefined;
  if (byCustomer && !deps.config.membership_freeze_by_customer)
    throw AppError.of("FREEZE_BY_CUSTOMER_DISABLED");
  const max = Math.max(1, deps.config.membership_freeze_max_days ?? 90);
  const invalidDates = () =>
    AppError.of("FREEZE_DATES_INVALID", { params: { max }, fields: { from: "Fecha no válida" } });
  if (!isDay(input.from) || !isDay(input.to)) throw invalidDates();
  const days =
    Math.round((Date.parse(`${input.to}T00:00:00Z`) - Date.parse(`${input.from}T00:00:00Z`)) / DAY_MS) + 1;
  if (input.from < localDay(now, tz) || days < 1 || days > max) throw invalidDates();

  const first = await findPurchase(deps.db, input.purchase_id);
  if (!first || (byCustomer && first.customer_id !== input.customer_id))
    throw notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
  if (!(await freezable(deps.db, first, now))) throw AppError.of("FREEZE_NOT_ALLOWED");

  // The customer's fee, on their saved card (declined: 402).
  const feeCents = byCustomer ? Math.round((deps.config.membership_freeze_fee ?? 0) * 100) : 0;
  const card = feeCents > 0 ? await latestSavedCard(deps.db, first.customer_id, deps.cardGateway.name) : null;
  if (feeCents > 0 && !card) throw AppError.of("FREEZE_FEE_NEEDS_CARD");

  const startsAt = zonedInstant(input.from, "00:00", tz);
  const endsAt = zonedInstant(addLocalDays(input.to, 1), "00:00", tz);
  // Every check that can refuse runs here, under the customer's lock, before any money moves: a
  // fee is recorded as pending with the freeze (decision 0107) and charged after the commit.
  const recorded = await deps.db.transaction(async (tx) => {
    await lockCustomerRow(tx, first.customer_id);
    const purchase = (await findPurchase(tx, first.purchase_id, true))!;
    if (!(await freezable(tx, purchase, now))) throw AppError.of("FREEZE_NOT_ALLOWED");
    const overlaps = (await listFreezesOfPurchase(tx, purchase.purchase_id)).some(
      (f) => f.starts_at < endsAt && f.ends_at > startsAt,
    );
    if (overlaps) throw AppError.of("FREEZE_OVERLAPS");
    const freeze = await insertFreeze(tx, {
      purchase_id: purchase.purchase_id,
      customer_id: purchase.customer_id,
      starts_at: startsAt,
      ends_at: endsAt,
      days,
      fee: centsToString(feeCents),
      requested_by: byCustomer ? "customer" : "desk",
      fee_status: card ? "pending" : "none",
      fee_card_ref: card?.source_id ?? null,
      fee_provider: card ? deps.cardGateway.name : null,
    });
    if (!card) await applyFreeze(tx, freeze, purchase, actor, tz);
    return { freeze, purchase };
  });
  if (card) {
    let outcome: PaymentOutcome;
    try {
      outcome = await deps.cardGateway.chargeSaved(freezeFeeCharge(recorded.freeze, first.title));
    } catch {
      // No answer: the money may have been taken. The freeze stays pending and the job asks again
      // with the same key (decision 0107).
      throw AppError.of("CHARGE_PROCESSOR_UNREACHABLE");
    }
    const settled = await settleFreezeFee(deps, recorded.freeze.membership_freeze_id, outcome, actor, now);
    if (settled.fee_status !== "paid")
      throw AppError.of("CARD_DECLINED", {
        details: { decline_code: outcome.status === "declined" ? outcome.decline_code : "requires_action" },
      });
  }
  await pauseAtProcessor(deps, recorded.purchase, endsAt);
  return recorded.freeze;
}

/** What the processor is asked for a freeze's fee: the same on every call (same key, same amount). */
function freezeFeeCharge(freeze: FreezeRow, title: string): ChargeInput & { source_id: string } {
  return {
    amount_cents: toCents(freeze.fee),
    idempotency_key: `freeze_fee_${freeze.membership_freeze_id}`,
    description: `Congelamiento: ${title}`,
    metadata: { freeze_of: String(freeze.purchase_id) },
    source_id: freeze.fee_card_ref ?? "",
  };
}

/** A processor-billed subscription stops billing until the freeze ends (a network call, after the commit). */
async function pauseAtProcessor(
  deps: Pick<FreezeDeps, "subscriptionGateway">,
  purchase: PurchaseRow,
  endsAt: Date,
) {
  if (purchase.subscription_id)
    await deps.subscriptionGateway(purchase.provider)?.pauseSubscription?.(purchase.subscription_id, endsAt);
}

/**
 * The processor's answer to a freeze's fee, applied once under the customer's lock: paid, the
 * freeze applies (dates moved, the fee's invoice); declined, it is cancelled. The purchase is
 * frozen even if it changed meanwhile: the customer paid for it.
 */
async function settleFreezeFee(
  deps: Pick<FreezeDeps, "db" | "config">,
  freezeId: number,
  outcome: PaymentOutcome,
  actor: Actor | null,
  now: Date,
): Promise<FreezeRow> {
  return deps.db.transaction(async (tx) => {
    const unlocked = (await findFreeze(tx, freezeId))!;
    await lockCustomerRow(tx, unlocked.customer_id);
    const freeze = (await findFreeze(tx, freezeId, true))!;
    if (freeze.fee_status !== "pending") return freeze;
    const paid = outcome.status === "succeeded";
    await settleFreezeFeeRow(tx, freezeId, paid ? "paid" : "declined", now);
    if (paid) {
      const purchase = (await findPurchase(tx, freeze.purchase_id, true))!;
      await applyFreeze(tx, freeze, purchase, actor, deps.config.timezone);
    }
    return (await findFreeze(tx, freezeId))!;
  });
}

/** What a freeze changes once it applies: dates moved, its fee's invoice, the Bitácora entry. */
async function applyFreeze(
  tx: Db,
  freeze: FreezeRow,
  purchase: PurchaseRow,
  actor: Actor | null,
  tz: string,
) {
  await shiftPurchase(tx, purchase, freeze.days, tz);
  const feeCents = toCents(freeze.fee);
  if (feeCents > 0) {
    await insertInvoiceOnce(tx, {
      purchase_id: purchase.purchase_id,
      customer_id: purchase.customer_id,
      total_payment: centsToString(feeCents),
      status: "paid",
      provider_ref: `freeze_fee_${freeze.membership_freeze_id}`,
    });
  }
  const { from, to } = freezeOut(freeze, tz);
  await recordAudit(tx, {
    actor_user_id: actor?.user_id ?? null,
    action: "membership.freeze",
    entity: "purchase",
    entity_id: purchase.purchase_id,
    customer_id: purchase.customer_id,
    details: { title: purchase.title, from, to, days: freeze.days, fee: feeCents / 100 },
  });
}

/** A recorded fee left unanswered this long is asked again (an answer takes seconds). */
export const PENDING_FREEZE_FEE_AFTER_MS = 5 * 60_000;

/**
 * The job's half (decision 0107): every freeze fee recorded but not settled for five minutes is
 * asked of its processor again with the same key, which answers with the charge it already made
 * (or makes it now, once), and the answer is applied once. One whose processor cannot be reached,
 * or is no longer the studio's, waits for the next run: money may have been taken.
 */
export async function finishPendingFreezeFees(
  deps: Pick<FreezeDeps, "db" | "config" | "cardGateway" | "subscriptionGateway">,
  now = new Date(),
  log: { warn: (obj: object, msg: string) => void } = { warn: () => {} },
): Promise<number[]> {
  const settled: number[] = [];
  for (const freeze of await listPendingFreezeFees(
    deps.db,
    new Date(now.getTime() - PENDING_FREEZE_FEE_AFTER_MS),
  )) {
    if (freeze.fee_provider !== deps.cardGateway.name) {
      log.warn(
        { freezeId: freeze.membership_freeze_id },
        "pending freeze fee: its processor is not configured",
      );
      continue;
    }
    try {
      const purchase = (await findPurchase(deps.db, freeze.purchase_id))!;
      const outcome = await deps.cardGateway.chargeSaved(freezeFeeCharge(freeze, purchase.title));
      const after = await settleFreezeFee(deps, freeze.membership_freeze_id, outcome, null, now);
      if (after.fee_status === "paid") await pauseAtProcessor(deps, purchase, after.ends_at);
      settled.push(freeze.membership_freeze_id);
    } catch (error) {
      log.warn({ err: error, freezeId: freeze.membership_freeze_id }, "pending freeze fee not finished");
    }
  }
  return settled;
}

/** Moves what the purchase gives and charges later by `days` (negative: back, when a freeze is removed). */
async function shiftPurchase(tx: Db, purchase: PurchaseRow, days: number, tz: string) {
  const move = (d: Date | null) => (d ? addPeriod(d, days, "day", tz) : null);
  const expiration = move(purchase.expiration_date);
  const deltaMs =
    expiration && purchase.expiration_date
      ? expiration.getTime() - purchase.expiration_date.getTime()
      : days * DAY_MS;
  await updatePurchase(tx, purchase.purchase_id, {
    expiration_date: expiration,
    next_billing_date: move(purchase.next_billing_date),
    // A failed renewal's schedule moves with it (decision 0128): retries resume after the freeze.
    renewal_failed_at: move(purchase.renewal_failed_at),
    renewal_retry_at: move(purchase.renewal_retry_at),
  });
  await shiftCreditsExpiry(tx, purchase.purchase_id, deltaMs);
  const pkg = await getPackage(tx, purchase.class_package_id, { admin: true });
  if (pkg.is_unlimited_membership) await shiftUnlimitedEnd(tx, purchase.customer_id, deltaMs);
}

/** The desk removes a freeze that has not started: the dates move back. */
export async function cancelFreeze(
  deps: Pick<FreezeDeps, "db" | "config">,
  actor: Actor,
  freezeId: number,
  now = new Date(),
) {
  return deps.db.transaction(async (tx) => {
    const unlocked = await findFreeze(tx, freezeId);
    if (!unlocked || unlocked.cancelledAt) throw notFound();
    await lockCustomerRow(tx, unlocked.customer_id);
    const purchase = (await findPurchase(tx, unlocked.purchase_id, true))!;
    const freeze = (await findFreeze(tx, freezeId, true))!;
    if (freeze.cancelledAt) throw notFound();
    if (freeze.starts_at <= now) throw AppError.of("FREEZE_STARTED");
    await cancelFreezeRow(tx, freezeId, now);
    await shiftPurchase(tx, purchase, -freeze.days, deps.config.timezone);
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "membership.unfreeze",
      entity: "purchase",
      entity_id: purchase.purchase_id,
      customer_id: purchase.customer_id,
      details: { title: purchase.title, days: freeze.days },
    });
  });
}

export async function freezesOfPurchase(db: Db, purchaseId: number, timeZone: string) {
  return (await listFreezesOfPurchase(db, purchaseId)).map((f) => freezeOut(f, timeZone));
}

export async function currentFreezesOf(db: Db, customerId: number, timeZone: string, now = new Date()) {
  return (await listCurrentFreezes(db, customerId, now)).map((f) => freezeOut(f, timeZone));
}
