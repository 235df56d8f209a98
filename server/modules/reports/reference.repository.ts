import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { VisitMonthFact } from "../../../domain/reports/customers";
import type { ClassFact } from "../../../domain/reports/utilisation";
import type { Db } from "../../db/client";
import { class_types, locations, single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";
import { coachNames } from "./utilisation.repository";

/**
 * The reports' facts read from every reservation: the definitions the rollups stand for
 * (decision 0105). The reports read the rollups (utilisation.repository.ts,
 * customers.repository.ts); rollups.test.ts checks on random data that both give the same report.
 */
const live = sql`${class_reservations.deletedAt} is null`;

/** One fact row per class held in [start, end), counted over its reservations. */
export async function classFactsFromReservations(
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

const customerName = sql<string>`trim(${customers.name} || ' ' || coalesce(${customers.last_name}, ''))`;

/** Distinct (customer, studio month) of visits before `end`, at one location when asked. */
export async function visitMonthsFromReservations(
  db: Db,
  range: { end: Date; locationId?: number | undefined },
  timeZone: string,
): Promise<VisitMonthFact[]> {
  const month = sql<string>`to_char(${single_classes.class_date} at time zone ${timeZone}, 'YYYY-MM')`;
  return (
    db
      .select({ customer_id: class_reservations.customer_id, customer: customerName, month })
      .from(class_reservations)
      .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
      .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
      .where(
        and(
          isNull(class_reservations.deletedAt),
          isNull(class_reservations.guest_of_id),
          isNull(single_classes.cancelledAt),
          lt(single_classes.class_date, range.end),
          range.locationId ? eq(single_classes.location_id, range.locationId) : undefined,
        ),
      )
      // By position: the zone is a parameter, and a second copy of it would not be the same expression.
      .groupBy(class_reservations.customer_id, customers.name, customers.last_name, sql`3`)
  );
}
