import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type EmailAttachment, email_outbox } from "../../db/schema/mail";

export type OutboxInsert = {
  to: string;
  subject: string;
  html?: string;
  text?: string;
  template?: string;
  attachments?: EmailAttachment[];
};

export async function insertOutbox(db: Db, mail: OutboxInsert): Promise<number> {
  const [row] = await db
    .insert(email_outbox)
    .values({ ...mail, attachments: mail.attachments ?? null })
    .returning({ id: email_outbox.email_outbox_id });
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
