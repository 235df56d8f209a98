/**
 * Revenue report (docs/decisions/0078): money taken less money given back, by package, method,
 * location and studio month, with IVA and before it, IVA by month and rate for the contador, and
 * recurring revenue from subscriptions. A charge counts on the studio day it was paid, a refund on
 * the day the money went back (as the dashboard and the cash close count them,
 * docs/product-rules.md#cash-close). Each amount is split at its own purchase's IVA rate
 * (decision 0032). Integer centavos throughout; pesos with two decimals only on the way out.
 */
import { deskMethodOf } from "../cash-close";
import { effectiveIvaRate, type IvaRate, ivaBreakdown } from "../fiscal/iva";
import { centsToNumber } from "../money";
import { localMonth, monthsOf, type ReportPeriod } from "./period";

export const REVENUE_METHODS = [
  "card",
  "oxxo",
  "spei",
  "paypal",
  "mercadopago",
  "cash",
  "desk_card",
  "transfer",
  "wellhub",
  "totalpass",
  "other",
] as const;
export type RevenueMethod = (typeof REVENUE_METHODS)[number];

export const REVENUE_METHOD_LABELS: Record<RevenueMethod, string> = {
  card: "Tarjeta en línea",
  oxxo: "OXXO",
  spei: "SPEI",
  paypal: "PayPal",
  mercadopago: "Mercado Pago",
  cash: "Efectivo",
  desk_card: "Tarjeta (terminal)",
  transfer: "Transferencia",
  // Visits an aggregator pays the studio for (decision 0104): validated visit × the studio's rate.
  wellhub: "Wellhub",
  totalpass: "TotalPass",
  other: "Otro",
};

/** How a purchase was paid, from its provider, its desk reference and its OXXO/SPEI voucher. */
export function revenueMethodOf(
  provider: string,
  providerRef: string | null,
  voucherMethod: string | null,
): RevenueMethod {
  const desk = deskMethodOf(provider, providerRef);
  if (desk === "cash") return "cash";
  if (desk === "card") return "desk_card";
  if (desk === "transfer") return "transfer";
  if (voucherMethod === "oxxo" || voucherMethod === "spei") return voucherMethod;
  if (provider === "sandbox" || provider === "stripe") return "card";
  if (provider === "paypal" || provider === "mercadopago") return provider;
  return "other";
}

/** A charge paid (+) or a refund made (−): one line of the money behind the report. */
export type RevenueMovement = {
  kind: "charge" | "refund";
  /** invoice_id of a charge, refund_id of a refund. */
  id: number;
  purchase_id: number;
  customer_id: number;
  customer: string;
  at: Date;
  title: string;
  /** Positive centavos, IVA included (what the customer paid or got back). */
  cents: number;
  iva_rate: string | null;
  method: RevenueMethod;
  location: string | null;
  /** A subscription's charge (its first or a renewal). */
  subscription: boolean;
};

export const REVENUE_DIMENSIONS = ["all", "package", "method", "location", "month"] as const;
export type RevenueDimension = (typeof REVENUE_DIMENSIONS)[number];

/** Money that no desk location took (a processor's online charge). */
export const ONLINE = "En línea";

export function revenueKeyOf(m: RevenueMovement, dimension: RevenueDimension, timeZone: string): string {
  switch (dimension) {
    case "all":
      return "all";
    case "package":
      return m.title;
    case "method":
      return m.method;
    case "location":
      return m.location ?? ONLINE;
    case "month":
      return localMonth(m.at, timeZone);
  }
}

type Sums = {
  charged: number;
  refunded: number;
  subtotal: number;
  iva: number;
  charges: number;
  refunds: number;
};

function add(s: Sums, m: RevenueMovement): void {
  const b = ivaBreakdown(m.cents, effectiveIvaRate(m.iva_rate));
  const sign = m.kind === "charge" ? 1 : -1;
  if (m.kind === "charge") {
    s.charged += m.cents;
    s.charges += 1;
  } else {
    s.refunded += m.cents;
    s.refunds += 1;
  }
  s.subtotal += sign * b.subtotal;
  s.iva += sign * b.iva;
}

const empty = (): Sums => ({ charged: 0, refunded: 0, subtotal: 0, iva: 0, charges: 0, refunds: 0 });

export type RevenueFigures = {
  /** Charged, IVA included. */
  charged: number;
  refunded: number;
  /** charged − refunded, IVA included. */
  net: number;
  /** The net before IVA. */
  subtotal: number;
  iva: number;
  charges: number;
  refunds: number;
};

function out(s: Sums): RevenueFigures {
  return {
    charged: centsToNumber(s.charged),
    refunded: centsToNumber(s.refunded),
    net: centsToNumber(s.charged - s.refunded),
    subtotal: centsToNumber(s.subtotal),
    iva: centsToNumber(s.iva),
    charges: s.charges,
    refunds: s.refunds,
  };
}

