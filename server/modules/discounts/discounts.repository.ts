import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discount_redemptions, discounts } from "../../db/schema/payments";
import { purchases } from "../../db/schema/purchases";

export type DiscountRow = typeof discounts.$inferSelect;
export type DiscountValues = Omit<typeof discounts.$inferInsert, "discount_id" | "createdAt" | "updatedAt">;

export async function findDiscountByCode(
  db: Db,
  code: string,
  lock = false,
): Promise<DiscountRow | undefined> {
  const query = db
    .select()
    .from(discounts)
    .where(eq(sql`lower(${discounts.code})`, code.trim().toLowerCase()))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findDiscount(db: Db, id: number): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(discounts).where(eq(discounts.discount_id, id)).limit(1);
  return row;
}

export async function listDiscounts(db: Db): Promise<DiscountRow[]> {
  return db.select().from(discounts).orderBy(asc(discounts.discount_id));
}

/** Uses that still count: redemptions whose purchase did not fail. */
export async function countRedemptions(db: Db, discountId: number, customerId?: number): Promise<number> {
  const conditions = [eq(discount_redemptions.discount_id, discountId)];
  if (customerId !== undefined) conditions.push(eq(discount_redemptions.customer_id, customerId));
  const [row] = await db
    .select({ n: count() })
    .from(discount_redemptions)
    .leftJoin(purchases, eq(purchases.purchase_id, discount_redemptions.purchase_id))
    .where(and(...conditions, sql`(${purchases.status} is null or ${ne(purchases.status, "failed")})`));
  return Number(row?.n ?? 0);
}

export async function insertRedemption(
  db: Db,
  values: { discount_id: number; customer_id: number; purchase_id: number },
) {
  await db.insert(discount_redemptions).values(values);
}

export async function insertDiscount(db: Db, values: DiscountValues): Promise<DiscountRow> {
  const [row] = await db.insert(discounts).values(values).returning();
  return row!;
}

export async function updateDiscount(db: Db, id: number, values: Partial<DiscountValues>) {
  const [row] = await db.update(discounts).set(values).where(eq(discounts.discount_id, id)).returning();
  return row;
}

export async function deleteDiscount(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(discounts)
    .where(eq(discounts.discount_id, id))
    .returning({ id: discounts.discount_id });
  return rows.length > 0;
}
