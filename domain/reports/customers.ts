/**
 * The customer reports (docs/decisions/0078): intro offers that turn into members, retention by
 * monthly cohort of first visit, and customer value by how people came. The repository answers
 * plain facts (purchases paid, months with a visit, money per customer); the arithmetic is here.
 * Months and days are the studio's (the repository gives months already on its calendar).
 */
import { centsToNumber } from "../money";
import { percent } from "./period";

const DAY_MS = 86_400_000;
export const INTRO_WINDOWS = [30, 60, 90] as const;

/** A paid purchase: when, what, and whether it was a trial or intro offer. */
export type PaidPurchaseFact = {
  purchase_id: number;
  customer_id: number;
  customer: string;
  at: Date;
  title: string;
  is_trial: boolean;
};

export type IntroCustomer = {
  customer_id: number;
  customer: string;
  offer: string;
  first_at: Date;
  /** Days from the intro purchase to the next paid purchase that is not an intro (null: none). */
  converted_after_days: number | null;
};

/**
 * Customers whose first paid purchase was an intro offer bought in [start, end), with how long
 * they took to buy again (a later intro offer does not count as becoming a member).
 */
export function introCustomers(
  purchases: readonly PaidPurchaseFact[],
  start: Date,
  end: Date,
): IntroCustomer[] {
  const byCustomer = new Map<number, PaidPurchaseFact[]>();
  for (const p of purchases) {
    const list = byCustomer.get(p.customer_id) ?? [];
    list.push(p);
    byCustomer.set(p.customer_id, list);
  }
  const out: IntroCustomer[] = [];
  for (const list of byCustomer.values()) {
    list.sort((a, b) => a.at.getTime() - b.at.getTime() || a.purchase_id - b.purchase_id);
    const first = list[0];
    if (!first?.is_trial || first.at < start || first.at >= end) continue;
    const next = list.find((p) => p !== first && !p.is_trial);
    out.push({
      customer_id: first.customer_id,
      customer: first.customer,
      offer: first.title,
      first_at: first.at,
      converted_after_days: next ? Math.floor((next.at.getTime() - first.at.getTime()) / DAY_MS) : null,
    });
  }
  return out.sort((a, b) => a.first_at.getTime() - b.first_at.getTime() || a.customer_id - b.customer_id);
}

export type IntroFigures = {
  customers: number;
  converted_30: number;
  converted_60: number;
  converted_90: number;
  rate_30: number | null;
  rate_60: number | null;
  rate_90: number | null;
  /** Still inside their 90 days at `now` and not converted yet: the rates may still rise. */
  still_open: number;
};

function introFigures(list: readonly IntroCustomer[], now: Date): IntroFigures {
  const within = (days: number) =>
    list.filter((c) => c.converted_after_days !== null && c.converted_after_days <= days).length;
  const [c30, c60, c90] = INTRO_WINDOWS.map(within) as [number, number, number];
  return {
    customers: list.length,
    converted_30: c30,
    converted_60: c60,
    converted_90: c90,
    rate_30: percent(c30, list.length),
    rate_60: percent(c60, list.length),
    rate_90: percent(c90, list.length),
    still_open: list.filter(
      (c) => c.converted_after_days === null && now.getTime() - c.first_at.getTime() < 90 * DAY_MS,
    ).length,
  };
}

export function introReport(purchases: readonly PaidPurchaseFact[], start: Date, end: Date, now: Date) {
  const list = introCustomers(purchases, start, end);
  const offers = new Map<string, IntroCustomer[]>();
  for (const c of list) offers.set(c.offer, [...(offers.get(c.offer) ?? []), c]);
  return {
    totals: introFigures(list, now),
    by_offer: [...offers.entries()]
      .map(([key, l]) => ({ key, ...introFigures(l, now) }))
      .sort((a, b) => b.customers - a.customers || a.key.localeCompare(b.key, "es")),
  };
}

/** The intro customers behind a figure: an offer (or "all") and, optionally, converted within N days. */
export function introBehind(
  purchases: readonly PaidPurchaseFact[],
  start: Date,
  end: Date,
  offer: string,
  within: number | null,
): IntroCustomer[] {
  return introCustomers(purchases, start, end).filter(
    (c) =>
      (offer === "all" || c.offer === offer) &&
      (within === null || (c.converted_after_days !== null && c.converted_after_days <= within)),
  );
}

// ---------------------------------------------------------------------------------------------
// Retention

/** A customer who booked (and did not cancel) a class held in a studio month ("YYYY-MM"). */
export type VisitMonthFact = { customer_id: number; customer: string; month: string };