export function revenueFigures(movements: readonly RevenueMovement[]): RevenueFigures {
  const s = empty();
  for (const m of movements) add(s, m);
  return out(s);
}

export function groupRevenue(
  movements: readonly RevenueMovement[],
  dimension: Exclude<RevenueDimension, "all">,
  timeZone: string,
): (RevenueFigures & { key: string })[] {
  const groups = new Map<string, Sums>();
  for (const m of movements) {
    const key = revenueKeyOf(m, dimension, timeZone);
    const s = groups.get(key) ?? empty();
    add(s, m);
    groups.set(key, s);
  }
  return [...groups.entries()]
    .map(([key, s]) => ({ key, ...out(s), cents: s.charged - s.refunded }))
    .sort((a, b) => b.cents - a.cents || a.key.localeCompare(b.key, "es"))
    .map(({ cents: _c, ...row }) => row);
}

/** Every month of the period, with the months without money as zeros, oldest first. */
export function revenueByMonth(
  movements: readonly RevenueMovement[],
  period: ReportPeriod,
  timeZone: string,
) {
  const known = new Map(groupRevenue(movements, "month", timeZone).map((r) => [r.key, r]));
  return monthsOf(period).map((month) => known.get(month) ?? { key: month, ...out(empty()) });
}

export type IvaLine = { month: string; rate: IvaRate; base: number; iva: number; total: number };

/**
 * IVA by month and rate as the contador declares it: the base (valor de actos) and the IVA
 * trasladado of the month's charges less its refunds, each at its purchase's rate.
 */
export function ivaByMonth(movements: readonly RevenueMovement[], timeZone: string): IvaLine[] {
  const lines = new Map<string, { month: string; rate: IvaRate; base: number; iva: number }>();
  for (const m of movements) {
    const rate = effectiveIvaRate(m.iva_rate);
    const month = localMonth(m.at, timeZone);
    const key = `${month}|${rate}`;
    const line = lines.get(key) ?? { month, rate, base: 0, iva: 0 };
    const b = ivaBreakdown(m.kind === "charge" ? m.cents : -m.cents, rate);
    line.base += b.subtotal;
    line.iva += b.iva;
    lines.set(key, line);
  }
  const order: Record<IvaRate, number> = { "16": 0, "8": 1, "0": 2, exento: 3 };
  return [...lines.values()]
    .sort((a, b) => a.month.localeCompare(b.month) || order[a.rate] - order[b.rate])
    .map((l) => ({
      month: l.month,
      rate: l.rate,
      base: centsToNumber(l.base),
      iva: centsToNumber(l.iva),
      total: centsToNumber(l.base + l.iva),
    }));
}

/** An active subscription: its charge every `interval` `period`s. */
export type SubscriptionFact = {
  purchase_id: number;
  customer_id: number;
  customer: string;
  title: string;
  cents: number;
  period: string | null;
  interval: number | null;
};

/**
 * The monthly equivalent of a subscription's charge in centavos (rounded): a year is 12 months,
 * a day 1/30 of one (a daily plan of 30 days is one month). Unknown periods count as monthly.
 */
export function monthlyEquivalentCents(
  cents: number,
  period: string | null,
  interval: number | null,
): number {
  const n = interval && interval > 0 ? interval : 1;
  if (period === "year") return Math.round(cents / (12 * n));
  if (period === "day") return Math.round((cents * 30) / n);
  return Math.round(cents / n);
}

/** Recurring revenue now (MRR and its year) and what subscriptions charged in the period. */
export function recurringRevenue(
  subscriptions: readonly SubscriptionFact[],
  movements: readonly RevenueMovement[],
) {
  const mrr = subscriptions.reduce(
    (sum, s) => sum + monthlyEquivalentCents(s.cents, s.period, s.interval),
    0,
  );
  return {
    active_subscriptions: subscriptions.length,
    mrr: centsToNumber(mrr),
    arr: centsToNumber(mrr * 12),
    in_period: revenueFigures(movements.filter((m) => m.subscription)),
  };
}

export function revenueReport(
  movements: readonly RevenueMovement[],
  subscriptions: readonly SubscriptionFact[],
  period: ReportPeriod,
  timeZone: string,
) {
  return {
    totals: revenueFigures(movements),
    by_package: groupRevenue(movements, "package", timeZone),
    by_method: groupRevenue(movements, "method", timeZone),
    by_location: groupRevenue(movements, "location", timeZone),
    by_month: revenueByMonth(movements, period, timeZone),
    iva_by_month: ivaByMonth(movements, timeZone),
    recurring: recurringRevenue(subscriptions, movements),
  };
}

/** The charges and refunds behind a figure, oldest first. */
export function movementsBehind(
  movements: readonly RevenueMovement[],
  dimension: RevenueDimension | "recurring",
  key: string,
  timeZone: string,
): RevenueMovement[] {
  return movements
    .filter((m) =>
      dimension === "recurring" ? m.subscription : revenueKeyOf(m, dimension, timeZone) === key,
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
}
