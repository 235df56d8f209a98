import { type DateInput, DEFAULT_TIMEZONE, formatDate, wallClock } from "./format";
import type { MessageKey } from "./messages";

/**
 * Billing rules shared by the server (renewals, checkout) and the web (Mis Compras, checkout
 * summary): subscription periods in the studio's time zone, purchase status texts
 * (docs/product-rules.md#purchases-and-subscriptions), free trials, card brands and decline codes.
 */

export const SUBSCRIPTION_PERIODS = ["day", "month", "year"] as const;
export type SubscriptionPeriod = (typeof SUBSCRIPTION_PERIODS)[number];

const pad = (n: number) => String(n).padStart(2, "0");

/** The UTC instant of a wall-clock time in a zone (two passes settle DST jumps). */
export function zonedInstant(
  parts: { year: number; month: number; day: number; hour: number; minute: number; second?: number },
  timeZone: string = DEFAULT_TIMEZONE,
): Date {
  const target = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second ?? 0,
  );
  let guess = target;
  for (let i = 0; i < 2; i++) {
    const c = wallClock(new Date(guess), timeZone);
    if (!c) break;
    const seen = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, parts.second ?? 0);
    guess += target - seen;
  }
  return new Date(guess);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * `from` plus `interval` periods, on the studio's calendar: Jan 31 + 1 month is Feb 28/29 (the
 * end of the shorter month), and the wall-clock time stays the same across DST changes.
 */
