import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { AppError } from "../../../domain/errors";
import {
  afterPromotionRefused,
  insideCutoff,
  lineClosed,
  offerExpiry,
  toldWhySkipped,
} from "../../../domain/reservations/promotion.rules";
import type { Db } from "../../db/client";
import {
  notifyBookingConfirmed,
  notifyWaitlistOffer,
  notifyWaitlistSkipped,
} from "../notifications/notifications.service";
import { bookSeat, lockClassForSeats } from "../reservations/booking.service";
import {
  classesWithLine,
  countSeats,
  dueOffers,
  entriesInLine,
  hasLine,
  hasOverlappingSeat,
  updateEntry,
  type WaitlistRow,
} from "./waitlists.repository";

/**
 * Promotion from a class's waitlist when a seat frees (cancellation, a capacity change, an offer
 * that ran out). Rules, in the order they apply:
 * - nothing inside waitlist_cutoff_minutes before class (default 2 h), nor for cancelled or
 *   package classes;
 * - people are visited in joining order; anyone holding a seat in an overlapping class is passed
 *   over (they stay in line);
 * - mode 'auto': the first person the booking service can book (usable credit or unlimited
 *   membership, profile complete, no penalty) gets the seat; those it cannot book are told once
 *   by email why and stay in line;
 * - mode 'offer': everyone eligible in line gets an email offer valid waitlist_offer_minutes (never
 *   past the cutoff); the first to accept takes the seat (the booking service decides who is
 *   first); the others' offers end and they stay in line.
 * Each promotion is one transaction that locks the class row first, so two app instances freeing
 * or promoting the same class at once wait for each other and a seat is given once.
 */

export const PROMOTE_JOB = "waitlist.promote";
export const SWEEP_JOB = "waitlist.sweep";

export type PromotionResult = {
  promoted: { waitlist_id: number; customer_id: number; class_reservation_id: number }[];
  offered: { waitlist_id: number; customer_id: number; expires_at: Date }[];
  skipped: { waitlist_id: number; customer_id: number; reason: string }[];
};

export { insideCutoff };

/**
 * A seat of the class was released and committed (the reservations module's seatFreed, wired in
 * waitlists.jobs.ts). Promotes now (so the person in line sees the seat at once) and, if that
 * fails, leaves a job to retry. Never throws: the cancellation that freed the seat has already
 * succeeded.
 */
export async function promoteFreedSeat(app: FastifyInstance, singleClassId: number): Promise<void> {
  try {
    await promoteClass(app, singleClassId);
  } catch (error) {
    app.log.error({ err: error, singleClassId }, "waitlist: promotion failed, retrying in a job");
    await app.jobs
      .send(PROMOTE_JOB, { single_class_id: singleClassId }, { singletonKey: `promote:${singleClassId}` })
      .catch(() => {});
  }
}

export async function promoteClass(
  app: FastifyInstance,
  classId: number,
  now = new Date(),
): Promise<PromotionResult> {
  const config = await app.appConfig.get();
  const result: PromotionResult = { promoted: [], offered: [], skipped: [] };
  if (!config.waitlist_enabled) return result;
  // Most freed seats have nobody in line: one read instead of a locking transaction. Joining a
  // line takes the class lock and is refused while a seat is free, so an entry this read misses
  // joined after the seat was freed and was refused (or the seat was taken again).
  if (!(await hasLine(app.db, classId))) return result;
  if (config.waitlist_mode === "offer") {
    await offerSeats(app, config, classId, now, result);
  } else {
    // One seat per transaction; stop when a round gives nothing (no seat or nobody bookable).
    for (let round = 0; round < 100; round++) {
      const seat = await promoteOne(app.db, config, classId, now, result);
      if (!seat) break;
    }
  }
  for (const p of result.promoted) {
    await notifyBookingConfirmed(
      app,
      p.class_reservation_id,
      "Se liberó un lugar en tu lista de espera y ya es tuyo: te reservamos la clase con uno de tus créditos.",
    );
  }
  for (const s of result.skipped) {
    if (toldWhySkipped(s.reason)) {
      await notifyWaitlistSkipped(app, s.waitlist_id, s.customer_id, classId, s.reason);
    }
  }
  for (const o of result.offered) await notifyWaitlistOffer(app, o.customer_id, classId, o.expires_at);
  const [firstOffer] = result.offered;
  if (firstOffer) {
    // Wakes the sweep when the offers end, so their holders return to the line on time.
    const expires = firstOffer.expires_at;
    await app.jobs.send(SWEEP_JOB, {}, { startAfter: new Date(expires.getTime() + 1_000) });
  }
  return result;
}

