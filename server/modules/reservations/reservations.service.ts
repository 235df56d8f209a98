import type { AppConfig } from "../../../domain/app-config";
import {
  type CancelDecision,
  type CancelPolicy,
  cancelDecision,
  cancelUnitLabel,
  canRate,
  reservationStatus,
} from "../../../domain/booking";
import { AppError, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { findClassWithDetails, findSeats, summariseSeats, toClassOut } from "../calendar/calendar.service";
import type { CancelledSeat, EmailClass } from "../notifications/notifications.service";
import {
  cancelSeats,
  findActiveGuests,
  findOwnReservation,
  firstInstructorOf,
  insertCoachRating,
  lockActiveReservationsOfClass,
  lockBucket,
  lockClass,
  lockClassOfReservation,
  lockCustomer,
  lockForCancel,
  markCancelled,
  returnCreditForStudio,
  setClassStars,
  setGuestName,
} from "./reservations.repository";
import { seatFreed } from "./seat-freed";

export const RESERVATIONS_PAGE_SIZE = 50;

export function cancelPolicyOf(config: AppConfig): CancelPolicy {
  return {
    allow_cancel_reservations: config.allow_cancel_reservations,
    cancel_timeframe_value: config.cancel_timeframe_value,
    cancel_timeframe_unit: config.cancel_timeframe_unit,
    allow_cancel_after_treshold: config.allow_cancel_after_treshold,
  };
}

function thresholdParams(config: AppConfig) {
  const value = config.cancel_timeframe_value ?? 0;
  return { value, unit: cancelUnitLabel(value, config.cancel_timeframe_unit) };
}

/**
 * The front desk may cancel past the studio's policy: with cancelling turned off, after the
 * threshold or past the per-package cancel limit, and the credit still goes back without using
 * one of the bucket's allowed cancellations. A class that has started stays as it is (attendance
 * and no-shows are decided on it).
 */
export type CancelRules = { overrideRules?: boolean };

function overriddenCancelDecision(classDate: Date, now: Date): CancelDecision {
  return classDate.getTime() <= now.getTime()
    ? { allowed: false, reason: "started" }
    : { allowed: true, refund: true };
}

/**
 * Cancels a customer's reservation (a host row also frees its guest's seat). Before the threshold
 * each seat's credit goes back to the bucket that paid for it, counted against
 * max_cancels_per_available_class; after it, cancelling is allowed only with
 * allow_cancel_after_treshold and the credit is kept. Locks the class then the customer, the same
 * order as booking. After commit, the freed seat goes to the class's waitlist when the locking
 * read saw anyone in line. Answers who the customer is too, for the email.
 */
export async function cancelReservation(
  db: Db,
  config: AppConfig,
  customerId: number,
  reservationId: number,
  now = new Date(),
  { overrideRules = false }: CancelRules = {},
): Promise<{
  refunded: boolean;
  single_class_id: number;
  customer: { email: string; name: string };
  /** The class as the cancellation email shows it, read with the lock. */
  klass: EmailClass;
  seat: CancelledSeat;
  classHasLine: boolean;
}> {
  const result = await db.transaction(async (tx) => {
    const klass = await lockClassOfReservation(tx, customerId, reservationId);
    if (!klass) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
    // Customer and reservation rows locked in one statement, read under the class lock: a
    // concurrent cancel of the same row must not refund twice.
    const locked = await lockForCancel(tx, customerId, reservationId);
    if (!locked) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
    const { customer, reservation, guests, classHasLine } = locked;
    if (reservation.deletedAt) throw AppError.of("ALREADY_CANCELLED");

    const decision = overrideRules
      ? overriddenCancelDecision(klass.class_date, now)
      : cancelDecision(klass.class_date, now, cancelPolicyOf(config), config.timezone);
    if (!decision.allowed) {
      if (decision.reason === "disabled") throw AppError.of("CANCEL_DISABLED");
      if (decision.reason === "started") throw AppError.of("CLASS_STARTED", { message: "cancelStarted" });
      throw AppError.of("CANCEL_TOO_LATE", { params: thresholdParams(config) });
    }

    const rows = [reservation, ...(reservation.guest_of_id === null ? guests : [])];
    const paidBuckets = decision.refund
      ? rows.flatMap((r) =>
          r.paid_with === "credit" && r.available_class_id !== null ? [r.available_class_id] : [],
        )
      : [];
    // Empty, 0 or negative: no limit (0 cannot mean "never": allow_cancel_reservations says that).
    const max = overrideRules ? null : config.max_cancels_per_available_class;
    const limit = max && max > 0 ? max : null;
    const refunded = await cancelSeats(
      tx,
      rows.map((r) => r.class_reservation_id),
      now,
      paidBuckets,
      limit,
      !overrideRules,
    );
    for (const bucketId of new Set(paidBuckets)) {
      if (refunded.has(bucketId)) continue;
      // Nothing given back: the bucket is gone (nothing to give back) or its limit is reached,
      // and then the whole cancellation is refused (the throw rolls it back).
      if (limit !== null && (await lockBucket(tx, bucketId))) {
        throw AppError.of("CANCEL_LIMIT_REACHED", { params: { max: limit } });
      }
    }
    return {
      refunded: decision.refund,
      single_class_id: klass.single_class_id,
      customer: { email: customer.email, name: customer.name },
      klass: klass.email,
      // What the email's METHOD:CANCEL .ics needs, read here under the lock (nothing read after).
      seat: {
        class_reservation_id: reservation.class_reservation_id,
        spot: reservation.spot,
        sequence: klass.sequence,
        paid_with: reservation.paid_with,
      },
      classHasLine,
    };
  });
  // After commit: the freed seat goes to the waitlist (never throws; retried by a job on failure).
  if (result.classHasLine) await seatFreed(db, result.single_class_id);
  return result;
}

/** PUT /single_class/guest: renames the guest of one of my reservations (host or guest id). */
export async function renameGuest(db: Db, customerId: number, reservationId: number, name: string) {
  const own = await findOwnReservation(db, customerId, reservationId);
  if (!own || own.deletedAt) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
  const guest = own.guest_of_id !== null ? own : (await findActiveGuests(db, own.class_reservation_id))[0];
  if (!guest) throw notFound("guestNotFound", "GUEST_NOT_FOUND");
  await setGuestName(db, guest.class_reservation_id, name.trim());
}

export type RatingInput = {
  class_reservation_id: number;
  class_stars: number;
  coach_stars?: number | null;
  comment?: string | null;
};

/** Rates an Exitosa reservation once: class stars on the reservation, coach stars + comment apart. */
export async function rateReservation(
  db: Db,
  config: AppConfig,
  customerId: number,
  input: RatingInput,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const row = await findOwnReservation(tx, customerId, input.class_reservation_id, true);
    if (!row || row.guest_of_id !== null) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
    const details = await findClassWithDetails(tx, row.single_class_id);
    const status = reservationStatus(row, details?.class_date ?? now, now);
    if (!canRate(status, row.class_stars, config.reservation_rating_enabled)) {
      throw AppError.of("RATING_NOT_ALLOWED");
    }
    await setClassStars(tx, row.class_reservation_id, input.class_stars);
    if (input.coach_stars) {
      await insertCoachRating(tx, {
        class_reservation_id: row.class_reservation_id,
        customer_id: customerId,
        instructor_id: await firstInstructorOf(tx, row.single_class_id),
        coach_stars: input.coach_stars,
        comment: input.comment?.trim() || null,
      });
    }
  });
}

