import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { appHookList } from "../../lib/app-hooks";
import { sendDueReceipts } from "./receipt-email";

/**
 * "A payment of this customer completed" (a purchase or a renewal granted by any path), said
 * after the commit: the customer's receipts go out (one per payment, decision 0051), then the
 * listener hears it. The checkout module listens (it cancels open orders that carried a sign-up
 * fee now paid, decision 0050); the purchases module only says it, so it does not depend on
 * checkout. One listener per app, keyed by its database (several test apps share this module).
 */
type Listener = (customerId: number) => Promise<void>;

const listeners = appHookList<Listener>();

/** Several modules listen (checkout; referrals, decision 0092): each is called in turn. */
export function whenPaymentCompleted(db: Db, listener: Listener): void {
  listeners.add(db, listener);
}

/** Never throws: the payment has already been recorded. */
export async function paymentCompleted(
  app: Pick<FastifyInstance, "db" | "appConfig" | "mailer" | "config" | "log">,
  customerId: number,
): Promise<void> {
  await sendDueReceipts(app, customerId);
  for (const listener of listeners.of(app.db)) {
    try {
      await listener(customerId);
    } catch (error) {
      // The job's backstop retries (checkout.jobs.ts).
      app.log.error({ err: error, customerId }, "payment-completed listener failed");
    }
  }
}
