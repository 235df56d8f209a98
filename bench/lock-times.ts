/**
 * Records the class-lock times of every booking (decision 0033) into BOOKING_LOCK_TIMES_FILE when
 * the process exits: `hold` from takeSeat's answer to the end of the COMMIT (what the class lock
 * is held for after the database answered; nothing when takeSeat commits itself), `span` from
 * sending takeSeat to the same end (an upper bound of the hold that also counts the wait for the
 * lock). Production code only offers the hook (server/modules/reservations/booking.probe.ts); the
 * bench sets it, by importing this file into the process it measures:
 *
 *   BOOKING_LOCK_TIMES_FILE=/tmp/locks.json npx tsx --import ./bench/lock-times.ts server/main.ts
 *
 * (bench/booking-cpu.ts imports it itself when the variable is set.)
 */
import { writeFileSync } from "node:fs";
import { observeBookings } from "../server/modules/reservations/booking.probe";

const file = process.env.BOOKING_LOCK_TIMES_FILE;
if (file) {
  const lockTimes = { hold: [] as number[], span: [] as number[] };
  observeBookings(({ sentAt, lockedAt, endedAt }) => {
    lockTimes.hold.push(endedAt - lockedAt);
    lockTimes.span.push(endedAt - sentAt);
  });
  process.on("exit", () => writeFileSync(file, JSON.stringify(lockTimes)));
}
