/**
 * Liability report (docs/decisions/0078): the classes customers have paid for and not used yet,
 * and what they are worth (deferred revenue), by the studio month they expire in. A credit is
 * worth what its purchase kept (paid less refunded) over the classes it granted; a bucket given
 * without a purchase (a courtesy) is owed classes worth nothing. Unlimited buckets (-1) owe time,
 * not classes: they are counted apart. Integer centavos.
 */
import { centsToNumber } from "../money";
import { localMonth } from "./period";

export type CreditBucketFact = {
  available_class_id: number;
  customer_id: number;
  customer: string;
  purchase_id: number | null;
  title: string | null;
  /** Classes left in the bucket; -1 unlimited. */
  credits: number;
  expiration_date: Date | null;
  /** What the purchase kept: total paid less refunded (centavos), null without a purchase. */
  kept_cents: number | null;
  /** Classes the purchase granted (null or ≤ 0: unknown or unlimited). */
  granted: number | null;
};

/** The key of buckets that never expire. */
export const NEVER = "sin-vencimiento";

/** What one bucket's classes left are worth, in centavos (rounded to the centavo). */
export function bucketValueCents(b: Pick<CreditBucketFact, "credits" | "kept_cents" | "granted">): number {
  if (b.credits <= 0 || b.kept_cents === null || !b.granted || b.granted <= 0) return 0;
  return Math.round((b.kept_cents * Math.min(b.credits, b.granted)) / b.granted);
}

export function liabilityKeyOf(b: CreditBucketFact, timeZone: string): string {
  return b.expiration_date ? localMonth(b.expiration_date, timeZone) : NEVER;
}

/** Buckets that still owe something at `now`: classes left and not expired. */
export function owedBuckets(buckets: readonly CreditBucketFact[], now: Date): CreditBucketFact[] {
  return buckets.filter(
    (b) => b.credits !== 0 && (b.expiration_date === null || b.expiration_date.getTime() > now.getTime()),
  );
}

export function liabilityReport(buckets: readonly CreditBucketFact[], timeZone: string, now: Date) {
  const owed = owedBuckets(buckets, now);
  const months = new Map<
    string,
    { credits: number; cents: number; buckets: number; customers: Set<number> }
  >();
  let credits = 0;
  let cents = 0;
  let unlimited = 0;
  const customers = new Set<number>();
  for (const b of owed) {
    if (b.credits < 0) {
      unlimited += 1;
      continue;
    }
    const key = liabilityKeyOf(b, timeZone);
    const m = months.get(key) ?? { credits: 0, cents: 0, buckets: 0, customers: new Set<number>() };
    const value = bucketValueCents(b);
    m.credits += b.credits;
    m.cents += value;
    m.buckets += 1;
    m.customers.add(b.customer_id);
    months.set(key, m);
    credits += b.credits;
    cents += value;
    customers.add(b.customer_id);
  }
  return {
    totals: { credits, value: centsToNumber(cents), customers: customers.size, unlimited_buckets: unlimited },
    by_expiry_month: [...months.entries()]
      // Months in order, then the credits that never expire.
      .sort(([a], [b]) => (a === NEVER ? 1 : b === NEVER ? -1 : a.localeCompare(b)))
      .map(([key, m]) => ({
        key,
        credits: m.credits,
        value: centsToNumber(m.cents),
        buckets: m.buckets,
        customers: m.customers.size,
      })),
  };
}

/** The buckets behind a month (or "all"), soonest expiry first, with their value. */
export function bucketsBehind(
  buckets: readonly CreditBucketFact[],
  key: string,
  timeZone: string,
  now: Date,
) {
  return owedBuckets(buckets, now)
    .filter((b) => b.credits > 0 && (key === "all" || liabilityKeyOf(b, timeZone) === key))
    .sort(
      (a, b) =>
        (a.expiration_date?.getTime() ?? Number.POSITIVE_INFINITY) -
          (b.expiration_date?.getTime() ?? Number.POSITIVE_INFINITY) ||
        a.available_class_id - b.available_class_id,
    )
    .map((b) => ({ ...b, value: centsToNumber(bucketValueCents(b)) }));
}
