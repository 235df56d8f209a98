import { writeFileSync } from "node:fs";
import type { AppConfig } from "../../../domain/app-config";
import { chooseBucket, hasUnlimitedMembership, isInsideBookingWindow } from "../../../domain/booking";
import { AppError, notFound } from "../../../domain/errors";
import { selectableSpots, spotGridFor } from "../../../domain/spot-map";
import { BatchedRead, batchedPerDatabase } from "../../db/batch";
import type { Db } from "../../db/client";
import { findClassWithDetails } from "../calendar/calendar.service";
import type { EmailClass } from "../notifications/notifications.service";
import { refuseIfFrozen } from "../purchases/freezes.service";
import {
  type BookedClass,
  bucketsForBooking,
  classForBooking,
  customerForBooking,
  seatsLeft,
  seatsLeftForMany,
  takeSeat,
} from "./booking.repository";
import { accountBlockers } from "./profile-checks";
import {
  type BucketRow,
  insertReservation,
  type LockedClass,
  lockClass,
  type ReservationRow,
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
 * Books a seat (and optionally a guest's) for a customer, in one transaction whose only locking
 * statement comes last (decision 0033): the account, the penalty, the booking window, duplicates,
 * spots and the credit bucket are read and decided without locks; then `takeSeat` takes the
 * seats with a conditional update of the class's counter (it waits for the class row and
 * re-checks on its newest version), locks the customer, spends the credits if they are still
 * there and inserts the row. The class is locked from that statement to the commit and nobody
 * else waits on anything. The partial unique indexes on spot and customer stop a spot or a seat
 * taken twice (409).
 */
const noop = () => {};

type Gate = { inFlight: number; waiters: Array<(seats: Awaited<ReturnType<typeof seatsLeft>>) => void> };
/** Per database (an app), per class: seats being booked right now by this instance. */
const gates = new WeakMap<object, Map<number, Gate>>();

function isTransaction(db: Db): boolean {
  return typeof (db as unknown as { rollback?: unknown }).rollback === "function";
}

function seatsRefusal(left: number, needed: number): AppError | null {
  if (left >= needed) return null;
  return left > 0 ? AppError.of("NOT_ENOUGH_SEATS") : AppError.of("SOLD_OUT");
}

/** Before the transaction only a full class is refused: its other refusals come first otherwise. */
const soldOut = (left: number) => (left <= 0 ? AppError.of("SOLD_OUT") : null);

/**
 * Admission before the transaction, when a popular class opens and hundreds of requests arrive
 * for its last seats. One cheap read (the class's counter, and whether this customer holds a
 * seat) refuses a full class at once. While the seats left are all being booked by requests of
 * this instance, the others wait for one of those to end and then read the counter again (one
 * read shared by every waiter woken by the same end, started after it): a refusal is always
 * decided by a read made after the request arrived, never by a remembered answer, and at most as
 * many transactions run as there are seats to win. Several instances each admit their own; the
 * transaction still decides. Answers the release to call when the booking ends.
 */
async function admit(db: Db, customerId: number, classId: number, needed: number): Promise<() => void> {
  // Inside a caller's transaction (waitlist, front desk) the read is its own, on its connection.
  const inTransaction = isTransaction(db);
  let seats = inTransaction
    ? await seatsLeft(db, classId, customerId)
    : await admissionReads(db).get(`${classId}:${customerId}`);
  // Not found, cancelled or already mine: the transaction answers why.
  if (!seats || seats.cancelled || seats.mine) return noop;
  const refused = soldOut(seats.left);
  if (refused) throw refused;
  // A caller's transaction may already hold the class lock: it is not admitted here.
  if (inTransaction) return noop;
  let byClass = gates.get(db);
  if (!byClass) {
    byClass = new Map();
    gates.set(db, byClass);
  }
  for (;;) {
    let gate = byClass.get(classId);
    if (!gate) {
      gate = { inFlight: 0, waiters: [] };
      byClass.set(classId, gate);
    }
    if (gate.inFlight === 0 || gate.inFlight + needed <= seats.left) {
      gate.inFlight += needed;
      return releaseOf(db, byClass, classId, gate, needed);
    }
    const woken: Awaited<ReturnType<typeof seatsLeft>> = await new Promise((resolve) =>
      gate.waiters.push(resolve),
    );
    if (!woken || woken.cancelled) return noop;
    seats = { ...woken, mine: false };
    const refusedNow = soldOut(seats.left);
    if (refusedNow) throw refusedNow;
  }
}

/**
 * The admission reads of requests that arrived together, as one statement per class (decision
 * 0041): 500 customers for the last seats of a class are one read, not 500 in front of the pool.
 * Keyed `classId:customerId`.
 */
const admissionReads = batchedPerDatabase(
  (db: Db) =>
    new BatchedRead<string, { left: number; cancelled: boolean; mine: boolean }>(async (keys) => {
      const byClass = new Map<number, number[]>();
      for (const key of keys) {
        const [classId, customerId] = key.split(":").map(Number) as [number, number];
        byClass.set(classId, [...(byClass.get(classId) ?? []), customerId]);
      }
      const answers = new Map<string, { left: number; cancelled: boolean; mine: boolean }>();
      await Promise.all(
        [...byClass].map(async ([classId, customerIds]) => {
          const seats = await seatsLeftForMany(db, classId, customerIds);
          if (!seats) return;
          for (const customerId of customerIds) {
            answers.set(`${classId}:${customerId}`, {
              left: seats.left,
              cancelled: seats.cancelled,
              mine: seats.holds(customerId),
            });
          }
        }),
      );
      return answers;
    }),
);

function releaseOf(db: Db, byClass: Map<number, Gate>, classId: number, gate: Gate, needed: number) {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    gate.inFlight -= needed;
    const waiters = gate.waiters.splice(0);
    if (gate.inFlight === 0 && byClass.get(classId) === gate) byClass.delete(classId);
    if (waiters.length === 0) return;
    // Started after this booking ended (committed or not): what the waiters decide on.
    seatsLeft(db, classId, 0).then(
      (seats) => {
        for (const wake of waiters) wake(seats);
      },
      () => {
        for (const wake of waiters) wake(null);
      },
    );
  };
}

