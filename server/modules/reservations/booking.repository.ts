import { and, count, eq, getTableColumns, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { class_reservations } from "../../db/schema/reservations";
import {
  bucketsStatement,
  classForBookingStatement,
  customerForBookingStatement,
  seatsLeftForManyStatement,
  seatsLeftStatement,
  takeSeatStatement,
} from "./booking.statements";
import { type BucketRow, type ReservationRow, withEmailClass } from "./reservations.repository";

// ---------------------------------------------------------------------------------------------
// A booking reads everything it decides on without a lock, then takes the seat, the customer and
// the credits in ONE statement (takeSeat): a conditional update of the class's seat counter
// (single_classes.seats_taken, kept by triggers for every writer) that waits for the class row
// and re-checks the seats on its newest version, then the customer row, then the buckets, then
// the insert. The class lock is held from that statement to the commit, nothing else: the
// critical section is one statement and a COMMIT (decision 0033). Locks are taken in the order
// every writer uses (class, customer, buckets), so a booking never waits crosswise on a cancel.

/** The class a booking is for, as its confirmation email shows it (no lock: takeSeat decides). */
export async function classForBooking(db: Db, classId: number) {
  const [row] = await classForBookingStatement(db, { classId });
  return row ? withEmailClass(row) : null;
}

export type BookedClass = NonNullable<Awaited<ReturnType<typeof classForBooking>>>;

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

/** The customer's credit buckets, to choose from (takeSeat spends them only if still enough). */
export async function bucketsForBooking(db: Db, customerId: number): Promise<BucketRow[]> {
  return bucketsStatement(db, { customerId });
}

/** The reservation's columns (property, column), to map takeSeat's raw row as Drizzle would. */
const RESERVATION_COLUMNS = Object.entries(getTableColumns(class_reservations));

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

/** Cancels one active seat (the counter's trigger frees it); answers whether it was active. */
export async function cancelSeat(db: Db, reservationId: number, values: { late_cancel: boolean; at: Date }) {
  const rows = await db
    .update(class_reservations)
    .set({ deletedAt: values.at, late_cancel: values.late_cancel, attend: false, updatedAt: values.at })
    .where(
      and(eq(class_reservations.class_reservation_id, reservationId), isNull(class_reservations.deletedAt)),
    )
    .returning({ id: class_reservations.class_reservation_id });
  return rows.length > 0;
}
