import type { MessageKey } from "./messages";

/**
 * Corporate wellness aggregators (Wellhub, formerly Gympass, and TotalPass): the pure rules of
 * their seats, bookings, visits and payout (docs/product-rules.md#aggregators, decisions 0102 to
 * 0104). No I/O: the server reads the facts and writes what these answer.
 */

export const AGGREGATORS = ["wellhub", "totalpass"] as const;
export type Aggregator = (typeof AGGREGATORS)[number];

export const AGGREGATOR_NAMES: Record<Aggregator, string> = { wellhub: "Wellhub", totalpass: "TotalPass" };

export function isAggregator(value: string): value is Aggregator {
  return (AGGREGATORS as readonly string[]).includes(value);
}

/**
 * What each aggregator's partner documentation fixes (decision 0102): how long the studio has to
 * answer a booking request (Wellhub drops one not answered within 15 minutes), how long after a
 * check-in the visit can still be validated, and whether a late cancellation is reported apart.
 */
export type AggregatorPolicy = {
  acceptanceMinutes: number;
  validationMinutes: number;
  /** A cancellation this close to the class (minutes) counts as late when the aggregator does not say. */
  lateCancelMinutes: number;
};

export const AGGREGATOR_POLICIES: Record<Aggregator, AggregatorPolicy> = {
  // Wellhub FAQ: a booking not answered (PATCH) within 15 minutes is rejected by Wellhub.
  wellhub: { acceptanceMinutes: 15, validationMinutes: 30, lateCancelMinutes: 120 },
  // TotalPass: a check-in's expires_at is 90 minutes after started_at in its documented payload.
  totalpass: { acceptanceMinutes: 15, validationMinutes: 90, lateCancelMinutes: 120 },
};

/** The studio's settings for one aggregator, as the rules need them. */
export type AggregatorTerms = {
  enabled: boolean;
  /** Class types this aggregator may sell; empty: none. */
  class_type_ids: number[];
  /** Seats of each class this aggregator may take at most. */
  seats_per_class: number;
};

export type AggregatorClassFacts = {
  capacity: number | null;
  seats_taken: number;
  class_type_id: number;
  class_date: Date;
  cancelledAt: Date | null;
};

/** Why a booking request is refused, in the order the studio checks (docs/product-rules.md#aggregator-bookings). */
export const REFUSAL_REASONS = [
  "not_enabled",
  "class_not_found",
  "class_cancelled",
  "class_started",
  "already_booked",
  "class_type_not_offered",
  "deadline_passed",
  "class_full",
  "aggregator_cap_full",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The Spanish reason sent back with a refusal and shown in the back office (domain/messages.ts). */
export const REFUSAL_MESSAGES: Record<RefusalReason, MessageKey> = {
  not_enabled: "aggregatorRefusedNotEnabled",
  class_not_found: "aggregatorRefusedClassNotFound",
  class_cancelled: "aggregatorRefusedClassCancelled",
  class_started: "aggregatorRefusedClassStarted",
  already_booked: "aggregatorRefusedAlreadyBooked",
  class_type_not_offered: "aggregatorRefusedTypeNotOffered",
  deadline_passed: "aggregatorRefusedDeadlinePassed",
  class_full: "aggregatorRefusedClassFull",
  aggregator_cap_full: "aggregatorRefusedCapFull",
};

export type BookingAnswer = { accept: true } | { accept: false; reason: RefusalReason };

/** The moment by which a booking requested at `requestedAt` must be answered. */
export function acceptanceDeadline(aggregator: Aggregator, requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + AGGREGATOR_POLICIES[aggregator].acceptanceMinutes * 60_000);
}

/**
 * Accept or refuse a booking request, decided under the class's lock: the class must exist, be
 * on and not started, of a type the studio offers there, answered in time, with a seat free in
 * the class and one free in this aggregator's share of it.
 */
export function decideAggregatorBooking(input: {
  aggregator: Aggregator;
  terms: AggregatorTerms | null;
  klass: AggregatorClassFacts | null;
  /** Active seats this aggregator already holds in the class. */
  aggregatorSeats: number;
  requestedAt: Date;
  now: Date;
}): BookingAnswer {
  const { terms, klass, now } = input;
  const refuse = (reason: RefusalReason): BookingAnswer => ({ accept: false, reason });
  if (!terms?.enabled) return refuse("not_enabled");
  if (!klass) return refuse("class_not_found");
  if (klass.cancelledAt) return refuse("class_cancelled");
  if (klass.class_date.getTime() <= now.getTime()) return refuse("class_started");
  if (!terms.class_type_ids.includes(klass.class_type_id)) return refuse("class_type_not_offered");
  if (now.getTime() > acceptanceDeadline(input.aggregator, input.requestedAt).getTime())
    return refuse("deadline_passed");
  if (classSeatsLeft(klass) <= 0) return refuse("class_full");
  if (input.aggregatorSeats >= terms.seats_per_class) return refuse("aggregator_cap_full");
  return { accept: true };
}

export function classSeatsLeft(klass: Pick<AggregatorClassFacts, "capacity" | "seats_taken">): number {
  return klass.capacity === null ? 0 : Math.max(0, klass.capacity - klass.seats_taken);
}

/**
 * The seats published to an aggregator for a class: its share left, never more than the class
 * has free (direct bookings fill the same seats), none for a class cancelled, started or of a
 * type not offered there.
 */
