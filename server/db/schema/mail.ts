import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, tsColumn } from "./columns";

export type EmailAttachment = { filename: string; contentType?: string; content: string /* base64 */ };

/** Every email goes through here; a job sends queued rows when SMTP is configured. */
export const email_outbox = pgTable(
  "email_outbox",
  {
    email_outbox_id: idColumn("email_outbox_id"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html"),
    text: text("text"),
    template: text("template"),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    attachments: jsonb("attachments").$type<EmailAttachment[] | null>(),
    /**
     * What the outbox worker renders html and text from (an email queued with its template's props,
     * docs/decisions/0084); null for an email rendered by its sender.
     */
    props: jsonb("props").$type<Record<string, unknown> | null>(),
    createdAt: createdAtColumn(),
    sentAt: tsColumn("sent_at"),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in ('queued', 'sent', 'failed')`),
    index("email_outbox_status_idx").on(t.status, t.createdAt),
    index("email_outbox_to_idx").on(t.to),
  ],
);