export function addPeriod(
  from: DateInput,
  interval: number,
  period: SubscriptionPeriod | string,
  timeZone: string = DEFAULT_TIMEZONE,
): Date {
  const start = new Date(from);
  const c = wallClock(start, timeZone);
  if (!c) throw new RangeError("Invalid date");
  const seconds = start.getUTCSeconds();
  if (period === "day") {
    const d = new Date(Date.UTC(c.year, c.month - 1, c.day + interval));
    return zonedInstant(
      {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: c.hour,
        minute: c.minute,
        second: seconds,
      },
      timeZone,
    );
  }
  const months = period === "year" ? interval * 12 : interval;
  const index = c.year * 12 + (c.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(c.day, daysInMonth(year, month));
  return zonedInstant({ year, month, day, hour: c.hour, minute: c.minute, second: seconds }, timeZone);
}

export type BillingPurchase = {
  status: string;
  createdAt: DateInput;
  updatedAt?: DateInput | null;
  cancelledAt?: DateInput | null;
  subscription_id?: string | null;
  subscription_interval?: number | null;
  subscription_period?: string | null;
  free_trial_length?: number | null;
  free_trial_period?: string | null;
  next_billing_date?: DateInput | null;
  renewal_failures?: number | null;
  renewal_retry_at?: DateInput | null;
};

/** End of a purchase's free trial, or null when it has none. */
export function freeTrialEnd(p: BillingPurchase, timeZone?: string): Date | null {
  if (!p.free_trial_length || !p.free_trial_period) return null;
  return addPeriod(p.createdAt, p.free_trial_length, p.free_trial_period, timeZone);
}

/**
 * docs/product-rules.md#purchases-and-subscriptions: only active purchases show a next charge; a
 * free trial that ends in the future shows its end; otherwise the next date of the series creation
 * + k × interval periods (the creation day of month), or the date the server scheduled when it has
 * one.
 */
export function nextBillingDate(p: BillingPurchase, now: Date = new Date(), timeZone?: string): Date | null {
  if (p.status !== "active") return null;
  const trialEnd = freeTrialEnd(p, timeZone);
  if (trialEnd && trialEnd > now) return trialEnd;
  if (p.next_billing_date) return new Date(p.next_billing_date);
  if (!p.subscription_interval || !p.subscription_period) return null;
  for (let k = 1; k < 10_000; k++) {
    const date = addPeriod(p.createdAt, k * p.subscription_interval, p.subscription_period, timeZone);
    if (date > now) return date;
  }
  return null;
}

const STATUS_TEXTS: Record<string, string> = {
  active: "Activa",
  completed: "Completada",
  pending: "Pendiente",
  failed: "Fallido",
  revoked: "Revocada",
};

/**
 * docs/product-rules.md#purchases-and-subscriptions: 'Activa', …, 'Cancelada el {date}'
 * (cancelledAt, else updatedAt).
 */
export function purchaseStatusText(p: BillingPurchase, timeZone?: string): string {
  if (p.status === "cancelled") {
    return `Cancelada el ${formatDate(p.cancelledAt ?? p.updatedAt ?? p.createdAt, timeZone)}`;
  }
  // Dunning (decision 0128): the customer's account and the desk's record both say it.
  if (p.status === "active" && (p.renewal_failures ?? 0) > 0) {
    return p.renewal_retry_at
      ? `Cobro fallido · nuevo intento el ${formatDate(p.renewal_retry_at, timeZone)}`
      : "Cobro fallido";
  }
  return STATUS_TEXTS[p.status] ?? p.status;
}

/**
 * Whether Mis Compras offers 'Cancelar suscripción'
 * (docs/product-rules.md#purchases-and-subscriptions).
 */
export function canCancelSubscription(p: BillingPurchase): boolean {
  return Boolean(p.subscription_id) && p.status === "active";
}

/** Checkout summary of a free trial: next charge today + trial, 0 MXN now. */
export function trialCheckoutSummary(
  pkg: { free_trial_length?: number | null; free_trial_period?: string | null },
  now: Date = new Date(),
  timeZone?: string,
): { next_charge: Date; paid_now: number } | null {
  if (!pkg.free_trial_length || !pkg.free_trial_period) return null;
  return { next_charge: addPeriod(now, pkg.free_trial_length, pkg.free_trial_period, timeZone), paid_now: 0 };
}

export type CardBrand = "amex" | "visa" | "mastercard";

/** docs/product-rules.md#cards: 3 amex, 4 visa, anything else mastercard. */
export function cardBrand(number: string): CardBrand {
  const first = number.replace(/\D/g, "")[0];
  if (first === "3") return "amex";
  if (first === "4") return "visa";
  return "mastercard";
}

/**
 * docs/product-rules.md#cards: expiry "MM/YYYY" → month from the first two characters, year from
 * the sixth.
 */
export function parseExpiry(text: string): { month: number; year: number } | null {
  // MM/AA and MM/AAAA, with or without the slash and spaces ("12/30", "12 / 2030", "1230"): the
  // card field turns "1230" into "12/30", which must then be accepted (decision 0052).
  const match = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Whether a card's expiry month is over (it is valid through its last day). */
export function expiryPast(exp: { month: number; year: number }, now = new Date()): boolean {
  return (
    exp.year < now.getUTCFullYear() ||
    (exp.year === now.getUTCFullYear() && exp.month < now.getUTCMonth() + 1)
  );
}

export const DECLINE_CODES = [
  "insufficient_funds",
  "card_declined",
  "lost_card",
  "stolen_card",
  "expired_card",
  "incorrect_cvc",
  "incorrect_number",
  "processing_error",
] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** docs/product-rules.md#cards: the Spanish message for a card decline code. */
export function declineMessageKey(code: string): MessageKey {
  switch (code) {
    case "insufficient_funds":
    case "card_declined":
      return "cardInsufficientFunds";
    case "lost_card":
    case "stolen_card":
      return "cardLostOrStolen";
    case "expired_card":
      return "cardExpired";
    case "incorrect_cvc":
      return "cardIncorrectCvc";
    case "incorrect_number":
      return "cardIncorrectNumber";
    case "fraudulent":
      return "processorRejected";
    default:
      return "cardDeclinedByBank";
  }
}

/** "12/2027" */
export function formatExpiry(month: number, year: number): string {
  return `${pad(month)}/${year}`;
}