function addMonths(month: string, n: number): string {
  const [y = 0, m = 1] = month.split("-").map(Number);
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

export function monthsBetween(a: string, b: string): number {
  const [ya = 0, ma = 1] = a.split("-").map(Number);
  const [yb = 0, mb = 1] = b.split("-").map(Number);
  return (yb - ya) * 12 + (mb - ma);
}

/**
 * A customer's visits as the retention figures read them: the first month with a visit (ever,
 * before the period's end), the months with one (at least those of the period and the month
 * before it: no figure looks further back) and how many months with a visit in all. The fast
 * path (report_visit_months, decision 0105) answers these directly; `activityOf` derives them
 * from visit facts, and both must give the same figures.
 */
export type RetentionActivity = {
  customer_id: number;
  customer: string;
  first: string;
  months: ReadonlySet<string>;
  months_active: number;
};

export function activityOf(visits: readonly VisitMonthFact[]): Map<number, RetentionActivity> {
  const out = new Map<number, RetentionActivity & { months: Set<string> }>();
  for (const v of visits) {
    const a = out.get(v.customer_id) ?? {
      customer_id: v.customer_id,
      customer: v.customer,
      first: v.month,
      months: new Set<string>(),
      months_active: 0,
    };
    a.months.add(v.month);
    a.months_active = a.months.size;
    if (v.month < a.first) a.first = v.month;
    out.set(v.customer_id, a);
  }
  return out;
}

/**
 * Monthly cohorts by first visit: for each cohort month inside `months`, how many of its customers
 * booked again 1, 2, ... months later (up to the last month of the report). Month by month:
 * active customers, new ones (first visit), churned (active the month before, not this one) and
 * reactivated (not active the month before, active now, seen before that).
 */
export function retentionReport(visits: readonly VisitMonthFact[], months: readonly string[]) {
  return retentionReportOf(activityOf(visits), months);
}

/** The same figures from each customer's activity. */
export function retentionReportOf(
  activity: ReadonlyMap<number, RetentionActivity>,
  months: readonly string[],
) {
  const last = months.at(-1) ?? "";
  const everyone = [...activity.values()];
  const cohorts = months.map((cohort) => {
    const members = everyone.filter((a) => a.first === cohort);
    const span = monthsBetween(cohort, last);
    return {
      key: cohort,
      customers: members.length,
      retention: Array.from({ length: span }, (_, i) => {
        const month = addMonths(cohort, i + 1);
        const active = members.filter((a) => a.months.has(month)).length;
        return { offset: i + 1, month, active, rate: percent(active, members.length) };
      }),
    };
  });
  const by_month = months.map((month) => {
    const prev = addMonths(month, -1);
    let active = 0;
    let fresh = 0;
    let churned = 0;
    let reactivated = 0;
    for (const a of everyone) {
      const now = a.months.has(month);
      const before = a.months.has(prev);
      if (now) active += 1;
      if (now && a.first === month) fresh += 1;
      if (before && !now) churned += 1;
      if (now && !before && a.first < prev) reactivated += 1;
    }
    return { key: month, active, new: fresh, churned, reactivated };
  });
  return { cohorts, by_month };
}

/**
 * Counts of customers per (month, first month) as the database adds them up (decision 0120),
 * months as numbers (year * 12 + month - 1): `n` active that month, `both` of them active the
 * month before too, `back` of them not active the month before but seen before that.
 */
export type RetentionCount = { month: number; first: number; n: number; both: number; back: number };

const monthNum = (key: string) => {
  const [y = 0, m = 1] = key.split("-").map(Number);
  return y * 12 + m - 1;
};

/** retentionReportOf from the counts: the same figures without a row per customer. */
export function retentionReportOfCounts(counts: readonly RetentionCount[], months: readonly string[]) {
  const last = months.at(-1) ?? "";
  const sum = (pick: (c: RetentionCount) => number, keep: (c: RetentionCount) => boolean) =>
    counts.reduce((s, c) => (keep(c) ? s + pick(c) : s), 0);
  const cohorts = months.map((cohort) => {
    const first = monthNum(cohort);
    const size = sum(
      (c) => c.n,
      (c) => c.first === first && c.month === first,
    );
    return {
      key: cohort,
      customers: size,
      retention: Array.from({ length: monthsBetween(cohort, last) }, (_, i) => {
        const month = addMonths(cohort, i + 1);
        const active = sum(
          (c) => c.n,
          (c) => c.first === first && c.month === first + i + 1,
        );
        return { offset: i + 1, month, active, rate: percent(active, size) };
      }),
    };
  });
  const by_month = months.map((month) => {
    const m = monthNum(month);
    const active = sum(
      (c) => c.n,
      (c) => c.month === m,
    );
    const before = sum(
      (c) => c.n,
      (c) => c.month === m - 1,
    );
    return {
      key: month,
      active,
      new: sum(
        (c) => c.n,
        (c) => c.month === m && c.first === m,
      ),
      churned:
        before -
        sum(
          (c) => c.both,
          (c) => c.month === m,
        ),
      reactivated: sum(
        (c) => c.back,
        (c) => c.month === m,
      ),
    };
  });
  return { cohorts, by_month };
}

export const RETENTION_GROUPS = ["cohort", "active", "new", "churned", "reactivated"] as const;
export type RetentionGroup = (typeof RETENTION_GROUPS)[number];

/** The customers behind a retention figure (a cohort, or a month's active/new/churned/reactivated). */
export function retentionBehind(visits: readonly VisitMonthFact[], group: RetentionGroup, month: string) {
  return retentionBehindOf(activityOf(visits), group, month);
}

export function retentionBehindOf(
  activity: ReadonlyMap<number, RetentionActivity>,
  group: RetentionGroup,
  month: string,
): { customer_id: number; customer: string; first_month: string; months_active: number }[] {
  const prev = addMonths(month, -1);
  return [...activity.entries()]
    .filter(([, a]) => {
      const now = a.months.has(month);
      const before = a.months.has(prev);
      const belongs: Record<RetentionGroup, boolean> = {
        cohort: a.first === month,
        active: now,
        new: now && a.first === month,
        churned: before && !now,
        reactivated: now && !before && a.first < prev,
      };
      return belongs[group];
    })
    .map(([id, a]) => ({
      customer_id: id,
      customer: a.customer,
      first_month: a.first,
      months_active: a.months_active,
    }))
    .sort(byCustomerName);
}

/** One collator for every comparison: `localeCompare(b, "es")` per pair costs ~2× on lists of 50,000. */
const spanish = new Intl.Collator("es");

/** The order of a list of customers behind a figure: by name as Spanish sorts it, then by id. */
export function byCustomerName(
  a: { customer: string; customer_id: number },
  b: { customer: string; customer_id: number },
): number {
  return spanish.compare(a.customer, b.customer) || a.customer_id - b.customer_id;
}

// ---------------------------------------------------------------------------------------------
// Customer value

/** A customer who signed up in the period: how they came, what they paid (net), months with a visit. */
export type CustomerValueFact = {
  customer_id: number;
  customer: string;
  signup_reason: string | null;
  /** Paid less refunded, all time, centavos. */
  net_cents: number;
  months_active: number;
};

export const NO_REASON = "Sin dato";

/**
 * The sign-ups of one raw sign-up reason added up (the database groups them, decision 0144):
 * how many, how many paid more than they got back, their net in centavos and their months with a
 * visit, summed.
 */
export type CustomerValueSums = {
  signup_reason: string | null;
  customers: number;
  paying: number;
  net_cents: number;
  months_active: number;
};

/** The report from the customers one by one: each is a group of one. */
export function customerValueReport(facts: readonly CustomerValueFact[]) {
  return customerValueReportOfSums(
    facts.map((f) => ({
      signup_reason: f.signup_reason,
      customers: 1,
      paying: f.net_cents > 0 ? 1 : 0,
      net_cents: f.net_cents,
      months_active: f.months_active,
    })),
  );
}

/** The report from sums per raw reason; reasons that trim to the same text (or to none) are one row. */
export function customerValueReportOfSums(sums: readonly CustomerValueSums[]) {
  const zero = { customers: 0, paying: 0, net_cents: 0, months_active: 0 };
  const add = (a: typeof zero, b: typeof zero) => ({
    customers: a.customers + b.customers,
    paying: a.paying + b.paying,
    net_cents: a.net_cents + b.net_cents,
    months_active: a.months_active + b.months_active,
  });
  const groups = new Map<string, typeof zero>();
  for (const s of sums) {
    const key = s.signup_reason?.trim() || NO_REASON;
    groups.set(key, add(groups.get(key) ?? zero, s));
  }
  const figures = (g: typeof zero) => ({
    customers: g.customers,
    paying: g.paying,
    revenue: centsToNumber(g.net_cents),
    per_customer: g.customers ? centsToNumber(Math.round(g.net_cents / g.customers)) : 0,
    avg_months_active: g.customers ? Math.round((g.months_active / g.customers) * 10) / 10 : 0,
  });
  return {
    totals: figures(sums.reduce(add, zero)),
    by_reason: [...groups.entries()]
      .map(([key, g]) => ({ key, ...figures(g) }))
      .sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key, "es")),
  };
}

export function customerValueBehind(facts: readonly CustomerValueFact[], reason: string) {
  return facts
    .filter((f) => reason === "all" || (f.signup_reason?.trim() || NO_REASON) === reason)
    .map((f) => ({ ...f, net: centsToNumber(f.net_cents) }))
    .sort((a, b) => b.net_cents - a.net_cents || a.customer_id - b.customer_id);
}
