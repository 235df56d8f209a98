import type { FastifyInstance } from "fastify";
import { CHECK_IN_STATUSES, type CheckInStatus } from "../../../domain/api/attendance";
import type { AppConfig } from "../../../domain/app-config";
import { localDay } from "../../../domain/booking";
import { AppError, notFound } from "../../../domain/errors";
import { expiresSoon, isBirthday, type RosterFlag, rosterFlags } from "../../../domain/roster-flags";
import type { Db } from "../../db/client";
import { bookForCustomer, giveAccess } from "../admin-customers/admin-customers.service";
import { type Actor, auditedChange } from "../audit/audit.service";
import { getSingleClass } from "../calendar/calendar.service";
import { createCustomerAtDesk } from "../customers/customers.service";
import { notifyPenalty } from "../notifications/notifications.service";
import { getPackage } from "../packages/packages.service";
import { penaltyAfterDeskNoShow } from "../penalties/penalties.service";
import { lockClassForSeats } from "../reservations/booking.service";
import { seatFreed } from "../reservations/seat-freed";
import { customersWithoutCurrentWaiver } from "../waivers/waivers.service";
import {
  checkInSeatsOf,
  classExists,
  findSeat,
  guestsOf,
  lockSeat,
  markPendingAttended,
  rosterFactsOf,
  type SeatDetail,
  setCheckIn,
} from "./attendance.repository";
import { seatsCheckedIn } from "./checked-in";

function ended(s: { class_date: Date; duration_minutes: number }, now: Date) {
  return s.class_date.getTime() + s.duration_minutes * 60_000 <= now.getTime();
}

/**
 * A seat's state at the door (CHECK_IN_STATUSES, domain/api/attendance.ts). "no_show" is what the
 * desk marked, or any seat not checked in of a class that has ended (the reservation status 'No
 * Asistí' is derived the same way); "pending" is a seat of a class still on, not marked yet.
 */
export function statusOf(s: SeatDetail, now = new Date()): CheckInStatus {
  if (s.late_cancel) return "late_cancel";
  if (s.attend) return "attended";
  if (s.no_show_processed || ended(s, now)) return "no_show";
  return "pending";
}

function seatOut(s: SeatDetail, now = new Date()) {
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
    status: statusOf(s, now),
    is_cash: s.is_cash,
    is_paid: s.is_paid,
    paid_with: s.paid_with,
    cancelled: s.deletedAt !== null,
  };
}

export type SeatOut = ReturnType<typeof seatOut>;

/** Where a check-in came from: the audit says so, and rules that differ by door can ask. */
export type CheckInVia = "desk" | "qr" | "kiosk" | "walk_in";

/**
 * THE moment a seat becomes checked in, whatever the door (desk, coach, QR page, kiosk, walk-in):
 * every entry point calls this inside its transaction, with the seat locked, so a rule about
 * admitting someone (a signed waiver, an aggregator's visit) is added here once.
 */
export async function admitSeat(tx: Db, seat: Pick<SeatDetail, "class_reservation_id">, _via: CheckInVia) {
  await setCheckIn(tx, [seat.class_reservation_id], { attend: true });
}

/**
 * A customer checks themselves in at a door that is not the desk (the kiosk): the seat locked,
 * a cancelled one refused, then admitted like every other check-in; audited in the name of the
 * staff member who opened that door. Answers whether they were already in.
 */
export async function checkInAtDoor(db: Db, actor: Actor, reservationId: number, via: CheckInVia) {
  const outcome = await auditedChange(db, actor, async (tx) => {
    await lockSeat(tx, reservationId);
    const seat = await findSeat(tx, reservationId);
    if (!seat) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
    if (seat.deletedAt) throw AppError.of("ALREADY_CANCELLED");
    if (seat.attend) return { result: { already: true, classId: seat.single_class_id }, audit: null };
    await admitSeat(tx, seat, via);
    return {
      result: { already: false, classId: seat.single_class_id },
      audit: {
        action: "attendance.attended",
        entity: "reservation",
        entity_id: reservationId,
        customer_id: seat.customer_id,
        details: { single_class_id: seat.single_class_id, via },
      },
    };
  });
  // After the commit: an aggregator member's visit is validated (checked-in.ts).
  if (!outcome.already) await seatsCheckedIn(db, outcome.classId);
  return { already: outcome.already };
}

