import type { AppConfig } from "../app-config";
import { type CreditBucket, chooseBucket, hasUnlimitedMembership, isInsideBookingWindow } from "../booking";
import { formatDate } from "../format";
import { type Decision, type Refusal, refuse } from "../refusal";
import { selectableSpots, spotGridFor } from "../spot-map";

/** A class type's spot map as stored (the built-in name or the studio's own grid). */
export type SpotMapSource = NonNullable<Parameters<typeof spotGridFor>[0]>;

/**
 * Booking, decided apart from executed (docs/decisions/0083): the service reads a snapshot (the
 * account, the class, the customer, a freeze, the spot map, the credit buckets) without locks,
 * `decideBooking` answers what to write or why not, and the service writes it with the one
 * locking statement (takeSeat, decision 0033). The refusals come in the order a customer should
 * hear them (docs/product-rules.md#booking-window, #credits): first what is about them, then the class, then the
 * seats, the spots and the credits.
 */

export type BookingRequest = {
  single_class_id: number;
  spot?: string | null;
  /** Guest's name: a second seat linked to this one. */
  guest?: string | null;
  guest_spot?: string | null;
};

/**
 * The studio's front desk may book past the rules a customer's own booking must follow: an
 * incomplete profile or unsigned pages, an active no-show penalty, a frozen membership and how far
 * ahead bookings open. Seats, spots, credits, duplicates and classes already started or cancelled
 * still hold.
 */
export type BookingRules = { overrideRules?: boolean };

export type BookingConfig = Pick<
  AppConfig,
  | "unlimited_membership_penalties_enabled"
  | "reservation_timeframe_hours"
  | "reservation_timeframe_minutes"
  | "allow_class_guests"
  | "spotmap_enabled"
  | "timezone"
>;

export type BookingClassFacts = {
  single_class_id: number;
  class_date: Date;
  capacity: number | null;
  seats_taken: number;
  class_type_id: number;
  class_package_id: number | null;
  cancelledAt: Date | null;
};

export type BookingCustomerFacts = {
  has_unlimited: boolean;
  unlimited_membership_expiration: Date | null;
  /** Whether they hold their own seat in the class already. */
  holds_seat: boolean;
  /** Spots taken in the class by anyone. */
  spots_taken: string[];
  penalty_no_shows: number | null;
  penalty_end_date: Date | null;
};

/** What a booking is decided on, read without locks. A part not read (see `bookingReads`) is null. */
export type BookingSnapshot<B extends CreditBucket = CreditBucket> = {
  /** Empty when the desk books past the rules (not read). */
  account: {
    missingFields: string[];
    pendingPages: { page_id: number; title: string }[];
    /** The carta responsiva still to sign when the studio blocks without it (decision 0099). */
    waiver?: "missing" | "outdated" | null;
  };
  klass: BookingClassFacts | null;
  customer: BookingCustomerFacts | null;
  /** The customer's membership freeze covering the class's start, if any. */
  frozen: { starts_at: Date; ends_at: Date } | null;
  /** The class type's spot map; null when not read (no spot to check) or the class type has none. */
  spotMap: SpotMapSource | null;
  /** The customer's credit buckets; null when not read (an unlimited membership pays). */
  buckets: B[] | null;
};

export type Payment = { paid_with: "credit" | "unlimited"; available_class_id: number | null };

export type BookingAccepted<B extends CreditBucket> = {
  /** Seats to take: 1, or 2 with a guest. */
  seats: number;
  spots: { host: string | null; guest: string | null };
  /** One per seat, the host's first. */
  payments: Payment[];
  /** The buckets to take one credit from per seat (spent with the host's row). */
  spend: B[];
};

/**
 * Which parts of the snapshot the decision needs beyond the account, the class and the customer:
 * reading only those keeps a booking at its statement budget (statement-counts.test.ts).
 */
export function bookingReads(
  request: BookingRequest,
  config: Pick<BookingConfig, "spotmap_enabled">,
  found: { klass: BookingClassFacts | null; customer: BookingCustomerFacts | null },
  now: Date,
  { overrideRules = false }: BookingRules = {},
): { frozen: boolean; spotMap: boolean; buckets: boolean } {
  const both = found.klass !== null && found.customer !== null;
  return {
    frozen: both && !overrideRules,
    spotMap: both && config.spotmap_enabled && spotsToCheck(request, Boolean(request.guest)),
    // A membership is judged at booking time: renewals extend it, unlike a package's expiry.
    buckets: both && !hasUnlimitedMembership(found.customer as BookingCustomerFacts, now),
  };
}

