import { and, asc, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { charge_intents, refunds } from "../../db/schema/purchases";
import { findChargeIntentByKey } from "./charge-intent-rows";

/**
 * A renewal's card charge is a row of `charge_intents` (decisions 0066, 0137): recorded before the
 * processor is asked, finished after, with the period it pays.
 */
export type RenewalChargeRow = typeof charge_intents.$inferSelect;
export const RENEWAL_CHARGE_KINDS = ["renewal_card", "renewal_customer"] as const;
export type RenewalChargeKind = (typeof RENEWAL_CHARGE_KINDS)[number];
/** The outcome code of a charge that took money for a period already paid (given back). */
export const NOT_APPLIED = "not_applied";

/** Records the charge once per key: a repeated attempt (the same key) finds the first row. */
export async function recordRenewalCharge(db: Db, values: typeof charge_intents.$inferInsert) {
  const [row] = await db
    .insert(charge_intents)
    .values(values)
    .onConflictDoNothing({ target: charge_intents.idempotency_key })
    .returning();
  if (row) return row;
  return (await findChargeIntentByKey(db, values.idempotency_key))!;
}

export async function setRenewalChargeRefund(db: Db, id: number, refundRef: string, now: Date) {
  await db
    .update(charge_intents)
    .set({ refund_ref: refundRef, updatedAt: now })
    .where(eq(charge_intents.charge_intent_id, id));
}

/**
 * Renewal charges that took money for a period already paid and were neither given back nor
 * refused by the processor (it could not be reached): the job asks again with the same key.
 */
export async function listChargesToGiveBack(db: Db, limit = 50) {
  return db
    .select()
    .from(charge_intents)
    .where(
      and(
        inArray(charge_intents.kind, [...RENEWAL_CHARGE_KINDS]),
        eq(charge_intents.status, "succeeded"),
        eq(charge_intents.outcome_code, NOT_APPLIED),
        isNull(charge_intents.refund_ref),
        notExists(
          db
            .select({ one: sql`1` })
            .from(refunds)
            .where(eq(refunds.idempotency_key, sql`'renewal-charge-' || ${charge_intents.charge_intent_id}`)),
        ),
      ),
    )
    .orderBy(asc(charge_intents.charge_intent_id))
    .limit(limit);
}
