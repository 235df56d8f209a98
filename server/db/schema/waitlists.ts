import { relations, sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { WAITLIST_STATUSES, type WaitlistStatus } from "../../../domain/api/waitlists";
import { single_classes } from "./calendar";
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from "./columns";
import { customers } from "./customers";
import { class_reservations } from "./reservations";

export { WAITLIST_STATUSES, type WaitlistStatus };

export const waitlists = pgTable(
  "waitlists",
  {
    waitlist_id: idColumn("waitlist_id"),
    single_class_id: integer("single_class_id")
      .notNull()
      .references(() => single_classes.single_class_id, { onDelete: "cascade" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    status: text("status").$type<WaitlistStatus>().notNull().default("waiting"),
    offered_at: tsColumn("offered_at"),
    offer_expires_at: tsColumn("offer_expires_at"),
    /** Reservation created when the entry was promoted. */
    class_reservation_id: integer("class_reservation_id").references(
      () => class_reservations.class_reservation_id,
      { onDelete: "set null" },
    ),
    deletedAt: tsColumn("deleted_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check(
      "waitlists_status_check",
      sql`${t.status} in ('waiting', 'offered', 'promoted', 'expired', 'left')`,
    ),
    // one active entry per customer per class
    uniqueIndex("waitlists_customer_unique")
      .on(t.single_class_id, t.customer_id)
      .where(sql`${t.deletedAt} is null`),
    index("waitlists_single_class_id_idx").on(t.single_class_id, t.createdAt),
    index("waitlists_customer_id_idx").on(t.customer_id),
    index("waitlists_offer_expires_at_idx").on(t.offer_expires_at).where(sql`${t.status} = 'offered'`),
  ],
);

export const waitlistsRelations = relations(waitlists, ({ one }) => ({
  single_class: one(single_classes, {
    fields: [waitlists.single_class_id],
    references: [single_classes.single_class_id],
  }),
  customer: one(customers, { fields: [waitlists.customer_id], references: [customers.customer_id] }),
  class_reservation: one(class_reservations, {
    fields: [waitlists.class_reservation_id],
    references: [class_reservations.class_reservation_id],
  }),
}));
