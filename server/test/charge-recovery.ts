import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { available_classes } from "../db/schema/credits";
import { email_outbox } from "../db/schema/mail";
import { charge_intents, purchases } from "../db/schema/purchases";
import type { CardGateway } from "../payments/gateway";
import { cardGateway } from "../payments/gateways";
import { must } from "./fixtures";

/*
 * What the charge-recovery suites share (decision 0066): the checkout's
 * (modules/checkout/charge-recovery.test.ts) and the desk's (admin-customers/desk-card-recovery.test.ts).
 * `app` is read at each call, after the suite's app has booted.
 */

/** The real sandbox processor, which dies after it answers: the money is taken, our confirmation never written. */
export function crashingAfterCall(app: () => FastifyInstance, charged: string[]): CardGateway {
  const real = cardGateway(app());
  return {
    ...real,
    confirmIntent: async (input) => {
      const outcome = await real.confirmIntent(input);
      charged.push(input.intent.id);
      throw new Error(`process killed (${outcome.status})`);
    },
    chargeSaved: async (input) => {
      const outcome = await real.chargeSaved(input);
      charged.push(input.idempotency_key);
      throw new Error(`process killed (${outcome.status})`);
    },
  };
}

/** A moment when an intent left by a crash counts as interrupted (`afterMs`: the job's threshold). */
export const afterInterruption = (afterMs: number) => new Date(Date.now() + afterMs + 1000);

/** The rows a recovery is judged by. */
export function recoveryRows(app: () => FastifyInstance) {
  const db = () => app().db;
  return {
    purchaseRow: async (id: number) =>
      must((await db().select().from(purchases).where(eq(purchases.purchase_id, id)))[0], `purchase ${id}`),
    intentsOf: (purchaseId: number) =>
      db().select().from(charge_intents).where(eq(charge_intents.purchase_id, purchaseId)),
    bucketsOf: (purchaseId: number) =>
      db().select().from(available_classes).where(eq(available_classes.purchase_id, purchaseId)),
    receiptsOf: async (email: string) =>
      (await db().select().from(email_outbox).where(eq(email_outbox.to, email))).filter(
        (m) => m.template === "purchase-receipt",
      ),
  };
}
