import { and, asc, avg, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  class_types,
  instructors,
  locations,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { customer_notes, customers } from "../../db/schema/customers";
import { class_reservations, coach_ratings } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";

/**
 * The classes a coach profile teaches whose start falls on [fromDay, toDay] (dates in the
 * studio's zone), with their bookings and waitlists counted.
 */
export async function classesOfInstructor(
  db: Db,
  instructorId: number,
  zone: string,
  fromDay: string,
  toDay: string,
) {
  const localDay = sql`(${single_classes.class_date} at time zone ${zone})::date`;
  return db
    .select({
      single_class_id: single_classes.single_class_id,
      class_date: single_classes.class_date,
      duration_minutes: single_classes.duration_minutes,
      capacity: single_classes.capacity,
      cancelled: sql<boolean>`${single_classes.cancelledAt} is not null`,
      class_type: class_types.name,
      location: locations.name,
      booked: sql<number>`(select count(*)::int from ${class_reservations} r where r.single_class_id = ${single_classes.single_class_id} and r.deleted_at is null)`,
      waiting: sql<number>`(select count(*)::int from ${waitlists} w where w.single_class_id = ${single_classes.single_class_id} and w.deleted_at is null and w.status = 'waiting')`,
    })
    .from(single_class_instructors)
    .innerJoin(single_classes, eq(single_classes.single_class_id, single_class_instructors.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(
      and(
        eq(single_class_instructors.instructor_id, instructorId),
        sql`${localDay} between ${fromDay}::date and ${toDay}::date`,
      ),
    )
    .orderBy(asc(single_classes.class_date));
}

export async function classHeader(db: Db, singleClassId: number) {
  const [row] = await db
    .select({
      single_class_id: single_classes.single_class_id,
      class_date: single_classes.class_date,
      duration_minutes: single_classes.duration_minutes,
      capacity: single_classes.capacity,
      class_type: class_types.name,
      location: locations.name,
    })
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(eq(single_classes.single_class_id, singleClassId))
    .limit(1);
  return row ?? null;
}

/** The class's live seats (hosts and guests) with who sits there. */
export async function rosterSeats(db: Db, singleClassId: number) {
  return db
    .select({
      class_reservation_id: class_reservations.class_reservation_id,
      customer_id: class_reservations.customer_id,
      name: customers.name,
      last_name: customers.last_name,
      guest: class_reservations.guest,
      spot: class_reservations.spot,
      attend: class_reservations.attend,
    })
    .from(class_reservations)
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .where(and(eq(class_reservations.single_class_id, singleClassId), isNull(class_reservations.deletedAt)))
    .orderBy(asc(class_reservations.class_reservation_id));
}

export async function rosterWaitlist(db: Db, singleClassId: number) {
  return db
    .select({ waitlist_id: waitlists.waitlist_id, name: customers.name, last_name: customers.last_name })
    .from(waitlists)
    .innerJoin(customers, eq(customers.customer_id, waitlists.customer_id))
    .where(
      and(
        eq(waitlists.single_class_id, singleClassId),
        isNull(waitlists.deletedAt),
        eq(waitlists.status, "waiting"),
      ),
    )
    .orderBy(asc(waitlists.createdAt), asc(waitlists.waitlist_id));
}

/** The notes the desk marked for coaches, of these customers, oldest first. */
export async function coachNotesOf(db: Db, customerIds: number[]) {
  if (customerIds.length === 0) return [];
  return db
    .select({
      customer_id: customer_notes.customer_id,
      body: customer_notes.body,
      createdAt: customer_notes.createdAt,
    })
    .from(customer_notes)
    .where(and(inArray(customer_notes.customer_id, customerIds), eq(customer_notes.visible_to_coaches, true)))
    .orderBy(asc(customer_notes.createdAt));
}

export async function ratingsOfInstructor(db: Db, instructorId: number) {
  const [row] = await db
    .select({ count: count(), average: avg(coach_ratings.coach_stars) })
    .from(coach_ratings)
    .where(eq(coach_ratings.instructor_id, instructorId));
  return { count: Number(row?.count ?? 0), average: row?.average == null ? null : Number(row.average) };
}

export { instructors };
