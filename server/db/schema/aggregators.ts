import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { single_classes } from "./calendar";
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from "./columns";
import { customers } from "./customers";
import { class_reservations } from "./reservations";

/**
 * Wellhub and TotalPass (docs/product-rules.md#aggregators, decisions 0102 to 0104): the studio's
 * terms and credentials per aggregator (secrets never leave the server), the slots published
 * there, the outbox of classes to publish, the bookings and visits they send, and the event ids
 * already applied (each delivery applies once).
 */
export const aggregator_settings = pgTable(
  "aggregator_settings",
  {
    aggregator: text("aggregator").primaryKey(),
    enabled: boolean("enabled").notNull().default(false),
    /** Wellhub gym id (X-Gym-Id) or TotalPass place id. */
    partner_id: text("partner_id").notNull().default(""),
    /** Wellhub auth token or TotalPass partner_api_key: write-only in the back office. */
    api_key: text("api_key").notNull().default(""),
    /** The webhook signing secret: write-only. */
    webhook_secret: text("webhook_secret").notNull().default(""),
    /** Wellhub product id of the classes (its catalogue), or TotalPass plan code. */
    product_id: text("product_id").notNull().default(""),
    class_type_ids: integer("class_type_ids").array().notNull().default(sql`'{}'::integer[]`),
    seats_per_class: integer("seats_per_class").notNull().default(0),
    /** What the aggregator pays the studio per validated visit, integer centavos. */
    rate_cents: integer("rate_cents").notNull().default(0),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("aggregator_settings_aggregator_check", sql`${t.aggregator} in ('wellhub', 'totalpass')`),
    check("aggregator_settings_seats_check", sql`${t.seats_per_class} >= 0`),
    check("aggregator_settings_rate_check", sql`${t.rate_cents} >= 0`),
  ],
);

/** A class as published on an aggregator (its slot id there), and its last publication. */
export const aggregator_slots = pgTable(
  "aggregator_slots",
  {
    aggregator: text("aggregator").notNull(),
    single_class_id: integer("single_class_id")
      .notNull()
      .references(() => single_classes.single_class_id, { onDelete: "cascade" }),
    external_class_id: text("external_class_id"),
    external_slot_id: text("external_slot_id"),
    seats_published: integer("seats_published").notNull().default(0),
    visible: boolean("visible").notNull().default(true),
    publishedAt: tsColumn("published_at"),
  },
  (t) => [
    primaryKey({ columns: [t.aggregator, t.single_class_id] }),
    uniqueIndex("aggregator_slots_external_unique").on(t.aggregator, t.external_slot_id),
  ],
);

/**
 * Outbox of publications: written in the same transaction as the class change, sent by the job
 * (retried, decision 0103). At most one pending row per class and aggregator.
 */
export const aggregator_outbox = pgTable(
  "aggregator_outbox",
  {
    aggregator_outbox_id: idColumn("aggregator_outbox_id"),
    aggregator: text("aggregator").notNull(),
    single_class_id: integer("single_class_id")
      .notNull()
      .references(() => single_classes.single_class_id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    doneAt: tsColumn("done_at"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("aggregator_outbox_pending_unique")
      .on(t.aggregator, t.single_class_id)
      .where(sql`${t.doneAt} is null`),
  ],
);

/** A member of an aggregator as the studio knows them: their id there and the customer record. */
export const aggregator_members = pgTable(
  "aggregator_members",
  {
    aggregator: text("aggregator").notNull(),
    external_id: text("external_id").notNull(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.aggregator, t.external_id] }),
    index("aggregator_members_customer_idx").on(t.customer_id),
  ],
);

/**
 * A booking an aggregator sent: the answer given (accepted, or refused with the reason), the seat
 * it holds, its state since (cancellations, check-in, no-show) and the visit's validation. The
 * version is the time of the last event applied: an older event is ignored.
 */
export const aggregator_bookings = pgTable(
  "aggregator_bookings",
  {
    aggregator_booking_id: idColumn("aggregator_booking_id"),
    aggregator: text("aggregator").notNull(),
    external_id: text("external_id").notNull(),
    single_class_id: integer("single_class_id").references(() => single_classes.single_class_id, {
      onDelete: "set null",
    }),
    class_reservation_id: integer("class_reservation_id").references(
      () => class_reservations.class_reservation_id,
      { onDelete: "set null" },
    ),
    member_external_id: text("member_external_id").notNull(),
    member_name: text("member_name").notNull().default(""),
    status: text("status").notNull(),
    refusal_reason: text("refusal_reason"),
    requestedAt: tsColumn("requested_at").notNull(),
    /** Where the aggregator takes the answer (TotalPass's confirmation_url), when it says. */
    answer_url: text("answer_url"),
    /** pending → sent (or failed / expired after the deadline). */
    answer_state: text("answer_state").notNull().default("pending"),
    answeredAt: tsColumn("answered_at"),
    validation: text("validation").notNull().default("none"),
    checkedInAt: tsColumn("checked_in_at"),
    validatedAt: tsColumn("validated_at"),
    validation_attempts: integer("validation_attempts").notNull().default(0),
    last_error: text("last_error"),
    lastEventAt: tsColumn("last_event_at").notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("aggregator_bookings_external_unique").on(t.aggregator, t.external_id),
    index("aggregator_bookings_class_idx").on(t.single_class_id),
    index("aggregator_bookings_reservation_idx").on(t.class_reservation_id),
    index("aggregator_bookings_requested_idx").on(t.requestedAt),
  ],
);

/** Event ids already applied, per aggregator: a repeated delivery changes nothing. */
export const aggregator_events = pgTable(
  "aggregator_events",
  {
    aggregator: text("aggregator").notNull(),
    event_id: text("event_id").notNull(),
    receivedAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.aggregator, t.event_id] })],
);
