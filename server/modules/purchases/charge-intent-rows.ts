import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type ChargeIntentStatus, charge_intents } from "../../db/schema/purchases";

/**
 * The reads and the finishing write of `charge_intents` that checkout's charges and the renewals'
 * charges share (decisions 0066, 0137). They live here because checkout may import purchases and
 * purchases may not import checkout.
 */
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

/** Finishes a pending intent once; a finished one is left as it is (the first outcome wins). */
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