/**
 * The roster's flags (docs/product-rules.md#roster-flags) of every host seat of a class, by
 * reservation id, from one query; the carta responsiva from two more, only when the studio asks
 * for one (decision 0099: otherwise the fact stays undefined and nothing is flagged).
 */
export async function rosterFlagsOfClass(
  db: Db,
  classId: number,
  config: AppConfig,
  now = new Date(),
): Promise<Map<number, RosterFlag[]>> {
  const today = localDay(now, config.timezone);
  const facts = await rosterFactsOf(db, classId, now);
  const unsigned =
    config.waiver_enforcement === "off"
      ? null
      : await customersWithoutCurrentWaiver(db, config, [...new Set(facts.map((f) => f.customer_id))]);
  return new Map(
    facts.map((f) => [
      f.class_reservation_id,
      rosterFlags({
        firstVisit: !f.attended_before,
        unpaidCashOrder: f.unpaid_cash,
        packExpiresSoon: expiresSoon(f.credits_expire, now),
        birthdayToday: isBirthday(f.birthdate, today),
        waiverMissing: unsigned ? unsigned.has(f.customer_id) : undefined,
      }),
    ]),
  );
}

/** The QR's target: one reservation with its class, customer and guest, for check-in at the door. */
export async function reservationForCheckIn(db: Db, id: number) {
  const seat = await findSeat(db, id);
  if (!seat) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
  const single_class = await getSingleClass(db, seat.single_class_id, null);
  const guests = seat.guest_of_id === null ? (await guestsOf(db, id)).map((g) => seatOut(g)) : [];
  return { class_reservation: seatOut(seat), guests, single_class };
}

export async function markAttendance(db: Db, id: number, attend: boolean) {
  const out = await db.transaction(async (tx) => {
    await lockSeat(tx, id);
    const seat = await findSeat(tx, id);
    if (!seat) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
    if (seat.deletedAt) throw AppError.of("ALREADY_CANCELLED");
    if (attend) await admitSeat(tx, seat, "qr");
    else await setCheckIn(tx, [id], { attend: false });
    return { seat, answer: seatOut({ ...seat, attend }) };
  });
  // After the commit: an aggregator member's visit is validated (server/modules/attendance/checked-in.ts).
  if (attend) await seatsCheckedIn(db, out.seat.single_class_id);
  return out.answer;
}

/**
 * Staff's list for a class: every seat with the person, guest, spot, payment, its state and the
 * roster's flags, counted.
 */
export async function classAttendance(db: Db, classId: number, config: AppConfig, now = new Date()) {
  const single_class = await getSingleClass(db, classId, null);
  const flags = await rosterFlagsOfClass(db, classId, config, now);
  const seats = (await checkInSeatsOf(db, classId)).map((s) => ({
    ...seatOut(s, now),
    flags: flags.get(s.class_reservation_id) ?? [],
  }));
  const counts = Object.fromEntries(
    CHECK_IN_STATUSES.map((status) => [status, seats.filter((s) => s.status === status).length]),
  ) as Record<CheckInStatus, number>;
  return { single_class, reservations: seats, attended: counts.attended, counts };
}

/**
 * The desk sets a seat's state (audited). "attended" and "pending" only flip the check-in;
 * "no_show" needs the class to have started, marks the seat as the no-show job would and runs
 * the penalty rule for the customer's own seat at once; "late_cancel" cancels the seat (and a
 * host's guests) without giving credits back, and the freed seat goes to the waitlist. A
 * cancelled seat is final: 409.
 */
