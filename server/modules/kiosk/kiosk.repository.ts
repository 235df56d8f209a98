import { and, asc, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { class_types, locations, single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { kiosk_sessions } from "../../db/schema/kiosk";
import { class_reservations } from "../../db/schema/reservations";

export async function insertSession(
  db: Db,
  values: { token_hash: string; pin_hash: string; location_id: number | null; opened_by: string },
) {
  const [row] = await db.insert(kiosk_sessions).values(values).returning();
  return row!;
}

/** The open kiosk whose token hashes to this (null: unknown or closed). */
export async function openSessionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      kiosk_session_id: kiosk_sessions.kiosk_session_id,
      pin_hash: kiosk_sessions.pin_hash,
      location_id: kiosk_sessions.location_id,
      location: locations.name,
      opened_by: kiosk_sessions.opened_by,
      pin_failures: kiosk_sessions.pin_failures,
      pin_locked_until: kiosk_sessions.pin_locked_until,
      lookup_failures: kiosk_sessions.lookup_failures,
      lookup_window_start: kiosk_sessions.lookup_window_start,
    })
    .from(kiosk_sessions)
    .leftJoin(locations, eq(locations.location_id, kiosk_sessions.location_id))
    .where(and(eq(kiosk_sessions.token_hash, tokenHash), isNull(kiosk_sessions.closedAt)));
  return row ?? null;
}

export type KioskSession = NonNullable<Awaited<ReturnType<typeof openSessionByTokenHash>>>;

export async function updateSession(
  db: Db,
  id: number,
  values: Partial<{
    closedAt: Date;
    pin_failures: number;
    pin_locked_until: Date | null;
    lookup_failures: number;
    lookup_window_start: Date | null;
  }>,
) {
  await db.update(kiosk_sessions).set(values).where(eq(kiosk_sessions.kiosk_session_id, id));
}

/** Counts one more wrong phone in the kiosk's window (atomically: two tablets cannot lose one). */
export async function countLookupFailure(db: Db, id: number, now: Date, windowStartsOver: boolean) {
  await db
    .update(kiosk_sessions)
    .set(
      windowStartsOver
        ? { lookup_failures: 1, lookup_window_start: now }
        : { lookup_failures: sql`${kiosk_sessions.lookup_failures} + 1` },
    )
    .where(eq(kiosk_sessions.kiosk_session_id, id));
}

const doorSeatColumns = {
  class_reservation_id: class_reservations.class_reservation_id,
  customer_id: class_reservations.customer_id,
  name: customers.name,
  spot: class_reservations.spot,
  attend: class_reservations.attend,
  single_class_id: single_classes.single_class_id,
  class_date: single_classes.class_date,
  duration_minutes: single_classes.duration_minutes,
  location_id: single_classes.location_id,
  location: locations.name,
  class_type: class_types.name,
};

function doorSeats(db: Db, where: SQL[]) {
  return db
    .select(doorSeatColumns)
    .from(class_reservations)
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(
      and(
        isNull(class_reservations.deletedAt),
        isNull(class_reservations.guest_of_id),
        isNull(single_classes.cancelledAt),
        ...where,
      ),
    )
    .orderBy(asc(single_classes.class_date));
}

/** A person's own live seats (not guests) in classes starting in [from, to), at a location or any. */
export async function seatsByPhone(db: Db, phone: string, from: Date, to: Date, locationId: number | null) {
  const where = [
    eq(customers.phone, phone),
    gte(single_classes.class_date, from),
    lt(single_classes.class_date, to),
  ];
  if (locationId !== null) where.push(eq(single_classes.location_id, locationId));
  return doorSeats(db, where);
}

/** The live host seat a check-in QR names (null: none, cancelled, or a guest's). */
export async function seatById(db: Db, reservationId: number) {
  const [row] = await doorSeats(db, [eq(class_reservations.class_reservation_id, reservationId)]);
  return row ?? null;
}

export type DoorSeat = NonNullable<Awaited<ReturnType<typeof seatById>>>;
