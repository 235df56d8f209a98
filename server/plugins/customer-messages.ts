import type { CustomerMessageEvent } from "../../domain/messaging/events";
import type { Db } from "../db/client";
import { appHook } from "../lib/app-hooks";

/**
 * "Tell the customer by text": the modules that send emails (notifications, waitlists, checkout,
 * purchases, admin-schedule) say what happened here; the messaging module listens
 * (server/modules/messaging/messaging.jobs.ts) and picks the channel. They call this instead of
 * the messaging module so that modules keep depending one way (messaging claims waitlist offers
 * and cancels reservations itself). One listener per app (server/lib/app-hooks.ts).
 */
type Listener = (event: CustomerMessageEvent) => Promise<void>;

const listeners = appHook<Listener>();

export function whenCustomerMessage(db: Db, listener: Listener): void {
  listeners.set(db, listener);
}

/** The events of each app still being worked out, one after another in the order they were told. */
const running = new WeakMap<Db, Promise<void>>();

/**
 * Never throws and never waits: the change it reports has already succeeded. The listener runs
 * after the caller's turn (setImmediate), like the mailer's render (decision 0084), so a request
 * answers before its texts are worked out and a booking keeps its statement budget
 * (server/modules/reservations/statement-counts.test.ts).
 */
export async function tellCustomer(db: Db, event: CustomerMessageEvent): Promise<void> {
  const listener = listeners.of(db);
  if (!listener) return;
  const next = (running.get(db) ?? Promise.resolve())
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => listener(event))
    // The listener logs its own failures; a text must never fail the change that caused it.
    .catch(() => {});
  running.set(db, next);
}

/** Waits until every event told so far has been worked out (tests, and a graceful stop). */
export async function customerMessagesSettled(db: Db): Promise<void> {
  for (let pending = running.get(db); pending; pending = running.get(db)) {
    await pending;
    if (running.get(db) === pending) running.delete(db);
  }
}
