/**
 * Coach pay (docs/decisions/0079): what a coach earns for the classes they taught in a period.
 * Pure rules in integer centavos. Who taught a class is who is on it when it is held: a substitute
 * put on a class (POST /admin/substitutions) is paid for it, the coach they replaced is not.
 *
 * A coach's rate:
 * - a fixed amount per class taught (`per_class`), or, with tiers, the amount of the highest tier
 *   whose headcount the class reached (tiers replace the fixed amount when one applies);
 * - plus an amount per attendee: those checked in, or every seat booked when `count_no_shows`;
 * - a workshop (a class sold as its own package) with `workshop_share_percent` > 0 pays that share
 *   of what its package took (paid less refunded), split between its coaches, instead.
 * A cancelled class pays nothing.
 */

export type PayTier = { min_attendees: number; cents: number };

export type PayRate = {
  per_class_cents: number;
  per_attendee_cents: number;
  count_no_shows: boolean;
  tiers: PayTier[];
  /** 0-100, up to two decimals. */
  workshop_share_percent: number;
};

export const NO_RATE: PayRate = {
  per_class_cents: 0,
  per_attendee_cents: 0,
  count_no_shows: false,
  tiers: [],
  workshop_share_percent: 0,
};

export type TaughtClassFact = {
  single_class_id: number;
  class_date: Date;
  class_type: string;
  location: string | null;
  cancelled: boolean;
  seats: number;
  attended: number;
  /** How many coaches taught it (a workshop's share is split between them). */
  coaches: number;
  /** The class is sold as its own package (a workshop or special event). */
  workshop: boolean;
  /** What that package took, paid less refunded, centavos (0 when not a workshop). */
  workshop_revenue_cents: number;
};

export type PayRule = "per_class" | "tier" | "revenue_share" | "cancelled";

export type ClassPay = {
  single_class_id: number;
  headcount: number;
  rule: PayRule;
  base_cents: number;
  attendee_cents: number;
  share_cents: number;
  total_cents: number;
};

export function classPay(rate: PayRate, fact: TaughtClassFact): ClassPay {
  const headcount = rate.count_no_shows ? fact.seats : fact.attended;
  const none = {
    single_class_id: fact.single_class_id,
    headcount,
    base_cents: 0,
    attendee_cents: 0,
    share_cents: 0,
  };
  if (fact.cancelled) return { ...none, rule: "cancelled", total_cents: 0 };
  if (fact.workshop && rate.workshop_share_percent > 0) {
    // Basis points keep the percentage's two decimals in integers.
    const bp = Math.round(rate.workshop_share_percent * 100);
    const share = Math.round((fact.workshop_revenue_cents * bp) / 10_000 / Math.max(1, fact.coaches));
    return { ...none, rule: "revenue_share", share_cents: share, total_cents: share };
  }
  const tier = [...rate.tiers]
    .filter((t) => headcount >= t.min_attendees)
    .sort((a, b) => b.min_attendees - a.min_attendees)[0];
  const base = tier ? tier.cents : rate.per_class_cents;
  const attendees = rate.per_attendee_cents * headcount;
  return {
    ...none,
    rule: tier ? "tier" : "per_class",
    base_cents: base,
    attendee_cents: attendees,
    total_cents: base + attendees,
  };
}

/** A coach's pay for a period: one line per class, the total, and the classes counted. */
export function periodPay(rate: PayRate, facts: readonly TaughtClassFact[]) {
  const lines = [...facts]
    .sort((a, b) => a.class_date.getTime() - b.class_date.getTime() || a.single_class_id - b.single_class_id)
    .map((f) => ({ fact: f, pay: classPay(rate, f) }));
  return {
    lines,
    classes: lines.filter((l) => l.pay.rule !== "cancelled").length,
    total_cents: lines.reduce((s, l) => s + l.pay.total_cents, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Rate history (docs/decisions/0106, docs/product-rules.md#coach-rate-history)

/** A rate in force from a studio day ("YYYY-MM-DD") on; `from` null: since always. */
export type DatedPayRate = { from: string | null; rate: PayRate };

/**
 * The rate a class held on `day` (the studio's day) pays: the latest one whose `from` is on or
 * before it, else NO_RATE. A change from a date never reaches the classes before it, so a past
 * period keeps the rate it had.
 */
export function rateOn(history: readonly DatedPayRate[], day: string): PayRate {
  let best: DatedPayRate | undefined;
  for (const r of history) {
    if (r.from !== null && r.from > day) continue;
    if (!best || (best.from ?? "") < (r.from ?? "") || (best.from ?? "") === (r.from ?? "")) best = r;
  }
  return best?.rate ?? NO_RATE;
}

/** periodPay with each class paid at the rate of its own day (`dayOf`: the studio's day of a class). */
export function periodPayByDate(
  history: readonly DatedPayRate[],
  facts: readonly TaughtClassFact[],
  dayOf: (f: TaughtClassFact) => string,
) {
  const lines = [...facts]
    .sort((a, b) => a.class_date.getTime() - b.class_date.getTime() || a.single_class_id - b.single_class_id)
    .map((f) => ({ fact: f, pay: classPay(rateOn(history, dayOf(f)), f) }));
  return {
    lines,
    classes: lines.filter((l) => l.pay.rule !== "cancelled").length,
    total_cents: lines.reduce((s, l) => s + l.pay.total_cents, 0),
  };
}
