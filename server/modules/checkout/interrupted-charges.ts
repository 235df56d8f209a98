import type { FastifyInstance } from "fastify";
import type { CardGateway } from "../../payments/gateway";
import { failPaymentGroup, findPurchase } from "../purchases/purchases.service";
import {
  finishInterruptedRenewalCharge,
  giveBackPendingRenewalCharges,
  RENEWAL_CHARGE_KINDS,
} from "../purchases/renewal-charge";
import {
  type ChargeIntentRow,
  findChargeIntent,
  finishChargeIntent,
  listInterruptedCharges,
} from "./charge-intents.repository";
import { applyChargeOutcome, askProcessor } from "./charge-intents.service";
import { giveBackFees } from "./fee-give-back";

type App = Pick<FastifyInstance, "db" | "appConfig">;

/** How long a recorded charge may stay unconfirmed before the job asks (a confirmation takes seconds). */
export const INTERRUPTED_CHARGE_AFTER_MS = 5 * 60_000;
/** A charge the processor still wants the customer's bank step for after this long is abandoned. */
export const ABANDON_CHARGE_AFTER_MS = 24 * 60 * 60_000;

/**
 * The job's half (decision 0066): every charge recorded but not confirmed for five minutes is
 * asked of its processor again and the answer applied once. One the processor still holds for the
 * customer's bank step after a day is abandoned (its purchase failed: no money was taken). One whose
 * processor cannot be reached, or is not configured any more, waits for the next run: money may
 * have been taken, so it is never abandoned blind. A renewal's charge is applied to its period
 * (decision 0137). Answers the customers whose payment it granted
 * (their receipts go out after) and the refunds of fees it paid a second time (their emails too).
 */
export async function finishInterruptedCharges(
  app: App,
  gatewayFor: (provider: string) => CardGateway | null,
  now = new Date(),
  log: { warn: (obj: object, msg: string) => void } = { warn: () => {} },
): Promise<{ paid: number[]; refunds: number[] }> {
  const paid: number[] = [];
  const given: number[] = [];
  const stale = await listInterruptedCharges(app.db, new Date(now.getTime() - INTERRUPTED_CHARGE_AFTER_MS));
  for (const intent of stale) {
    const gateway = gatewayFor(intent.provider);
    if (!gateway) {
      log.warn(
        { chargeIntentId: intent.charge_intent_id },
        "interrupted charge: its processor is not configured",
      );
      continue;
    }
    try {
      if (isRenewalCharge(intent)) {
        // A renewal's charge (decision 0137): applied to its period, or given back if no longer due.
        const done = await finishInterruptedRenewalCharge(
          { db: app.db, gateway, timeZone: (await app.appConfig.get()).timezone },
          intent,
          now,
        );
        if (done.kind === "granted") paid.push(done.customer_id);
        continue;
      }
      const outcome = await askProcessor(app.db, gateway, intent);
      if (
        outcome.status === "requires_action" &&
        now.getTime() - intent.createdAt.getTime() >= ABANDON_CHARGE_AFTER_MS
      ) {
        await abandonCharge(app, intent.charge_intent_id, now);
        continue;
      }
      const applied = await applyChargeOutcome(app, intent.charge_intent_id, outcome, now);
      if (applied.granted) paid.push(applied.customer_id);
      given.push(...(await giveBackFees(app, applied.fees_to_give_back, now)));
    } catch (error) {
      log.warn({ err: error, chargeIntentId: intent.charge_intent_id }, "interrupted charge not finished");
    }
  }
  // Renewal charges for a period already paid whose give-back could not reach the processor.
  await giveBackPendingRenewalCharges({ db: app.db }, gatewayFor, now);
  return { paid: [...new Set(paid)], refunds: given };
}

const isRenewalCharge = (intent: ChargeIntentRow) =>
  (RENEWAL_CHARGE_KINDS as readonly string[]).includes(intent.kind);

/** The processor never took the money (the customer left the bank's step): the purchase fails. */
async function abandonCharge(app: App, intentId: number, now: Date) {
  await app.db.transaction(async (tx) => {
    const first = await findChargeIntent(tx, intentId);
    if (!first) return;
    const purchase = await findPurchase(tx, first.purchase_id, true);
    const intent = await findChargeIntent(tx, intentId, true);
    if (!purchase || intent?.status !== "pending") return;
    if (purchase.status === "pending" && !purchase.credits_granted_at) await failPaymentGroup(tx, purchase);
    await finishChargeIntent(tx, intentId, "abandoned", "requires_action", now);
  });
}
