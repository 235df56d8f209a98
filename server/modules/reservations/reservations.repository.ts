import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  type SQL,
  sql,
} from "drizzle-orm";
import type { ReservationFilter } from "../../../domain/booking";
import type { Db } from "../../db/client";
import { class_types, locations, single_class_instructors, single_classes } from "../../db/schema/calendar";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_reservations, coach_ratings } from "../../db/schema/reservations";

export type ReservationRow = typeof class_reservations.$inferSelect;
export type NewReservation = typeof class_reservations.$inferInsert;
export type BucketRow = typeof available_classes.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Locks. Every writer takes them in the same order (class, then customer, then buckets), so two
// requests never wait on each other crosswise.

/** Locks the class row: every seat, spot and count check of that class is serialised behind it. */
export async function lockClass(db: Db, classId: number) {
  const [row] = await db
    .select({
      single_class_id: single_classes.single_class_id,
      class_date: single_classes.class_date,
      capacity: single_classes.capacity,
      class_type_id: single_classes.class_type_id,
      class_package_id: single_classes.class_package_id,
      cancelledAt: single_classes.cancelledAt,
    })
    .from(single_classes)
    .where(eq(single_classes.single_class_id, classId))
    .for("update");
  return row ?? null;
}

/** Locks the customer row: one booking or cancellation per customer at a time (credits). */
export async function lockCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select({
      customer_id: customers.customer_id,
      has_unlimited: customers.has_unlimited,
      unlimited_membership_expiration: customers.unlimited_membership_expiration,
    })
    .from(customers)
    .where(eq(customers.customer_id, customerId))
    .for("update");
  return row ?? null;
}

export async function lockBuckets(db: Db, customerId: number): Promise<BucketRow[]> {
  return db
    .select()
    .from(available_classes)
    .where(eq(available_classes.customer_id, customerId))
    .orderBy(asc(available_classes.available_class_id))
    .for("update");
}

