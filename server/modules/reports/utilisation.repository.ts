import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { ClassFact } from "../../../domain/reports/utilisation";
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

/**
 * One fact row per class held in [start, end): its seats, guests, check-ins and late
 * cancellations counted in one grouped pass over its reservations (the class_reservations
 * single_class_id index), its coaches as the studio calls them. The arithmetic is
 * domain/reports/utilisation.ts's.
 */
const coachNames = sql<
  string[]
>`array(select coalesce(nullif(${instructors.nick_name}, ''), ${instructors.name}) from ${single_class_instructors} join ${instructors} on ${instructors.instructor_id} = ${single_class_instructors.instructor_id} where ${single_class_instructors.single_class_id} = ${qualified(single_classes.single_class_id)} order by ${instructors.instructor_id})`;

const live = sql`${class_reservations.deletedAt} is null`;

export async function classFacts(
  db: Db,
  range: { start: Date; end: Date; locationId?: number | undefined },
): Promise<ClassFact[]> {
  const rows = await db
    .select({
      single_class_id: single_classes.single_class_id,
      class_date: single_classes.class_date,
      duration_minutes: single_classes.duration_minutes,
      capacity: single_classes.capacity,
      cancelled: sql<boolean>`${single_classes.cancelledAt} is not null`,
      class_type: class_types.name,
      location: locations.name,
      coaches: coachNames,
      seats: sql<number>`count(${class_reservations.class_reservation_id}) filter (where ${live})`.mapWith(
        Number,
      ),
      guests:
        sql<number>`count(*) filter (where ${live} and ${class_reservations.guest_of_id} is not null)`.mapWith(
          Number,
        ),
      attended: sql<number>`count(*) filter (where ${live} and ${class_reservations.attend})`.mapWith(Number),
      late_cancels: sql<number>`count(*) filter (where ${class_reservations.late_cancel})`.mapWith(Number),
    })
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .leftJoin(class_reservations, eq(class_reservations.single_class_id, single_classes.single_class_id))
    .where(
      and(
        gte(single_classes.class_date, range.start),
        lt(single_classes.class_date, range.end),
        range.locationId ? eq(single_classes.location_id, range.locationId) : undefined,
      ),
    )
    .groupBy(single_classes.single_class_id, class_types.name, locations.name);
  return rows.map((r) => ({ ...r, cancelled: Boolean(r.cancelled), coaches: r.coaches ?? [] }));
}
