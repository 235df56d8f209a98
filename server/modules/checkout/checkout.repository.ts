import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { checkout_attempts, webhook_events } from "../../db/schema/purchases";

export type AttemptRow = typeof checkout_attempts.$inferSelect;

/**
 * Claims an idempotency key. On PostgreSQL a concurrent claim of the same key waits on the
 * unique index until the first transaction ends, then gets nothing back: the caller then reads
 * the committed attempt and answers with its stored response.
 */
export async function claimAttempt(
  db: Db,
  values: {
    idempotency_key: string;
    customer_id: number;
    class_package_id: number | null;
    provider: string;
    request_hash: string;
  },
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .insert(checkout_attempts)
    .values(values)
    .onConflictDoNothing({ target: checkout_attempts.idempotency_key })
    .returning();
  return row;
}

export async function findAttemptByKey(db: Db, key: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(checkout_attempts)
    .where(eq(checkout_attempts.idempotency_key, key))
    .limit(1);
  return row;
}

export async function findAttemptByPurchase(db: Db, purchaseId: number): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(checkout_attempts)
    .where(eq(checkout_attempts.purchase_id, purchaseId))
    .limit(1);
  return row;
}

export async function updateAttempt(
  db: Db,
  id: number,
  values: Partial<typeof checkout_attempts.$inferInsert>,
) {
  await db.update(checkout_attempts).set(values).where(eq(checkout_attempts.checkout_attempt_id, id));
}

/**
 * Records a provider's webhook event inside the transaction that applies it: the first delivery
 * gets the row, every later (or concurrent) delivery of the same event gets nothing and is skipped.
 */
export async function claimWebhookEvent(
  db: Db,
  values: { provider: string; event_id: string; type: string; payload: unknown },
): Promise<boolean> {
  const rows = await db
    .insert(webhook_events)
    .values({ ...values, processed_at: new Date() })
    .onConflictDoNothing({ target: [webhook_events.provider, webhook_events.event_id] })
    .returning({ id: webhook_events.webhook_event_id });
  return rows.length > 0;
}
