import { toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import { recordRefusedGiveBack } from "./refunds.repository";
import {
  listChargesToGiveBack,
  type RenewalChargeRow,
  setRenewalChargeRefund,
} from "./renewal-charges.repository";

type GiveBackDeps = {
  db: Db;
  gateway: Pick<CardGateway, "refund">;
  log?: { error: (obj: object, msg: string) => void };
};

/** The reason a given-back renewal charge's refused refund carries (the desk reads it). */
export const NOT_APPLIED_CHARGE_REASON =
  "Cobro de renovación no aplicado (periodo ya pagado o suscripción terminada): se devuelve";

/**
 * Gives a not-applied renewal charge back in full through its processor, under a key of the
 * intent (a repeated call is the same refund). A refusal is recorded as a failed refund of the
 * subscription (the desk sees it with the purchase's refunds and gives the money back at the
 * counter); a processor that cannot be reached leaves it to the job. Never throws.
 */
export async function giveBackRenewalCharge(deps: GiveBackDeps, intent: RenewalChargeRow, now: Date) {
  const key = `renewal-charge-${intent.charge_intent_id}`;
  try {
    const outcome = await deps.gateway.refund({
      // Our scheduler's saved-card charges are the sandbox's, which knows a charge by its key.
      payment_ref: intent.idempotency_key,
      amount_cents: toCents(intent.amount),
      idempotency_key: key,
      refund_id: 0,
    });
    if (outcome.status === "failed") {
      await recordRefusedGiveBack(deps.db, {
        purchase_id: intent.purchase_id,
        customer_id: intent.customer_id,
        amount: intent.amount,
        provider: intent.provider,
        reason: NOT_APPLIED_CHARGE_REASON,
        failure_code: outcome.failure_code,
        idempotency_key: key,
      });
    } else await setRenewalChargeRefund(deps.db, intent.charge_intent_id, outcome.refund_ref, now);
  } catch (error) {
    deps.log?.error(
      { err: error, chargeIntentId: intent.charge_intent_id },
      "renewal charge not given back yet",
    );
  }
}

/** The job's retry of give-backs the processor could not be reached for. */
export async function giveBackPendingRenewalCharges(
  deps: Omit<GiveBackDeps, "gateway">,
  gatewayFor: (provider: string) => GiveBackDeps["gateway"] | null,
  now: Date,
) {
  for (const intent of await listChargesToGiveBack(deps.db)) {
    const gateway = gatewayFor(intent.provider);
    if (gateway) await giveBackRenewalCharge({ ...deps, gateway }, intent, now);
  }
}
