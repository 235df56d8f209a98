import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { locations } from "./calendar";
import { createdAtColumn, idColumn } from "./columns";
import { customers } from "./customers";
import { purchases } from "./purchases";

/**
 * Retail at the counter (decision 0094; docs/product-rules.md#retail): products with variants
 * (size, colour), each variant's price with IVA included (decision 0032), stock per location
 * kept by a ledger of movements, counter sales that may carry a package bought in the same
 * payment, and their refunds. Amounts in integer centavos.
 */
export const retail_products = pgTable("retail_products", {
  product_id: idColumn("product_id"),
  name: text("name").notNull(),
  description: text("description"),
  /** IVA in the price (decision 0032): "16" (default), "8", "0" or "exento". */
  iva_rate: text("iva_rate").notNull().default("16"),
  /** At or below this many units at a location, the variant is low on stock there. */
  low_stock_threshold: integer("low_stock_threshold").notNull().default(3),
  available: boolean("available").notNull().default(true),
  createdAt: createdAtColumn(),
});

export const retail_variants = pgTable(
  "retail_variants",
  {
    variant_id: idColumn("variant_id"),
    product_id: integer("product_id")
      .notNull()
      .references(() => retail_products.product_id, { onDelete: "cascade" }),
    size: text("size").notNull().default(""),
    colour: text("colour").notNull().default(""),
    sku: text("sku"),
    /** Centavos, IVA included. */
    price_cents: integer("price_cents").notNull(),
    available: boolean("available").notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("retail_variants_price_check", sql`${t.price_cents} >= 0`),
    uniqueIndex("retail_variants_option_idx").on(t.product_id, t.size, t.colour),
  ],
);

/** Units on hand per variant and location; never below zero (the check and the guarded update). */
export const retail_stock = pgTable(
  "retail_stock",
  {
    variant_id: integer("variant_id")
      .notNull()
      .references(() => retail_variants.variant_id, { onDelete: "cascade" }),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.location_id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.variant_id, t.location_id] }),
    check("retail_stock_quantity_check", sql`${t.quantity} >= 0`),
  ],
);

export const retail_sales = pgTable(
  "retail_sales",
  {
    sale_id: idColumn("sale_id"),
    customer_id: integer("customer_id").references(() => customers.customer_id, { onDelete: "set null" }),
    /** The package bought in the same counter payment, if any. */
    purchase_id: integer("purchase_id").references(() => purchases.purchase_id, { onDelete: "set null" }),
    /** "cash" | "card" | "transfer" (domain/desk-sale.ts). */
    payment: text("payment").notNull(),
    reference: text("reference"),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.location_id, { onDelete: "restrict" }),
    total_cents: integer("total_cents").notNull(),
    /** What a gift card and saldo a favor paid of the products (decision 0123); the rest is `payment`'s. */
    balance_cents: integer("balance_cents").notNull().default(0),
    refunded_cents: integer("refunded_cents").notNull().default(0),
    sold_by: text("sold_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("retail_sales_payment_check", sql`${t.payment} in ('cash', 'card', 'transfer')`),
    check(
      "retail_sales_refunded_check",
      sql`${t.refunded_cents} >= 0 and ${t.refunded_cents} <= ${t.total_cents}`,
    ),
    check(
      "retail_sales_balance_check",
      sql`${t.balance_cents} >= 0 and ${t.balance_cents} <= ${t.total_cents}`,
    ),
    index("retail_sales_created_idx").on(t.createdAt),
    index("retail_sales_location_idx").on(t.location_id, t.createdAt),
  ],
);

export const retail_sale_lines = pgTable(
  "retail_sale_lines",
  {
    line_id: idColumn("line_id"),
    sale_id: integer("sale_id")
      .notNull()
      .references(() => retail_sales.sale_id, { onDelete: "cascade" }),
    variant_id: integer("variant_id")
      .notNull()
      .references(() => retail_variants.variant_id, { onDelete: "restrict" }),
    /** "Calcetas antiderrapantes · M · Negro" as sold. */
    title: text("title").notNull(),
    quantity: integer("quantity").notNull(),
    unit_price_cents: integer("unit_price_cents").notNull(),
    iva_rate: text("iva_rate").notNull(),
    refunded_quantity: integer("refunded_quantity").notNull().default(0),
  },
  (t) => [
    check("retail_sale_lines_quantity_check", sql`${t.quantity} > 0`),
    check(
      "retail_sale_lines_refunded_check",
      sql`${t.refunded_quantity} >= 0 and ${t.refunded_quantity} <= ${t.quantity}`,
    ),
    index("retail_sale_lines_sale_idx").on(t.sale_id),
  ],
);

/** Money handed back for returned units, on the refund's day and drawer (the cash close: amount less balance). */
export const retail_refunds = pgTable(
  "retail_refunds",
  {
    retail_refund_id: idColumn("retail_refund_id"),
    sale_id: integer("sale_id")
      .notNull()
      .references(() => retail_sales.sale_id, { onDelete: "cascade" }),
    amount_cents: integer("amount_cents").notNull(),
    /** What of it went back to the gift card or saldo a favor that paid (decision 0127), not the drawer. */
    balance_cents: integer("balance_cents").notNull().default(0),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.location_id, { onDelete: "restrict" }),
    refunded_by: text("refunded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("retail_refunds_amount_check", sql`${t.amount_cents} > 0`),
    check(
      "retail_refunds_balance_check",
      sql`${t.balance_cents} >= 0 and ${t.balance_cents} <= ${t.amount_cents}`,
    ),
  ],
);

/** Every change of stock: restock, count correction, sale (negative), refund (positive). */
export const retail_stock_movements = pgTable(
  "retail_stock_movements",
  {
    movement_id: idColumn("movement_id"),
    variant_id: integer("variant_id")
      .notNull()
      .references(() => retail_variants.variant_id, { onDelete: "cascade" }),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.location_id, { onDelete: "restrict" }),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(),
    sale_id: integer("sale_id").references(() => retail_sales.sale_id, { onDelete: "set null" }),
    user_id: text("user_id").references(() => user.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("retail_stock_movements_reason_check", sql`${t.reason} in ('restock', 'adjust', 'sale', 'refund')`),
    check("retail_stock_movements_delta_check", sql`${t.delta} <> 0`),
    index("retail_stock_movements_variant_idx").on(t.variant_id, t.location_id),
  ],
);
