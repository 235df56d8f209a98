/**
 * What the desk and the coach should notice about a person on a class's roster
 * (docs/product-rules.md#roster-flags). Pure: the server reads the facts for a whole class in one
 * query (attendance.repository rosterFactsOf) and this decides which flags show, in which order.
 */

export const ROSTER_FLAGS = [
  "waiver_missing",
  "unpaid_cash",
  "pack_expires_soon",
  "first_visit",
  "birthday",
] as const;
export type RosterFlag = (typeof ROSTER_FLAGS)[number];

/** Short labels for the roster's badges (desk and coach screens share them). */
export const ROSTER_FLAG_LABELS: Record<RosterFlag, string> = {
  waiver_missing: "Sin carta responsiva",
  unpaid_cash: "Pago en efectivo pendiente",
  pack_expires_soon: "Paquete por vencer",
  first_visit: "Primera visita",
  birthday: "Cumpleaños hoy",
};

/** Flags that ask the desk to settle something before class (the rest are for a warm welcome). */
export const ROSTER_FLAGS_TO_SETTLE: ReadonlySet<RosterFlag> = new Set([
  "waiver_missing",
  "unpaid_cash",
  "pack_expires_soon",
]);

export type RosterFacts = {
  /** No attended class before this one. */
  firstVisit: boolean;
  /** A cash order (package bought to pay at the desk) still unpaid, or this seat paid in cash and not confirmed. */
  unpaidCashOrder: boolean;
  /** The credits they book with run out (expire) within PACK_EXPIRY_WARNING_DAYS. */
  packExpiresSoon: boolean;
  birthdayToday: boolean;
  /** undefined: the studio has no waivers (nothing to sign, no flag); true: the current one is unsigned. */
  waiverMissing?: boolean | undefined;
};

/** Days ahead of a pack's expiry the roster starts saying "Paquete por vencer". */
export const PACK_EXPIRY_WARNING_DAYS = 7;

/** The flags for one person, the ones to settle first, in ROSTER_FLAGS order. */
export function rosterFlags(facts: RosterFacts): RosterFlag[] {
  const on: Record<RosterFlag, boolean> = {
    waiver_missing: facts.waiverMissing === true,
    unpaid_cash: facts.unpaidCashOrder,
    pack_expires_soon: facts.packExpiresSoon,
    first_visit: facts.firstVisit,
    birthday: facts.birthdayToday,
  };
  return ROSTER_FLAGS.filter((flag) => on[flag]);
}

/**
 * Whether a birthdate ("YYYY-MM-DD") falls on the studio's day `today` ("YYYY-MM-DD"). People born
 * on 29 February are celebrated on the 28th in years without one.
 */
export function isBirthday(birthdate: string | null | undefined, today: string): boolean {
  if (!birthdate || !/^\d{4}-\d{2}-\d{2}/.test(birthdate)) return false;
  const monthDay = birthdate.slice(5, 10);
  const todayMonthDay = today.slice(5, 10);
  if (monthDay === todayMonthDay) return true;
  const year = Number(today.slice(0, 4));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return monthDay === "02-29" && !leap && todayMonthDay === "02-28";
}

/** Whether credits expiring at `expiresAt` (null: never) run out within the warning days of `now`. */
export function expiresSoon(expiresAt: Date | null, now: Date): boolean {
  if (!expiresAt) return false;
  const left = expiresAt.getTime() - now.getTime();
  return left > 0 && left <= PACK_EXPIRY_WARNING_DAYS * 24 * 3_600_000;
}
