import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { only } from "../../db/rows";
import { class_types } from "../../db/schema/calendar";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";

/** A customer's credit buckets; `activeAt` keeps only those usable then (not expired, not empty). */
export async function listBuckets(db: Db, customerId: number, activeAt?: Date) {
  const conditions = [eq(available_classes.customer_id, customerId)];
  if (activeAt) {
    conditions.push(ne(available_classes.available_classes, 0));
    const notExpired = or(
      isNull(available_classes.expiration_date),
      gt(available_classes.expiration_date, activeAt),
    );
    if (notExpired) conditions.push(notExpired);
  }
  return db
    .select()
    .from(available_classes)
    .where(and(...conditions))
    .orderBy(
      sql`${available_classes.expiration_date} asc nulls last`,
      asc(available_classes.available_class_id),
    );
}

export async function classTypeNames(db: Db) {
  return db.select({ class_type_id: class_types.class_type_id, name: class_types.name }).from(class_types);
}

export async function findMembership(db: Db, customerId: number) {
  const [row] = await db
    .select({
      has_unlimited: customers.has_unlimited,
      unlimited_membership_expiration: customers.unlimited_membership_expiration,
    })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  return row ?? null;
}

/** The customer's usable, limited buckets, soonest to expire first (never-expiring last), locked. */
export async function lockSpendableBuckets(db: Db, customerId: number, now: Date) {
  return db
    .select()
    .from(available_classes)
    .where(
      and(
        eq(available_classes.customer_id, customerId),
        gt(available_classes.available_classes, 0),
        or(isNull(available_classes.expiration_date), gt(available_classes.expiration_date, now)),
      ),
    )
    .orderBy(
      sql`${available_classes.expiration_date} asc nulls last`,
      asc(available_classes.available_class_id),
    )
    .for("update");
}

export async function setBucketAmount(db: Db, id: number, amount: number) {
  await db
    .update(available_classes)
    .set({ available_classes: amount })
    .where(eq(available_classes.available_class_id, id));
}

// ---------------------------------------------------------------------------------------------
// Administrators' edits of credit buckets (decision 0020)

export type BucketValues = {
  available_classes: number;
  expiration_date: Date | null;
  class_type_id: number | null;
  class_types: string | null;
  allowed_times: string | null;
};

export async function findBucket(db: Db, id: number, lock = false) {
  const query = db.select().from(available_classes).where(eq(available_classes.available_class_id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function insertBucket(db: Db, customerId: number, values: BucketValues) {
  return only(
    await db
      .insert(available_classes)
      .values({ ...values, customer_id: customerId })
      .returning(),
  );
}

/** Callers hold the row locked (find...(tx, id, true)), so it is there to update. */
export async function updateBucket(db: Db, id: number, values: Partial<BucketValues>) {
  return only(
    await db
      .update(available_classes)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(available_classes.available_class_id, id))
      .returning(),
  );
}

export async function deleteBucket(db: Db, id: number) {
  await db.delete(available_classes).where(eq(available_classes.available_class_id, id));
}

export async function customerExists(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.customer_id })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// A refund's withdrawal of the credits a purchase granted (docs/decisions/0027)

/** The purchase's buckets, locked in id order (the order a booking locks a customer's buckets in). */
export async function lockBucketsOfPurchase(db: Db, purchaseId: number) {
  return db
    .select()
    .from(available_classes)
    .where(eq(available_classes.purchase_id, purchaseId))
    .orderBy(asc(available_classes.available_class_id))
    .for("update");
}

/** Seats paid with these buckets that still hold their credit (live, or cancelled late). */
export async function countSeatsPaidBy(db: Db, bucketIds: number[]) {
  if (bucketIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(class_reservations)
    .where(
      and(
        inArray(class_reservations.available_class_id, bucketIds),
        or(isNull(class_reservations.deletedAt), eq(class_reservations.late_cancel, true)),
      ),
    );
  return row?.n ?? 0;
}
