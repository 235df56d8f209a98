import type { AppConfig } from "../../../domain/app-config";
import { chooseBucket, hasUnlimitedMembership, isInsideBookingWindow } from "../../../domain/booking";
import { AppError, notFound } from "../../../domain/errors";
import { selectableSpots, spotGridFor } from "../../../domain/spot-map";
import type { Db } from "../../db/client";
import { findClassWithDetails } from "../calendar/calendar.repository";
import type { EmailClass } from "../notifications/notifications.service";
import { refuseIfFrozen } from "../purchases/freezes.service";
import { accountBlockers } from "./profile-checks";
import {
  type BucketRow,
  insertReservation,
  type LockedClass,
  lockBuckets,
  lockClass,
  lockClassForBooking,
  lockCustomerForBooking,
  type ReservationRow,
  seatSnapshot,
} from "./reservations.repository";

export type BookingRequest = {
  single_class_id: number;
  spot?: string | null;
  /** Guest's name: a second seat linked to this one. */
  guest?: string | null;
  guest_spot?: string | null;
};

/**
 * The studio's front desk may book past the rules a customer's own booking must follow: an
 * incomplete profile or unsigned pages, an active no-show penalty, and how far ahead bookings
 * open. Seats, spots, credits, duplicates and classes already started or cancelled still hold.
 */
export type BookingRules = { overrideRules?: boolean };

type Payment = { paid_with: "credit" | "unlimited"; available_class_id: number | null };

/**
 * Books a seat (and optionally a guest's) for a customer, all in one transaction:
 * locks the class row FOR UPDATE (every concurrent booking of this class, on any app instance,
 * waits here, so counts and spots are read after the previous booking committed), then checks
 * the account, the penalty, the booking window, duplicates, seats and spots, picks and charges
 * the credit bucket and writes the rows. The partial unique indexes on spot and customer are the
 * last line of defence and map to 409 too.
 */
/**
 * When a popular class opens, hundreds of requests arrive for its last seats. Every booking
 * transaction waits for the class row lock in turn, so without this the ones that can only fail
 * would queue behind the winners for seconds. A lock-free read answers them at once; a class
 * that still looks bookable goes on to the transaction, which decides under lock.
 */
async function refuseIfSoldOut(db: Db, customerId: number, request: BookingRequest): Promise<void> {
  const seats = await seatSnapshot(db, request.single_class_id, customerId);
  if (!seats || seats.capacity === null || seats.mine) return;
  if (seats.taken >= seats.capacity) throw AppError.of(412, "SOLD_OUT", "classSoldOut");
}

/**
 * Locks a class for a change of its seats (a booking, a cancellation, a waitlist promotion, the
 * capacity, the studio cancelling it): the one lock every such change takes first. Answers the
 * class, or null when it does not exist.
 */
export async function lockClassForSeats(tx: Db, classId: number): Promise<LockedClass | null> {
  return lockClass(tx, classId);
}

export type { LockedClass };

export async function bookSeat(
  db: Db,
  config: AppConfig,
  customerId: number,
  request: BookingRequest,
  now = new Date(),
  { overrideRules = false }: BookingRules = {},
): Promise<{
  host: ReservationRow;
  guest: ReservationRow | null;
  customer: { email: string; name: string };
  /** The class as the confirmation email shows it, read with the lock. */
  klass: EmailClass;
}> {
  await refuseIfSoldOut(db, customerId, request);
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const { missingFields, pendingPages } = overrideRules
        ? { missingFields: [], pendingPages: [] }
        : await accountBlockers(tx, customerId);
      if (missingFields.length > 0) {
        throw AppError.of(
          412,
          "PROFILE_INCOMPLETE",
          "profileIncomplete",
          {},
          {
            details: { missing_fields: missingFields },
          },
        );
      }
      if (pendingPages.length > 0) {
        throw AppError.of(
          412,
          "PAGES_PENDING",
          "pagesPending",
          { page: pendingPages[0].title },
          {
            details: { pages: pendingPages },
          },
        );
      }
      const klass = await lockClassForBooking(tx, request.single_class_id);
      if (!klass) throw notFound("classNotFound", "CLASS_NOT_FOUND");
      // Customer, seats and penalty in one statement, read under the class lock (see the repository).
      const customer = await lockCustomerForBooking(tx, customerId, klass.single_class_id, now);
      if (!customer) throw notFound();
      if (!overrideRules && config.unlimited_membership_penalties_enabled && customer.penalty_end_date) {
        throw AppError.of(
          412,
          "PENALTY_ACTIVE",
          "penaltyActive",
          {},
          {
            details: {
              no_shows: customer.penalty_no_shows,
              end_date: customer.penalty_end_date.toISOString(),
            },
          },
        );
      }
      // A frozen membership books nothing while frozen (issue 21.5; the purchases domain decides).
      if (!overrideRules) await refuseIfFrozen(tx, customerId, klass.class_date, config.timezone);
      if (klass.cancelledAt) throw AppError.of(412, "CLASS_CANCELLED", "classCancelledByStudio");
      if (klass.class_package_id !== null) throw AppError.of(412, "NEEDS_PACKAGE", "classNeedsPackage");
      const window = overrideRules
        ? { hours: null, minutes: null } // still refuses a class that has started
        : { hours: config.reservation_timeframe_hours, minutes: config.reservation_timeframe_minutes };
      if (!isInsideBookingWindow(klass.class_date, now, window)) {
        throw AppError.of(412, "OUTSIDE_BOOKING_WINDOW", "bookingWindowClosed");
      }
      const withGuest = Boolean(request.guest);
      if (withGuest && !config.allow_class_guests)
        throw AppError.of(412, "GUESTS_NOT_ALLOWED", "guestsNotAllowed");

      if (customer.holds_seat) throw AppError.of(409, "ALREADY_BOOKED", "classAlreadyBooked");
      const needed = withGuest ? 2 : 1;
      const left = klass.capacity === null ? 0 : klass.capacity - customer.seats_taken;
      if (left < needed) {
        throw left > 0
          ? AppError.of(412, "NOT_ENOUGH_SEATS", "classNotEnoughSeats")
          : AppError.of(412, "SOLD_OUT", "classSoldOut");
      }

      const spots = await checkSpots(
        tx,
        config,
        klass.single_class_id,
        request,
        withGuest,
        customer.spots_taken,
      );

      const { payments, spend } = await pay(tx, config, customer, klass, needed, now);
      // The host's row carries the charge for every seat (one statement); the guest's row, if
      // any, is written in the same transaction right after.
      const host = await insertReservation(
        tx,
        {
          single_class_id: klass.single_class_id,
          customer_id: customerId,
          spot: spots.host,
          is_paid: true,
          ...payments[0],
        },
        spend,
      );
      const guest = withGuest
        ? await insertReservation(tx, {
            single_class_id: klass.single_class_id,
            customer_id: customerId,
            guest: request.guest?.trim(),
            guest_of_id: host.class_reservation_id,
            spot: spots.guest,
            is_paid: true,
            ...payments[1],
          })
        : null;
      return { host, guest, customer: { email: customer.email, name: customer.name }, klass: klass.email };
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
}

