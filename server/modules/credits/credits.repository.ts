import { and, asc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { class_types } from "../../db/schema/calendar";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";

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
