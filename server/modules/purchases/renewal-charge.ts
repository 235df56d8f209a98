import { centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway, ChargeInput, PaymentOutcome } from "../../payments/gateway";
import { findChargeIntent, finishChargeIntent } from "./charge-intent-rows";
import { grantRenewalPeriod } from "./credit-grant";
import { findPurchase, insertInvoiceOnce } from "./purchases.repository";
import { giveBackRenewalCharge } from "./renewal-charge-give-back";
import {
  NOT_APPLIED,
  RENEWAL_CHARGE_KINDS,
  type RenewalChargeKind,
  type RenewalChargeRow,
  recordRenewalCharge,
} from "./renewal-charges.repository";
import { lockDue, periodOf } from "./renewals";

export { giveBackPendingRenewalCharges, NOT_APPLIED_CHARGE_REASON } from "./renewal-charge-give-back";
export { RENEWAL_CHARGE_KINDS };

/*
 * A renewal's card charge is recorded before the processor is asked and confirmed after
 * (decision 0137, the pattern of 0066): a process that dies between the two leaves the intent
 * pending for finish-interrupted-charges, which asks again with the same key (the same charge)
 * and applies the answer once. When the money arrives for a period that is no longer due (a
 * renewal voucher paid it meanwhile, the customer paid it, the subscription ended), the charge is
 * kept as 'not applied' and given back in full through the processor, never dropped.
 */

export type RenewalChargeDeps = {
  db: Db;
  gateway: Pick<CardGateway, "chargeSaved" | "refund">;
  timeZone: string;
  log?: { error: (obj: object, msg: string) => void };
};

export type RenewalChargeResult =
  | { kind: "granted"; invoice_id: number; customer_id: number }
  | { kind: "declined"; decline_code: string }
  /** The money was taken for a period already paid: given back (or a failed refund the desk sees). */
  | { kind: "not_applied" }
  /** Another call (a concurrent retry, the job) finished this charge first. */
  | { kind: "already"; status: RenewalChargeRow["status"]; outcome_code: string | null };

/** What the processor is asked, rebuilt from the intent: the same on every call with its key. */
export function renewalChargeInput(
  intent: RenewalChargeRow,
  title: string,
): ChargeInput & { source_id: string } {
  return {
    amount_cents: toCents(intent.amount),
    idempotency_key: intent.idempotency_key,
    description: title,
    metadata: {
      purchase_id: String(intent.purchase_id),
      period_start: intent.period_start?.toISOString() ?? "",
    },
    source_id: intent.payment_method ?? "",
  };
}

/**
 * Charges a renewal period: the intent first (its own statement, committed), then the processor,
 * then the answer applied once. A processor that throws leaves the intent pending for the job.
 */
export async function chargeRenewalPeriod(
  deps: RenewalChargeDeps,
  input: {
    purchase: {
      purchase_id: number;
      customer_id: number;
      provider: RenewalChargeRow["provider"];
      title: string;
    };
    period: { ref: string; start: Date };
    amount_cents: number;
    source_id: string;
    idempotency_key: string;
    kind: RenewalChargeKind;
  },
  now = new Date(),
): Promise<RenewalChargeResult> {
  const intent = await recordRenewalCharge(deps.db, {
    purchase_id: input.purchase.purchase_id,
    customer_id: input.purchase.customer_id,
    provider: input.purchase.provider,
    kind: input.kind,
    payment_method: input.source_id,
    amount: centsToString(input.amount_cents),
    idempotency_key: input.idempotency_key,
    period_ref: input.period.ref,
    period_start: input.period.start,
  });
  if (intent.status !== "pending") return alreadyOf(intent);
  const outcome = await deps.gateway.chargeSaved(renewalChargeInput(intent, input.purchase.title));
  return applyRenewalCharge(deps, intent.charge_intent_id, outcome, now);
}

/** The job's half: a renewal charge left pending is asked again with its key and applied once. */
export async function finishInterruptedRenewalCharge(
  deps: RenewalChargeDeps,
  intent: RenewalChargeRow,
  now: Date,
): Promise<RenewalChargeResult> {
  const purchase = await findPurchase(deps.db, intent.purchase_id);
  const outcome = await deps.gateway.chargeSaved(renewalChargeInput(intent, purchase?.title ?? ""));
  return applyRenewalCharge(deps, intent.charge_intent_id, outcome, now);
}

const alreadyOf = (intent: RenewalChargeRow): RenewalChargeResult => ({
  kind: "already",
  status: intent.status,
  outcome_code: intent.outcome_code,
});

/**
 * The processor's answer, applied once under the purchase's lock then the intent's (the order
 * every charge path takes). Success while the period is still due inserts its invoice under the
 * scheduler's ref and grants it; success for a period no longer due is kept 'not applied' and
 * given back after the commit. A decline (or a bank step an off-session charge cannot take) fails
 * the intent; the caller counts the failed attempt (decision 0128).
 */
export async function applyRenewalCharge(
  deps: RenewalChargeDeps,
  intentId: number,
  outcome: PaymentOutcome,
  now: Date,
): Promise<RenewalChargeResult> {
  const result = await deps.db.transaction(async (tx): Promise<RenewalChargeResult> => {
    const first = await findChargeIntent(tx, intentId);
    if (!first?.period_start || !first.period_ref) throw new Error(`renewal charge ${intentId} not found`);
    const current = await lockDue(tx, first.purchase_id, first.period_start);
    const intent = (await findChargeIntent(tx, intentId, true))!;
    if (intent.status !== "pending") return alreadyOf(intent);
    if (outcome.status !== "succeeded") {
      const code = outcome.status === "declined" ? outcome.decline_code : "requires_action";
      await finishChargeIntent(tx, intentId, "failed", code, now);
      return { kind: "declined", decline_code: code };
    }
    const period = current ? periodOf(current, deps.timeZone) : null;
    const invoice =
      current && period?.ref === first.period_ref
        ? await insertInvoiceOnce(tx, {
            purchase_id: current.purchase_id,
            customer_id: current.customer_id,
            total_payment: intent.amount,
            status: "paid",
            provider_ref: period.ref,
            period_start: period.start,
            period_end: period.end,
            card_last4: outcome.card?.last4 ?? null,
            // Paid after a failed attempt: recovered revenue (decision 0128).
            recovered: current.renewal_failures > 0,
          })
        : undefined;
    if (!current || !period || !invoice) {
      await finishChargeIntent(tx, intentId, "succeeded", NOT_APPLIED, now);
      return { kind: "not_applied" };
    }
    await grantRenewalPeriod(tx, current, period, deps.timeZone);
    await finishChargeIntent(tx, intentId, "succeeded", null, now);
    return { kind: "granted", invoice_id: invoice.invoice_id, customer_id: current.customer_id };
  });
  if (result.kind === "not_applied") {
    const intent = await findChargeIntent(deps.db, intentId);
    if (intent) await giveBackRenewalCharge(deps, intent, now);
  }
  return result;
}
