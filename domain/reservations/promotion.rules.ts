import type { AppConfig } from "../app-config";

/**
 * Promotion from a class's waitlist when a seat frees, decided apart from executed
 * (docs/decisions/0083; the rules in docs/product-rules.md#waitlists). The service locks the
 * class, counts its seats and reads the line; these functions answer whether the line moves, for
 * how long an offer holds, and what a booking refusal means for the person in line. Booking the
 * seat itself is the booking decision's (domain/reservations/booking.rules.ts).
 */

export type PromotionConfig = Pick<
  AppConfig,
  "waitlist_enabled" | "waitlist_mode" | "waitlist_cutoff_minutes" | "waitlist_offer_minutes"
>;

export type PromotionClass = {
  class_date: Date;
  capacity: number | null;
  class_package_id: number | null;
  cancelledAt: Date | null;
};

/** Inside waitlist_cutoff_minutes before the class nobody is promoted or offered a seat. */
export function insideCutoff(
  classDate: Date,
  now: Date,
  config: Pick<PromotionConfig, "waitlist_cutoff_minutes">,
): boolean {
  const minutes = config.waitlist_cutoff_minutes ?? 0;
  return classDate.getTime() - now.getTime() < minutes * 60_000;
}

/** Why the line of a class does not move now, or null when it may (it has a free seat). */
export type LineClosed = "NOT_FOUND" | "CANCELLED" | "PACKAGE" | "CUTOFF" | "FULL";

/**
 * Whether the line moves: the class exists, is not cancelled nor a package's, is outside the
 * cutoff, and has a free seat (`seatsTaken`, counted under the class lock; a null capacity is full).
 */
export function lineClosed(
  klass: PromotionClass | null,
  seatsTaken: number | null,
  now: Date,
  config: Pick<PromotionConfig, "waitlist_cutoff_minutes">,
): LineClosed | null {
  if (!klass) return "NOT_FOUND";
  if (klass.cancelledAt !== null) return "CANCELLED";
  if (klass.class_package_id !== null) return "PACKAGE";
  if (insideCutoff(klass.class_date, now, config)) return "CUTOFF";
  if (klass.capacity === null || (seatsTaken !== null && seatsTaken >= klass.capacity)) return "FULL";
  return null;
}

/** An offer holds waitlist_offer_minutes (30 when unset), never past the cutoff. */
export function offerExpiry(
  classDate: Date,
  now: Date,
  config: Pick<PromotionConfig, "waitlist_offer_minutes" | "waitlist_cutoff_minutes">,
): Date {
  const minutes = config.waitlist_offer_minutes ?? 30;
  const cutoff = classDate.getTime() - (config.waitlist_cutoff_minutes ?? 0) * 60_000;
  return new Date(Math.min(now.getTime() + minutes * 60_000, cutoff));
}

/** Refusals of the booking that mean "this person cannot take it now, try the next". */
const PERSONAL_REASONS = new Set([
  "NO_CREDITS",
  "PENALTY_ACTIVE",
  "PROFILE_INCOMPLETE",
  "PAGES_PENDING",
  "ALREADY_BOOKED",
]);

/**
 * What a refused booking of the person in line means (auto mode):
 * - `skip`: about them (credits, penalty, profile, pages): they stay in line, the next is tried;
 * - `leave`: they booked the class themselves: their entry has done its job, the next is tried;
 * - `stop`: about the class (sold out, window, cancelled...): nobody else is tried this round;
 * - `fail`: not a refusal (a 5xx): the promotion fails and is retried by a job.
 */
export function afterPromotionRefused(refusal: {
  code: string;
  status: number;
}): "skip" | "leave" | "stop" | "fail" {
  if (refusal.code === "ALREADY_BOOKED") return "leave";
  if (PERSONAL_REASONS.has(refusal.code)) return "skip";
  return refusal.status < 500 ? "stop" : "fail";
}

/** Passed over people told by email why: not for an overlap (they chose the other class) nor a seat they hold. */
export function toldWhySkipped(reason: string): boolean {
  return reason !== "OVERLAP" && reason !== "ALREADY_BOOKED";
}