/**
 * Validates the chosen spots against the class type's map and the spots already taken (by
 * others: a change of spot passes the spots without its own). `check` leaves a spot that is not
 * being changed unchecked, so a reservation keeps its spot if the map was edited since.
 */
export async function checkSpots(
  db: Db,
  config: AppConfig,
  classId: number,
  request: Pick<BookingRequest, "spot" | "guest_spot">,
  withGuest: boolean,
  spotsTaken: string[],
  check: { host: boolean; guest: boolean } = { host: true, guest: true },
): Promise<{ host: string | null; guest: string | null }> {
  const host = request.spot?.trim() || null;
  const guest = withGuest ? request.guest_spot?.trim() || null : null;
  if (host && guest && host === guest) throw AppError.of(400, "SPOTS_MUST_DIFFER", "spotsMustDiffer");
  const checked = [check.host ? host : null, check.guest ? guest : null].filter(
    (spot): spot is string => spot !== null,
  );
  if (checked.length === 0) return { host, guest };
  const details = await findClassWithDetails(db, classId);
  const grid = config.spotmap_enabled && details ? spotGridFor(details.class_type) : null;
  const valid = new Set(grid ? selectableSpots(grid) : []);
  for (const spot of checked) {
    if (!valid.has(spot)) throw AppError.of(400, "SPOT_INVALID", "spotInvalid");
  }
  const taken = new Set(spotsTaken);
  if (checked.some((spot) => taken.has(spot))) throw AppError.of(409, "SPOT_TAKEN", "spotTaken");
  return { host, guest };
}

/**
 * Pays `seats` seats: an unlimited membership covers them all; otherwise each seat takes one
 * credit from the matching bucket that expires first (the guest's seat may come from another
 * bucket when the first runs out). 412 when any seat cannot be paid. Answers how each seat is
 * paid and the locked buckets to take one credit from per seat (spent with the host's insert).
 */
async function pay(
  db: Db,
  config: AppConfig,
  customer: { customer_id: number; has_unlimited: boolean; unlimited_membership_expiration: Date | null },
  klass: { class_type_id: number; class_date: Date },
  seats: number,
  now: Date,
): Promise<{ payments: Payment[]; spend: BucketRow[] }> {
  // A membership is judged at booking time: renewals extend it, unlike a package's expiry.
  if (hasUnlimitedMembership(customer, now)) {
    const payments = Array.from(
      { length: seats },
      (): Payment => ({ paid_with: "unlimited", available_class_id: null }),
    );
    return { payments, spend: [] };
  }
  const buckets = await lockBuckets(db, customer.customer_id);
  const chosen: BucketRow[] = [];
  for (let i = 0; i < seats; i++) {
    const bucket = chooseBucket(buckets, klass, config.timezone);
    if (!bucket) throw AppError.of(412, "NO_CREDITS", "creditsExhausted");
    chosen.push(bucket);
    // Only steers the next choice; the database is decremented by insertReservation.
    if (bucket.available_classes !== -1) bucket.available_classes -= 1;
  }
  const payments = chosen.map(
    (b): Payment => ({ paid_with: "credit", available_class_id: b.available_class_id }),
  );
  return { payments, spend: chosen };
}

/**
 * The unique indexes (one spot per class, one own seat per customer) can only fire if a check
 * above was bypassed; they still answer 409 rather than 500.
 */
export function uniqueViolationToConflict(error: unknown): unknown {
  const pgError = findPgError(error);
  if (pgError?.code !== "23505") return error;
  const constraint = pgError.constraint ?? pgError.message ?? "";
  return constraint.includes("spot")
    ? AppError.of(409, "SPOT_TAKEN", "spotTaken")
    : AppError.of(409, "ALREADY_BOOKED", "classAlreadyBooked");
}

function findPgError(error: unknown): { code?: string; constraint?: string; message?: string } | null {
  let current = error as { code?: string; cause?: unknown } | null;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === "string") return current as { code: string };
    current = current.cause as typeof current;
  }
  return null;
}
