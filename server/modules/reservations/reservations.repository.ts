import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { WAITLIST_IN_LINE } from "../../../domain/api/waitlists";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { qualified } from "../../db/qualified";
import { only } from "../../db/rows";
import {
  class_types,
  instructors,
  locations,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_reservations, coach_ratings } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";
import type { EmailClass } from "../notifications/notifications.service";

export type ReservationRow = typeof class_reservations.$inferSelect;
export type NewReservation = typeof class_reservations.$inferInsert;
export type BucketRow = typeof available_classes.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Locks. Every writer takes them in the same order (class, then customer, then buckets), so two
// requests never wait on each other crosswise. A booking takes all three in its one locking
// statement (booking.repository.ts takeSeat, decision 0033).
//
// The statements of a booking and a cancellation are prepared (built by Drizzle once, see
// server/db/prepared-statement.ts): each call fills placeholders and never builds SQL again.

const lockedClassColumns = {
  single_class_id: single_classes.single_class_id,
  class_date: single_classes.class_date,
  duration_minutes: single_classes.duration_minutes,
  capacity: single_classes.capacity,
  class_type_id: single_classes.class_type_id,
  class_package_id: single_classes.class_package_id,
  cancelledAt: single_classes.cancelledAt,
};

const lockClassStatement = preparedStatement("reservations_lock_class", (db, name) =>
  db
    .select(lockedClassColumns)
    .from(single_classes)
    .where(eq(single_classes.single_class_id, sql.placeholder("classId")))
    .for("update")
    .prepare(name),
);

/**
 * Locks the class row: every seat, spot and count check of that class (booking, cancelling,
 * waitlist promotion, capacity changes) is serialised behind it.
 */
export async function lockClass(db: Db, classId: number) {
  const [row] = await lockClassStatement(db, { classId });
  return row ?? null;
}

export type LockedClass = NonNullable<Awaited<ReturnType<typeof lockClass>>>;

/**
 * What the booking and cancellation emails say about the class, read by the statement that locks
 * it (joins to the class type and place, the coaches as an array), so the email reads nothing.
 */
export const classForEmailColumns = {
  description: single_classes.description,
  class_type_name: class_types.name,
  location_name: locations.name,
  location_address: locations.address,
  coaches: sql<
    string[]
  >`array(select coalesce(nullif(${instructors.nick_name}, ''), ${instructors.name}) from ${single_class_instructors} join ${instructors} on ${instructors.instructor_id} = ${single_class_instructors.instructor_id} where ${single_class_instructors.single_class_id} = ${qualified(single_classes.single_class_id)} order by ${instructors.instructor_id})`,
};

type ClassForEmailRow = Pick<LockedClass, "class_date" | "duration_minutes"> & {
  description: string | null;
  class_type_name: string;
  location_name: string | null;
  location_address: string | null;
  coaches: string[];
};

/** A class row with what its email needs apart (`email`), as notifications expects it. */
export function withEmailClass<Row extends ClassForEmailRow>({
  description,
  class_type_name,
  location_name,
  location_address,
  coaches,
  ...klass
}: Row) {
  const email: EmailClass = {
    class_date: klass.class_date,
    duration_minutes: klass.duration_minutes,
    description,
    class_type: { name: class_type_name },
    location: location_name === null ? null : { name: location_name, address: location_address },
    coaches,
  };
  return { ...klass, email };
}

const lockClassOfReservationStatement = preparedStatement(
  "reservations_lock_class_of_reservation",
  (db, name) =>
    db
      // sequence: the cancellation email's METHOD:CANCEL .ics (decision 0026), read here with the lock.
      .select({ ...lockedClassColumns, ...classForEmailColumns, sequence: single_classes.sequence })
      .from(single_classes)
      .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
      .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
      .where(
        inArray(
          single_classes.single_class_id,
          db
            .select({ id: class_reservations.single_class_id })
            .from(class_reservations)
            .where(
              and(
                eq(class_reservations.class_reservation_id, sql.placeholder("reservationId")),
                eq(class_reservations.customer_id, sql.placeholder("customerId")),
              ),
            ),
        ),
      )
      .for("update", { of: single_classes })
      .prepare(name),
);

/**
 * Locks the class of one of the customer's reservations, found and locked in one statement (a
 * reservation never changes class, so reading its class id without a lock is safe), with the
 * class as the cancellation email shows it and its SEQUENCE. Null when the reservation is not the
 * customer's.
 */
export async function lockClassOfReservation(db: Db, customerId: number, reservationId: number) {
  const [row] = await lockClassOfReservationStatement(db, { customerId, reservationId });
  return row ? withEmailClass(row) : null;
}

