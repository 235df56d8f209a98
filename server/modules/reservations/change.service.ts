import type { AppConfig } from "../../../domain/app-config";
import { cancelUnitLabel, changeDecision } from "../../../domain/booking";
import { AppError, notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { checkSpots, uniqueViolationToConflict } from "./booking.service";
import {
  lockClassOfReservation,
  lockForCancel,
  type ReservationRow,
  setGuestName,
  setSpot,
  spotsOfClass,
} from "./reservations.repository";
import { cancelPolicyOf } from "./reservations.service";

/**
 * PUT /class_reservations: what the customer wants changed on an upcoming reservation. A key left
 * out keeps its value; `spot: null` gives the spot up (the seat stays booked).
 */
export type ReservationChange = {
  class_reservation_id: number;
  spot?: string | null;
  guest?: string;
  guest_spot?: string | null;
};

/**
 * Changes my spot, my guest's name and my guest's spot, under the booking's rules: the class lock
 * first (the one every seat change takes, so two people cannot move to the same spot), then my
 * rows; spots taken by others are refused with 409, the class must not be cancelled or started,
 * and nothing changes once the cancellation threshold has passed (domain `changeDecision`). Moving
 * within my own seats (swapping with my guest) is allowed: the old spots are freed before the new
 * ones are taken, so the unique index on spots never sees two rows on one spot.
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
      const klass = await lockClassOfReservation(tx, customerId, change.class_reservation_id);
      if (!klass) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
      let locked = await lockForCancel(tx, customerId, change.class_reservation_id);
      // A guest's row id stands for its host's reservation.
      if (locked && locked.reservation.guest_of_id !== null) {
        locked = await lockForCancel(tx, customerId, locked.reservation.guest_of_id);
      }
      if (!locked) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
      const host = locked.reservation;
      if (host.deletedAt) throw AppError.of("ALREADY_CANCELLED");
      if (klass.cancelledAt) throw AppError.of("CLASS_CANCELLED");
      const decision = changeDecision(klass.class_date, now, cancelPolicyOf(config), config.timezone);
      if (!decision.allowed) {
        if (decision.reason === "started") throw AppError.of("CLASS_STARTED");
        const value = config.cancel_timeframe_value ?? 0;
        throw AppError.of("CHANGE_TOO_LATE", {
          params: {
            value,
            unit: cancelUnitLabel(value, config.cancel_timeframe_unit),
          },
        });
      }
      const guest = locked.guests.find((g) => !g.deletedAt) ?? null;
      if (!guest && (change.guest !== undefined || change.guest_spot !== undefined)) {
        throw notFound("guestNotFound", "GUEST_NOT_FOUND");
      }

      const wanted = {
        spot: change.spot === undefined ? host.spot : change.spot,
        guest_spot: change.guest_spot === undefined ? (guest?.spot ?? null) : change.guest_spot,
      };
      const mine = new Set([host.class_reservation_id, guest?.class_reservation_id]);
      const others = (await spotsOfClass(tx, klass.single_class_id))
        .filter((r) => !mine.has(r.class_reservation_id))
        .map((r) => r.spot as string);
      const spots = await checkSpots(tx, config, klass.single_class_id, wanted, guest !== null, others, {
        host: (wanted.spot?.trim() || null) !== host.spot,
        guest: guest !== null && (wanted.guest_spot?.trim() || null) !== guest.spot,
      });

      const moves = [
        { row: host, spot: spots.host },
        ...(guest ? [{ row: guest, spot: spots.guest }] : []),
      ].filter((m) => m.spot !== m.row.spot);
      // Free first, then take: a swap with my guest must not collide on the unique spot index.
      for (const m of moves) if (m.row.spot !== null) await setSpot(tx, m.row.class_reservation_id, null);
      for (const m of moves) if (m.spot !== null) await setSpot(tx, m.row.class_reservation_id, m.spot);
      const guestName = change.guest?.trim();
      if (guest && guestName && guestName !== guest.guest) {
        await setGuestName(tx, guest.class_reservation_id, guestName);
      }
      return {
        host: { ...host, spot: spots.host },
        guest: guest ? { ...guest, spot: spots.guest, guest: guestName || guest.guest } : null,
      };
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
}
