import { refusalError } from "../../../domain/refusal";
import { admissionRefusal } from "../../../domain/reservations/booking.rules";
import { BatchedRead, batchedPerDatabase } from "../../db/batch";
import type { Db } from "../../db/client";
import { seatsLeft, seatsLeftForMany } from "./booking.repository";

/**
 * Admission before the transaction, when a popular class opens and hundreds of requests arrive
 * for its last seats (decisions 0033 and 0041). Machinery, not rules: the only refusal it gives is
 * the booking rules' `admissionRefusal` (a full class), on a read made after the request arrived.
 */

type Seats = Awaited<ReturnType<typeof seatsLeft>>;
type Gate = { inFlight: number; waiters: Array<(seats: Seats) => void> };
/** Per database (an app), per class: seats being booked right now by this instance. */
const gates = new WeakMap<object, Map<number, Gate>>();

const noop = () => {};

/**
 * Whether `db` is a caller's transaction (the waitlist's promotion, the front desk) rather than
 * the pool: Drizzle's transactions are the only handles with `rollback`. Such a caller may hold
 * the class lock already and must be able to roll a retry back, so it is never admitted nor
 * autocommitted.
 */
export function isCallersTransaction(db: Db): boolean {
  return typeof (db as unknown as { rollback?: unknown }).rollback === "function";
}

/**
 * One cheap read (the class's counter, and whether this customer holds a seat) refuses a full
 * class at once. While the seats left are all being booked by requests of this instance, the
 * others wait for one of those to end and then read the counter again (one read shared by every
 * waiter woken by the same end, started after it): a refusal is always decided by a read made
 * after the request arrived, never by a remembered answer, and at most as many transactions run
 * as there are seats to win. Several instances each admit their own; the transaction still
 * decides. Answers the release to call when the booking ends.
 */
export async function admit(
  db: Db,
  customerId: number,
  classId: number,
  needed: number,
): Promise<() => void> {
  // Inside a caller's transaction (waitlist, front desk) the read is its own, on its connection.
  const inTransaction = isCallersTransaction(db);
  let seats = inTransaction
    ? await seatsLeft(db, classId, customerId)
    : await admissionReads(db).get(`${classId}:${customerId}`);
  // Not found, cancelled or already mine: the transaction answers why.
  if (!seats || seats.cancelled || seats.mine) return noop;
  const refused = admissionRefusal(seats.left);
  if (refused) throw refusalError(refused);
  // A caller's transaction may already hold the class lock: it is not admitted here.
  if (inTransaction) return noop;
  let byClass = gates.get(db);
  if (!byClass) {
    byClass = new Map();
    gates.set(db, byClass);
  }
  for (;;) {
    let gate = byClass.get(classId);
    if (!gate) {
      gate = { inFlight: 0, waiters: [] };
      byClass.set(classId, gate);
    }
    if (gate.inFlight === 0 || gate.inFlight + needed <= seats.left) {
      gate.inFlight += needed;
      return releaseOf(db, byClass, classId, gate, needed);
    }
    const woken: Seats = await new Promise((resolve) => gate.waiters.push(resolve));
    if (!woken || woken.cancelled) return noop;
    seats = { ...woken, mine: false };
    const refusedNow = admissionRefusal(seats.left);
    if (refusedNow) throw refusalError(refusedNow);
  }
}

/**
 * The admission reads of requests that arrived together, as one statement per class (decision
 * 0041): 500 customers for the last seats of a class are one read, not 500 in front of the pool.
 * Keyed `classId:customerId`.
 */
const admissionReads = batchedPerDatabase(
  (db: Db) =>
    new BatchedRead<string, { left: number; cancelled: boolean; mine: boolean }>(async (keys) => {
      const byClass = new Map<number, number[]>();
      for (const key of keys) {
        const [classId, customerId] = key.split(":").map(Number) as [number, number];
        byClass.set(classId, [...(byClass.get(classId) ?? []), customerId]);
      }
      const answers = new Map<string, { left: number; cancelled: boolean; mine: boolean }>();
      await Promise.all(
        [...byClass].map(async ([classId, customerIds]) => {
          const seats = await seatsLeftForMany(db, classId, customerIds);
          if (!seats) return;
          for (const customerId of customerIds) {
            answers.set(`${classId}:${customerId}`, {
              left: seats.left,
              cancelled: seats.cancelled,
              mine: seats.holds(customerId),
            });
          }
        }),
      );
      return answers;
    }),
);

function releaseOf(db: Db, byClass: Map<number, Gate>, classId: number, gate: Gate, needed: number) {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    gate.inFlight -= needed;
    const waiters = gate.waiters.splice(0);
    if (gate.inFlight === 0 && byClass.get(classId) === gate) byClass.delete(classId);
    if (waiters.length === 0) return;
    // Started after this booking ended (committed or not): what the waiters decide on.
    seatsLeft(db, classId, 0).then(
      (seats) => {
        for (const wake of waiters) wake(seats);
      },
      () => {
        for (const wake of waiters) wake(null);
      },
    );
  };
}
