/**
 * Booking rules shared by the server (which enforces them) and the web (which shows them): the
 * studio's local days, the booking window, the cancellation threshold, the reservation display
 * status, the class-card state and the choice of the credit bucket that pays for a seat.
 *
 * Pure: no I/O, no machine time zone. Every "day" and "time of day" is the studio's wall clock
 * (config.timezone), obtained through domain/format.ts's wallClock.
 */
import { DEFAULT_TIMEZONE, wallClock } from "./format";

// ---------------------------------------------------------------------------------------------
// Studio-local days

const pad = (n: number) => String(n).padStart(2, "0");
const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" of an instant on the studio's calendar. */
export function localDay(instant: Date | string, timeZone = DEFAULT_TIMEZONE): string {
  const w = wallClock(instant instanceof Date ? instant : new Date(instant), timeZone);
  if (!w) throw new RangeError("invalid date");
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** "HH:MM" of an instant on the studio's clock. */
export function localTime(instant: Date, timeZone = DEFAULT_TIMEZONE): string {
  const w = wallClock(instant, timeZone);
  if (!w) throw new RangeError("invalid date");
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLocalDay(text: string): boolean {
  const m = DAY_RE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
}

/**
 * The numbers of a "YYYY-MM-DD" day or a "YYYY-MM" month (its day is then 1). The text is the
 * app's own (a route param checked by isValidDay, a state the calendar built), not user input.
 */
export function dayParts(day: string): [year: number, month: number, day: number] {
  const [year = Number.NaN, month = 1, date = 1] = day.split("-").map(Number);
  return [year, month, date];
}

/** Calendar arithmetic on "YYYY-MM-DD" (no zone involved: a day is a day). */
export function addLocalDays(day: string, days: number): string {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`invalid day ${day}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole days from a to b ("2025-03-01" → "2025-03-08" is 7). */
export function daysBetween(a: string, b: string): number {
  const toUtc = (s: string) => {
    const m = DAY_RE.exec(s);
    if (!m) throw new RangeError(`invalid day ${s}`);
    return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  };
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** Monday of the week containing a local day. */
export function mondayOfDay(day: string): string {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`invalid day ${day}`);
  const weekday = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay();
  return addLocalDays(day, -((weekday + 6) % 7));
}

/**
 * The UTC instant of a wall-clock time on a local day in the zone. Two passes settle the DST
 * edge where the offset differs between the first guess and the result.
 */
export function zonedInstant(day: string, time = "00:00", timeZone = DEFAULT_TIMEZONE): Date {
  const m = DAY_RE.exec(day);
  const [h, min] = time.split(":").map(Number);
  if (!m) throw new RangeError(`invalid day ${day}`);
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, min);
  const offset = (at: number) => {
    const w = wallClock(new Date(at), timeZone);
    if (!w) return 0;
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(at / 60_000) * 60_000;
  };
  let instant = guess - offset(guess);
  instant = guess - offset(instant);
  return new Date(instant);
}

/**
 * An instant typed by an administrator: "YYYY-MM-DD" is the end of that day on the studio's clock
 * (a credit "valid until the 30th" is usable all of the 30th), anything else must be an ISO date
 * with time. Null when it is neither.
 */
export function instantFromInput(text: string, timeZone = DEFAULT_TIMEZONE): Date | null {
  const value = text.trim();
  if (isLocalDay(value)) return new Date(zonedInstant(value, "23:59", timeZone).getTime() + 59_999);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "7:00, 18:30" → "07:00,18:30"; null when any entry is not a time of day. */
export function normaliseAllowedTimes(text: string): string | null {
  const times = list(text);
  const out: string[] = [];
  for (const time of times) {
    const m = /^(\d{1,2}):(\d{2})$/.exec(time);
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
    out.push(normTime(time));
  }
  return [...new Set(out)].join(",");
}

// ---------------------------------------------------------------------------------------------
// Booking window (docs/product-rules.md#booking-window)

export type BookingWindow = { hours: number | null; minutes: number | null };

/**
 * Reservar is offered from `hours:minutes` before the class until it starts. With both empty or
 * zero there is no lead limit: any future class may be booked.
 */
export function isInsideBookingWindow(classDate: Date, now: Date, window: BookingWindow): boolean {
  if (classDate.getTime() <= now.getTime()) return false;
  const leadMs = ((window.hours ?? 0) * 60 + (window.minutes ?? 0)) * 60_000;
  if (leadMs <= 0) return true;
  return classDate.getTime() - now.getTime() <= leadMs;
}

// ---------------------------------------------------------------------------------------------
// Cancellation threshold (docs/product-rules.md#cancelling)

export const CANCEL_UNITS = [
  "hours",
  "hour",
  "minutes",
  "minute",
  "seconds",
  "second",
  "days",
  "day",
] as const;
export type CancelUnit = (typeof CANCEL_UNITS)[number];

const UNIT_LABEL: Record<ReturnType<typeof baseUnit>, [string, string]> = {
  hour: ["hora", "horas"],
  minute: ["minuto", "minutos"],
  second: ["segundo", "segundos"],
  day: ["día", "días"],
};

function baseUnit(unit: string): "hour" | "minute" | "second" | "day" {
  const u = unit.replace(/s$/, "");
  return u === "minute" || u === "second" || u === "day" ? u : "hour";
}

/** Spanish unit for the policy sentences: (12, "hours") → "horas", (1, "day") → "día". */
export function cancelUnitLabel(value: number, unit: string): string {
  const [one, many] = UNIT_LABEL[baseUnit(unit)];
  return value === 1 ? one : many;
}

export type CancelPolicy = {
  allow_cancel_reservations: boolean;
  cancel_timeframe_value: number | null;
  cancel_timeframe_unit: string;
  allow_cancel_after_treshold: boolean;
};

/**
 * The last instant at which cancelling still returns the credit. Days are calendar days in the
 * studio's zone (a "1 day" threshold across a DST change is still "same time the day before").
 */
export function cancelDeadline(classDate: Date, policy: CancelPolicy, timeZone = DEFAULT_TIMEZONE): Date {
  const value = Math.max(0, policy.cancel_timeframe_value ?? 0);
  const unit = baseUnit(policy.cancel_timeframe_unit);
  if (unit === "day") {
    return zonedInstant(
      addLocalDays(localDay(classDate, timeZone), -value),
      localTime(classDate, timeZone),
      timeZone,
    );
  }
  const ms = unit === "hour" ? 3_600_000 : unit === "minute" ? 60_000 : 1_000;
  return new Date(classDate.getTime() - value * ms);
}

export type CancelDecision =
  | { allowed: true; refund: boolean }
  | { allowed: false; reason: "disabled" | "started" | "too_late" };

/** Whether a reservation may be cancelled now, and whether its credit goes back. */
export function cancelDecision(
  classDate: Date,
  now: Date,
  policy: CancelPolicy,
  timeZone = DEFAULT_TIMEZONE,
): CancelDecision {
  if (!policy.allow_cancel_reservations) return { allowed: false, reason: "disabled" };
  if (classDate.getTime() <= now.getTime()) return { allowed: false, reason: "started" };
  if (now.getTime() < cancelDeadline(classDate, policy, timeZone).getTime()) {
    return { allowed: true, refund: true };
  }
  return policy.allow_cancel_after_treshold
    ? { allowed: true, refund: false }
    : { allowed: false, reason: "too_late" };
}

/**
 * What a reservation offers about cancelling, the ONE rule behind the calendar card, Mis
 * Reservaciones and the API's `can_cancel` (decision 0020). 'Cancelar' is offered on every
 * reservation of a class that has not started while the studio allows cancelling at all, also
 * inside the window when cancelling there is refused: the 'Cancelar Clase' modal then explains
 * why, with the time left, instead of the button vanishing or sitting disabled.
 */
export type CancelOption =
  | { offered: false; reason: "cancelled" | "disabled" | "started" }
  | { offered: true; allowed: true; refund: boolean; remainingMs: number }
  | { offered: true; allowed: false; reason: "too_late"; remainingMs: number };

export function cancelOption(
  reservation: { deletedAt: Date | string | null },
  classDate: Date | string,
  now: Date,
  policy: CancelPolicy,
  timeZone = DEFAULT_TIMEZONE,
): CancelOption {
  if (reservation.deletedAt) return { offered: false, reason: "cancelled" };
  const date = new Date(classDate);
  const decision = cancelDecision(date, now, policy, timeZone);
  const remainingMs = date.getTime() - now.getTime();
  if (decision.allowed) return { offered: true, allowed: true, refund: decision.refund, remainingMs };
  if (decision.reason === "too_late")
    return { offered: true, allowed: false, reason: "too_late", remainingMs };
  return { offered: false, reason: decision.reason };
}

/**
 * Whether a reservation's spot (and its guest's name and spot) may still be changed: until the
 * cancellation threshold, the same line that decides whether a seat can be given back. After it
 * the studio has planned the room around the booking. "transferable but not cancelable" studios
 * (cancelling off) still allow changes before the threshold: moving is not cancelling.
 */
export function changeDecision(
  classDate: Date,
  now: Date,
  policy: CancelPolicy,
  timeZone = DEFAULT_TIMEZONE,
): { allowed: true } | { allowed: false; reason: "started" | "too_late" } {
  if (classDate.getTime() <= now.getTime()) return { allowed: false, reason: "started" };
  if (now.getTime() >= cancelDeadline(classDate, policy, timeZone).getTime()) {
    return { allowed: false, reason: "too_late" };
  }
  return { allowed: true };
}

/**
 * Time left before a class in words, rounded down to what a person reads: "2 días y 3 horas",
 * "5 horas y 20 minutos", "12 minutos", "menos de un minuto".
 */
export function timeLeftLabel(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "menos de un minuto";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const part = (n: number, unit: "day" | "hour" | "minute") => `${n} ${cancelUnitLabel(n, unit)}`;
  const parts =
    days > 0
      ? [part(days, "day"), hours > 0 ? part(hours, "hour") : null]
      : hours > 0
        ? [part(hours, "hour"), mins > 0 ? part(mins, "minute") : null]
        : [part(mins, "minute")];
  return parts.filter(Boolean).join(" y ");
}

// ---------------------------------------------------------------------------------------------
// Reservation display status (docs/product-rules.md#reservation-status, evaluated in order)

export type ReservationStatus = "cancelled" | "cash_unpaid" | "no_show" | "success" | "upcoming";

export const RESERVATION_STATUS_LABEL: Record<ReservationStatus, string> = {
  cancelled: "Cancelada",
  cash_unpaid: "Pago pendiente",
  no_show: "No Asisti",
  success: "Exitosa",
  upcoming: "Proxima",
};

export function reservationStatus(
  r: { deletedAt: Date | string | null; is_cash: boolean; is_paid: boolean; attend: boolean },
  classDate: Date | string,
  now: Date,
): ReservationStatus {
  if (r.deletedAt) return "cancelled";
  if (r.is_cash && !r.is_paid) return "cash_unpaid";
  if (!r.attend && new Date(classDate).getTime() < now.getTime()) return "no_show";
  if (r.attend) return "success";
  return "upcoming";
}

/** Rating is offered for Exitosa reservations not yet rated, while ratings are on. */
export function canRate(
  status: ReservationStatus,
  classStars: number | null,
  ratingEnabled: boolean,
): boolean {
  return ratingEnabled && status === "success" && classStars === null;
}

export const RESERVATION_FILTERS = ["all", "upcoming", "past", "cancelled"] as const;
export type ReservationFilter = (typeof RESERVATION_FILTERS)[number];

// ---------------------------------------------------------------------------------------------
// Class card state (docs/product-rules.md#class-card)

export type ClassCardState = "package" | "reserved" | "full" | "bookable" | "closed" | "past";

/**
 * What a class card offers. A class tied to a package is bought, not booked; my own reservation
 * wins over "full" (I must be able to cancel a seat in a full class); capacity null counts as full.
 * A class that has started is "past" (marked as such, nothing to do), unless it is mine.
 */
export function classCardState(
  c: {
    class_date: Date | string;
    capacity: number | null;
    reserved: number;
    class_package_id: number | null;
  },
  mine: boolean,
  now: Date,
  window: BookingWindow,
): ClassCardState {
  if (mine) return "reserved";
  if (new Date(c.class_date).getTime() <= now.getTime()) return "past";
  if (c.class_package_id !== null) return "package";
  if (seatsLeft(c.capacity, c.reserved) <= 0) return "full";
  return isInsideBookingWindow(new Date(c.class_date), now, window) ? "bookable" : "closed";
}

/** Seats left; a null capacity is a full class. */
export function seatsLeft(capacity: number | null, reserved: number): number {
  if (capacity === null || capacity === undefined) return 0;
  return Math.max(0, capacity - reserved);
}

// ---------------------------------------------------------------------------------------------
// Credit bucket choice (docs/product-rules.md#credits)

export type CreditBucket = {
  available_class_id: number;
  class_type_id: number | null;
  /** Comma list of class type ids; null = any. */
  class_types: string | null;
  /** Comma list of "HH:MM" start times; null = any. */
  allowed_times: string | null;
  /** -1 = unlimited. */
  available_classes: number;
  expiration_date: Date | string | null;
};

const list = (text: string | null) =>
  (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** "7:00" and "07:00" are the same time. */
const normTime = (t: string) => {
  const [h, m = "0"] = t.split(":");
  return `${pad(Number(h))}:${pad(Number(m))}`;
};

/** Whether a bucket may pay for a class of this type starting at this local time. */
export function bucketMatches(
  bucket: CreditBucket,
  c: { class_type_id: number; class_date: Date },
  timeZone = DEFAULT_TIMEZONE,
): boolean {
  if (bucket.available_classes === 0 || bucket.available_classes < -1) return false;
  if (bucket.expiration_date && new Date(bucket.expiration_date).getTime() < c.class_date.getTime())
    return false;
  if (bucket.class_type_id !== null && bucket.class_type_id !== c.class_type_id) return false;
  const types = list(bucket.class_types);
  if (types.length > 0 && !types.includes(String(c.class_type_id))) return false;
  const times = list(bucket.allowed_times).map(normTime);
  if (times.length > 0 && !times.includes(localTime(c.class_date, timeZone))) return false;
  return true;
}

/**
 * The bucket that pays: among the matching ones, the one that expires first (never-expiring
 * last), then the oldest. Returns null when none can pay.
 */
export function chooseBucket<B extends CreditBucket>(
  buckets: B[],
  c: { class_type_id: number; class_date: Date },
  timeZone = DEFAULT_TIMEZONE,
): B | null {
  const expiry = (b: B) =>
    b.expiration_date ? new Date(b.expiration_date).getTime() : Number.POSITIVE_INFINITY;
  const candidates = buckets
    .filter((b) => bucketMatches(b, c, timeZone))
    .sort((a, b) => expiry(a) - expiry(b) || a.available_class_id - b.available_class_id);
  return candidates[0] ?? null;
}

/** An unlimited membership on the customer covers a class up to its expiry (none = open-ended). */
export function hasUnlimitedMembership(
  customer: { has_unlimited: boolean; unlimited_membership_expiration: Date | string | null },
  at: Date,
): boolean {
  if (!customer.has_unlimited) return false;
  const until = customer.unlimited_membership_expiration;
  return until === null || new Date(until).getTime() >= at.getTime();
}
