import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { HOME_LISTS, type HomeList } from "../../../domain/api/packages";
import { class_types } from "./calendar";
import { createdAtColumn, idColumn, moneyColumn, updatedAtColumn } from "./columns";

export { HOME_LISTS, type HomeList };

export const class_packages = pgTable(
  "class_packages",
  {
    class_package_id: idColumn("class_package_id"),
    title: text("title").notNull(),
    price: moneyColumn("price").notNull(),
    sale_price: moneyColumn("sale_price"),
    description: text("description"),
    short_description: text("short_description"),
    image: text("image"),
    /** Credits granted; -1 = unlimited. */
    class_amount: integer("class_amount").notNull().default(0),
    /** Days the credits / access last after purchase; null = no expiry. */
    expiration_days: integer("expiration_days"),
    is_special_event: boolean("is_special_event").notNull().default(false),
    is_trial: boolean("is_trial").notNull().default(false),
    is_subscription: boolean("is_subscription").notNull().default(false),
    /** Grants access to online videos. */
    is_online: boolean("is_online").notNull().default(false),
    is_unlimited_membership: boolean("is_unlimited_membership").notNull().default(false),
    subscription_period: text("subscription_period"),
    subscription_interval: integer("subscription_interval"),
    free_trial_length: integer("free_trial_length"),
    free_trial_period: text("free_trial_period"),
    limit_per_customer: integer("limit_per_customer"),
    people_limit: integer("people_limit"),
    /** Comma list of allowed start times copied to the credit bucket; null = any time. */
    allowed_times: text("allowed_times"),
    order: integer("order").notNull().default(0),
    downloadable: jsonb("downloadable").$type<{ name: string; type: string } | null>(),
    file_url: text("file_url"),
    allow_discount_over_sale_price: boolean("allow_discount_over_sale_price").notNull().default(false),
    receipt_file: text("receipt_file"),
    /** Active / on sale. */
    available: boolean("available").notNull().default(true),
    /** IVA in the price (decision 0032): "16" (default), "8" (border zone), "0" or "exento". */
    iva_rate: text("iva_rate").notNull().default("16"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("class_packages_price_check", sql`${t.price} >= 0`),
    check("class_packages_iva_rate_check", sql`${t.iva_rate} in ('16', '8', '0', 'exento')`),
    check("class_packages_sale_price_check", sql`${t.sale_price} is null or ${t.sale_price} >= 0`),
    check("class_packages_class_amount_check", sql`${t.class_amount} >= -1`),
    check(
      "class_packages_expiration_days_check",
      sql`${t.expiration_days} is null or ${t.expiration_days} >= 0`,
    ),
    check(
      "class_packages_subscription_period_check",
      sql`${t.subscription_period} is null or ${t.subscription_period} in ('day', 'month', 'year')`,
    ),
    check(
      "class_packages_free_trial_period_check",
      sql`${t.free_trial_period} is null or ${t.free_trial_period} in ('day', 'month', 'year')`,
    ),
    check(
      "class_packages_subscription_interval_check",
      sql`${t.subscription_interval} is null or ${t.subscription_interval} >= 1`,
    ),
    check(
      "class_packages_limits_check",
      sql`(${t.limit_per_customer} is null or ${t.limit_per_customer} >= 0) and (${t.people_limit} is null or ${t.people_limit} >= 0)`,
    ),
  ],
);

/** Per-class-type credits granted by a package (restricted credits). */
export const class_package_types = pgTable(
  "class_package_types",
  {
    class_package_type_id: idColumn("class_package_type_id"),
    class_package_id: integer("class_package_id")
      .notNull()
      .references(() => class_packages.class_package_id, { onDelete: "cascade" }),
    class_type_id: integer("class_type_id")
      .notNull()
      .references(() => class_types.class_type_id, { onDelete: "cascade" }),
    class_amount: integer("class_amount").notNull(),
    expiration_days: integer("expiration_days"),
  },
  (t) => [
    check("class_package_types_class_amount_check", sql`${t.class_amount} >= -1`),
    unique("class_package_types_package_type_unique").on(t.class_package_id, t.class_type_id),
    index("class_package_types_class_type_id_idx").on(t.class_type_id),
  ],
);

export const package_home_lists = pgTable(
  "package_home_lists",
  {
    package_home_list_id: idColumn("package_home_list_id"),
    class_package_id: integer("class_package_id")
      .notNull()
      .references(() => class_packages.class_package_id, { onDelete: "cascade" }),
    list: text("list").$type<HomeList>().notNull(),
    order: integer("order").notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("package_home_lists_list_check", sql`${t.list} in ('presenciales', 'online', 'especiales')`),
    unique("package_home_lists_package_list_unique").on(t.class_package_id, t.list),
    index("package_home_lists_list_idx").on(t.list, t.order),
  ],
);

export const classPackagesRelations = relations(class_packages, ({ many }) => ({
  class_package_types: many(class_package_types),
  home_lists: many(package_home_lists),
}));

export const classPackageTypesRelations = relations(class_package_types, ({ one }) => ({
  class_package: one(class_packages, {
    fields: [class_package_types.class_package_id],
    references: [class_packages.class_package_id],
  }),
  class_type: one(class_types, {
    fields: [class_package_types.class_type_id],
    references: [class_types.class_type_id],
  }),
}));

export const packageHomeListsRelations = relations(package_home_lists, ({ one }) => ({
  class_package: one(class_packages, {
    fields: [package_home_lists.class_package_id],
    references: [class_packages.class_package_id],
  }),
}));
