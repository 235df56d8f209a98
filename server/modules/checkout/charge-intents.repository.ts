import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type ChargeIntentStatus, charge_intents } from "../../db/schema/purchases";

export type ChargeIntentRow = typeof charge_intents.$inferSelect;
export type NewChargeIntent = typeof charge_intents.$inferInsert;

/**
 * Records the intent before the processor is asked (decision 0066). A retry with the same key
 * while it is still pending refreshes what the processor will be asked with (the customer's
 * 3-D Secure step, a second try of the same confirmation) and returns it; a finished one is
 * returned as it is.
 */
export async function upsertChargeIntent(db: Db, values: NewChargeIntent): Promise<ChargeIntentRow> {
  const [row] = await db
    .insert(charge_intents)
    .values(values)
    .onConflictDoUpdate({
      target: charge_intents.idempotency_key,
      set: {
        payment_method: values.payment_method ?? null,
        amount: values.amount,
        save_card: values.save_card ?? false,
        updatedAt: new Date(),
      },
      setWhere: sql`${charge_intents.status} = 'pending'`,
    })
    .returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(charge_intents)
    .where(eq(charge_intents.idempotency_key, values.idempotency_key))
    .limit(1);
  return existing!;
}

export async function findChargeIntent(db: Db, id: number, lock = false) {
  const query = db.select().from(charge_intents).where(eq(charge_intents.charge_intent_id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findChargeIntentByKey(db: Db, key: string) {
  const [row] = await db
    .select()
    .from(charge_intents)
    .where(eq(charge_intents.idempotency_key, key))
    .limit(1);
  return row;
}

export async function finishChargeIntent(
  db: Db,
  id: number,
  status: Exclude<ChargeIntentStatus, "pending">,
  outcomeCode: string | null,
  now: Date,
) {
  await db
    .update(charge_intents)
    .set({ status, outcome_code: outcomeCode, finished_at: now, updatedAt: now })
    .where(and(eq(charge_intents.charge_intent_id, id), eq(charge_intents.status, "pending")));
}

/** Pending intents opened before `before`, oldest first: the job's work (decision 0066). */
export async function listInterruptedCharges(db: Db, before: Date, limit = 100) {
  return db
    .select()
    .from(charge_intents)
    .where(and(eq(charge_intents.status, "pending"), lt(charge_intents.createdAt, before)))
    .orderBy(asc(charge_intents.createdAt))
    .limit(limit);
}