/** takeSeat refused while seats were left: a bucket changed under us; read and choose again. */
class CreditsChanged extends Error {}

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
  const withGuest = Boolean(request.guest);
  const needed = withGuest ? 2 : 1;
  const release = await admit(db, customerId, request.single_class_id, needed);
  // One seat on the pool: every read is lock-free and takeSeat is one statement that spends at
  // most one bucket, all or nothing, so it runs on its own and commits with its answer: the class
  // row is locked for that statement's execution inside PostgreSQL, no round trip (no BEGIN,
  // no COMMIT). A guest's seat is a second insert, and a caller's transaction (waitlist, desk)
  // must be able to roll back a retry: those keep a transaction (a savepoint in the caller's).
  const autocommit = needed === 1 && !isTransaction(db);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const work = (on: Db) => bookOnce(on, config, customerId, request, now, overrideRules, attempt);
        const { lockedAt, sentAt, ...booked } = autocommit
          ? await work(db)
          : await db.transaction((tx) => work(tx));
        if (lockTimesFile) {
          const end = performance.now();
          lockTimes.hold.push(end - lockedAt);
          lockTimes.span.push(end - sentAt);
        }
        return booked;
      } catch (error) {
        if (error instanceof CreditsChanged) continue;
        throw uniqueViolationToConflict(error);
      }
    }
  } finally {
    release();
  }
}

/** How many times a booking reads and chooses its credits again when they changed under it. */
const CREDIT_ATTEMPTS = 3;

/**
 * Lock times of bookings (ms), kept only when BOOKING_LOCK_TIMES_FILE names a file (bench): `hold`
 * from takeSeat's answer to the end of the COMMIT (what the class lock is held for after the
 * database answered; nothing when takeSeat commits itself), `span` from sending takeSeat to the
 * same end (an upper bound of the hold that also counts the wait for the lock).
 */
const lockTimesFile = process.env.BOOKING_LOCK_TIMES_FILE;
const lockTimes = { hold: [] as number[], span: [] as number[] };
if (lockTimesFile) {
  process.on("exit", () => {
    writeFileSync(lockTimesFile, JSON.stringify(lockTimes));
  });
}

