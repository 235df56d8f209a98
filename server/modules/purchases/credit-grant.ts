import { addPeriod } from "../../../domain/billing";
import { type DunningConfig, type DunningDecision, dunningDecision } from "../../../domain/dunning";
import type { Db } from "../../db/client";
import { getPackage, type PackageOut } from "../packages/packages.service";
import {
  endUnlimited,
  expireCreditsOfPurchase,
  extendPeriodCredits,
  extendUnlimited,
  hasOtherActiveUnlimited,
  insertCredits,
  listPaymentCompanions,
  markPaidOnce,
  type NewCredit,
  type PurchaseRow,
  setInvoicesOfPurchase,
  updatePurchase,
} from "./purchases.repository";
import { closePendingRenewalVouchers, type RenewalVoucherRow } from "./renewal-vouchers.repository";

/**
 * Credit buckets for one paid period of a package: one per class_package_types row (restricted
 * to that class type, its own amount and expiry) or else one for class_amount; -1 is unlimited.
 * An unlimited membership grants no bucket: customers.has_unlimited covers it. Subscriptions'
 * credits last until the next charge; other packages' for expiration_days (null: no expiry).
 */
export function creditRows(
  pkg: PackageOut,
  input: { customer_id: number; purchase_id: number; start: Date; periodEnd: Date | null; timeZone: string },
): NewCredit[] {
  if (pkg.is_unlimited_membership) return [];
  const expiry = (days: number | null) =>
    input.periodEnd ?? (days == null ? null : addPeriod(input.start, days, "day", input.timeZone));
  const base = {
    customer_id: input.customer_id,
    purchase_id: input.purchase_id,
    allowed_times: pkg.allowed_times,
  };
  if (pkg.class_package_types.length > 0) {
    return pkg.class_package_types
      .filter((t) => t.class_amount !== 0)
      .map((t) => ({
        ...base,
        class_type_id: t.class_type_id,
        class_types: String(t.class_type_id),
        available_classes: t.class_amount,
        expiration_date: expiry(t.expiration_days ?? pkg.expiration_days),
      }));
  }
  if (pkg.class_amount === 0) return [];
  return [
    {
      ...base,
      class_type_id: null,
      class_types: null,
      available_classes: pkg.class_amount,
      expiration_date: expiry(pkg.expiration_days),
    },
  ];
}

/** When the first paid period of a subscription ends: after its free trial, else one interval. */
export function firstPeriodEnd(pkg: PackageOut, start: Date, timeZone: string): Date | null {
  if (!pkg.is_subscription || !pkg.subscription_period) return null;
  if (pkg.free_trial_length && pkg.free_trial_period) {
    return addPeriod(start, pkg.free_trial_length, pkg.free_trial_period, timeZone);
  }
  return addPeriod(start, pkg.subscription_interval ?? 1, pkg.subscription_period, timeZone);
}

/**
 * Turns a pending purchase into a paid one and grants what it sells: credits, unlimited
 * membership, online access (purchases.expiration_date). Runs inside the caller's transaction
 * and grants exactly once: a second call (a retried confirmation, a webhook delivered again)
 * finds credits_granted_at set and returns granted: false without touching anything.
 */
export async function grantPurchase(
  tx: Db,
  purchase: Pick<
    PurchaseRow,
    "purchase_id" | "customer_id" | "class_package_id" | "provider" | "subscription_id"
  >,
  input: { now: Date; timeZone: string; provider_ref?: string | null },
): Promise<{ granted: boolean; purchase?: PurchaseRow }> {
  const pkg = await getPackage(tx, purchase.class_package_id, { admin: true });
  const periodEnd = firstPeriodEnd(pkg, input.now, input.timeZone);
  const accessEnd =
    periodEnd ??
    (pkg.expiration_days == null ? null : addPeriod(input.now, pkg.expiration_days, "day", input.timeZone));
  const paid = await markPaidOnce(tx, purchase.purchase_id, {
    status: pkg.is_subscription ? "active" : "completed",
    credits_granted_at: input.now,
    expiration_date: accessEnd,
    next_billing_date: periodEnd,
    subscription_id: pkg.is_subscription
      ? (purchase.subscription_id ?? `sub_${purchase.provider}_${purchase.purchase_id}`)
      : null,
    ...(input.provider_ref ? { provider_ref: input.provider_ref } : {}),
  });
  if (!paid) return { granted: false };
  await insertCredits(
    tx,
    creditRows(pkg, {
      customer_id: paid.customer_id,
      purchase_id: paid.purchase_id,
      start: input.now,
      periodEnd,
      timeZone: input.timeZone,
    }),
  );
  if (pkg.is_unlimited_membership) await extendUnlimited(tx, paid.customer_id, accessEnd);
  await setInvoicesOfPurchase(tx, paid.purchase_id, {
    status: "paid",
    period_start: input.now,
    period_end: periodEnd,
  });
  return { granted: true, purchase: paid };
}

/**
 * Grants a purchase and the purchases paid together with it by the same payment (a sign-up fee
 * bought with a package, docs/decisions/0017), in the caller's transaction, each exactly once.
 * `granted` is the first purchase's.
 */
export async function grantPaymentGroup(
  tx: Db,
  purchase: Parameters<typeof grantPurchase>[1] & Pick<PurchaseRow, "provider_ref">,
  input: Parameters<typeof grantPurchase>[2],
): Promise<{ granted: boolean; purchase?: PurchaseRow }> {
  const companions = await listPaymentCompanions(tx, purchase, true);
  const result = await grantPurchase(tx, purchase, input);
  for (const companion of companions) {
    if (companion.status === "pending" && !companion.credits_granted_at)
      await grantPurchase(tx, companion, { now: input.now, timeZone: input.timeZone });
  }
  return result;
}

