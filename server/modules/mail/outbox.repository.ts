import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { email_outbox } from "../../db/schema/mail";

export async function listOutbox(db: Db, filter: { to?: string; limit: number }) {
  return db
    .select()
    .from(email_outbox)
    .where(filter.to ? eq(email_outbox.to, filter.to) : undefined)
    .orderBy(desc(email_outbox.email_outbox_id))
    .limit(filter.limit);
}
