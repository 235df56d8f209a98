import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";

const seatColumns = {
  class_reservation_id: class_reservations.class_reservation_id,
  single_class_id: class_reservations.single_class_id,
  customer_id: class_reservations.customer_id,
  name: customers.name,
  last_name: customers.last_name,
  email: customers.email,
  phone: customers.phone,
  guest: class_reservations.guest,
  guest_of_id: class_reservations.guest_of_id,
  spot: class_reservations.spot,
  attend: class_reservations.attend,
  no_show_processed: class_reservations.no_show_processed,
  late_cancel: class_reservations.late_cancel,
  is_cash: class_reservations.is_cash,
  is_paid: class_reservations.is_paid,
  paid_with: class_reservations.paid_with,
  deletedAt: class_reservations.deletedAt,
  createdAt: class_reservations.createdAt,
  class_date: single_classes.class_date,
  duration_minutes: single_classes.duration_minutes,
};

function seats(db: Db) {
  return db
    .select(seatColumns)
    .from(class_reservations)
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id));
}

export async function findSeat(db: Db, id: number) {
  const [row] = await seats(db).where(eq(class_reservations.class_reservation_id, id));
  return row ?? null;
}

export type SeatDetail = NonNullable<Awaited<ReturnType<typeof findSeat>>>;

/**
 * The seats of a class the desk works with: the active ones and the late cancellations (which
 * stay on the list with that state; other cancellations leave it), hosts before their guests.
 */
export async function checkInSeatsOf(db: Db, classId: number) {
  return seats(db)
    .where(
      and(
        eq(class_reservations.single_class_id, classId),
        or(isNull(class_reservations.deletedAt), eq(class_reservations.late_cancel, true)),
      ),
    )
    .orderBy(asc(customers.name), asc(customers.last_name), asc(class_reservations.class_reservation_id));
}

export async function guestsOf(db: Db, hostId: number) {
  return seats(db).where(
    and(eq(class_reservations.guest_of_id, hostId), isNull(class_reservations.deletedAt)),
  );
}

/** A seat's check-in fields, the seat row locked (FOR UPDATE) so two taps cannot interleave. */
export async function lockSeat(db: Db, id: number) {
  const [row] = await db
    .select({ class_reservation_id: class_reservations.class_reservation_id })
    .from(class_reservations)
    .where(eq(class_reservations.class_reservation_id, id))
    .for("update");
  return row ?? null;
}

export async function setCheckIn(
  db: Db,
  ids: number[],
  values: { attend: boolean; no_show_processed?: boolean; late_cancel?: boolean; deletedAt?: Date },
) {
  if (ids.length === 0) return;
  await db
    .update(class_reservations)
    .set({ ...values, updatedAt: new Date() })
    .where(inArray(class_reservations.class_reservation_id, ids));
}

/** "Marcar a todos": every active seat of the class not marked yet becomes attended. */
export async function markPendingAttended(db: Db, classId: number) {
  const rows = await db
    .update(class_reservations)
    .set({ attend: true, updatedAt: new Date() })
    .where(
      and(
        eq(class_reservations.single_class_id, classId),
        isNull(class_reservations.deletedAt),
        eq(class_reservations.attend, false),
        eq(class_reservations.no_show_processed, false),
      ),
    )
    .returning({ id: class_reservations.class_reservation_id });
  return rows.length;
}

/** Whether a class exists (for a clean 404 before any write). */
export async function classExists(db: Db, classId: number) {
  const [row] = await db
    .select({ id: single_classes.single_class_id })
    .from(single_classes)
    .where(eq(single_classes.single_class_id, classId));
  return Boolean(row);
}

/**
 * The facts behind the roster's flags (domain/roster-flags.ts) for every host seat of a class, in
 * one query whatever the class's size: a previous attended class, an unpaid cash order (or this
 * seat paid in cash and not confirmed), the soonest expiry of credits they still have, and the
 * birthdate. Guests are the host's and get no flags.
 */
export async function rosterFactsOf(db: Db, classId: number, now: Date) {
  type Row = {
    class_reservation_id: number;
    customer_id: number;
    birthdate: string | null;
    attended_before: boolean;
    unpaid_cash: boolean;
    credits_expire: Date | string | null;
  };
  const result = await db.execute(sql`
    select r.class_reservation_id, r.customer_id, c.birthdate::text as birthdate,
      exists (
        select 1 from class_reservations p
        where p.customer_id = r.customer_id and p.attend and p.deleted_at is null
          and p.class_date < s.class_date
      ) as attended_before,
      (r.is_cash and not r.is_paid) or exists (
        select 1 from purchases o
        where o.customer_id = r.customer_id and o.status = 'pending' and o.provider = 'cash'
      ) as unpaid_cash,
      (
        select min(a.expiration_date) from available_classes a
        where a.customer_id = r.customer_id and a.available_classes <> 0
          and a.expiration_date > ${now.toISOString()}::timestamptz
      ) as credits_expire
    from class_reservations r
    join customers c on c.customer_id = r.customer_id
    join single_classes s on s.single_class_id = r.single_class_id
    where r.single_class_id = ${classId} and r.guest_of_id is null and r.deleted_at is null
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((r) => ({
    ...r,
    credits_expire: r.credits_expire === null ? null : new Date(r.credits_expire),
  }));
}

export type RosterFactsRow = Awaited<ReturnType<typeof rosterFactsOf>>[number];
