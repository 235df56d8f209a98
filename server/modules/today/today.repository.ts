import { and, asc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { classSummaryColumns } from "../../db/class-summary";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import {
  class_types,
  instructors,
  locations,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";

const classId = qualified(single_classes.single_class_id);

/** The class's coaches as the studio calls them (nick name, else name), in a stable order. */
const coachNames = sql<
  string[]
>`array(select coalesce(nullif(${instructors.nick_name}, ''), ${instructors.name}) from ${single_class_instructors} join ${instructors} on ${instructors.instructor_id} = ${single_class_instructors.instructor_id} where ${single_class_instructors.single_class_id} = ${classId} order by ${instructors.instructor_id})`;

const checkedIn = sql<number>`(select count(*) from ${class_reservations} r
  where r.single_class_id = ${classId} and r.deleted_at is null and r.attend)`.mapWith(Number);

const waiting = sql<number>`(select count(*) from ${waitlists} w
  where w.single_class_id = ${classId} and w.deleted_at is null and w.status = 'waiting')`.mapWith(Number);

/**
 * Hoy (docs/product-rules.md#hoy): the classes starting in [from, to) with seats booked (walk-ins
 * and guests are seats), checked in, waiting and their coaches, in ONE query: the counts are
 * correlated subqueries on indexed single_class_id, computed only for the rows returned.
 */
export async function classesOfDay(db: Db, from: Date, to: Date, locationId: number | null) {
  const where: SQL[] = [gte(single_classes.class_date, from), lt(single_classes.class_date, to)];
  if (locationId !== null) where.push(eq(single_classes.location_id, locationId));
  return db
    .select({
      ...classSummaryColumns,
      location_id: single_classes.location_id,
      checked_in: checkedIn,
      waiting,
      coaches: coachNames,
    })
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(and(...where))
    .orderBy(asc(single_classes.class_date), asc(single_classes.single_class_id));
}

/** The studio's locations for Hoy's filter (a handful; read with the classes' page). */
export async function locationChoices(db: Db) {
  return db
    .select({ location_id: locations.location_id, name: locations.name })
    .from(locations)
    .orderBy(asc(locations.name));
}
