import { and, asc, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { preparedRows, preparedStatement } from "../../db/prepared-statement";
import { qualified } from "../../db/qualified";
import { class_types, locations, single_classes } from "../../db/schema/calendar";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";
import { classForEmailColumns } from "./reservations.repository";

/**
 * The booking path's statements, built once per database and run on the connection the caller
 * holds (server/db/prepared-statement.ts, decisions 0042 and 0045): the SQL here, the calls that
 * run them and map their rows in booking.repository.ts. Every per-call value is a placeholder.
 */

export const bookedClassColumns = {
  single_class_id: single_classes.single_class_id,
  class_date: single_classes.class_date,
  duration_minutes: single_classes.duration_minutes,
  capacity: single_classes.capacity,
  seats_taken: single_classes.seats_taken,
  class_type_id: single_classes.class_type_id,
  class_package_id: single_classes.class_package_id,
  cancelledAt: single_classes.cancelledAt,
  ...classForEmailColumns,
};

export const classForBookingStatement = preparedStatement("booking_class", (db, name) =>
  db
    .select(bookedClassColumns)
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(eq(single_classes.single_class_id, sql.placeholder("classId")))
    .prepare(name),
);

export const customerForBookingStatement = preparedStatement("booking_customer", (db, name) => {
  const customerId = sql.placeholder("customerId");
  // Raw `sql` only where Drizzle has no helper: bool_or, array_agg ... filter, and "on true" to
  // attach the two one-row subqueries to the customer row.
  const seats = db
    .select({
      mine: sql<boolean>`coalesce(bool_or(${class_reservations.customer_id} = ${customerId} and ${class_reservations.guest_of_id} is null), false)`.as(
        "mine",
      ),
      spots: sql<
        string[]
      >`coalesce(array_agg(${class_reservations.spot}) filter (where ${class_reservations.spot} is not null), '{}')`.as(
        "spots",
      ),
    })
    .from(class_reservations)
    .where(
      and(
        eq(class_reservations.single_class_id, sql.placeholder("classId")),
        isNull(class_reservations.deletedAt),
      ),
    )
    .as("seats");
  const now = sql.placeholder("now");
  const penalty = db
    .select({
      no_shows: class_reservation_penalties.no_shows,
      end_date: class_reservation_penalties.end_date,
    })
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
    .limit(1)
    .as("penalty");
  return db
    .select({
      customer_id: customers.customer_id,
      has_unlimited: customers.has_unlimited,
      unlimited_membership_expiration: customers.unlimited_membership_expiration,
      email: customers.email,
      name: customers.name,
      holds_seat: seats.mine,
      spots_taken: seats.spots,
      penalty_no_shows: penalty.no_shows,
      penalty_end_date: penalty.end_date,
    })
    .from(customers)
    .leftJoin(seats, sql`true`)
    .leftJoin(penalty, sql`true`)
    .where(eq(customers.customer_id, customerId))
    .prepare(name);
});

export const bucketsStatement = preparedStatement("booking_buckets", (db, name) =>
  db
    .select()
    .from(available_classes)
    .where(eq(available_classes.customer_id, sql.placeholder("customerId")))
    .orderBy(asc(available_classes.available_class_id))
    .prepare(name),
);

export type TakeSeatValues = {
  classId: number;
  customerId: number;
  needed: number;
  buckets: number[];
  spot: string | null;
  paidWith: string;
  bucketId: number | null;
};

/**
 * takeSeat's SQL, prepared once per database: PostgreSQL (and PGlite, decision 0045) plans it
 * once instead of on every booking.
 */
export const takeSeatStatement = preparedRows<TakeSeatValues, Record<string, unknown>>(
  "booking_take_seat",
  () => {
    const buckets = sql`${sql.placeholder("buckets")}::integer[]`;
    const paid = sql`(select count(*) from unnest(${buckets}) as paid(id) where paid.id = a.available_class_id)::integer`;
    return sql`
    with seat as (
      update single_classes set seats_taken = seats_taken
      where single_class_id = ${sql.placeholder("classId")}::integer and cancelled_at is null
        and capacity - seats_taken >= ${sql.placeholder("needed")}::integer
      returning single_class_id
    ), who as (
      select customer_id from customers
      where customer_id = ${sql.placeholder("customerId")}::integer and exists (select 1 from seat)
      for update
    ), spent as (
      update available_classes a
      set available_classes = case when a.available_classes = -1 then -1 else a.available_classes - ${paid} end,
          updated_at = now()
      where a.available_class_id = any(${buckets}) and exists (select 1 from who)
        and (a.available_classes = -1 or a.available_classes >= ${paid})
      returning a.available_class_id
    )
    insert into class_reservations (single_class_id, customer_id, spot, is_paid, paid_with, available_class_id)
    select seat.single_class_id, ${sql.placeholder("customerId")}::integer, ${sql.placeholder("spot")}::text, true,
           ${sql.placeholder("paidWith")}::text, ${sql.placeholder("bucketId")}::integer
    from seat
    where exists (select 1 from who)
      and (select count(*) from spent) = (select count(distinct id) from unnest(${buckets}) as paid(id))
    returning *`;
  },
);

export const seatsLeftStatement = preparedStatement("booking_seats_left", (db, name) =>
  db
    .select({
      capacity: single_classes.capacity,
      seats_taken: single_classes.seats_taken,
      cancelled: sql<boolean>`${single_classes.cancelledAt} is not null`,
      mine: sql<boolean>`exists (select 1 from ${class_reservations} where ${class_reservations.single_class_id} = ${qualified(single_classes.single_class_id)} and ${class_reservations.customer_id} = ${sql.placeholder("customerId")} and ${class_reservations.guest_of_id} is null and ${class_reservations.deletedAt} is null)`,
    })
    .from(single_classes)
    .where(eq(single_classes.single_class_id, sql.placeholder("classId")))
    .prepare(name),
);

export const seatsLeftForManyStatement = preparedStatement("booking_seats_left_many", (db, name) =>
  db
    .select({
      capacity: single_classes.capacity,
      seats_taken: single_classes.seats_taken,
      cancelled: sql<boolean>`${single_classes.cancelledAt} is not null`,
      holders: sql<
        number[]
      >`coalesce((select array_agg(${class_reservations.customer_id}) from ${class_reservations} where ${class_reservations.single_class_id} = ${qualified(single_classes.single_class_id)} and ${class_reservations.customer_id} = any(${sql.placeholder("customerIds")}::integer[]) and ${class_reservations.guest_of_id} is null and ${class_reservations.deletedAt} is null), '{}')`,
    })
    .from(single_classes)
    .where(eq(single_classes.single_class_id, sql.placeholder("classId")))
    .prepare(name),
);
