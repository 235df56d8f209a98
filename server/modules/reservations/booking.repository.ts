import { and, asc, count, desc, eq, getTableColumns, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRows, preparedStatement } from "../../db/prepared-statement";
import { qualified } from "../../db/qualified";
import { class_types, locations, single_classes } from "../../db/schema/calendar";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";
import {
  type BucketRow,
  classForEmailColumns,
  type ReservationRow,
  withEmailClass,
} from "./reservations.repository";

// ---------------------------------------------------------------------------------------------
// A booking reads everything it decides on without a lock, then takes the seat, the customer and
// the credits in ONE statement (takeSeat): a conditional update of the class's seat counter
// (single_classes.seats_taken, kept by triggers for every writer) that waits for the class row
// and re-checks the seats on its newest version, then the customer row, then the buckets, then
// the insert. The class lock is held from that statement to the commit, nothing else: the
// critical section is one statement and a COMMIT (decision 0033). Locks are taken in the order
// every writer uses (class, customer, buckets), so a booking never waits crosswise on a cancel.

const bookedClassColumns = {
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

const classForBookingStatement = preparedStatement("booking_class", (db, name) =>
  db
    .select(bookedClassColumns)
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(eq(single_classes.single_class_id, sql.placeholder("classId")))
    .prepare(name),
);

/** The class a booking is for, as its confirmation email shows it (no lock: takeSeat decides). */
export async function classForBooking(db: Db, classId: number) {
  const [row] = await classForBookingStatement(db, { classId });
  return row ? withEmailClass(row) : null;
}

export type BookedClass = NonNullable<Awaited<ReturnType<typeof classForBooking>>>;

const customerForBookingStatement = preparedStatement("booking_customer", (db, name) => {
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

/**
 * What a booking decides on about the customer, in one statement: membership, email and name,
 * whether they hold a seat in the class and which spots are taken there, and their active
 * penalty. Read without locks: a seat held twice or a spot taken twice is stopped by the unique
 * indexes (409), and seats and credits by takeSeat.
 */
export async function customerForBooking(db: Db, customerId: number, classId: number, now: Date) {
  const [row] = await customerForBookingStatement(db, { customerId, classId, now });
  return row ?? null;
}

const bucketsStatement = preparedStatement("booking_buckets", (db, name) =>
  db
    .select()
    .from(available_classes)
    .where(eq(available_classes.customer_id, sql.placeholder("customerId")))
    .orderBy(asc(available_classes.available_class_id))
    .prepare(name),
);

/** The customer's credit buckets, to choose from (takeSeat spends them only if still enough). */
export async function bucketsForBooking(db: Db, customerId: number): Promise<BucketRow[]> {
  return bucketsStatement(db, { customerId });
}

/** The reservation's columns (property, column), to map takeSeat's raw row as Drizzle would. */
const RESERVATION_COLUMNS = Object.entries(getTableColumns(class_reservations));

type TakeSeatValues = {
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
const takeSeatStatement = preparedRows<TakeSeatValues, Record<string, unknown>>("booking_take_seat", () => {
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
});

/**
 * The booking's one locking statement: takes `needed` seats of the class if it is not cancelled
 * and has them, locks the customer, spends one credit per entry of `spend` (buckets that paid,
 * not unlimited ones) if every one still has it, and inserts the host's row. Null when any part
 * is refused (nothing is written): the caller reads why.
 *
 * Each step runs only once the one before succeeded ("exists (select 1 from ...)"), so the locks
 * are taken in the order every writer uses: class, customer, buckets. Raw SQL because the insert
 * reads its row from the seat (INSERT ... SELECT without the identity column, which Drizzle's
 * insert-select cannot leave out); the row comes back through the table's column mappers.
 */
export async function takeSeat(
  db: Db,
  values: {
    single_class_id: number;
    customer_id: number;
    spot: string | null;
    paid_with: string;
    available_class_id: number | null;
  },
  needed: number,
  spend: BucketRow[],
): Promise<ReservationRow | null> {
  const [raw] = await takeSeatStatement(db, {
    classId: values.single_class_id,
    customerId: values.customer_id,
    needed,
    // The buckets that pay (an unlimited one, -1, is not spent).
    buckets: spend.filter((b) => b.available_classes !== -1).map((b) => b.available_class_id),
    spot: values.spot,
    paidWith: values.paid_with,
    bucketId: values.available_class_id,
  });
  if (!raw) return null;
  const row: Record<string, unknown> = {};
  for (const [key, column] of RESERVATION_COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ReservationRow;
}

const seatsLeftStatement = preparedStatement("booking_seats_left", (db, name) =>
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

/**
 * Seats of a class in one primary-key read (the counter, no aggregate) and whether this customer
 * holds one (through the one-own-seat unique index). No lock: good for refusing a full class
 * early and for telling why takeSeat refused; never for granting a seat.
 */
export async function seatsLeft(db: Db, classId: number, customerId: number) {
  const [row] = await seatsLeftStatement(db, { classId, customerId });
  if (!row) return null;
  return {
    left: row.capacity === null ? 0 : row.capacity - row.seats_taken,
    cancelled: row.cancelled,
    mine: row.mine,
  };
}

const seatsLeftForManyStatement = preparedStatement("booking_seats_left_many", (db, name) =>
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

/**
 * `seatsLeft` for several customers of one class in one statement: the same primary-key read of
 * the counter, and which of them hold a seat. For requests that arrived together (booking.service's
 * admission); null when the class does not exist.
 */
export async function seatsLeftForMany(db: Db, classId: number, customerIds: number[]) {
  const [row] = await seatsLeftForManyStatement(db, { classId, customerIds });
  if (!row) return null;
  const holders = new Set(row.holders);
  return {
    left: row.capacity === null ? 0 : row.capacity - row.seats_taken,
    cancelled: row.cancelled,
    holds: (customerId: number) => holders.has(customerId),
  };
}

/** Counts a class's active seats by its rows (tests compare the counter with it). */
export async function countActiveSeats(db: Db, classId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(class_reservations)
    .where(and(eq(class_reservations.single_class_id, classId), isNull(class_reservations.deletedAt)));
  return row?.n ?? 0;
}