/**
 * Grants one renewed period of a subscription (credits until its end, unlimited membership,
 * online access) and moves the next charge to the period's end. The caller has claimed the
 * period's invoice first (a unique provider_ref, or a pending → paid update), which is what makes
 * this run once per period; the next charge only moves if it still points at this period.
 */
export async function grantRenewalPeriod(
  tx: Db,
  purchase: PurchaseRow,
  period: { start: Date; end: Date },
  timeZone: string,
  options: { providerBilled?: boolean } = {},
): Promise<void> {
  const pkg = await getPackage(tx, purchase.class_package_id, { admin: true });
  await insertCredits(
    tx,
    creditRows(pkg, {
      customer_id: purchase.customer_id,
      purchase_id: purchase.purchase_id,
      start: period.start,
      periodEnd: period.end,
      timeZone,
    }),
  );
  if (pkg.is_unlimited_membership) await extendUnlimited(tx, purchase.customer_id, period.end);
  const later = (a: Date | null, b: Date) => (a && a > b ? a : b);
  // Our scheduler moves the next charge only off the period it billed; a processor's invoices may
  // arrive out of order, so there the next charge is simply the latest period end seen.
  const moves = options.providerBilled
    ? true
    : purchase.next_billing_date?.getTime() === period.start.getTime();
  await updatePurchase(tx, purchase.purchase_id, {
    expiration_date: later(purchase.expiration_date, period.end),
    renewal_failures: 0,
    renewal_failed_at: null,
    renewal_retry_at: null,
    ...(moves && purchase.status === "active"
      ? { next_billing_date: later(options.providerBilled ? purchase.next_billing_date : null, period.end) }
      : {}),
  });
  // Paid by a card, the desk or one voucher: the period's other OXXO/SPEI vouchers can no longer
  // pay it (decision 0134); one the store takes anyway is refunded when its payment arrives.
  if (!options.providerBilled)
    await closePendingRenewalVouchers(tx, purchase.purchase_id, "period_paid", new Date());
}

/**
 * A subscription that could not be charged: marked failed and booking with it stops now (its
 * credits expire, its unlimited membership ends unless another active one still covers it).
 */
export async function endUnpaidSubscription(tx: Db, purchase: PurchaseRow, failures: number, now: Date) {
  await updatePurchase(tx, purchase.purchase_id, {
    status: "failed",
    renewal_failures: failures,
    next_billing_date: null,
    renewal_retry_at: null,
  });
  await setInvoicesOfPurchase(tx, purchase.purchase_id, { status: "failed" });
  await expireCreditsOfPurchase(tx, purchase.purchase_id, now);
  const pkg = await getPackage(tx, purchase.class_package_id, { admin: true });
  if (
    pkg.is_unlimited_membership &&
    !(await hasOtherActiveUnlimited(tx, purchase.customer_id, purchase.purchase_id))
  ) {
    await endUnlimited(tx, purchase.customer_id, now);
  }
}

/**
 * One more failed renewal charge: counted, and once more than `maxRetries` have failed the
 * subscription ends unpaid. Our scheduler's failures and a processor's failure events both use it.
 */
export async function countFailedRenewal(
  tx: Db,
  purchase: PurchaseRow,
  input: { maxRetries: number; now: Date },
): Promise<"retry" | "failed"> {
  const failures = purchase.renewal_failures + 1;
  if (failures <= input.maxRetries) {
    await updatePurchase(tx, purchase.purchase_id, { renewal_failures: failures });
    return "retry";
  }
  await endUnpaidSubscription(tx, purchase, failures, input.now);
  return "failed";
}

/**
 * One more failed renewal of a period our scheduler bills (decision 0128): the next retry by the
 * studio's schedule, and on the first failure the grace (the last paid period's credits, unlimited
 * membership and online access last until it ends); with no retry left the subscription ends
 * unpaid and the period is never granted. The caller holds the purchase's row lock.
 */
export async function dunFailedRenewal(
  tx: Db,
  purchase: PurchaseRow,
  period: { start: Date },
  input: { now: Date; dunning: DunningConfig },
): Promise<{ failures: number; decision: DunningDecision; closed?: RenewalVoucherRow[] }> {
  const failures = purchase.renewal_failures + 1;
  const firstFailedAt = purchase.renewal_failed_at ?? input.now;
  const decision = dunningDecision(input.now, { failures, firstFailedAt }, input.dunning);
  if (decision.kind === "end") {
    await endUnpaidSubscription(tx, purchase, failures, input.now);
    // An open OXXO/SPEI voucher of the period can no longer pay it (decision 0134): closed with the
    // end, so the banner drops it and a payment that still arrives is refunded, never applied.
    const closed = await closePendingRenewalVouchers(
      tx,
      purchase.purchase_id,
      "subscription_ended",
      input.now,
    );
    return { failures, decision, closed };
  }
  await updatePurchase(tx, purchase.purchase_id, {
    renewal_failures: failures,
    renewal_failed_at: firstFailedAt,
    renewal_retry_at: decision.at,
    ...(failures === 1 && decision.inGrace && decision.graceUntil > period.start
      ? { expiration_date: decision.graceUntil }
      : {}),
  });
  if (failures === 1 && decision.inGrace && decision.graceUntil > period.start) {
    await extendPeriodCredits(tx, purchase.purchase_id, period.start, decision.graceUntil);
    const pkg = await getPackage(tx, purchase.class_package_id, { admin: true });
    if (pkg.is_unlimited_membership) await extendUnlimited(tx, purchase.customer_id, decision.graceUntil);
  }
  return { failures, decision };
}
