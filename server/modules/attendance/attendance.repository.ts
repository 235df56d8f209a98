import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
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
  is_cash: class_reservations.is_cash,
  is_paid: class_reservations.is_paid,
  paid_with: class_reservations.paid_with,
  deletedAt: class_reservations.deletedAt,
  createdAt: class_reservations.createdAt,
};

export async function findSeat(db: Db, id: number) {
  const [row] = await db
    .select(seatColumns)
    .from(class_reservations)
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .where(eq(class_reservations.class_reservation_id, id));
  return row ?? null;
}

export type SeatDetail = NonNullable<Awaited<ReturnType<typeof findSeat>>>;

/** Active seats of a class (guests are their own rows), hosts before their guests. */
export async function activeSeatsOf(db: Db, classId: number) {
  return db
    .select(seatColumns)
    .from(class_reservations)
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .where(and(eq(class_reservations.single_class_id, classId), isNull(class_reservations.deletedAt)))
    .orderBy(asc(customers.name), asc(customers.last_name), asc(class_reservations.class_reservation_id));
}

export async function guestsOf(db: Db, hostId: number) {
  return db
    .select(seatColumns)
    .from(class_reservations)
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .where(and(eq(class_reservations.guest_of_id, hostId), isNull(class_reservations.deletedAt)));
}

export async function setAttend(db: Db, id: number, attend: boolean) {
  await db
    .update(class_reservations)
    .set({ attend, updatedAt: new Date() })
    .where(eq(class_reservations.class_reservation_id, id));
}
