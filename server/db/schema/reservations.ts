import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { instructors, single_classes } from "./calendar";
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from "./columns";
import { available_classes } from "./credits";
import { customers } from "./customers";

/**
 * One row per seat. A guest is its own row linked to the host reservation by guest_of_id; the
 * host's customer_id is on the guest row too and `guest` holds the guest's name.
 */
export const class_reservations = pgTable(
  "class_reservations",
  {
    class_reservation_id: idColumn("class_reservation_id"),
    single_class_id: integer("single_class_id")
      .notNull()
      .references(() => single_classes.single_class_id, { onDelete: "restrict" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    guest: text("guest"),
    guest_of_id: integer("guest_of_id").references(
      (): AnyPgColumn => class_reservations.class_reservation_id,
      { onDelete: "cascade" },
    ),
    /** Chosen spot, e.g. "3" (row-size maps) or "B4" (custom maps). */
    spot: text("spot"),
    attend: boolean("attend").notNull().default(false),
    is_cash: boolean("is_cash").notNull().default(false),
    is_paid: boolean("is_paid").notNull().default(false),
    class_stars: smallint("class_stars"),
    /** Credit bucket that paid for this seat; null for unlimited/admin/package seats. */
    available_class_id: integer("available_class_id").references(() => available_classes.available_class_id, {
      onDelete: "set null",
    }),
    paid_with: text("paid_with").notNull().default("credit"),
    /** Set once the no-show job has looked at this reservation (or the desk marked a no-show). */
    no_show_processed: boolean("no_show_processed").notNull().default(false),
    /**
     * The desk marked this seat a late cancellation ("Cancelación tardía"): cancelled (deleted_at)
     * without giving the credit back, and still listed at check-in with that state.
     */
    late_cancel: boolean("late_cancel").notNull().default(false),
    /**
     * The class's date, copied here so Mis Reservaciones can page a customer's rows by date from
     * one index (decision 0043). Owned by single_classes.class_date: the database fills it on
     * insert and follows every change of the class's date (triggers of migration 0015), so no
     * code writes it.
     */
    class_date: tsColumn("class_date"),
    deletedAt: tsColumn("deleted_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check(
      "class_reservations_class_stars_check",
      sql`${t.class_stars} is null or ${t.class_stars} between 1 and 5`,
    ),
    check(
      "class_reservations_paid_with_check",
      sql`${t.paid_with} in ('credit', 'unlimited', 'admin', 'package')`,
    ),
    check("class_reservations_guest_check", sql`${t.guest_of_id} is null or ${t.guest} is not null`),
    // one seat per spot per class
    uniqueIndex("class_reservations_spot_unique")
      .on(t.single_class_id, t.spot)
      .where(sql`${t.deletedAt} is null and ${t.spot} is not null`),
    // one own reservation per customer per class (guests are extra rows)
    uniqueIndex("class_reservations_customer_unique")
      .on(t.single_class_id, t.customer_id)
      .where(sql`${t.deletedAt} is null and ${t.guest_of_id} is null`),
    index("class_reservations_single_class_id_idx").on(t.single_class_id),
    index("class_reservations_customer_id_idx").on(t.customer_id),
    index("class_reservations_guest_of_id_idx").on(t.guest_of_id),
    index("class_reservations_available_class_id_idx").on(t.available_class_id),
    // Mis Reservaciones pages a customer's own rows by (class date, id): a page is a range of this
    // index, and the count of a filter is read from it too, without the table
    // (reservations-list.repository.ts).
    index("class_reservations_customer_date_idx")
      .on(t.customer_id, t.class_date, t.class_reservation_id, t.deletedAt)
      .where(sql`${t.guest_of_id} is null`),
  ],
);

export const coach_ratings = pgTable(
  "coach_ratings",
  {
    coach_rating_id: idColumn("coach_rating_id"),
    class_reservation_id: integer("class_reservation_id")
      .notNull()
      .unique()
      .references(() => class_reservations.class_reservation_id, { onDelete: "cascade" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    instructor_id: integer("instructor_id").references(() => instructors.instructor_id, {
      onDelete: "set null",
    }),
    coach_stars: smallint("coach_stars").notNull(),
    comment: text("comment"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("coach_ratings_coach_stars_check", sql`${t.coach_stars} between 1 and 5`),
    index("coach_ratings_customer_id_idx").on(t.customer_id),
    index("coach_ratings_instructor_id_idx").on(t.instructor_id),
  ],
);

export const classReservationsRelations = relations(class_reservations, ({ one, many }) => ({
  single_class: one(single_classes, {
    fields: [class_reservations.single_class_id],
    references: [single_classes.single_class_id],
  }),
  customer: one(customers, {
    fields: [class_reservations.customer_id],
    references: [customers.customer_id],
  }),
  available_class: one(available_classes, {
    fields: [class_reservations.available_class_id],
    references: [available_classes.available_class_id],
  }),
  guest_of: one(class_reservations, {
    fields: [class_reservations.guest_of_id],
    references: [class_reservations.class_reservation_id],
    relationName: "reservation_guests",
  }),
  guests: many(class_reservations, { relationName: "reservation_guests" }),
  coach_rating: one(coach_ratings, {
    fields: [class_reservations.class_reservation_id],
    references: [coach_ratings.class_reservation_id],
  }),
}));

export const coachRatingsRelations = relations(coach_ratings, ({ one }) => ({
  class_reservation: one(class_reservations, {
    fields: [coach_ratings.class_reservation_id],
    references: [class_reservations.class_reservation_id],
  }),
  customer: one(customers, { fields: [coach_ratings.customer_id], references: [customers.customer_id] }),
  instructor: one(instructors, {
    fields: [coach_ratings.instructor_id],
    references: [instructors.instructor_id],
  }),
}));