export function decideBooking<B extends CreditBucket>(
  snapshot: BookingSnapshot<B>,
  request: BookingRequest,
  config: BookingConfig,
  now: Date,
  { overrideRules = false }: BookingRules = {},
): Decision<BookingAccepted<B>> {
  const { missingFields, pendingPages } = snapshot.account;
  if (!overrideRules && missingFields.length > 0) {
    return refuse("PROFILE_INCOMPLETE", { details: { missing_fields: missingFields } });
  }
  const [firstPending] = pendingPages;
  if (!overrideRules && firstPending) {
    return refuse("PAGES_PENDING", {
      params: { page: firstPending.title },
      details: { pages: pendingPages },
    });
  }
  const { waiver } = snapshot.account;
  if (!overrideRules && waiver) {
    return refuse("WAIVER_REQUIRED", waiver === "outdated" ? { message: "waiverOutdated" } : {});
  }
  const { klass, customer } = snapshot;
  if (!klass) return refuse("CLASS_NOT_FOUND");
  if (!customer) return refuse("NOT_FOUND");
  if (!overrideRules && config.unlimited_membership_penalties_enabled && customer.penalty_end_date) {
    return refuse("PENALTY_ACTIVE", {
      details: { no_shows: customer.penalty_no_shows, end_date: customer.penalty_end_date.toISOString() },
    });
  }
  // A frozen membership books nothing while frozen (docs/product-rules.md#purchases-and-subscriptions).
  if (!overrideRules && snapshot.frozen)
    return { ok: false, refusal: frozenRefusal(snapshot.frozen, config.timezone) };
  if (klass.cancelledAt) return refuse("CLASS_CANCELLED");
  if (klass.class_package_id !== null) return refuse("NEEDS_PACKAGE");
  const window = overrideRules
    ? { hours: null, minutes: null } // still refuses a class that has started
    : { hours: config.reservation_timeframe_hours, minutes: config.reservation_timeframe_minutes };
  if (!isInsideBookingWindow(klass.class_date, now, window)) return refuse("OUTSIDE_BOOKING_WINDOW");
  const withGuest = Boolean(request.guest);
  if (withGuest && !config.allow_class_guests) return refuse("GUESTS_NOT_ALLOWED");
  if (customer.holds_seat) return refuse("ALREADY_BOOKED");
  const seats = withGuest ? 2 : 1;
  // The seats as of this read; takeSeat checks them again where it counts.
  const notEnough = seatsRefusal(klass.capacity === null ? 0 : klass.capacity - klass.seats_taken, seats);
  if (notEnough) return { ok: false, refusal: notEnough };
  const spots = decideSpots(request, withGuest, customer.spots_taken, selectableOf(config, snapshot.spotMap));
  if (!spots.ok) return spots;
  const paid = choosePayments(customer, snapshot.buckets ?? [], klass, seats, config.timezone, now);
  if (!paid.ok) return paid;
  return {
    ok: true,
    seats,
    spots: { host: spots.host, guest: spots.guest },
    payments: paid.payments,
    spend: paid.spend,
  };
}

export function frozenRefusal(frozen: { starts_at: Date; ends_at: Date }, timeZone: string): Refusal {
  return {
    code: "MEMBERSHIP_FROZEN",
    params: {
      from: formatDate(frozen.starts_at, timeZone),
      to: formatDate(new Date(frozen.ends_at.getTime() - 1), timeZone),
    },
    details: { frozen_from: frozen.starts_at.toISOString(), frozen_until: frozen.ends_at.toISOString() },
  };
}

/** Too few seats: "not enough" while some are left (a guest's booking), "sold out" when none. */
export function seatsRefusal(left: number, needed: number): Refusal | null {
  if (left >= needed) return null;
  return { code: left > 0 ? "NOT_ENOUGH_SEATS" : "SOLD_OUT" };
}

/** Before the transaction (admission) only a full class is refused: its other refusals come first otherwise. */
export function admissionRefusal(left: number): Refusal | null {
  return left <= 0 ? { code: "SOLD_OUT" } : null;
}

export type SeatRefusalAnswer = { retry: true } | { retry: false; refusal: Refusal };

/**
 * takeSeat wrote nothing: why, from a fresh read of the class made after it. Seats gone or the
 * class cancelled is the answer; otherwise a bucket changed under us (another booking or a refund
 * of this customer) and the booking reads and chooses again, up to `attempts` times.
 */