export async function setCheckInStatus(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  status: CheckInStatus,
  now = new Date(),
) {
  const config = await app.appConfig.get();
  const outcome = await auditedChange(app.db, actor, async (tx) => {
    const before = await findSeat(tx, id);
    if (!before) throw notFound("reservationNotFound", "RESERVATION_NOT_FOUND");
    // Class first, then the seat: the order booking and cancelling lock in.
    if (status === "late_cancel") await lockClassForSeats(tx, before.single_class_id);
    await lockSeat(tx, id);
    const seat = (await findSeat(tx, id))!;
    if (seat.deletedAt) throw AppError.of("ALREADY_CANCELLED");
    let penalty: Awaited<ReturnType<typeof penaltyAfterDeskNoShow>> = null;
    if (status === "attended") await admitSeat(tx, seat, "desk");
    if (status === "pending") await setCheckIn(tx, [id], { attend: false, no_show_processed: false });
    if (status === "no_show") {
      if (seat.class_date.getTime() > now.getTime()) {
        throw AppError.of("CLASS_NOT_STARTED");
      }
      await setCheckIn(tx, [id], { attend: false, no_show_processed: true });
      if (seat.guest_of_id === null)
        penalty = await penaltyAfterDeskNoShow(tx, config, seat.customer_id, now);
    }
    if (status === "late_cancel") {
      const guests = seat.guest_of_id === null ? await guestsOf(tx, id) : [];
      await setCheckIn(tx, [id], { attend: false, late_cancel: true, deletedAt: now });
      await setCheckIn(
        tx,
        guests.map((g) => g.class_reservation_id),
        { attend: false, deletedAt: now },
      );
    }
    const after = (await findSeat(tx, id))!;
    return {
      result: { seat: seatOut(after, now), penalty, classId: seat.single_class_id },
      audit: {
        action: `attendance.${status}`,
        entity: "reservation",
        entity_id: id,
        customer_id: seat.customer_id,
        details: { single_class_id: seat.single_class_id, before: statusOf(seat, now), after: status },
      },
    };
  });
  if (outcome.penalty) await notifyPenalty(app, outcome.seat.customer_id, outcome.penalty);
  if (status === "late_cancel" && outcome.seat.class_reservation_id) await seatFreed(app.db, outcome.classId);
  if (status === "attended") await seatsCheckedIn(app.db, outcome.classId);
  return outcome.seat;
}

/** "Marcar a todos": the seats not marked yet are checked in; answers how many (audited once). */
export async function checkInAll(db: Db, actor: Actor, classId: number) {
  if (!(await classExists(db, classId))) throw notFound("classNotFound", "CLASS_NOT_FOUND");
  const marked = await auditedChange(db, actor, async (tx) => {
    await lockClassForSeats(tx, classId);
    const marked = await markPendingAttended(tx, classId);
    return {
      result: marked,
      audit: marked
        ? {
            action: "attendance.check_in_all",
            entity: "single_class",
            entity_id: classId,
            customer_id: null,
            details: { marked },
          }
        : null,
    };
  });
  if (marked) await seatsCheckedIn(db, classId);
  return marked;
}

export type WalkIn = {
  customer_id?: number | null;
  customer?: { name: string; last_name?: string | null; phone: string; email?: string | null } | null;
  payment: "credit" | "cash";
  class_package_id?: number | null;
  /** What was paid in cash; the package's price when left out. */
  amount?: number | null;
};

/**
 * A walk-in at the door, in one transaction: the customer (found by search, or new with name and
 * phone), for cash a desk sale of the chosen package through the purchases domain (giveAccess,
 * billed what was paid), then the seat booked with the desk's override (decision 0015) on the
 * customer's credit, and checked in. Anything refused rolls all of it back.
 */
export async function addWalkIn(app: FastifyInstance, actor: Actor, classId: number, input: WalkIn) {
  const config = await app.appConfig.get();
  if (!input.customer_id === !input.customer) {
    throw AppError.of("WALK_IN_CUSTOMER_REQUIRED");
  }
  if (input.payment === "cash" && !input.class_package_id) {
    throw AppError.of("WALK_IN_PACKAGE_REQUIRED", {
      fields: { class_package_id: "Elige el paquete que se pagó en efectivo." },
    });
  }
  return app.db.transaction(async (tx) => {
    const customerId = input.customer_id ?? (await createCustomerAtDesk(tx, input.customer!)).customer_id;
    if (input.payment === "cash") {
      const pkg = await getPackage(tx, input.class_package_id!, { admin: true });
      await giveAccess(tx, config.timezone, actor, {
        customer_id: customerId,
        class_package_id: pkg.class_package_id,
        is_gift: false,
        bill: input.amount ?? Number(pkg.sale_price ?? pkg.price),
      });
    }
    const { host } = await bookForCustomer(
      tx,
      config,
      actor,
      customerId,
      { single_class_id: classId },
      { overrideRules: true },
    );
    await admitSeat(tx, host, "walk_in");
    return { customer_id: customerId, class_reservation_id: host.class_reservation_id };
  });
}
