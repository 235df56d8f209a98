import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { sendDueReceipts } from "./receipt-email";

/**
 * "A payment of this customer completed" (a purchase or a renewal granted by any path), said
 * after the commit: the customer's receipts go out (one per payment, decision 0051), then the
 * listener hears it. The checkout module listens (it cancels open orders that carried a sign-up
 * fee now paid, decision 0050); the purchases module only says it, so it does not depend on
 * checkout. One listener per app, keyed by its database (several test apps share this module).
 */
type Listener = (customerId: number) => Promise<void>;

const listeners = new WeakMap<Db, Listener>();

export function whenPaymentCompleted(db: Db, listener: Listener): void {
  listeners.set(db, listener);
}

/** Never throws: the payment has already been recorded. */
export async function paymentCompleted(
  app: Pick<FastifyInstance, "db" | "appConfig" | "mailer" | "config" | "log">,
  customerId: number,
): Promise<void> {
  await sendDueReceipts(app, customerId);
  try {
    await listeners.get(app.db)?.(customerId);
  } catch (error) {
    // The job's backstop retries (checkout.jobs.ts).
    app.log.error({ err: error, customerId }, "payment-completed listener failed");
  }
}