/** The policy sentence of Mis Reservaciones (docs/product-rules.md#cancelling). */
export function cancelPolicyText(config: AppConfig): string {
  if (!config.allow_cancel_reservations) return t("cancelDisabled");
  const params = thresholdParams(config);
  const base = t(config.allow_cancel_after_treshold ? "cancelPolicyAfter" : "cancelPolicy", params);
  const max = config.max_cancels_per_available_class;
  if (!max || max < 0) return base;
  return `${base} ${max === 1 ? t("cancelLimitOne") : t("cancelLimitMany", { max })}`;
}

/** The class card of one reservation's class, seen by its owner (used by the .ics export). */
export async function reservationClass(db: Db, customerId: number, reservationId: number) {
  const own = await findOwnReservation(db, customerId, reservationId);
  if (!own) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
  const c = await findClassWithDetails(db, own.single_class_id);
  if (!c) throw notFound("classNotFound", "CLASS_NOT_FOUND");
  return {
    reservation: own,
    single_class: toClassOut(
      c,
      summariseSeats(await findSeats(db, [c.single_class_id]), customerId),
      customerId,
    ),
  };
}

// The class lock lives with the booking service (waitlists take it too); admin changes reach it here.
export { lockClassForSeats } from "./booking.service";

/**
 * The studio cancels a class: every active reservation (hosts and guests) is cancelled and each
 * seat paid with a credit gets it back, whatever the customer cancellation window says and
 * without counting a cancellation against the bucket. Runs in the caller's transaction, taking
 * the locks in the booking order (class, customers, buckets). Answers how many seats were
 * cancelled and how many credits each customer got back, for the caller's emails.
 */
export async function cancelForClass(tx: Db, classId: number, now = new Date()) {
  await lockClass(tx, classId);
  const rows = await lockActiveReservationsOfClass(tx, classId);
  const customerIds = [...new Set(rows.map((r) => r.customer_id))].sort((a, b) => a - b);
  for (const customerId of customerIds) await lockCustomer(tx, customerId);
  const refunds = new Map<number, number>();
  const paidWithCredit = rows
    .filter((r) => r.paid_with === "credit" && r.available_class_id !== null)
    .sort((a, b) => (a.available_class_id ?? 0) - (b.available_class_id ?? 0));
  for (const row of paidWithCredit) {
    const bucket = await lockBucket(tx, row.available_class_id as number);
    if (!bucket) continue;
    await returnCreditForStudio(tx, bucket.available_class_id);
    refunds.set(row.customer_id, (refunds.get(row.customer_id) ?? 0) + 1);
  }
  await markCancelled(
    tx,
    rows.map((r) => r.class_reservation_id),
    now,
  );
  return {
    cancelled_reservations: rows.length,
    refunded_credits: [...refunds.values()].reduce((a, b) => a + b, 0),
    customerIds,
    refunds,
  };
}
