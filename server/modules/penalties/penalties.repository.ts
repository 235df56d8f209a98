import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { only } from "../../db/rows";
import { single_classes } from "../../db/schema/calendar";
import { class_reservation_penalties } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";

/**
 * Seats of classes that have ended and that the no-show job has not looked at, locked with SKIP
 * LOCKED so two instances running the job split the work instead of counting twice.
 */
export async function claimEndedSeats(db: Db, now: Date, limit: number) {
  return db
    .select({
      class_reservation_id: class_reservations.class_reservation_id,
      customer_id: class_reservations.customer_id,
      guest_of_id: class_reservations.guest_of_id,
      attend: class_reservations.attend,
    })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .where(
      and(
        eq(class_reservations.no_show_processed, false),
        isNull(class_reservations.deletedAt),
        isNull(single_classes.cancelledAt),
        lte(
          sql`${single_classes.class_date} + make_interval(mins => ${single_classes.duration_minutes})`,
          now,
        ),
      ),
    )
    .limit(limit)
    .for("update", { of: class_reservations, skipLocked: true });
}

export async function markProcessed(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(class_reservations)
    .set({ no_show_processed: true })
    .where(inArray(class_reservations.class_reservation_id, ids));
}

/** Locks the customer (same order as booking: class locks are not involved here). */
export async function lockMember(db: Db, customerId: number) {
  const [row] = await db
    .select({ has_unlimited: customers.has_unlimited })
    .from(customers)
    .where(eq(customers.customer_id, customerId))
    .for("update");
  return row ?? null;
}

/** The customer's own processed seats, latest class first, after `since` (the last penalty). */
export async function processedHistory(db: Db, customerId: number, since: Date | null, limit = 50) {
  return db
    .select({ attend: class_reservations.attend })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .where(
      and(
        eq(class_reservations.customer_id, customerId),
        isNull(class_reservations.guest_of_id),
        isNull(class_reservations.deletedAt),
        isNull(single_classes.cancelledAt),
        eq(class_reservations.no_show_processed, true),
        since ? sql`${single_classes.class_date} > ${since}` : undefined,
      ),
    )
    .orderBy(desc(single_classes.class_date), desc(class_reservations.class_reservation_id))
    .limit(limit);
}

export async function latestPenalty(db: Db, customerId: number) {
  const [row] = await db
    .select()
    .from(class_reservation_penalties)
    .where(eq(class_reservation_penalties.customer_id, customerId))
    .orderBy(desc(class_reservation_penalties.start_date))
    .limit(1);
  return row ?? null;
}

export async function insertPenalty(db: Db, values: typeof class_reservation_penalties.$inferInsert) {
  return only(await db.insert(class_reservation_penalties).values(values).returning());
}

/** Every penalty of a customer, latest ending first (lifted and past ones too). */
export async function listPenaltiesOf(db: Db, customerId: number) {
  return db
    .select()
    .from(class_reservation_penalties)
    .where(eq(class_reservation_penalties.customer_id, customerId))
    .orderBy(desc(class_reservation_penalties.end_date));
}

export async function findPenalty(db: Db, id: number, lock = false) {
  const query = db
    .select()
    .from(class_reservation_penalties)
    .where(eq(class_reservation_penalties.class_reservation_penalty_id, id))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function markPenaltyLifted(db: Db, id: number, liftedBy: string, now: Date) {
  await db
    .update(class_reservation_penalties)
    .set({ liftedAt: now, lifted_by: liftedBy })
    .where(eq(class_reservation_penalties.class_reservation_penalty_id, id));
}

/** Callers hold the row locked (find...(tx, id, true)), so it is there to update. */
export async function updatePenalty(
  db: Db,
  id: number,
  values: Partial<
    Pick<typeof class_reservation_penalties.$inferInsert, "no_shows" | "start_date" | "end_date">
  >,
) {
  return only(
    await db
      .update(class_reservation_penalties)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(class_reservation_penalties.class_reservation_penalty_id, id))
      .returning(),
  );
}

export async function customerExists(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.customer_id })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  return Boolean(row);
}
