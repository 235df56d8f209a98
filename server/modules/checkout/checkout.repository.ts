import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { checkout_attempts } from "../../db/schema/purchases";

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