export function afterSeatRefused(
  seats: { left: number; cancelled: boolean; mine: boolean } | null,
  needed: number,
  attempt: number,
  attempts = CREDIT_ATTEMPTS,
): SeatRefusalAnswer {
  if (!seats) return { retry: false, refusal: { code: "CLASS_NOT_FOUND" } };
  if (seats.cancelled) return { retry: false, refusal: { code: "CLASS_CANCELLED" } };
  if (seats.mine) return { retry: false, refusal: { code: "ALREADY_BOOKED" } };
  const refused = seatsRefusal(seats.left, needed);
  if (refused) return { retry: false, refusal: refused };
  if (attempt >= attempts) return { retry: false, refusal: { code: "NO_CREDITS" } };
  return { retry: true };
}

/** How many times a booking reads and chooses its credits again when they changed under it. */
export const CREDIT_ATTEMPTS = 3;

// ---------------------------------------------------------------------------------------------
// Spots (also the change of a reservation's spots)

function chosenSpots(request: Pick<BookingRequest, "spot" | "guest_spot">, withGuest: boolean) {
  const host = request.spot?.trim() || null;
  const guest = withGuest ? request.guest_spot?.trim() || null : null;
  return [host, guest] as const;
}

/** The spots of the class type's map a customer may choose; empty without a map or with maps off. */
export function selectableOf(
  config: Pick<BookingConfig, "spotmap_enabled">,
  spotMap: SpotMapSource | null,
): string[] {
  const grid = config.spotmap_enabled && spotMap ? spotGridFor(spotMap) : null;
  return grid ? selectableSpots(grid) : [];
}

/**
 * The chosen spots against the class type's map and the spots already taken (by others: a change
 * of spot passes the spots without its own). `check` leaves a spot that is not being changed
 * unchecked, so a reservation keeps its spot if the map was edited since.
 */
export function decideSpots(
  request: Pick<BookingRequest, "spot" | "guest_spot">,
  withGuest: boolean,
  spotsTaken: readonly string[],
  selectable: readonly string[],
  check: { host: boolean; guest: boolean } = { host: true, guest: true },
): Decision<{ host: string | null; guest: string | null }> {
  const [host, guest] = chosenSpots(request, withGuest);
  if (host && guest && host === guest) return refuse("SPOTS_MUST_DIFFER");
  const checked = [check.host ? host : null, check.guest ? guest : null].filter(
    (spot): spot is string => spot !== null,
  );
  const valid = new Set(selectable);
  if (checked.some((spot) => !valid.has(spot))) return refuse("SPOT_INVALID");
  const taken = new Set(spotsTaken);
  if (checked.some((spot) => taken.has(spot))) return refuse("SPOT_TAKEN");
  return { ok: true, host, guest };
}

/** Whether `decideSpots` will look at the map: a spot is chosen and being changed. */
export function spotsToCheck(
  request: Pick<BookingRequest, "spot" | "guest_spot">,
  withGuest: boolean,
  check: { host: boolean; guest: boolean } = { host: true, guest: true },
): boolean {
  const [host, guest] = chosenSpots(request, withGuest);
  if (host && guest && host === guest) return false;
  return (check.host && host !== null) || (check.guest && guest !== null);
}

// ---------------------------------------------------------------------------------------------
// Paying the seats

/**
 * Pays `seats` seats: an unlimited membership covers them all; otherwise each seat takes one
 * credit from the matching bucket that expires first (the guest's seat may come from another
 * bucket when the first runs out). NO_CREDITS when any seat cannot be paid. The buckets are not
 * changed: the choice steers on copies.
 */
export function choosePayments<B extends CreditBucket>(
  customer: Pick<BookingCustomerFacts, "has_unlimited" | "unlimited_membership_expiration">,
  buckets: readonly B[],
  klass: { class_type_id: number; class_date: Date },
  seats: number,
  timeZone: string,
  now: Date,
): Decision<{ payments: Payment[]; spend: B[] }> {
  if (hasUnlimitedMembership(customer, now)) {
    const payments = Array.from(
      { length: seats },
      (): Payment => ({ paid_with: "unlimited", available_class_id: null }),
    );
    return { ok: true, payments, spend: [] };
  }
  const left = buckets.map((b) => ({ ...b }));
  const chosen: B[] = [];
  for (let i = 0; i < seats; i++) {
    const bucket = chooseBucket(left, klass, timeZone);
    if (!bucket) return refuse("NO_CREDITS");
    chosen.push(bucket);
    // Only steers the next choice; the database is decremented by takeSeat.
    if (bucket.available_classes !== -1) bucket.available_classes -= 1;
  }
  const original = new Map(buckets.map((b) => [b.available_class_id, b]));
  return {
    ok: true,
    payments: chosen.map((b): Payment => ({ paid_with: "credit", available_class_id: b.available_class_id })),
    spend: chosen.map((b) => original.get(b.available_class_id) as B),
  };
}