export function seatsToPublish(
  terms: AggregatorTerms,
  klass: AggregatorClassFacts,
  aggregatorSeats: number,
  now: Date,
): number {
  if (!terms.enabled || klass.cancelledAt || klass.class_date.getTime() <= now.getTime()) return 0;
  if (!terms.class_type_ids.includes(klass.class_type_id)) return 0;
  return Math.max(0, Math.min(terms.seats_per_class - aggregatorSeats, classSeatsLeft(klass)));
}

/** Whether a class is offered on the aggregator at all (visible there), cancelled ones hidden. */
export function offeredOn(terms: AggregatorTerms, klass: AggregatorClassFacts): boolean {
  return terms.enabled && !klass.cancelledAt && terms.class_type_ids.includes(klass.class_type_id);
}

/** A booking's states (docs/product-rules.md#aggregator-bookings). */
export const BOOKING_STATUSES = [
  "accepted",
  "refused",
  "cancelled",
  "late_cancelled",
  "studio_cancelled",
  "attended",
  "no_show",
] as const;
export type AggregatorBookingStatus = (typeof BOOKING_STATUSES)[number];

/** Validation of an attended visit with the aggregator (what pays the studio). */
export const VALIDATION_STATUSES = ["none", "pending", "validated", "failed", "expired"] as const;
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number];

/**
 * An aggregator's cancellation: late when the aggregator says so (Wellhub's booking-late-canceled)
 * or, when it does not, when it arrives within the policy's window before the class.
 */
export function cancellationKind(
  aggregator: Aggregator,
  classDate: Date,
  cancelledAt: Date,
  saidLate: boolean | null,
): "cancelled" | "late_cancelled" {
  if (saidLate !== null) return saidLate ? "late_cancelled" : "cancelled";
  const window = AGGREGATOR_POLICIES[aggregator].lateCancelMinutes * 60_000;
  return classDate.getTime() - cancelledAt.getTime() < window ? "late_cancelled" : "cancelled";
}

/**
 * Deliveries repeat and arrive out of order: an event applies once (its id is remembered) and
 * only when it is newer than the last one applied to the same booking; an older one is recorded
 * and ignored. A booking's request that arrives after its cancellation is therefore ignored too.
 */
export function isNewerEvent(lastAppliedAt: Date | null, eventAt: Date): boolean {
  return lastAppliedAt === null || eventAt.getTime() > lastAppliedAt.getTime();
}

/** When the validation window of a visit checked in at `checkedInAt` closes. */
export function validationDeadline(aggregator: Aggregator, checkedInAt: Date): Date {
  return new Date(checkedInAt.getTime() + AGGREGATOR_POLICIES[aggregator].validationMinutes * 60_000);
}

/** A visit still to validate: tried again while its window is open, expired after. */
export function validationState(aggregator: Aggregator, checkedInAt: Date, now: Date): "open" | "expired" {
  return now.getTime() <= validationDeadline(aggregator, checkedInAt).getTime() ? "open" : "expired";
}

export type ReconciliationVisit = {
  status: AggregatorBookingStatus;
  validation: ValidationStatus;
};

export type ReconciliationLine = {
  aggregator: Aggregator;
  bookings: number;
  validated: number;
  /** Attended but not validated (failed or expired): not paid. */
  unvalidated: number;
  refused: number;
  no_show: number;
  cancelled: number;
  rate_cents: number;
  expected_payout_cents: number;
};

/**
 * The month's line of one aggregator: what was booked, validated, refused and missed, and the
 * expected payout: validated visits times the studio's rate per visit (integer centavos; only a
 * validated visit is paid, decision 0104).
 */
export function reconcile(
  aggregator: Aggregator,
  visits: readonly ReconciliationVisit[],
  rateCents: number,
): ReconciliationLine {
  const count = (test: (v: ReconciliationVisit) => boolean) => visits.filter(test).length;
  const validated = count((v) => v.validation === "validated");
  return {
    aggregator,
    bookings: visits.length,
    validated,
    unvalidated: count((v) => v.status === "attended" && v.validation !== "validated"),
    refused: count((v) => v.status === "refused"),
    no_show: count((v) => v.status === "no_show"),
    cancelled: count((v) => ["cancelled", "late_cancelled", "studio_cancelled"].includes(v.status)),
    rate_cents: rateCents,
    expected_payout_cents: payoutCents(validated, rateCents),
  };
}

export function payoutCents(validatedVisits: number, rateCents: number): number {
  return validatedVisits * rateCents;
}

/** "2026-11" → the month's first instant and the next month's, in UTC offsets of the studio's zone given. */
export function monthBounds(month: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const m = Number(match[2]);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** How old a signed delivery may be (its own time): an older one is a replay and is not applied. */
export const DELIVERY_MAX_AGE_MINUTES = 60;
/** Clocks differ: a delivery may claim a time this far ahead. */
export const DELIVERY_MAX_SKEW_MINUTES = 5;

export function deliveryExpired(occurredAt: Date, now: Date): boolean {
  const age = now.getTime() - occurredAt.getTime();
  return age > DELIVERY_MAX_AGE_MINUTES * 60_000 || -age > DELIVERY_MAX_SKEW_MINUTES * 60_000;
}
