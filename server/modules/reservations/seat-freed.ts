import type { Db } from "../../db/client";
import { appHook } from "../../lib/app-hooks";

/**
 * "A seat of this class was freed" (a cancellation, a late cancel at the desk, more capacity),
 * said after the change is committed. The waitlists module listens (it offers the seat to the line,
 * server/modules/waitlists/waitlists.jobs.ts); the modules that free seats only say it, so they do
 * not depend on the waitlists (which depend on booking). One listener per app, keyed by its
 * database (several test apps share this module).
 */
type Listener = (singleClassId: number) => Promise<void>;

const listeners = appHook<Listener>();

export function whenSeatFreed(db: Db, listener: Listener): void {
  listeners.set(db, listener);
}

/** Never throws: the change that freed the seat has already succeeded. */
export async function seatFreed(db: Db, singleClassId: number): Promise<void> {
  await listeners.of(db)?.(singleClassId);
}
