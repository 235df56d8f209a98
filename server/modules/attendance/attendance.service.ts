import { AppError, notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { getSingleClass } from "../calendar/calendar.service";
import { activeSeatsOf, findSeat, guestsOf, type SeatDetail, setAttend } from "./attendance.repository";

function seatOut(s: SeatDetail) {
  return {
    class_reservation_id: s.class_reservation_id,
    single_class_id: s.single_class_id,
    customer_id: s.customer_id,
    name: [s.name, s.last_name].filter(Boolean).join(" "),
    email: s.email,
    phone: s.phone,
    guest: s.guest,
    guest_of_id: s.guest_of_id,
    spot: s.spot,
    attend: s.attend,
    is_cash: s.is_cash,
    is_paid: s.is_paid,
    paid_with: s.paid_with,
    cancelled: s.deletedAt !== null,
  };
}

export type SeatOut = ReturnType<typeof seatOut>;

/** The QR's target: one reservation with its class, customer and guest, for check-in at the door. */
export async function reservationForCheckIn(db: Db, id: number) {
  const seat = await findSeat(db, id);
  if (!seat) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
  const single_class = await getSingleClass(db, seat.single_class_id, null);
  const guests = seat.guest_of_id === null ? (await guestsOf(db, id)).map(seatOut) : [];
  return { class_reservation: seatOut(seat), guests, single_class };
}

export async function markAttendance(db: Db, id: number, attend: boolean) {
  const seat = await findSeat(db, id);
  if (!seat) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
  if (seat.deletedAt) throw AppError.of(409, "ALREADY_CANCELLED", "alreadyCancelled");
  await setAttend(db, id, attend);
  return seatOut({ ...seat, attend });
}

/** Staff's list for a class: every seat with the person, guest, spot, payment and check-in. */
export async function classAttendance(db: Db, classId: number) {
  const single_class = await getSingleClass(db, classId, null);
  const seats = (await activeSeatsOf(db, classId)).map(seatOut);
  return {
    single_class,
    reservations: seats,
    attended: seats.filter((s) => s.attend).length,
  };
}
