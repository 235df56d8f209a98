import { and, count, eq, exists, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { CLASS_SORTS, RESERVATION_SORTS } from "../../../domain/api/admin-lists";
import { classSummaryColumns, seatsBooked } from "../../db/class-summary";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import {
  class_types,
  instructors,
  locations,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";
import { customerColumns, customerMatches, customerSortKey } from "./customer-columns";
import {
  containsPattern,
  type InstantRange,
  offsetOf,
  orderBy,
  type Paging,
  type Sorting,
  withinRange,
} from "./list-query";

/**
 * The admin's list of classes in a date range and the search over their reservations. One query
 * per page (counts are correlated subqueries on the indexed single_class_id, computed only for
 * the rows of the page) plus one count.
 */

export type ClassSort = (typeof CLASS_SORTS)[number];
const NULLABLE_CLASS_SORTS = new Set<ClassSort>(["coach", "location"]);

const coachNames = sql<string | null>`(select string_agg(coalesce(nullif(${instructors.nick_name}, ''),
  trim(${instructors.name} || ' ' || coalesce(${instructors.last_name}, ''))), ', ' order by ${instructors.name})
  from ${single_class_instructors} join ${instructors} on ${instructors.instructor_id} = ${single_class_instructors.instructor_id}
  where ${single_class_instructors.single_class_id} = ${qualified(single_classes.single_class_id)})`;

/** Of the seats taken (seatsBooked, the dashboard's occupancy count), those checked in. */
const checkedIn = sql<number>`(select count(*) from ${class_reservations} r
  where r.single_class_id = ${qualified(single_classes.single_class_id)} and r.deleted_at is null and r.attend)`.mapWith(
  Number,
);
const inLine = sql<number>`(select count(*) from ${waitlists} w
  where w.single_class_id = ${qualified(single_classes.single_class_id)} and w.deleted_at is null
  and w.status in ('waiting', 'offered'))`.mapWith(Number);

/** Class type, location or a coach's name contains the text. */
function classMatches(query: string): SQL | undefined {
  if (!query) return undefined;
  const like = containsPattern(query);
  return or(
    ilike(class_types.name, like),
    ilike(locations.name, like),
    exists(
      sql`(select 1 from ${single_class_instructors} sci join ${instructors} i on i.instructor_id = sci.instructor_id
        where sci.single_class_id = ${single_classes.single_class_id}
        and (i.name || ' ' || coalesce(i.last_name, '') || ' ' || coalesce(i.nick_name, '')) ilike ${like})`,
    ),
  );
}

export async function pageOfClasses(
  db: Db,
  input: Paging & Sorting<ClassSort> & { query: string; range: InstantRange },
) {
  const where = and(...withinRange(single_classes.class_date, input.range), classMatches(input.query));
  const column = {
    date: single_classes.class_date,
    type: sql`lower(${class_types.name})`,
    coach: sql`lower(${coachNames})`,
    location: sql`lower(${locations.name})`,
    booked: seatsBooked,
    checked_in: checkedIn,
  }[input.sort];
  const rows = await db
    .select({ ...classSummaryColumns, coaches: coachNames, checked_in: checkedIn, waiting: inLine })
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(where)
    .orderBy(
      ...orderBy(column, input.order, single_classes.single_class_id, NULLABLE_CLASS_SORTS.has(input.sort)),
    )
    .limit(input.pageSize)
    .offset(offsetOf(input));
  // Only a search reads the type and location: without one the count stays on the date index.
  let counted = db.select({ n: count() }).from(single_classes).$dynamic();
  if (input.query) {
    counted = counted
      .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
      .leftJoin(locations, eq(locations.location_id, single_classes.location_id));
  }
  const [total] = await counted.where(where);
  return { rows, total: total?.n ?? 0 };
}

export type ReservationSort = (typeof RESERVATION_SORTS)[number];
export type ReservationState = "active" | "cancelled" | "all";

export async function pageOfReservations(
  db: Db,
  input: Paging & Sorting<ReservationSort> & { query: string; range: InstantRange; state: ReservationState },
) {
  const where = and(
    ...withinRange(single_classes.class_date, input.range),
    customerMatches(input.query),
    input.state === "active" ? isNull(class_reservations.deletedAt) : undefined,
    input.state === "cancelled" ? isNotNull(class_reservations.deletedAt) : undefined,
  );
  const column = {
    class_date: single_classes.class_date,
    customer: customerSortKey,
    type: sql`lower(${class_types.name})`,
    created_at: class_reservations.createdAt,
  }[input.sort];
  const rows = await db
    .select({
      class_reservation_id: class_reservations.class_reservation_id,
      single_class_id: class_reservations.single_class_id,
      class_date: single_classes.class_date,
      class_cancelledAt: single_classes.cancelledAt,
      class_type: class_types.name,
      location: locations.name,
      ...customerColumns,
      guest: class_reservations.guest,
      spot: class_reservations.spot,
      attend: class_reservations.attend,
      paid_with: class_reservations.paid_with,
      cancelledAt: class_reservations.deletedAt,
      createdAt: class_reservations.createdAt,
    })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .where(where)
    .orderBy(...orderBy(column, input.order, class_reservations.class_reservation_id))
    .limit(input.pageSize)
    .offset(offsetOf(input));
  // The count joins a table only when a filter reads it (every seat has its class and customer).
  let counted = db.select({ n: count() }).from(class_reservations).$dynamic();
  if (input.range.start || input.range.end) {
    counted = counted.innerJoin(
      single_classes,
      eq(single_classes.single_class_id, class_reservations.single_class_id),
    );
  }
  if (input.query) {
    counted = counted.innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id));
  }
  const [total] = await counted.where(where);
  return { rows, total: total?.n ?? 0 };
}
