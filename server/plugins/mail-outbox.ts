import { and, asc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
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
  /** Queued for the outbox worker to render (html and text empty until it ran). */
  props?: Record<string, unknown>;
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
      props: sql.placeholder("props"),
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
    props: mail.props ? JSON.stringify(mail.props) : null,
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

/** The worker's rendering of a queued email: its html and text, written where the admin reads them. */
export async function setRendered(db: Db, id: number, rendered: { html: string; text: string }) {
  // Once rendered, the html and text are the email: its props (which repeat the person's name,
  // class and spot) are dropped, so the row holds each fact once and an erasure scrubs what is left.
  await db
    .update(email_outbox)
    .set({ ...rendered, props: null })
    .where(eq(email_outbox.email_outbox_id, id));
}

/**
 * Queued emails no worker rendered (a process that stopped before it ran), oldest first. Only rows
 * older than a minute: a younger one belongs to a running instance's worker, which renders it in
 * milliseconds (another instance starting must not render and send it twice).
 */
export async function unrenderedOutbox(db: Db) {
  return db
    .select()
    .from(email_outbox)
    .where(
      and(
        eq(email_outbox.status, "queued"),
        isNull(email_outbox.html),
        isNotNull(email_outbox.props),
        lt(email_outbox.createdAt, sql`now() - interval '1 minute'`),
      ),
    )
    .orderBy(asc(email_outbox.email_outbox_id))
    .limit(500);
}
