import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from "./columns";
import { customers } from "./customers";

/**
 * Messaging by WhatsApp, SMS and push (docs/product-rules.md#messaging, decisions 0087-0089).
 * Consents are append-only (time, text shown, source: LFPDPPP asks to prove each one); messages
 * are the outbox and the inbox at once (direction), each outbound row sent once thanks to its
 * dedupe key and its claimed status.
 */
export const message_consents = pgTable(
  "message_consents",
  {
    message_consent_id: idColumn("message_consent_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    channel: text("channel").notNull(),
    granted: boolean("granted").notNull(),
    /** The exact Spanish text the customer saw (or the reply they sent, for BAJA/ALTA). */
    text_shown: text("text_shown").notNull(),
    source: text("source").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("message_consents_purpose_check", sql`${t.purpose} in ('transactional', 'marketing')`),
    check("message_consents_channel_check", sql`${t.channel} in ('whatsapp', 'sms', 'push')`),
    index("message_consents_customer_idx").on(t.customer_id, t.createdAt),
  ],
);

export type MessageContext = {
  reservation_id?: number;
  waitlist_id?: number;
  single_class_id?: number;
  bucket_id?: number;
  /** A gift card sent to its recipient's WhatsApp (decision 0131). */
  gift_card_id?: number;
  /** A subscription's failed renewal or its end (decision 0128). */
  purchase_id?: number;
};

export const messages = pgTable(
  "messages",
  {
    message_id: idColumn("message_id"),
    customer_id: integer("customer_id").references(() => customers.customer_id, { onDelete: "cascade" }),
    direction: text("direction").notNull().default("out"),
    channel: text("channel").notNull(),
    purpose: text("purpose").notNull(),
    template: text("template"),
    /** Set for the messages that bring customers back (their figures count these rows). */
    automation: text("automation"),
    body: text("body").notNull(),
    /** The provider's address: "whatsapp:+52...", "+52...", an email or a push endpoint's host. */
    address: text("address"),
    status: text("status").notNull().default("queued"),
    provider_sid: text("provider_sid"),
    error: text("error"),
    /** One message per key across instances (e.g. "class_reminder:<reservation>"). */
    dedupe_key: text("dedupe_key"),
    context: jsonb("context").$type<MessageContext | null>(),
    /** The channels still to try, in order, if this one fails (fail-over; email last). */
    fallbacks: jsonb("fallbacks").$type<string[] | null>(),
    send_after: tsColumn("send_after"),
    attempts: integer("attempts").notNull().default(0),
    /** An inbound message the desk has answered or closed (the staff inbox shows the others). */
    handled_at: tsColumn("handled_at"),
    createdAt: createdAtColumn(),
    sent_at: tsColumn("sent_at"),
    status_at: tsColumn("status_at"),
  },
  (t) => [
    check("messages_direction_check", sql`${t.direction} in ('out', 'in')`),
    check(
      "messages_status_check",
      sql`${t.status} in ('queued', 'sending', 'not_sent', 'sent', 'delivered', 'read', 'failed', 'refused', 'received')`,
    ),
    uniqueIndex("messages_dedupe_unique").on(t.dedupe_key).where(sql`${t.dedupe_key} is not null`),
    uniqueIndex("messages_provider_sid_unique").on(t.provider_sid).where(sql`${t.provider_sid} is not null`),
    index("messages_customer_idx").on(t.customer_id, t.createdAt),
    index("messages_status_idx").on(t.status, t.send_after),
    index("messages_inbox_idx").on(t.direction, t.handled_at),
    index("messages_automation_idx").on(t.automation, t.createdAt),
  ],
);

export const push_subscriptions = pgTable(
  "push_subscriptions",
  {
    push_subscription_id: idColumn("push_subscription_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_customer_idx").on(t.customer_id),
  ],
);

/** The owner's switches and texts of the messages that bring customers back (off until switched on). */
export const message_automations = pgTable("message_automations", {
  automation: text("automation").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  /** The owner's text; null = the template's default text. */
  text: text("text"),
  /** Win-back: days without booking before the message. */
  days: integer("days"),
  updatedAt: updatedAtColumn(),
});
