import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, moneyColumn, tsColumn, updatedAtColumn } from "./columns";
import { customers } from "./customers";
import { class_packages } from "./packages";
import { purchases } from "./purchases";

/** Bank details shown for cash / transfer payments. */
export type BankDetails = {
  bank?: string;
  card?: string;
  account_number?: string;
  clabe?: string;
  beneficiary?: string;
};

/** Checkout options (card, cash, wallet). */
export const payment_methods = pgTable(
  "payment_methods",
  {
    payment_method_id: idColumn("payment_method_id"),
    name: text("name").notNull(),
    description: text("description"),
    /** Sanitised HTML. */
    instructions: text("instructions"),
    provider: text("provider").notNull(),
    bank: jsonb("bank").$type<BankDetails | null>(),
    available: boolean("available").notNull().default(true),
    order: integer("order").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check("payment_methods_provider_check", sql`${t.provider} in ('card', 'cash', 'paypal')`)],
);

/** Saved cards. */
export const payment_sources = pgTable(
  "payment_sources",
  {
    payment_source_id: idColumn("payment_source_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** Provider-side id of the saved card / payment method. */
    source_id: text("source_id").notNull(),
    card_type: text("card_type"),
    last_digits: text("last_digits"),
    exp_month: integer("exp_month"),
    exp_year: integer("exp_year"),
    createdAt: createdAtColumn(),
    deletedAt: tsColumn("deleted_at"),
  },
  (t) => [
    check("payment_sources_exp_month_check", sql`${t.exp_month} is null or ${t.exp_month} between 1 and 12`),
    index("payment_sources_customer_id_idx").on(t.customer_id),
    uniqueIndex("payment_sources_source_unique")
      .on(t.provider, t.source_id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const discounts = pgTable(
  "discounts",
  {
    discount_id: idColumn("discount_id"),
    code: text("code").notNull(),
    description: text("description"),
    /** Percent (0-100) when is_percent, otherwise MXN. */
    amount: moneyColumn("amount").notNull(),
    is_percent: boolean("is_percent").notNull().default(false),
    first_invoice_only: boolean("first_invoice_only").notNull().default(false),
    max_uses: integer("max_uses"),
    max_uses_per_customer: integer("max_uses_per_customer"),
    starts_at: tsColumn("starts_at"),
    ends_at: tsColumn("ends_at"),
    class_package_id: integer("class_package_id").references(() => class_packages.class_package_id, {
      onDelete: "set null",
    }),
    available: boolean("available").notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("discounts_code_unique").on(sql`lower(${t.code})`),
    check("discounts_amount_check", sql`${t.amount} >= 0 and (not ${t.is_percent} or ${t.amount} <= 100)`),
    check(
      "discounts_max_uses_check",
      sql`(${t.max_uses} is null or ${t.max_uses} >= 0) and (${t.max_uses_per_customer} is null or ${t.max_uses_per_customer} >= 0)`,
    ),
    check(
      "discounts_dates_check",
      sql`${t.starts_at} is null or ${t.ends_at} is null or ${t.ends_at} >= ${t.starts_at}`,
    ),
    index("discounts_class_package_id_idx").on(t.class_package_id),
  ],
);

export const discount_redemptions = pgTable(
  "discount_redemptions",
  {
    discount_redemption_id: idColumn("discount_redemption_id"),
    discount_id: integer("discount_id")
      .notNull()
      .references(() => discounts.discount_id, { onDelete: "cascade" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    purchase_id: integer("purchase_id").references(() => purchases.purchase_id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("discount_redemptions_discount_id_idx").on(t.discount_id, t.customer_id),
    index("discount_redemptions_customer_id_idx").on(t.customer_id),
    uniqueIndex("discount_redemptions_purchase_unique")
      .on(t.purchase_id)
      .where(sql`${t.purchase_id} is not null`),
  ],
);

export const paymentSourcesRelations = relations(payment_sources, ({ one }) => ({
  customer: one(customers, {
    fields: [payment_sources.customer_id],
    references: [customers.customer_id],
  }),
}));

export const discountsRelations = relations(discounts, ({ one, many }) => ({
  class_package: one(class_packages, {
    fields: [discounts.class_package_id],
    references: [class_packages.class_package_id],
  }),
  redemptions: many(discount_redemptions),
}));

export const discountRedemptionsRelations = relations(discount_redemptions, ({ one }) => ({
  discount: one(discounts, {
    fields: [discount_redemptions.discount_id],
    references: [discounts.discount_id],
  }),
  purchase: one(purchases, {
    fields: [discount_redemptions.purchase_id],
    references: [purchases.purchase_id],
  }),
}));