async function bookOnce(
  tx: Db,
  config: AppConfig,
  customerId: number,
  request: BookingRequest,
  now: Date,
  overrideRules: boolean,
  attempt: number,
) {
  const { missingFields, pendingPages } = overrideRules
    ? { missingFields: [], pendingPages: [] }
    : await accountBlockers(tx, customerId);
  if (missingFields.length > 0) {
    throw AppError.of("PROFILE_INCOMPLETE", { details: { missing_fields: missingFields } });
  }
  const [firstPending] = pendingPages;
  if (firstPending) {
    throw AppError.of("PAGES_PENDING", {
      params: { page: firstPending.title },
      details: { pages: pendingPages },
    });
  }
  const klass = await classForBooking(tx, request.single_class_id);
  if (!klass) throw notFound("classNotFound", "CLASS_NOT_FOUND");
  // Customer, own seat, spots taken and penalty in one statement (see the repository).
  const customer = await customerForBooking(tx, customerId, klass.single_class_id, now);
  if (!customer) throw notFound();
  if (!overrideRules && config.unlimited_membership_penalties_enabled && customer.penalty_end_date) {
    throw AppError.of("PENALTY_ACTIVE", {
      details: {
        no_shows: customer.penalty_no_shows,
        end_date: customer.penalty_end_date.toISOString(),
      },
    });
  }
  // A frozen membership books nothing while frozen (decision 0027; the purchases domain decides).
  if (!overrideRules) await refuseIfFrozen(tx, customerId, klass.class_date, config.timezone);
  if (klass.cancelledAt) throw AppError.of("CLASS_CANCELLED");
  if (klass.class_package_id !== null) throw AppError.of("NEEDS_PACKAGE");
  const window = overrideRules
    ? { hours: null, minutes: null } // still refuses a class that has started
    : { hours: config.reservation_timeframe_hours, minutes: config.reservation_timeframe_minutes };
  if (!isInsideBookingWindow(klass.class_date, now, window)) {
    throw AppError.of("OUTSIDE_BOOKING_WINDOW");
  }
  const withGuest = Boolean(request.guest);
  if (withGuest && !config.allow_class_guests) throw AppError.of("GUESTS_NOT_ALLOWED");

  if (customer.holds_seat) throw AppError.of("ALREADY_BOOKED");
  const needed = withGuest ? 2 : 1;
  // The seats as of this read; takeSeat checks them again where it counts.
  const notEnough = seatsRefusal(klass.capacity === null ? 0 : klass.capacity - klass.seats_taken, needed);
  if (notEnough) throw notEnough;

  const spots = await checkSpots(tx, config, klass.single_class_id, request, withGuest, customer.spots_taken);

  const { payments, spend } = await pay(tx, config, customer, klass, needed, now);
  // pay answers one payment per seat (or refuses): the host's is there, and with a guest the guest's.
  const hostPayment = payments[0]!;
  const sentAt = performance.now();
  // The host's row carries the charge for every seat (one statement); the guest's row, if
  // any, is written in the same transaction right after, under the class lock.
  const host = await takeSeat(
    tx,
    {
      single_class_id: klass.single_class_id,
      customer_id: customerId,
      spot: spots.host,
      ...hostPayment,
    },
    needed,
    spend,
  );
  if (!host) await whyRefused(tx, klass, customerId, needed, attempt);
  const lockedAt = performance.now();
  const guest = withGuest
    ? await insertReservation(tx, {
        single_class_id: klass.single_class_id,
        customer_id: customerId,
        guest: request.guest?.trim(),
        guest_of_id: host!.class_reservation_id,
        spot: spots.guest,
        is_paid: true,
        ...payments[1]!,
      })
    : null;
  return {
    host: host!,
    guest,
    customer: { email: customer.email, name: customer.name },
    klass: klass.email,
    lockedAt,
    sentAt,
  };
}

/**
 * takeSeat wrote nothing: reads why (a fresh statement, after the class row was free again).
 * Seats gone or the class cancelled is the answer; otherwise a bucket changed under us (another
 * booking or a refund of this customer), and the booking reads and chooses again.
 */
async function whyRefused(
  tx: Db,
  klass: BookedClass,
  customerId: number,
  needed: number,
  attempt: number,
): Promise<never> {
  const seats = await seatsLeft(tx, klass.single_class_id, customerId);
  if (!seats) throw notFound("classNotFound", "CLASS_NOT_FOUND");
  if (seats.cancelled) throw AppError.of("CLASS_CANCELLED");
  if (seats.mine) throw AppError.of("ALREADY_BOOKED");
  const refused = seatsRefusal(seats.left, needed);
  if (refused) throw refused;
  if (attempt >= CREDIT_ATTEMPTS) throw AppError.of("NO_CREDITS");
  throw new CreditsChanged();
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
  if (host && guest && host === guest) throw AppError.of("SPOTS_MUST_DIFFER");
  const checked = [check.host ? host : null, check.guest ? guest : null].filter(
    (spot): spot is string => spot !== null,
  );
  if (checked.length === 0) return { host, guest };
  const details = await findClassWithDetails(db, classId);
  const grid = config.spotmap_enabled && details ? spotGridFor(details.class_type) : null;
  const valid = new Set(grid ? selectableSpots(grid) : []);
  for (const spot of checked) {
    if (!valid.has(spot)) throw AppError.of("SPOT_INVALID");
  }
  const taken = new Set(spotsTaken);
  if (checked.some((spot) => taken.has(spot))) throw AppError.of("SPOT_TAKEN");
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
  const buckets = await bucketsForBooking(db, customer.customer_id);
  const chosen: BucketRow[] = [];
  for (let i = 0; i < seats; i++) {
    const bucket = chooseBucket(buckets, klass, config.timezone);
    if (!bucket) throw AppError.of("NO_CREDITS");
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
  return constraint.includes("spot") ? AppError.of("SPOT_TAKEN") : AppError.of("ALREADY_BOOKED");
}

function findPgError(error: unknown): { code?: string; constraint?: string; message?: string } | null {
  let current = error as { code?: string; cause?: unknown } | null;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === "string") return current as { code: string };
    current = current.cause as typeof current;
  }
  return null;
}
