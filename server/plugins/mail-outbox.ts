import { eq, sql } from "drizzle-orm";
import type { MailTemplate } from "../../domain/mail-templates";
import type { Db } from "../db/client";
import { preparedStatement } from "../db/prepared-statement";
import { type EmailAttachment, email_outbox } from "../db/schema/mail";

/*
 * The mailer's writes to the outbox (mailer.ts is the only writer; the admin's outbox reads are the
 * mail module's). They live beside the mailer so that server/plugins uses no module
 * (docs/contributing.md, Boundaries).
 */

export type OutboxInsert = {
  to: string;
  subject: string;
  html?: string;
  text?: string;
  template?: MailTemplate;
  attachments?: EmailAttachment[];
};

const insertOutboxStatement = preparedStatement("outbox_insert", (db, name) =>
  db
    .insert(email_outbox)
    .values({
      to: sql.placeholder("to"),
      subject: sql.placeholder("subject"),
      html: sql.placeholder("html"),
      text: sql.placeholder("text"),
      template: sql.placeholder("template"),
      attachments: sql.placeholder("attachments"),
    })
    .returning({ id: email_outbox.email_outbox_id })
    .prepare(name),
);

/**
 * Every email's row (a booking and a cancellation write one each): prepared once, not built by
 * Drizzle on every call (decision 0042).
 */
export async function insertOutbox(db: Db, mail: OutboxInsert): Promise<number> {
  const [row] = await insertOutboxStatement(db, {
    to: mail.to,
    subject: mail.subject,
    html: mail.html ?? null,
    text: mail.text ?? null,
    template: mail.template ?? null,
    attachments: mail.attachments ? JSON.stringify(mail.attachments) : null,
  });
  return row!.id;
}

export async function markOutbox(
  db: Db,
  id: number,
  result: { sent: true } | { sent: false; error: string },
) {
  await db
    .update(email_outbox)
    .set(
      result.sent
        ? { status: "sent", sentAt: new Date(), error: null }
        : { status: "failed", error: result.error.slice(0, 1000) },
    )
    .where(eq(email_outbox.email_outbox_id, id));
}
