import type { Db } from "../../db/client";

/**
 * "A payment of this customer completed" (a purchase granted by any path), said after the commit.
 * The checkout module listens (it cancels open orders that carried a sign-up fee now paid,
 * decision 0050); the purchases module only says it, so it does not depend on checkout. One
 * listener per app, keyed by its database (several test apps share this module).
 */
type Listener = (customerId: number) => Promise<void>;

const listeners = new WeakMap<Db, Listener>();

export function whenPaymentCompleted(db: Db, listener: Listener): void {
  listeners.set(db, listener);
}

/** Never throws: the payment has already been recorded. */
export async function paymentCompleted(db: Db, customerId: number): Promise<void> {
  try {
    await listeners.get(db)?.(customerId);
  } catch {
    // The listener logs its own failures; the job's backstop retries (checkout.jobs.ts).
  }
}
