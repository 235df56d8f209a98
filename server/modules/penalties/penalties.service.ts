import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { instantFromInput } from "../../../domain/booking";
import { AppError, notFound } from "../../../domain/errors";
import { type MessageKey, t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { type Actor, auditedChange } from "../audit/audit.service";
import { notifyPenalty } from "../notifications/notifications.service";
import {
  claimEndedSeats,
  customerExists,
  findPenalty,
  insertPenalty,
  latestPenalty,
  listPenaltiesOf,
  lockMember,
  markPenaltyLifted,
  markProcessed,
  processedHistory,
  updatePenalty,
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
    const batch = await db.transaction(async (tx) => {
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
    throw AppError.of("PENALTY_NOT_ACTIVE");
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

// ---------------------------------------------------------------------------------------------
// Administrators: the contract's /class_reservation_penaltys resource (decision 0020)

type PenaltyRow = NonNullable<Awaited<ReturnType<typeof findPenalty>>>;

export function penaltyOut(p: PenaltyRow, now = new Date()) {
  return {
    class_reservation_penalty_id: p.class_reservation_penalty_id,
    customer_id: p.customer_id,
    no_shows: p.no_shows,
    start_date: p.start_date.toISOString(),
    end_date: p.end_date.toISOString(),
    lifted_at: p.liftedAt?.toISOString() ?? null,
    active: !p.liftedAt && p.start_date <= now && p.end_date > now,
  };
}

function penaltyAudit(p: PenaltyRow) {
  return {
    no_shows: p.no_shows,
    start_date: p.start_date.toISOString(),
    end_date: p.end_date.toISOString(),
  };
}

const fieldError = (code: string, field: string, key: MessageKey) =>
  AppError.of(400, code, key, {}, { fields: { [field]: t(key) } });

function dateOf(text: string, field: string, timeZone: string): Date {
  const date = instantFromInput(text, timeZone);
  if (!date) throw fieldError("DATE_INVALID", field, "dateInvalid");
  return date;
}

export type PenaltyInput = { no_shows?: number; start_date?: string; end_date?: string };

/** A customer's penalty as an administrator sees it; `customerId` limits it to that customer's. */
export async function penaltyById(db: Db, id: number, customerId: number | null, now = new Date()) {
  const row = await findPenalty(db, id);
  if (!row || (customerId !== null && row.customer_id !== customerId)) {
    throw notFound("penaltyNotFound", "PENALTY_NOT_FOUND");
  }
  return penaltyOut(row, now);
}

/** Every penalty of a customer (lifted and past ones too), for the back office. */
export async function customerPenalties(db: Db, customerId: number, now = new Date()) {
  if (!(await customerExists(db, customerId))) throw notFound("customerNotFound", "CUSTOMER_NOT_FOUND");
  return (await listPenaltiesOf(db, customerId)).map((p) => penaltyOut(p, now));
}

/**
 * An administrator adds a penalty by hand: from now (or the given start) until a future end,
 * blocking booking as the no-show job's do (when penalties are on). No-shows default to 0.
 */
export async function createPenalty(
  db: Db,
  actor: Actor,
  input: PenaltyInput & { customer_id: number; end_date: string },
  timeZone: string,
  now = new Date(),
) {
  if (!(await customerExists(db, input.customer_id))) {
    throw notFound("customerNotFound", "CUSTOMER_NOT_FOUND");
  }
  const start = input.start_date ? dateOf(input.start_date, "start_date", timeZone) : now;
  const end = dateOf(input.end_date, "end_date", timeZone);
  if (end.getTime() <= now.getTime()) throw fieldError("PENALTY_END_PAST", "end_date", "penaltyEndPast");
  if (end.getTime() <= start.getTime()) {
    throw fieldError("PENALTY_END_BEFORE_START", "end_date", "penaltyEndBeforeStart");
  }
  const row = await auditedChange(db, actor, async (tx) => {
    const created = await insertPenalty(tx, {
      customer_id: input.customer_id,
      no_shows: input.no_shows ?? 0,
      start_date: start,
      end_date: end,
    });
    return {
      result: created,
      audit: {
        action: "penalty.create",
        entity: "penalty",
        entity_id: created.class_reservation_penalty_id,
        customer_id: input.customer_id,
        details: { before: null, after: penaltyAudit(created) },
      },
    };
  });
  return penaltyOut(row, now);
}

/** Changes a penalty's dates or no-shows (a lifted one stays lifted: lifting is final). */
export async function changePenalty(
  db: Db,
  actor: Actor,
  id: number,
  input: PenaltyInput,
  timeZone: string,
  now = new Date(),
) {
  const values: { no_shows?: number; start_date?: Date; end_date?: Date } = {};
  if (input.no_shows !== undefined) values.no_shows = input.no_shows;
  if (input.start_date !== undefined) values.start_date = dateOf(input.start_date, "start_date", timeZone);
  if (input.end_date !== undefined) values.end_date = dateOf(input.end_date, "end_date", timeZone);
  const row = await auditedChange(db, actor, async (tx) => {
    const before = await findPenalty(tx, id, true);
    if (!before) throw notFound("penaltyNotFound", "PENALTY_NOT_FOUND");
    const start = values.start_date ?? before.start_date;
    const end = values.end_date ?? before.end_date;
    if (end.getTime() <= start.getTime()) {
      throw fieldError("PENALTY_END_BEFORE_START", "end_date", "penaltyEndBeforeStart");
    }
    const after = Object.keys(values).length ? await updatePenalty(tx, id, values) : before;
    return {
      result: after,
      audit: {
        action: "penalty.update",
        entity: "penalty",
        entity_id: id,
        customer_id: before.customer_id,
        details: { before: penaltyAudit(before), after: penaltyAudit(after) },
      },
    };
  });
  return penaltyOut(row, now);
}

/** Lifts a running penalty through the penalties domain; 404 unknown, 409 already lifted or over. */
export async function liftPenalty(db: Db, actor: Actor, penaltyId: number, now = new Date()) {
  await auditedChange(db, actor, async (tx) => {
    const penalty = await liftActivePenalty(tx, penaltyId, actor.user_id, now);
    return {
      result: undefined,
      audit: {
        action: "penalty.lift",
        entity: "penalty",
        entity_id: penaltyId,
        customer_id: penalty.customer_id,
        details: { no_shows: penalty.no_shows, end_date: penalty.end_date.toISOString() },
      },
    };
  });
}
