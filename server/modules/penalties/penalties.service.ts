import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { AppError, notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { notifyPenalty } from "../notifications/notifications.service";
import {
  claimEndedSeats,
  findPenalty,
  insertPenalty,
  latestPenalty,
  listPenaltiesOf,
  lockMember,
  markPenaltyLifted,
  markProcessed,
  processedHistory,
} from "./penalties.repository";

export const NO_SHOW_JOB = "attendance.no-shows";
const BATCH = 500;

/**
 * Consecutive no-shows, latest first: unattended classes counted until the first attended one
 * (attending resets the count).
 */
export function consecutiveNoShows(history: { attend: boolean }[]): number {
  let n = 0;
  for (const seat of history) {
    if (seat.attend) break;
    n++;
  }
  return n;
}

type NewPenalty = { customer_id: number; no_shows: number; end_date: Date };

/**
 * After classes end: every seat not marked attended becomes a no-show ('No Asisti' is derived
 * from attend=false and a past class) and is flagged processed, once. When penalties are on, an
 * unlimited member whose consecutive no-shows since their last penalty reach
 * unlimited_max_no_shows_for_penalty gets a penalty of penalty_days (booking reads it through
 * class_reservation_penalties: start_date <= now < end_date, not lifted).
 */
export async function processNoShows(db: Db, config: AppConfig, now = new Date()): Promise<NewPenalty[]> {
  const created: NewPenalty[] = [];
  for (;;) {
    const batch = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const seats = await claimEndedSeats(tx, now, BATCH);
      await markProcessed(
        tx,
        seats.map((s) => s.class_reservation_id),
      );
      if (config.unlimited_membership_penalties_enabled) {
        const missed = new Set(
          seats.filter((s) => !s.attend && s.guest_of_id === null).map((s) => s.customer_id),
        );
        for (const customerId of [...missed].sort((a, b) => a - b)) {
          const penalty = await penaltyFor(tx, config, customerId, now);
          if (penalty) created.push(penalty);
        }
      }
      return seats.length;
    });
    if (batch < BATCH) break;
  }
  return created;
}

async function penaltyFor(
  db: Db,
  config: AppConfig,
  customerId: number,
  now: Date,
): Promise<NewPenalty | null> {
  const max = config.unlimited_max_no_shows_for_penalty ?? 0;
  const days = config.penalty_days ?? 0;
  if (max <= 0 || days <= 0) return null;
  const member = await lockMember(db, customerId);
  if (!member?.has_unlimited) return null;
  const last = await latestPenalty(db, customerId);
  // A penalty still running is not stacked; no-shows before the last penalty already counted.
  if (last && !last.liftedAt && last.end_date > now) return null;
  const count = consecutiveNoShows(await processedHistory(db, customerId, last?.start_date ?? null, max));
  if (count < max) return null;
  const values = {
    customer_id: customerId,
    no_shows: count,
    end_date: new Date(now.getTime() + days * 86_400_000),
  };
  await insertPenalty(db, { ...values, start_date: now });
  return values;
}

/** The job: marks no-shows, creates penalties and tells each penalised customer. */
export async function runNoShowJob(app: FastifyInstance, now = new Date()) {
  const created = await processNoShows(app.db, await app.appConfig.get(), now);
  for (const penalty of created) await notifyPenalty(app, penalty.customer_id, penalty);
  return created;
}

/** A customer's penalties, each with whether it blocks booking now (started, not ended, not lifted). */
export async function penaltiesOf(db: Db, customerId: number, now = new Date()) {
  const rows = await listPenaltiesOf(db, customerId);
  return rows.map((p) => ({ ...p, active: !p.liftedAt && p.start_date <= now && p.end_date > now }));
}

/**
 * Lifts a running penalty (the customer can book again at once), in the caller's transaction;
 * answers the penalty as it was. 404 when it does not exist, 409 when already lifted or over.
 */
export async function liftActivePenalty(tx: Db, penaltyId: number, liftedBy: string, now = new Date()) {
  const penalty = await findPenalty(tx, penaltyId, true);
  if (!penalty) throw notFound("penaltyNotFound", "PENALTY_NOT_FOUND");
  if (penalty.liftedAt || penalty.end_date <= now) {
    throw AppError.of(409, "PENALTY_NOT_ACTIVE", "penaltyAlreadyLifted");
  }
  await markPenaltyLifted(tx, penaltyId, liftedBy, now);
  return penalty;
}

/**
 * The desk marked a customer's own seat "No asistió" (attend false, processed) inside `tx`: the
 * same rule as the no-show job runs at once, so a penalty starts now rather than at the next run.
 * Answers the new penalty (the caller tells the customer after commit) or null.
 */
export async function penaltyAfterDeskNoShow(
  tx: Db,
  config: AppConfig,
  customerId: number,
  now = new Date(),
) {
  if (!config.unlimited_membership_penalties_enabled) return null;
  return penaltyFor(tx, config, customerId, now);
}
