import type { AppConfig } from "../../../domain/app-config";
import { canRate, reservationStatus } from "../../../domain/booking";
import { AppError, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { refusalError } from "../../../domain/refusal";
import {
  bucketsNotRefunded,
  type CancelRules,
  cancelLimitRefusal,
  cancelPolicyOf,
  decideCancel,
  thresholdParams,
} from "../../../domain/reservations/cancel.rules";
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

export type { CancelRules };
export { cancelPolicyOf };

/**
 * Cancels a customer's reservation (a host row also frees its guest's seat), as
 * domain/reservations/cancel.rules.ts decides (decision 0083): the credits go back before the
 * threshold, counted against the bucket's cancel limit. Locks the class then the customer, the same
 * order as booking. After commit, the freed seat goes to the class's waitlist when the locking
 * read saw anyone in line. Answers who the customer is too, for the email.
 */
export async function cancelReservation(
  db: Db,
  config: AppConfig,
  customerId: number,
  reservationId: number,
  now = new Date(),
  rules: CancelRules = {},
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
    // Customer and reservation rows locked in one statement, read under the class lock: a
    // concurrent cancel of the same row must not refund twice.
    const locked = klass ? await lockForCancel(tx, customerId, reservationId) : null;
    const decision = decideCancel({ klass, locked }, config, now, rules);
    if (!decision.ok) throw refusalError(decision.refusal);
    const { customer, reservation, classHasLine } = locked!;
    const refunded = await cancelSeats(
      tx,
      decision.rows.map((r) => r.class_reservation_id),
      now,
      decision.paidBuckets,
      decision.limit,
      decision.counts,
    );
    for (const bucketId of bucketsNotRefunded(decision, refunded)) {
      // Nothing given back: the bucket is gone (nothing to give back) or its limit is reached,
      // and then the whole cancellation is refused (the throw rolls it back).
      if (await lockBucket(tx, bucketId)) throw refusalError(cancelLimitRefusal(decision.limit as number));
    }
    return {
      refunded: decision.refund,
      single_class_id: klass!.single_class_id,
      customer: { email: customer.email, name: customer.name },
      klass: klass!.email,
      // What the email's METHOD:CANCEL .ics needs, read here under the lock (nothing read after).
      seat: {
        class_reservation_id: reservation.class_reservation_id,
        spot: reservation.spot,
        sequence: klass!.sequence,
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
