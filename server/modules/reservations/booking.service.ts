import type { AppConfig } from "../../../domain/app-config";
import { AppError } from "../../../domain/errors";
import { refusalError } from "../../../domain/refusal";
import {
  afterSeatRefused,
  type BookingRequest,
  type BookingRules,
  type BookingSnapshot,
  bookingReads,
  decideBooking,
} from "../../../domain/reservations/booking.rules";
import type { Db } from "../../db/client";
import { findClassWithDetails } from "../calendar/calendar.service";
import type { EmailClass } from "../notifications/notifications.service";
import { freezeCovering } from "../purchases/freezes.service";
import { admit, isCallersTransaction } from "./booking.admission";
import { bookingObserver } from "./booking.probe";
import {
  type BookedClass,
  bucketsForBooking,
  cancelSeat,
  classForBooking,
  customerForBooking,
  seatsLeft,
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

export type { BookingRequest, BookingRules };

/**
 * Books a seat (and optionally a guest's) for a customer: reads the snapshot without locks,
 * decides with domain/reservations/booking.rules.ts, then writes with the one locking statement,
 * last (decision 0033): `takeSeat` takes the seats with a conditional update of the class's
 * counter (it waits for the class row and re-checks on its newest version), locks the customer,
 * spends the credits if they are still there and inserts the row. The class is locked from that
 * statement to the commit and nobody else waits on anything. The partial unique indexes on spot
 * and customer stop a spot or a seat taken twice (409). Decide and execute: docs/decisions/0083.
 */
export async function bookSeat(
  db: Db,
  config: AppConfig,
  customerId: number,
  request: BookingRequest,
  now = new Date(),
  rules: BookingRules = {},
): Promise<{
  host: ReservationRow;
  guest: ReservationRow | null;
  customer: { email: string; name: string };
  /** The class as the confirmation email shows it, read with the lock. */
  klass: EmailClass;
}> {
  const needed = request.guest ? 2 : 1;
  const release = await admit(db, customerId, request.single_class_id, needed);
  // One seat on the pool: every read is lock-free and takeSeat is one statement that spends at
  // most one bucket, all or nothing, so it runs on its own and commits with its answer: the class
  // row is locked for that statement's execution inside PostgreSQL, no round trip (no BEGIN,
  // no COMMIT). A guest's seat is a second insert, and a caller's transaction (waitlist, desk)
  // must be able to roll back a retry: those keep a transaction (a savepoint in the caller's).
  const autocommit = needed === 1 && !isCallersTransaction(db);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const work = (on: Db) => bookOnce(on, config, customerId, request, now, rules, attempt);
        const { times, ...booked } = autocommit ? await work(db) : await db.transaction((tx) => work(tx));
        bookingObserver()?.({ ...times, endedAt: performance.now() });
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

/** takeSeat refused while seats were left: a bucket changed under us; read and choose again. */
class CreditsChanged extends Error {}

/**
 * What a booking decides on, read without locks in the order the budget counts them
 * (statement-counts.test.ts): the account, the class, the customer (own seat, spots, penalty),
 * then only what `bookingReads` says the decision needs (a freeze, the spot map, the buckets).
 */
async function readSnapshot(
  tx: Db,
  config: AppConfig,
  customerId: number,
  request: BookingRequest,
  now: Date,
  rules: BookingRules,
): Promise<{ snapshot: BookingSnapshot<BucketRow>; klass: BookedClass | null }> {
  const account = rules.overrideRules
    ? { missingFields: [], pendingPages: [], waiver: null }
    : await accountBlockers(tx, customerId, config);
  const none = { klass: null, customer: null, frozen: null, spotMap: null, buckets: null };
  // The decision answers the account first: nothing else is read for a blocked account.
  if (account.missingFields.length > 0 || account.pendingPages.length > 0 || account.waiver) {
    return { snapshot: { account, ...none }, klass: null };
  }
  const klass = await classForBooking(tx, request.single_class_id);
  const customer = klass ? await customerForBooking(tx, customerId, klass.single_class_id, now) : null;
  const reads = bookingReads(request, config, { klass, customer }, now, rules);
  // (klass and customer are there whenever bookingReads asks for more.)
  const frozen = reads.frozen ? await freezeCovering(tx, customerId, klass!.class_date) : null;
  const spotMap = reads.spotMap
    ? ((await findClassWithDetails(tx, klass!.single_class_id))?.class_type ?? null)
    : null;
  const buckets = reads.buckets ? await bucketsForBooking(tx, customerId) : null;
  return { snapshot: { account, klass, customer, frozen, spotMap, buckets }, klass };
}

async function bookOnce(
  tx: Db,
  config: AppConfig,
  customerId: number,
  request: BookingRequest,
  now: Date,
  rules: BookingRules,
  attempt: number,
) {
  const { snapshot, klass } = await readSnapshot(tx, config, customerId, request, now, rules);
  const decision = decideBooking(snapshot, request, config, now, rules);
  if (!decision.ok) throw refusalError(decision.refusal);
  // Accepted: the class and the customer were read.
  const booked = klass!;
  const customer = snapshot.customer as NonNullable<Awaited<ReturnType<typeof customerForBooking>>>;
  const [hostPayment, guestPayment] = decision.payments;
  const sentAt = performance.now();
  // The host's row carries the charge for every seat (one statement); the guest's row, if
  // any, is written in the same transaction right after, under the class lock.
  const host = await takeSeat(
    tx,
    {
      single_class_id: booked.single_class_id,
      customer_id: customerId,
      spot: decision.spots.host,
      ...hostPayment!,
    },
    decision.seats,
    decision.spend,
  );
  if (!host) {
    // Read after takeSeat, a fresh statement once the class row was free again.
    const answer = afterSeatRefused(
      await seatsLeft(tx, booked.single_class_id, customerId),
      decision.seats,
      attempt,
    );
    if (answer.retry) throw new CreditsChanged();
    throw refusalError(answer.refusal);
  }
  const lockedAt = performance.now();
  const guest = guestPayment
    ? await insertReservation(tx, {
        single_class_id: booked.single_class_id,
        customer_id: customerId,
        guest: request.guest?.trim(),
        guest_of_id: host.class_reservation_id,
        spot: decision.spots.guest,
        is_paid: true,
        ...guestPayment,
      })
    : null;
  return {
    host,
    guest,
    customer: { email: customer.email, name: customer.name },
    klass: booked.email,
    times: { sentAt, lockedAt },
  };
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

/**
 * A seat an aggregator sold (docs/product-rules.md#aggregator-bookings): the same conditional
 * statement as every booking (the class's counter, decision 0033), paid by the aggregator (no
 * credit: "admin"). The caller holds the class lock and has checked the aggregator's share.
 * Null when the class is full or cancelled.
 */
export async function takePartnerSeat(tx: Db, classId: number, customerId: number) {
  const values = { single_class_id: classId, customer_id: customerId, spot: null, paid_with: "admin" };
  return takeSeat(tx, { ...values, available_class_id: null }, 1, []);
}

/** An aggregator's seat cancelled by the aggregator (late or not): nothing to give back. */
export async function releasePartnerSeat(tx: Db, reservationId: number, late: boolean, at: Date) {
  return cancelSeat(tx, reservationId, { late_cancel: late, at });
}
