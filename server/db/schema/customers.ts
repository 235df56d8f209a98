import { relations, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from "./columns";
import { files } from "./content";
import { available_classes } from "./credits";
import { purchases } from "./purchases";
import { class_reservations } from "./reservations";

/** A customer's name as lists show it: name and last name, without the space when there is no last name. */
export const customerFullName = (name: SQLWrapper, lastName: SQLWrapper): SQL =>
  sql`trim(${name} || ' ' || coalesce(${lastName}, ''))`;

/**
 * The key that orders customers by name (docs/decisions/0138): accents and case aside, ñ after n
 * as Spanish sorts it ("n~" sorts after every "n" + letter in the C collation of PostgreSQL and
 * PGlite, neither has ICU here). customers_name_order_idx holds it (docs/decisions/0141), so a
 * query that orders by exactly this expression reads its page from the index instead of sorting.
 */
export const customerNameKey = (fullName: SQL): SQL =>
  sql`replace(lower(translate(${fullName}, 'ÁÉÍÓÚÜÑáéíóúü', 'AEIOUUñaeiouu')), 'ñ', 'n~')`;

export const customers = pgTable(
  "customers",
  {
    customer_id: idColumn("customer_id"),
    /** better-auth user id. Null for customers created by staff without a login. */
    uid: text("uid")
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    last_name: text("last_name"),
    email: text("email").notNull(),
    /** Digits only, at most 10. */
    phone: varchar("phone", { length: 10 }),
    birthdate: date("birthdate", { mode: "string" }),
    instagram: text("instagram"),
    file_id: integer("file_id").references((): AnyPgColumn => files.file_id, { onDelete: "set null" }),
    signup_reason: text("signup_reason"),
    signup_reason_other: text("signup_reason_other"),
    has_unlimited: boolean("has_unlimited").notNull().default(false),
    unlimited_membership_expiration: tsColumn("unlimited_membership_expiration"),
    /** Secret token of the private iCal feed. */
    ical_token: text("ical_token").unique(),
    /** Staff labels ("lesión", "VIP"), as typed, each once ignoring case; filter the admin's customer list. */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** Set while the studio has deactivated the account: no sign-in, no booking, history kept. */
    deactivatedAt: tsColumn("deactivated_at"),
    /** The record this one was merged into (the desk's "Unir cuentas"); it stays deactivated. */
    merged_into_id: integer("merged_into_id").references((): AnyPgColumn => customers.customer_id, {
      onDelete: "set null",
    }),
    /** Class reminder emails; off after "Darte de baja" in one of them (the link can turn them on again). */
    reminder_emails: boolean("reminder_emails").notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("customers_phone_unique").on(t.phone).where(sql`${t.phone} is not null`),
    index("customers_email_idx").on(sql`lower(${t.email})`),
    index("customers_file_id_idx").on(t.file_id),
    index("customers_tags_idx").using("gin", t.tags),
    // A report list's page of customers by name, read in order (docs/decisions/0141).
    index("customers_name_order_idx").on(
      customerNameKey(customerFullName(t.name, t.last_name)),
      customerFullName(t.name, t.last_name),
      t.customer_id,
    ),
  ],
);

/** The desk's internal notes about a customer (an injury, a preference). Never shown to the customer. */
export const customer_notes = pgTable(
  "customer_notes",
  {
    customer_note_id: idColumn("customer_note_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** The staff login that wrote it; its name and email are shown beside the note. */
    author_user_id: text("author_user_id").references(() => user.id, { onDelete: "set null" }),
    /**
     * The desk marked it for the coaches (an injury): shown on their class rosters (decision 0031).
     */
    visible_to_coaches: boolean("visible_to_coaches").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [index("customer_notes_customer_id_idx").on(t.customer_id, t.createdAt)],
);

export const addresses = pgTable("addresses", {
  address_id: idColumn("address_id"),
  customer_id: integer("customer_id")
    .notNull()
    .unique()
    .references(() => customers.customer_id, { onDelete: "cascade" }),
  street: text("street"),
  number: text("number"),
  interior_number: text("interior_number"),
  neighborhood: text("neighborhood"),
  city: text("city").notNull(),
  state: text("state").notNull(),
  country: text("country").notNull(),
  zip_code: text("zip_code"),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export const customersRelations = relations(customers, ({ one, many }) => ({
  user: one(user, { fields: [customers.uid], references: [user.id] }),
  address: one(addresses, { fields: [customers.customer_id], references: [addresses.customer_id] }),
  file: one(files, { fields: [customers.file_id], references: [files.file_id] }),
  class_reservations: many(class_reservations),
  available_classes: many(available_classes),
  purchases: many(purchases),
}));

export const addressesRelations = relations(addresses, ({ one }) => ({
  customer: one(customers, { fields: [addresses.customer_id], references: [customers.customer_id] }),
}));