export async function lockBucket(db: Db, bucketId: number): Promise<BucketRow | null> {
  const [row] = await db
    .select()
    .from(available_classes)
    .where(eq(available_classes.available_class_id, bucketId))
    .for("update");
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Seats

/**
 * Seats of a class read without any lock: capacity, seats taken and whether this customer holds
 * one. Only good for answering "sold out" early; the booking transaction checks again under lock.
 */
export async function seatSnapshot(db: Db, classId: number, customerId: number) {
  const [row] = await db
    .select({
      capacity: single_classes.capacity,
      taken: count(class_reservations.class_reservation_id),
      mine: sql<boolean>`coalesce(bool_or(${class_reservations.customer_id} = ${customerId} and ${class_reservations.guest_of_id} is null), false)`,
    })
    .from(single_classes)
    .leftJoin(
      class_reservations,
      and(
        eq(class_reservations.single_class_id, single_classes.single_class_id),
        isNull(class_reservations.deletedAt),
      ),
    )
    .where(and(eq(single_classes.single_class_id, classId), isNull(single_classes.cancelledAt)))
    .groupBy(single_classes.single_class_id);
  return row ?? null;
}

export async function activeSeats(db: Db, classId: number) {
  return db
    .select({
      class_reservation_id: class_reservations.class_reservation_id,
      customer_id: class_reservations.customer_id,
      guest_of_id: class_reservations.guest_of_id,
      spot: class_reservations.spot,
    })
    .from(class_reservations)
    .where(and(eq(class_reservations.single_class_id, classId), isNull(class_reservations.deletedAt)));
}

export async function insertReservation(db: Db, values: NewReservation): Promise<ReservationRow> {
  const [row] = await db.insert(class_reservations).values(values).returning();
  return row;
}

/** A customer's reservation row by id (host or guest): the scope every customer action uses. */
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

export async function findActiveGuests(db: Db, hostId: number) {
  return db
    .select()
    .from(class_reservations)
    .where(and(eq(class_reservations.guest_of_id, hostId), isNull(class_reservations.deletedAt)));
}

export async function markCancelled(db: Db, ids: number[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(class_reservations)
    .set({ deletedAt: at })
    .where(inArray(class_reservations.class_reservation_id, ids));
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

export async function spendCredit(db: Db, bucket: BucketRow) {
  if (bucket.available_classes === -1) return;
  await db
    .update(available_classes)
    .set({ available_classes: sql`${available_classes.available_classes} - 1` })
    .where(eq(available_classes.available_class_id, bucket.available_class_id));
}

/** Gives a credit back (not to unlimited buckets) and counts the cancellation against the bucket. */
export async function returnCredit(db: Db, bucket: BucketRow) {
  await db
    .update(available_classes)
    .set({
      available_classes:
        bucket.available_classes === -1 ? -1 : sql`${available_classes.available_classes} + 1`,
      cancels_used: sql`${available_classes.cancels_used} + 1`,
    })
    .where(eq(available_classes.available_class_id, bucket.available_class_id));
}

export async function findActivePenalty(db: Db, customerId: number, now: Date) {
  const [row] = await db
    .select()
    .from(class_reservation_penalties)
    .where(
      and(
        eq(class_reservation_penalties.customer_id, customerId),
        isNull(class_reservation_penalties.liftedAt),
        lte(class_reservation_penalties.start_date, now),
        gt(class_reservation_penalties.end_date, now),
      ),
    )
    .orderBy(desc(class_reservation_penalties.end_date))
    .limit(1);
  return row ?? null;
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
 * cancellation (returnCredit) it does not count against the bucket's cancels_used: the customer
 * did not choose to cancel. Unlimited buckets stay unlimited.
 */
export async function returnCreditForStudio(db: Db, bucketId: number) {
  await db
    .update(available_classes)
    .set({
      available_classes: sql`case when ${available_classes.available_classes} = -1 then -1 else ${available_classes.available_classes} + 1 end`,
    })
    .where(eq(available_classes.available_class_id, bucketId));
}

// ---------------------------------------------------------------------------------------------
// Mis Reservaciones

function filterCondition(filter: ReservationFilter, now: Date): SQL | undefined {
  switch (filter) {
    case "upcoming":
      return and(isNull(class_reservations.deletedAt), gte(single_classes.class_date, now));
    case "past":
      return and(isNull(class_reservations.deletedAt), lt(single_classes.class_date, now));
    case "cancelled":
      return isNotNull(class_reservations.deletedAt);
    default:
      return undefined;
  }
}

/**
 * One page of a customer's own reservations (host rows; the guest is shown on its host's row).
 * Upcoming ones read soonest first, every other list most recent first.
 */
export async function pageOfReservations(
  db: Db,
  customerId: number,
  filter: ReservationFilter,
  now: Date,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(class_reservations.customer_id, customerId),
    isNull(class_reservations.guest_of_id),
    filterCondition(filter, now),
  );
  const order =
    filter === "upcoming"
      ? [asc(single_classes.class_date), asc(class_reservations.class_reservation_id)]
      : [desc(single_classes.class_date), desc(class_reservations.class_reservation_id)];
  const rows = await db
    .select({ reservation: class_reservations, class_date: single_classes.class_date })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Only "upcoming" and "past" depend on the class's date; the other counts read the customer's
  // own rows by index without touching the classes (bench/RESULTS.md, case d).
  const [{ total }] =
    filter === "upcoming" || filter === "past"
      ? await db
          .select({ total: count() })
          .from(class_reservations)
          .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
          .where(where)
      : await db.select({ total: count() }).from(class_reservations).where(where);
  return { rows: rows.map((r) => r.reservation), total };
}

/** Guest rows (cancelled or not) of some host reservations. */
export async function guestsOf(db: Db, hostIds: number[]) {
  if (hostIds.length === 0) return [];
  return db.select().from(class_reservations).where(inArray(class_reservations.guest_of_id, hostIds));
}

export async function coachRatingsOf(db: Db, reservationIds: number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      class_reservation_id: coach_ratings.class_reservation_id,
      coach_stars: coach_ratings.coach_stars,
    })
    .from(coach_ratings)
    .where(inArray(coach_ratings.class_reservation_id, reservationIds));
}

/** Upcoming, active own reservations for the calendar feed. */
export async function upcomingForFeed(db: Db, customerId: number, from: Date) {
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
    })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(
      and(
        eq(class_reservations.customer_id, customerId),
        isNull(class_reservations.guest_of_id),
        isNull(class_reservations.deletedAt),
        isNull(single_classes.cancelledAt),
        gte(single_classes.class_date, from),
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

export async function getIcalToken(db: Db, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ token: customers.ical_token })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  return row?.token ?? null;
}

/**
 * customers.ical_token belongs to the calendar feed only (no other domain reads it), so this
 * module writes it directly.
 */
export async function setIcalToken(db: Db, customerId: number, token: string | null) {
  await db.update(customers).set({ ical_token: token }).where(eq(customers.customer_id, customerId));
}
