import type { AppConfig } from "../../../domain/app-config";
import { refusalError } from "../../../domain/refusal";
import { spotsToCheck } from "../../../domain/reservations/booking.rules";
import {
  type ChangeSnapshot,
  decideChange,
  type ReservationChange,
  wantedSpots,
} from "../../../domain/reservations/change.rules";
import type { Db } from "../../db/client";
import { findClassWithDetails } from "../calendar/calendar.service";
import { uniqueViolationToConflict } from "./booking.service";
import {
  lockClassOfReservation,
  lockForCancel,
  type ReservationRow,
  setGuestName,
  setSpot,
  spotsOfClass,
} from "./reservations.repository";

export type { ReservationChange };

/**
 * Changes my spot, my guest's name and my guest's spot, under the booking's rules: the class lock
 * first (the one every seat change takes, so two people cannot move to the same spot), then my
 * rows, then the spots taken by others and the map; domain/reservations/change.rules.ts decides
 * (decision 0083) and this writes. Moving within my own seats (swapping with my guest) is allowed:
 * the old spots are freed before the new ones are taken, so the unique index on spots never sees
 * two rows on one spot.
 */
export async function changeReservation(
  db: Db,
  config: AppConfig,
  customerId: number,
  change: ReservationChange,
  now = new Date(),
): Promise<{ host: ReservationRow; guest: ReservationRow | null }> {
  try {
    return await db.transaction(async (tx) => {
      const snapshot = await readSnapshot(tx, config, customerId, change);
      const decision = decideChange(snapshot, change, config, now);
      if (!decision.ok) throw refusalError(decision.refusal);
      // Free first, then take: a swap with my guest must not collide on the unique spot index.
      for (const m of decision.moves)
        if (m.row.spot !== null) await setSpot(tx, m.row.class_reservation_id, null);
      for (const m of decision.moves)
        if (m.spot !== null) await setSpot(tx, m.row.class_reservation_id, m.spot);
      if (decision.guest && decision.rename)
        await setGuestName(tx, decision.guest.class_reservation_id, decision.rename);
      return { host: decision.host, guest: decision.guest };
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
}

async function readSnapshot(
  tx: Db,
  config: AppConfig,
  customerId: number,
  change: ReservationChange,
): Promise<ChangeSnapshot<ReservationRow>> {
  const klass = await lockClassOfReservation(tx, customerId, change.class_reservation_id);
  if (!klass) return { klass: null, locked: null, others: [], spotMap: null };
  let locked = await lockForCancel(tx, customerId, change.class_reservation_id);
  // A guest's row id stands for its host's reservation.
  if (locked && locked.reservation.guest_of_id !== null) {
    locked = await lockForCancel(tx, customerId, locked.reservation.guest_of_id);
  }
  if (!locked) return { klass, locked: null, others: [], spotMap: null };
  const { host, guest, wanted, check } = wantedSpots(change, locked);
  const mine = new Set([host.class_reservation_id, guest?.class_reservation_id]);
  const others = (await spotsOfClass(tx, klass.single_class_id))
    .filter((r) => !mine.has(r.class_reservation_id))
    .map((r) => r.spot as string);
  const spotMap =
    config.spotmap_enabled && spotsToCheck(wanted, guest !== null, check)
      ? ((await findClassWithDetails(tx, klass.single_class_id))?.class_type ?? null)
      : null;
  return { klass, locked, others, spotMap };
}
