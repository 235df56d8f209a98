import type { Db } from "../../db/client";
import { appHook } from "../../lib/app-hooks";

/**
 * "Seats of this class were checked in" (the desk, the coach, the QR or the kiosk: every path of
 * the attendance service), said after the change is committed. The aggregators module listens
 * (it validates an aggregator member's visit, server/modules/aggregators/aggregators.jobs.ts);
 * attendance only says it, so it does not depend on the aggregators. One listener per app, keyed
 * by its database (several test apps share this module).
 */
type Listener = (singleClassId: number) => Promise<void>;

const listeners = appHook<Listener>();

export function whenCheckedIn(db: Db, listener: Listener): void {
  listeners.set(db, listener);
}

/** Never throws: the check-in has already succeeded. */
export async function seatsCheckedIn(db: Db, singleClassId: number): Promise<void> {
  await listeners
    .of(db)?.(singleClassId)
    ?.catch(() => {});
}
