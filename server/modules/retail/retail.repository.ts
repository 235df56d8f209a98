import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user } from "../../db/schema/auth";
import { locations } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import {
  retail_products,
  retail_refunds,
  retail_sale_lines,
  retail_sales,
  retail_stock,
  retail_stock_movements,
  retail_variants,
} from "../../db/schema/retail";

export type ProductRow = typeof retail_products.$inferSelect;
export type VariantRow = typeof retail_variants.$inferSelect;
export type SaleRow = typeof retail_sales.$inferSelect;
export type SaleLineRow = typeof retail_sale_lines.$inferSelect;

export async function insertProduct(db: Db, values: typeof retail_products.$inferInsert) {
  const [row] = await db.insert(retail_products).values(values).returning();
  return row!;
}

export async function updateProduct(
  db: Db,
  id: number,
  values: Partial<typeof retail_products.$inferInsert>,
) {
  if (Object.keys(values).length === 0) return findProduct(db, id);
  const [row] = await db
    .update(retail_products)
    .set(values)
    .where(eq(retail_products.product_id, id))
    .returning();
  return row;
}

/** A new variant; undefined when the product already has one with the same size and colour. */
export async function insertVariant(db: Db, values: typeof retail_variants.$inferInsert) {
  const [row] = await db.insert(retail_variants).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateVariant(
  db: Db,
  id: number,
  values: Partial<typeof retail_variants.$inferInsert>,
) {
  // Nothing to change (an empty body): the row as it is, not an UPDATE without a SET.
  if (Object.keys(values).length === 0) {
    const [found] = await db.select().from(retail_variants).where(eq(retail_variants.variant_id, id));
    return found;
  }
  const [row] = await db
    .update(retail_variants)
    .set(values)
    .where(eq(retail_variants.variant_id, id))
    .returning();
  return row;
}

export async function findProduct(db: Db, id: number) {
  const [row] = await db.select().from(retail_products).where(eq(retail_products.product_id, id));
  return row;
}

/** Variants with their product, locked (the sale reads price and availability under lock). */
export async function findVariantsWithProduct(db: Db, ids: number[], lock = false) {
  if (ids.length === 0) return [];
  const query = db
    .select({ variant: retail_variants, product: retail_products })
    .from(retail_variants)
    .innerJoin(retail_products, eq(retail_products.product_id, retail_variants.product_id))
    .where(inArray(retail_variants.variant_id, ids))
    .orderBy(asc(retail_variants.variant_id));
  return lock ? query.for("update", { of: retail_variants }) : query;
}

export async function listProducts(db: Db) {
  return db
    .select()
    .from(retail_products)
    .orderBy(asc(retail_products.name), asc(retail_products.product_id));
}

export async function listVariants(db: Db) {
  return db.select().from(retail_variants).orderBy(asc(retail_variants.variant_id));
}

export async function listStock(db: Db) {
  return db.select().from(retail_stock);
}

/**
 * Moves a variant's stock at a location by `delta`, guarded in the statement itself: a decrease
 * only happens when that many units are there, so concurrent sales can never take it below zero
 * (the loser gets undefined and its transaction is refused). Answers the new quantity.
 */
export async function moveStock(db: Db, variantId: number, locationId: number, delta: number) {
  if (delta > 0) {
    const [row] = await db
      .insert(retail_stock)
      .values({ variant_id: variantId, location_id: locationId, quantity: delta })
      .onConflictDoUpdate({
        target: [retail_stock.variant_id, retail_stock.location_id],
        set: { quantity: sql`${retail_stock.quantity} + ${delta}` },
      })
      .returning({ quantity: retail_stock.quantity });
    return row?.quantity;
  }
  const [row] = await db
    .update(retail_stock)
    .set({ quantity: sql`${retail_stock.quantity} + ${delta}` })
    .where(
      and(
        eq(retail_stock.variant_id, variantId),
        eq(retail_stock.location_id, locationId),
        gte(retail_stock.quantity, -delta),
      ),
    )
    .returning({ quantity: retail_stock.quantity });
  return row?.quantity;
}

export async function stockOf(db: Db, variantId: number, locationId: number) {
  const [row] = await db
    .select({ quantity: retail_stock.quantity })
    .from(retail_stock)
    .where(and(eq(retail_stock.variant_id, variantId), eq(retail_stock.location_id, locationId)));
  return row?.quantity ?? 0;
}

export async function insertMovement(db: Db, values: typeof retail_stock_movements.$inferInsert) {
  await db.insert(retail_stock_movements).values(values);
}

export async function insertSale(db: Db, values: typeof retail_sales.$inferInsert) {
  const [row] = await db.insert(retail_sales).values(values).returning();
  return row!;
}

/** What balances paid of a sale's products (decision 0123), written once they are spent. */
export async function setSaleBalance(db: Db, saleId: number, cents: number) {
  await db.update(retail_sales).set({ balance_cents: cents }).where(eq(retail_sales.sale_id, saleId));
}

export async function insertSaleLines(db: Db, values: (typeof retail_sale_lines.$inferInsert)[]) {
  return db.insert(retail_sale_lines).values(values).returning();
}

export async function findSale(db: Db, id: number, lock = false) {
  const query = db.select().from(retail_sales).where(eq(retail_sales.sale_id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function linesOfSales(db: Db, saleIds: number[]) {
  if (saleIds.length === 0) return [];
  return db
    .select()
    .from(retail_sale_lines)
    .where(inArray(retail_sale_lines.sale_id, saleIds))
    .orderBy(asc(retail_sale_lines.line_id));
}

export async function addRefundedUnits(db: Db, lineId: number, quantity: number) {
  await db
    .update(retail_sale_lines)
    .set({ refunded_quantity: sql`${retail_sale_lines.refunded_quantity} + ${quantity}` })
    .where(eq(retail_sale_lines.line_id, lineId));
}

export async function addRefundedCents(db: Db, saleId: number, cents: number) {
  const [row] = await db
    .update(retail_sales)
    .set({ refunded_cents: sql`${retail_sales.refunded_cents} + ${cents}` })
    .where(eq(retail_sales.sale_id, saleId))
    .returning();
  return row!;
}

export async function insertRefund(db: Db, values: typeof retail_refunds.$inferInsert) {
  const [row] = await db.insert(retail_refunds).values(values).returning();
  return row!;
}

/** The latest sales, newest first, with who sold and to whom: one sale, or at a location in [from, to). */
export async function recentSales(
  db: Db,
  limit: number,
  filter: {
    sale_id?: number;
    location_id?: number | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
  } = {},
) {
  return db
    .select({
      sale: retail_sales,
      staff_name: user.name,
      customer_name: customers.name,
      customer_last_name: customers.last_name,
      location_name: locations.name,
    })
    .from(retail_sales)
    .leftJoin(user, eq(user.id, retail_sales.sold_by))
    .leftJoin(customers, eq(customers.customer_id, retail_sales.customer_id))
    .innerJoin(locations, eq(locations.location_id, retail_sales.location_id))
    .where(
      and(
        filter.sale_id ? eq(retail_sales.sale_id, filter.sale_id) : undefined,
        filter.location_id ? eq(retail_sales.location_id, filter.location_id) : undefined,
        filter.from ? gte(retail_sales.createdAt, filter.from) : undefined,
        filter.to ? lt(retail_sales.createdAt, filter.to) : undefined,
      ),
    )
    .orderBy(desc(retail_sales.createdAt), desc(retail_sales.sale_id))
    .limit(limit);
}

/** The counter's retail takings at a location in [from, to) for the cash close (decision 0063). */
export async function salesAt(db: Db, locationId: number, from: Date, to: Date) {
  return db
    .select({
      at: retail_sales.createdAt,
      // The drawer's part: what a gift card or saldo a favor paid is not in the drawer (decision 0123).
      cents: sql<number>`${retail_sales.total_cents} - ${retail_sales.balance_cents}`.mapWith(Number),
      payment: retail_sales.payment,
      staff_user_id: retail_sales.sold_by,
      staff_name: user.name,
      sale_id: retail_sales.sale_id,
    })
    .from(retail_sales)
    .leftJoin(user, eq(user.id, retail_sales.sold_by))
    .where(
      and(
        eq(retail_sales.location_id, locationId),
        gte(retail_sales.createdAt, from),
        lt(retail_sales.createdAt, to),
      ),
    )
    .orderBy(asc(retail_sales.createdAt));
}

export async function refundsAt(db: Db, locationId: number, from: Date, to: Date) {
  return db
    .select({
      at: retail_refunds.createdAt,
      // The drawer's part: what went back to a gift card or saldo a favor is not (decision 0127).
      cents: sql<number>`${retail_refunds.amount_cents} - ${retail_refunds.balance_cents}`.mapWith(Number),
      payment: retail_sales.payment,
      staff_user_id: retail_refunds.refunded_by,
      staff_name: user.name,
      sale_id: retail_refunds.sale_id,
    })
    .from(retail_refunds)
    .innerJoin(retail_sales, eq(retail_sales.sale_id, retail_refunds.sale_id))
    .leftJoin(user, eq(user.id, retail_refunds.refunded_by))
    .where(
      and(
        eq(retail_refunds.location_id, locationId),
        gte(retail_refunds.createdAt, from),
        lt(retail_refunds.createdAt, to),
      ),
    )
    .orderBy(asc(retail_refunds.createdAt));
}

/** Retail revenue in [from, to): sold minus handed back, for the reports and the dashboard. */
export async function revenueBetween(db: Db, from: Date, to: Date) {
  const [sold] = await db
    .select({ cents: sql<number>`coalesce(sum(${retail_sales.total_cents}), 0)` })
    .from(retail_sales)
    .where(and(gte(retail_sales.createdAt, from), lt(retail_sales.createdAt, to)));
  const [back] = await db
    .select({ cents: sql<number>`coalesce(sum(${retail_refunds.amount_cents}), 0)` })
    .from(retail_refunds)
    .where(and(gte(retail_refunds.createdAt, from), lt(retail_refunds.createdAt, to)));
  return { sold_cents: Number(sold?.cents ?? 0), refunded_cents: Number(back?.cents ?? 0) };
}

export async function allLocations(db: Db) {
  return db
    .select({ location_id: locations.location_id, name: locations.name })
    .from(locations)
    .orderBy(asc(locations.location_id));
}

export async function customerName(db: Db, customerId: number) {
  const [row] = await db
    .select({ name: customers.name, last_name: customers.last_name })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  return row;
}

/** Sale lines and refunds in [start, end) (optionally one location), for the revenue report. */
export async function revenueFacts(
  db: Db,
  range: { start: Date; end: Date; locationId?: number | undefined },
) {
  const where = (
    col: typeof retail_sales.createdAt | typeof retail_refunds.createdAt,
    loc: typeof retail_sales.location_id | typeof retail_refunds.location_id,
  ) =>
    and(gte(col, range.start), lt(col, range.end), range.locationId ? eq(loc, range.locationId) : undefined);
  const lines = await db
    .select({
      line: retail_sale_lines,
      sale: retail_sales,
      location: locations.name,
      customer_name: customers.name,
      customer_last_name: customers.last_name,
    })
    .from(retail_sale_lines)
    .innerJoin(retail_sales, eq(retail_sales.sale_id, retail_sale_lines.sale_id))
    .innerJoin(locations, eq(locations.location_id, retail_sales.location_id))
    .leftJoin(customers, eq(customers.customer_id, retail_sales.customer_id))
    .where(where(retail_sales.createdAt, retail_sales.location_id));
  const refunds = await db
    .select({ refund: retail_refunds, sale: retail_sales, location: locations.name })
    .from(retail_refunds)
    .innerJoin(retail_sales, eq(retail_sales.sale_id, retail_refunds.sale_id))
    .innerJoin(locations, eq(locations.location_id, retail_refunds.location_id))
    .where(where(retail_refunds.createdAt, retail_refunds.location_id));
  return { lines, refunds };
}
