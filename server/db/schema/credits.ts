import { relations, sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { class_types } from "./calendar";
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from "./columns";
import { customers } from "./customers";
import { purchases } from "./purchases";

/** Credit bucket. available_classes -1 means unlimited. */
export const available_classes = pgTable(
  "available_classes",
  {
    available_class_id: idColumn("available_class_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    purchase_id: integer("purchase_id").references(() => purchases.purchase_id, {
      onDelete: "set null",
    }),
    /** Restricts the bucket to one class type (null = see class_types). */
    class_type_id: integer("class_type_id").references(() => class_types.class_type_id, {
      onDelete: "restrict",
    }),
    /** Comma list of allowed class type ids; null = any type. */
    class_types: text("class_types"),
    /** Comma list of allowed start times ("07:00,09:00"); null = any time. */
    allowed_times: text("allowed_times"),
    available_classes: integer("available_classes").notNull(),
    cancels_used: integer("cancels_used").notNull().default(0),
    /** Null = never expires. */
    expiration_date: tsColumn("expiration_date"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("available_classes_amount_check", sql`${t.available_classes} >= -1`),
    check("available_classes_cancels_used_check", sql`${t.cancels_used} >= 0`),
    index("available_classes_customer_id_idx").on(t.customer_id, t.expiration_date),
    index("available_classes_purchase_id_idx").on(t.purchase_id),
    index("available_classes_class_type_id_idx").on(t.class_type_id),
  ],
);

export const class_reservation_penalties = pgTable(
  "class_reservation_penalties",
  {
    class_reservation_penalty_id: idColumn("class_reservation_penalty_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    /** Consecutive no-shows that caused the penalty. */
    no_shows: integer("no_shows").notNull().default(0),
    start_date: tsColumn("start_date").notNull().defaultNow(),
    end_date: tsColumn("end_date").notNull(),
    liftedAt: tsColumn("lifted_at"),
    lifted_by: text("lifted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("class_reservation_penalties_no_shows_check", sql`${t.no_shows} >= 0`),
    check("class_reservation_penalties_dates_check", sql`${t.end_date} >= ${t.start_date}`),
    index("class_reservation_penalties_customer_id_idx").on(t.customer_id, t.end_date),
  ],
);

export const availableClassesRelations = relations(available_classes, ({ one }) => ({
  customer: one(customers, {
    fields: [available_classes.customer_id],
    references: [customers.customer_id],
  }),
  purchase: one(purchases, {
    fields: [available_classes.purchase_id],
    references: [purchases.purchase_id],
  }),
  class_type: one(class_types, {
    fields: [available_classes.class_type_id],
    references: [class_types.class_type_id],
  }),
}));

export const classReservationPenaltiesRelations = relations(class_reservation_penalties, ({ one }) => ({
  customer: one(customers, {
    fields: [class_reservation_penalties.customer_id],
    references: [customers.customer_id],
  }),
}));