/** Auto mode, one seat: true when someone was booked (there may be another seat). */
async function promoteOne(
  db: Db,
  config: AppConfig,
  classId: number,
  now: Date,
  result: PromotionResult,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const klass = await lockClassForSeats(tx, classId);
    if (!klass || lineClosed(klass, null, now, config)) return false;
    if (lineClosed(klass, await countSeats(tx, classId), now, config)) return false;
    const tried = new Set(result.skipped.map((s) => s.waitlist_id));
    for (const entry of await entriesInLine(tx, classId, ["waiting"])) {
      if (tried.has(entry.waitlist_id)) continue;
      if (await hasOverlappingSeat(tx, entry.customer_id, klass)) {
        result.skipped.push({ ...who(entry), reason: "OVERLAP" });
        continue;
      }
      try {
        // bookSeat's own transaction becomes a savepoint of this one: a refusal rolls back only it.
        const { host } = await bookSeat(tx, config, entry.customer_id, { single_class_id: classId }, now);
        await updateEntry(tx, entry.waitlist_id, {
          status: "promoted",
          class_reservation_id: host.class_reservation_id,
        });
        result.promoted.push({ ...who(entry), class_reservation_id: host.class_reservation_id });
        return true;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const next = afterPromotionRefused(error);
        if (next === "fail") throw error;
        if (next === "stop") return false; // sold out, window...
        // They booked the class themselves: the entry has done its job.
        if (next === "leave") await updateEntry(tx, entry.waitlist_id, { status: "left", deletedAt: now });
        result.skipped.push({ ...who(entry), reason: error.code });
      }
    }
    return false;
  });
}

/** Offer mode: ends due offers, then offers the free seats to everyone eligible in line. */
async function offerSeats(
  app: FastifyInstance,
  config: AppConfig,
  classId: number,
  now: Date,
  result: PromotionResult,
) {
  await app.db.transaction(async (tx) => {
    const klass = await lockClassForSeats(tx, classId);
    await expireOffers(tx, now, classId);
    if (!klass || lineClosed(klass, null, now, config)) return;
    if (lineClosed(klass, await countSeats(tx, classId), now, config)) return;
    const expires = offerExpiry(klass.class_date, now, config);
    for (const entry of await entriesInLine(tx, classId, ["waiting"])) {
      if (await hasOverlappingSeat(tx, entry.customer_id, klass)) {
        result.skipped.push({ ...who(entry), reason: "OVERLAP" });
        continue;
      }
      await updateEntry(tx, entry.waitlist_id, {
        status: "offered",
        offered_at: now,
        offer_expires_at: expires,
      });
      result.offered.push({ ...who(entry), expires_at: expires });
    }
  });
}

/** Offers whose time ran out go back to waiting (same place in line). */
export async function expireOffers(db: Db, now: Date, classId?: number): Promise<number> {
  const due = await dueOffers(db, now, classId);
  for (const entry of due) {
    await updateEntry(db, entry.waitlist_id, { status: "waiting", offer_expires_at: null });
  }
  return due.length;
}

/** Ends every open offer of a class (someone accepted): the others return to the line. */
export async function closeOtherOffers(db: Db, classId: number, exceptId: number) {
  for (const entry of await entriesInLine(db, classId, ["offered"])) {
    if (entry.waitlist_id !== exceptId) {
      await updateEntry(db, entry.waitlist_id, { status: "waiting", offer_expires_at: null });
    }
  }
}

/**
 * The periodic job (every 5 minutes, and when offers end): ends due offers and, in auto mode,
 * retries every class with people in line (a seat may have freed through an admin change or a
 * failed promotion). Offer mode sends new offers only when a seat frees, so nobody gets the same
 * offer every few minutes.
 */
export async function sweepWaitlists(app: FastifyInstance, now = new Date()): Promise<void> {
  await app.db.transaction(async (tx) => {
    await expireOffers(tx, now);
  });
  const config = await app.appConfig.get();
  if (!config.waitlist_enabled || config.waitlist_mode === "offer") return;
  const after = new Date(now.getTime() + (config.waitlist_cutoff_minutes ?? 0) * 60_000);
  for (const classId of await classesWithLine(app.db, after)) {
    await promoteClass(app, classId, now);
  }
}

const who = (entry: WaitlistRow) => ({ waitlist_id: entry.waitlist_id, customer_id: entry.customer_id });
