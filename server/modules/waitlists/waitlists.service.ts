import type { AppConfig } from "../../../domain/app-config";
import { AppError, notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { bookSeat, lockClassForSeats } from "../reservations/booking.service";
import { closeOtherOffers, insideCutoff } from "./promotion.service";
import {
  countSeats,
  findMyEntry,
  findMyEntryForClass,
  hasOwnSeat,
  insertEntry,
  myEntries,
  positionOf,
  updateEntry,
  type WaitlistRow,
} from "./waitlists.repository";

function ensureEnabled(config: AppConfig) {
  if (!config.waitlist_enabled) throw AppError.of("WAITLIST_DISABLED");
}

/** What the customer sees of one entry: place in line and, for offers, until when. */
async function entryOut(db: Db, entry: WaitlistRow) {
  const inLine = entry.status === "waiting" || entry.status === "offered";
  return {
    waitlist_id: entry.waitlist_id,
    single_class_id: entry.single_class_id,
    customer_id: entry.customer_id,
    status: entry.status,
    position: inLine ? await positionOf(db, entry) : null,
    offer_expires_at: entry.status === "offered" ? (entry.offer_expires_at?.toISOString() ?? null) : null,
    class_reservation_id: entry.class_reservation_id,
    createdAt: entry.createdAt.toISOString(),
  };
}

export type WaitlistOut = Awaited<ReturnType<typeof entryOut>>;

/** Mis Listas de Espera: every entry I have not left, with its class and my place in line. */
export async function listMyWaitlists(db: Db, config: AppConfig, customerId: number, now = new Date()) {
  const rows = await myEntries(db, customerId);
  const out = [];
  for (const row of rows) {
    const c = row.single_class;
    const base = await entryOut(db, row);
    out.push({
      ...base,
      // In line but too close to class: no more seats will be given from the list.
      closed: base.position !== null && (c.cancelledAt !== null || insideCutoff(c.class_date, now, config)),
      single_class: {
        single_class_id: c.single_class_id,
        class_date: c.class_date.toISOString(),
        duration_minutes: c.duration_minutes,
        cancelled: c.cancelledAt !== null,
        class_type: c.class_type,
        location: c.location,
        class_instructors: c.class_instructors,
      },
    });
  }
  // Upcoming first (soonest class first), past ones after.
  const t = now.getTime();
  return out.sort((a, b) => {
    const da = Date.parse(a.single_class.class_date);
    const db_ = Date.parse(b.single_class.class_date);
    if (da >= t !== db_ >= t) return da >= t ? -1 : 1;
    return da >= t ? da - db_ : db_ - da;
  });
}

export async function getMyWaitlist(db: Db, customerId: number, id: number) {
  const entry = await findMyEntry(db, customerId, id);
  if (!entry) throw notFound("waitlistNotFound", "WAITLIST_NOT_FOUND");
  return entryOut(db, entry);
}

/** My entry for a class (null when I am not in its line): what the class card shows. */
export async function getMyWaitlistForClass(db: Db, customerId: number, classId: number) {
  const entry = await findMyEntryForClass(db, customerId, classId);
  return entry ? entryOut(db, entry) : null;
}

/**
 * Joins the line of a full, upcoming class. One entry per customer per class (partial unique
 * index as the last word), nobody who already holds a seat. Done under the class lock so a seat
 * freeing at the same moment is either seen here (join refused: book instead) or promotes this
 * entry afterwards.
 */
export async function joinWaitlist(
  db: Db,
  config: AppConfig,
  customerId: number,
  classId: number,
  now = new Date(),
) {
  ensureEnabled(config);
  try {
    return await db.transaction(async (tx) => {
      const klass = await lockClassForSeats(tx, classId);
      if (!klass) throw notFound("classNotFound", "CLASS_NOT_FOUND");
      if (klass.cancelledAt) throw AppError.of("CLASS_CANCELLED");
      if (klass.class_package_id !== null || klass.class_date <= now) {
        throw AppError.of("WAITLIST_CLOSED");
      }
      if (await hasOwnSeat(tx, customerId, classId)) {
        throw AppError.of("ALREADY_BOOKED", { message: "waitlistAlreadyBooked" });
      }
      const existing = await findMyEntryForClass(tx, customerId, classId);
      if (existing && (existing.status === "waiting" || existing.status === "offered")) {
        throw AppError.of("ALREADY_ON_WAITLIST");
      }
      // A finished entry (promoted then cancelled, or expired) makes way for a fresh place in line.
      if (existing) await updateEntry(tx, existing.waitlist_id, { deletedAt: now });
      const full = klass.capacity === null || (await countSeats(tx, classId)) >= klass.capacity;
      if (!full) throw AppError.of("CLASS_HAS_SEATS");
      return entryOut(tx, await insertEntry(tx, customerId, classId));
    });
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code === "23505") throw AppError.of("ALREADY_ON_WAITLIST");
    throw error;
  }
}

/** Leaves a line (my entry only). The row stays, marked left, for the studio's history. */
export async function leaveWaitlist(db: Db, customerId: number, id: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const entry = await findMyEntry(tx, customerId, id, true);
    if (!entry) throw notFound("waitlistNotFound", "WAITLIST_NOT_FOUND");
    await updateEntry(tx, id, { status: entry.status === "promoted" ? "promoted" : "left", deletedAt: now });
  });
}

/**
 * Accepts an offered seat (offer mode): books it through the booking service inside the same
 * transaction that locks the class. The first to accept takes it; later ones get 412 and stay
 * in line; an offer past its time is refused.
 */
export async function acceptOffer(
  db: Db,
  config: AppConfig,
  customerId: number,
  id: number,
  now = new Date(),
): Promise<{ class_reservation_id: number; single_class_id: number }> {
  ensureEnabled(config);
  const entry = await findMyEntry(db, customerId, id);
  if (!entry) throw notFound("waitlistNotFound", "WAITLIST_NOT_FOUND");
  return db.transaction(async (tx) => {
    await lockClassForSeats(tx, entry.single_class_id);
    const current = await findMyEntry(tx, customerId, id, true);
    if (current?.status !== "offered") {
      throw AppError.of("WAITLIST_NO_OFFER");
    }
    if (!current.offer_expires_at || current.offer_expires_at <= now) {
      throw AppError.of("WAITLIST_OFFER_EXPIRED");
    }
    let reservationId: number;
    try {
      const { host } = await bookSeat(
        tx,
        config,
        customerId,
        { single_class_id: current.single_class_id },
        now,
      );
      reservationId = host.class_reservation_id;
    } catch (error) {
      if (error instanceof AppError && (error.code === "SOLD_OUT" || error.code === "NOT_ENOUGH_SEATS")) {
        throw AppError.of("WAITLIST_OFFER_TAKEN");
      }
      throw error;
    }
    await updateEntry(tx, id, { status: "promoted", class_reservation_id: reservationId });
    // Seats are gone once capacity is reached: the other offers end.
    const klass = await lockClassForSeats(tx, current.single_class_id);
    if (klass && klass.capacity !== null && (await countSeats(tx, klass.single_class_id)) >= klass.capacity) {
      await closeOtherOffers(tx, current.single_class_id, id);
    }
    return { class_reservation_id: reservationId, single_class_id: current.single_class_id };
  });
}
