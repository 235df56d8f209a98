import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { charge_intents } from "../../db/schema/purchases";
import { findChargeIntentByKey } from "../purchases/charge-intent-rows";

export { findChargeIntent, findChargeIntentByKey, finishChargeIntent } from "../purchases/charge-intent-rows";

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
  return (await findChargeIntentByKey(db, values.idempotency_key))!;
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