/** What a booking or cancellation needs of the customer it locks (membership, and the email's addressee). */
const lockedCustomerColumns = {
  customer_id: customers.customer_id,
  has_unlimited: customers.has_unlimited,
  unlimited_membership_expiration: customers.unlimited_membership_expiration,
  email: customers.email,
  name: customers.name,
};

const lockCustomerStatement = preparedStatement("reservations_lock_customer", (db, name) =>
  db
    .select(lockedCustomerColumns)
    .from(customers)
    .where(eq(customers.customer_id, sql.placeholder("customerId")))
    .for("update")
    .prepare(name),
);

/**
 * Locks the customer row: one booking or cancellation per customer at a time (credits). Also
 * answers the email and name the confirmation needs, read for free with the lock.
 */
export async function lockCustomer(db: Db, customerId: number) {
  const [row] = await lockCustomerStatement(db, { customerId });
  return row ?? null;
}

const lockBucketStatement = preparedStatement("reservations_lock_bucket", (db, name) =>
  db
    .select()
    .from(available_classes)
    .where(eq(available_classes.available_class_id, sql.placeholder("bucketId")))
    .for("update")
    .prepare(name),
);

export async function lockBucket(db: Db, bucketId: number): Promise<BucketRow | null> {
  const [row] = await lockBucketStatement(db, { bucketId });
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Seats

/** What a booking writes; every other column keeps its default. */
export type BookedSeat = {
  single_class_id: number;
  customer_id: number;
  spot: string | null;
  is_paid: boolean;
  paid_with: string;
  available_class_id: number | null;
  guest?: string | null;
  guest_of_id?: number | null;
};

/**
 * The reservation row and the credits that pay for it, in one statement: a data-modifying CTE
 * takes one credit per occurrence of a bucket id in `spend` (a host and guest paid from the same
 * bucket name it twice), then the row is inserted. Both or neither: the caller's transaction.
 */
const insertReservationStatement = preparedStatement("reservations_insert_paid", (db, name) => {
  const spend = sql`${sql.placeholder("spend")}::integer[]`;
  const spent = db.$with("spent").as(
    db
      .update(available_classes)
      .set({
        available_classes: sql`${available_classes.available_classes} - (select count(*) from unnest(${spend}) as paid(id) where paid.id = ${available_classes.available_class_id})::integer`,
        updatedAt: sql`now()`,
      })
      .where(sql`${available_classes.available_class_id} = any(${spend})`)
      .returning({ id: available_classes.available_class_id }),
  );
  return db
    .with(spent)
    .insert(class_reservations)
    .values({
      single_class_id: sql.placeholder("single_class_id"),
      customer_id: sql.placeholder("customer_id"),
      spot: sql.placeholder("spot"),
      is_paid: sql.placeholder("is_paid"),
      paid_with: sql.placeholder("paid_with"),
      available_class_id: sql.placeholder("available_class_id"),
      guest: sql.placeholder("guest"),
      guest_of_id: sql.placeholder("guest_of_id"),
    })
    .returning()
    .prepare(name);
});

/**
 * Inserts a seat and spends one credit of each bucket in `spend` (unlimited buckets, -1, must not
 * be in it: they are never decremented). The buckets must be locked by the caller.
 */
export async function insertReservation(
  db: Db,
  values: BookedSeat,
  spend: BucketRow[] = [],
): Promise<ReservationRow> {
  return only(
    await insertReservationStatement(db, {
      ...values,
      guest: values.guest ?? null,
      guest_of_id: values.guest_of_id ?? null,
      spend: spend.filter((b) => b.available_classes !== -1).map((b) => b.available_class_id),
    }),
  );
}

export async function findOwnReservation(db: Db, customerId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(class_reservations)
    .where(
      and(eq(class_reservations.class_reservation_id, id), eq(class_reservations.customer_id, customerId)),
    );
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * Whether anyone is in the line of the class `classId` (a column of the outer statement). Read
 * here, not from waitlists.repository: the waitlists module books through this one, so this one
 * never imports it (no cycle between modules).
 */
function classHasLine(classId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${waitlists} where ${and(
    eq(waitlists.single_class_id, classId),
    isNull(waitlists.deletedAt),
    inArray(waitlists.status, WAITLIST_IN_LINE),
  )})`;
}

const lockForCancelStatement = preparedStatement("reservations_lock_for_cancel", (db, name) => {
  const id = sql.placeholder("id");
  return db
    .select({
      customer: lockedCustomerColumns,
      reservation: class_reservations,
      class_has_line: classHasLine(class_reservations.single_class_id),
    })
    .from(customers)
    .innerJoin(
      class_reservations,
      and(
        eq(class_reservations.customer_id, customers.customer_id),
        or(
          eq(class_reservations.class_reservation_id, id),
          and(eq(class_reservations.guest_of_id, id), isNull(class_reservations.deletedAt)),
        ),
      ),
    )
    .where(eq(customers.customer_id, sql.placeholder("customerId")))
    .orderBy(asc(class_reservations.class_reservation_id))
    .for("update", { of: [customers, class_reservations] })
    .prepare(name);
});

/**
 * A cancellation's second statement, taken right after the class lock: locks the customer
 * (credits) and the customer's reservation with, when it is a host row, its active guests. The
 * reservation comes back whatever its state (the caller tells an already cancelled one apart).
 * Also answers whether anyone is in the class's line: read after the class lock was granted, so
 * an entry that joined before it is seen, and one joining later finds the freed seat and is
 * refused (see promotion.service). Null when the reservation is not the customer's.
 */
export async function lockForCancel(db: Db, customerId: number, id: number) {
  const rows = await lockForCancelStatement(db, { customerId, id });
  const [first] = rows;
  const reservation = rows.find((r) => r.reservation.class_reservation_id === id)?.reservation;
  if (!first || !reservation) return null;
  return {
    customer: first.customer,
    reservation,
    guests: rows.map((r) => r.reservation).filter((r) => r !== reservation),
    classHasLine: first.class_has_line,
  };
}

export async function findActiveGuests(db: Db, hostId: number) {
  return db
    .select()
    .from(class_reservations)
    .where(and(eq(class_reservations.guest_of_id, hostId), isNull(class_reservations.deletedAt)));
}

const markCancelledStatement = preparedStatement("reservations_mark_cancelled", (db, name) =>
  db
    .update(class_reservations)
    .set({ deletedAt: sql`${sql.placeholder("at")}::timestamptz`, updatedAt: sql`now()` })
    .where(sql`${class_reservations.class_reservation_id} = any(${sql.placeholder("ids")}::integer[])`)
    .prepare(name),
);

export async function markCancelled(db: Db, ids: number[], at: Date) {
  if (ids.length === 0) return;
  await markCancelledStatement(db, { ids, at: at.toISOString() });
}

/** The spots held in a class by active reservations, with whose row holds each. */
export async function spotsOfClass(db: Db, classId: number) {
  return db
    .select({ class_reservation_id: class_reservations.class_reservation_id, spot: class_reservations.spot })
    .from(class_reservations)
    .where(
      and(
        eq(class_reservations.single_class_id, classId),
        isNull(class_reservations.deletedAt),
        isNotNull(class_reservations.spot),
      ),
    );
}

/** Sets the spot of some rows (a change of seats frees the old spots before taking the new ones). */
export async function setSpot(db: Db, id: number, spot: string | null) {
  await db
    .update(class_reservations)
    .set({ spot, updatedAt: sql`now()` })
    .where(eq(class_reservations.class_reservation_id, id));
}

export async function setGuestName(db: Db, id: number, name: string) {
  await db
    .update(class_reservations)
    .set({ guest: name })
    .where(eq(class_reservations.class_reservation_id, id));
}

export async function setClassStars(db: Db, id: number, stars: number) {
  await db
    .update(class_reservations)
    .set({ class_stars: stars })
    .where(eq(class_reservations.class_reservation_id, id));
}

export async function insertCoachRating(db: Db, values: typeof coach_ratings.$inferInsert) {
  await db.insert(coach_ratings).values(values);
}

export async function firstInstructorOf(db: Db, classId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: single_class_instructors.instructor_id })
    .from(single_class_instructors)
    .where(eq(single_class_instructors.single_class_id, classId))
    .orderBy(asc(single_class_instructors.instructor_id))
    .limit(1);
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Credits

const plusOneUnlessUnlimited = sql`case when ${available_classes.available_classes} = -1 then -1 else ${available_classes.available_classes} + 1 end`;

const cancelSeatsStatement = preparedStatement("reservations_cancel_seats", (db, name) => {
  const refundFrom = sql`${sql.placeholder("refundFrom")}::integer[]`;
  // null: no limit on cancellations.
  const max = sql`${sql.placeholder("maxCancels")}::integer`;
  // How many of the cancelled seats this bucket paid (a host and guest can share one).
  const seats = sql`(select count(*) from unnest(${refundFrom}) as paid(id) where paid.id = ${available_classes.available_class_id})::integer`;
  const refunded = db.$with("refunded").as(
    db
      .update(available_classes)
      .set({
        available_classes: sql`case when ${available_classes.available_classes} = -1 then -1 else ${available_classes.available_classes} + ${seats} end`,
        cancels_used: sql`${available_classes.cancels_used} + case when ${sql.placeholder("counts")}::boolean then ${seats} else 0 end`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          sql`${available_classes.available_class_id} = any(${refundFrom})`,
          sql`(${max} is null or ${available_classes.cancels_used} + ${seats} <= ${max})`,
        ),
      )
      .returning({ id: available_classes.available_class_id }),
  );
  const cancelled = db.$with("cancelled").as(
    db
      .update(class_reservations)
      .set({ deletedAt: sql`${sql.placeholder("at")}::timestamptz`, updatedAt: sql`now()` })
      .where(sql`${class_reservations.class_reservation_id} = any(${sql.placeholder("ids")}::integer[])`)
      .returning({ id: class_reservations.class_reservation_id }),
  );
  return db.with(refunded, cancelled).select({ id: refunded.id }).from(refunded).prepare(name);
});

/**
 * A customer's cancellation in one statement: marks the rows `ids` cancelled at `at` and gives
 * back one credit per entry of `refundFrom` (the buckets that paid for the seats; unlimited ones
 * stay unlimited), each counted against its bucket's cancels_used, but only to buckets that stay
 * within `maxCancels` (null: no limit). Answers the buckets that got their credits back; the
 * caller decides what a missing one means and rolls everything back if it must refuse. With
 * `counts` false (the front desk stepping past the policy) the refund uses none of the bucket's
 * allowed cancellations, as when the studio cancels the class.
 */
export async function cancelSeats(
  db: Db,
  ids: number[],
  at: Date,
  refundFrom: number[],
  maxCancels: number | null,
  counts = true,
): Promise<Set<number>> {
  const rows = await cancelSeatsStatement(db, { ids, at: at.toISOString(), refundFrom, maxCancels, counts });
  return new Set(rows.map((r) => r.id));
}

/** Every active reservation row of a class (hosts and guests), locked for the studio's cancellation. */
export async function lockActiveReservationsOfClass(db: Db, classId: number) {
  return db
    .select()
    .from(class_reservations)
    .where(and(eq(class_reservations.single_class_id, classId), isNull(class_reservations.deletedAt)))
    .orderBy(asc(class_reservations.class_reservation_id))
    .for("update");
}

/**
 * Gives a seat's credit back because the studio cancelled the class. Unlike a customer's own
 * cancellation (cancelSeats) it does not count against the bucket's cancels_used: the customer
 * did not choose to cancel. Unlimited buckets stay unlimited.
 */
export async function returnCreditForStudio(db: Db, bucketId: number) {
  await db
    .update(available_classes)
    .set({ available_classes: plusOneUnlessUnlimited })
    .where(eq(available_classes.available_class_id, bucketId));
}

// ---------------------------------------------------------------------------------------------
// Calendar feed

/**
 * The calendar feed's reservations: active ones of classes from `from` on, and those cancelled
 * (by the customer or with the class) since `cancelledSince`, which the feed keeps as
 * STATUS:CANCELLED so subscribed calendars remove them (decision 0026).
 */
export async function upcomingForFeed(db: Db, customerId: number, from: Date, cancelledSince = from) {
  return db
    .select({
      class_reservation_id: class_reservations.class_reservation_id,
      guest: class_reservations.guest,
      spot: class_reservations.spot,
      class_date: single_classes.class_date,
      duration_minutes: single_classes.duration_minutes,
      description: single_classes.description,
      class_type: class_types.name,
      location: locations.name,
      address: locations.address,
      single_class_id: single_classes.single_class_id,
      sequence: single_classes.sequence,
      deletedAt: class_reservations.deletedAt,
      cancelledAt: single_classes.cancelledAt,
    })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(
      and(
        eq(class_reservations.customer_id, customerId),
        isNull(class_reservations.guest_of_id),
        gte(single_classes.class_date, from),
        or(
          and(isNull(class_reservations.deletedAt), isNull(single_classes.cancelledAt)),
          gte(class_reservations.deletedAt, cancelledSince),
          gte(single_classes.cancelledAt, cancelledSince),
        ),
      ),
    )
    .orderBy(asc(single_classes.class_date))
    .limit(500);
}

export async function findCustomerByIcalToken(db: Db, token: string) {
  const [row] = await db
    .select({ customer_id: customers.customer_id })
    .from(customers)
    .where(eq(customers.ical_token, token));
  return row ?? null;
}

/**
 * customers.ical_token belongs to the calendar feed only (no other domain reads it), so this
 * module writes it directly.
 */
export async function setIcalToken(db: Db, customerId: number, token: string | null) {
  await db.update(customers).set({ ical_token: token }).where(eq(customers.customer_id, customerId));
}
