import { and, asc, eq, gt, isNull, lt, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { type FreezeFeeStatus, membership_freezes } from "../../db/schema/purchases";

export type FreezeRow = typeof membership_freezes.$inferSelect;
export type NewFreeze = typeof membership_freezes.$inferInsert;

export async function insertFreeze(db: Db, values: NewFreeze) {
  const [row] = await db.insert(membership_freezes).values(values).returning();
  return row!;
}

/** The purchase's live freezes (not cancelled), earliest first. */
export async function listFreezesOfPurchase(db: Db, purchaseId: number) {
  return db
    .select()
    .from(membership_freezes)
    .where(and(eq(membership_freezes.purchase_id, purchaseId), isNull(membership_freezes.cancelledAt)))
    .orderBy(asc(membership_freezes.starts_at));
}

/** A customer's live freezes that have not ended by `now`, earliest first. */
export async function listCurrentFreezes(db: Db, customerId: number, now: Date) {
  return db
    .select()
    .from(membership_freezes)
    .where(
      and(
        eq(membership_freezes.customer_id, customerId),
        isNull(membership_freezes.cancelledAt),
        gt(membership_freezes.ends_at, now),
      ),
    )
    .orderBy(asc(membership_freezes.starts_at));
}

export async function findFreeze(db: Db, id: number, lock = false) {
  const query = db.select().from(membership_freezes).where(eq(membership_freezes.membership_freeze_id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function cancelFreezeRow(db: Db, id: number, now: Date) {
  await db
    .update(membership_freezes)
    .set({ cancelledAt: now, updatedAt: now })
    .where(eq(membership_freezes.membership_freeze_id, id));
}

/** Settles a freeze's fee once: only a pending one changes (answers whether this call did). */
export async function settleFreezeFeeRow(
  db: Db,
  id: number,
  status: Exclude<FreezeFeeStatus, "none" | "pending">,
  now: Date,
) {
  const rows = await db
    .update(membership_freezes)
    .set({ fee_status: status, updatedAt: now, ...(status === "declined" ? { cancelledAt: now } : {}) })
    .where(and(eq(membership_freezes.membership_freeze_id, id), eq(membership_freezes.fee_status, "pending")))
    .returning({ id: membership_freezes.membership_freeze_id });
  return rows.length > 0;
}

/** Freezes whose fee was recorded before `before` and never settled, oldest first: the job's work. */
export async function listPendingFreezeFees(db: Db, before: Date, limit = 100) {
  return db
    .select()
    .from(membership_freezes)
    .where(and(eq(membership_freezes.fee_status, "pending"), lt(membership_freezes.createdAt, before)))
    .orderBy(asc(membership_freezes.createdAt))
    .limit(limit);
}

/**
 * The booking's check (one indexed statement, prepared once): the customer's live freeze that
 * covers the class's instant, if any.
 */
const freezeAtStatement = preparedStatement("purchases_freeze_at", (db, name) =>
  db
    .select({ starts_at: membership_freezes.starts_at, ends_at: membership_freezes.ends_at })
    .from(membership_freezes)
    .where(
      and(
        eq(membership_freezes.customer_id, sql.placeholder("customerId")),
        isNull(membership_freezes.cancelledAt),
        // A freeze whose fee is still being charged does not apply yet (decision 0107).
        ne(membership_freezes.fee_status, "pending"),
        lte(membership_freezes.starts_at, sql.placeholder("at")),
        gt(membership_freezes.ends_at, sql.placeholder("at")),
      ),
    )
    .limit(1)
    .prepare(name),
);

export async function freezeAt(db: Db, customerId: number, at: Date) {
  const [row] = await freezeAtStatement(db, { customerId, at });
  return row ?? null;
}

/** Moves the expiry of the purchase's credit buckets by `ms` (those that expire). */
export async function shiftCreditsExpiry(db: Db, purchaseId: number, ms: number) {
  await db
    .update(available_classes)
    .set({ expiration_date: sql`${available_classes.expiration_date} + (${ms} * interval '1 millisecond')` })
    .where(eq(available_classes.purchase_id, purchaseId));
}

/** Moves the customer's unlimited membership end by `ms` (none, or one without end: unchanged). */
export async function shiftUnlimitedEnd(db: Db, customerId: number, ms: number) {
  await db
    .update(customers)
    .set({
      unlimited_membership_expiration: sql`${customers.unlimited_membership_expiration} + (${ms} * interval '1 millisecond')`,
    })
    .where(eq(customers.customer_id, customerId));
}
