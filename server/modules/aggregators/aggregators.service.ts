import type { FastifyInstance } from "fastify";
import {
  AGGREGATOR_POLICIES,
  AGGREGATORS,
  type Aggregator,
  acceptanceDeadline,
  cancellationKind,
  decideAggregatorBooking,
  deliveryExpired,
  isAggregator,
  isNewerEvent,
  offeredOn,
  REFUSAL_MESSAGES,
  type RefusalReason,
  seatsToPublish,
  validationState,
} from "../../../domain/aggregators";
import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { createCustomerForPartner } from "../customers/customers.service";
import { lockClassForSeats, releasePartnerSeat, takePartnerSeat } from "../reservations/booking.service";
import { seatFreed } from "../reservations/seat-freed";
import {
  type AdapterCredentials,
  type AggregatorAdapter,
  AggregatorCallError,
  type AggregatorEvent,
} from "./adapter";
import * as repo from "./aggregators.repository";
import { totalpassAdapter } from "./totalpass";
import { wellhubAdapter } from "./wellhub";

export const PUBLISH_JOB = "aggregators.publish";
export const ANSWER_JOB = "aggregators.answer";
export const VALIDATE_JOB = "aggregators.validate";
export const SWEEP_JOB = "aggregators.sweep";

/** After this many failed sends a publication is given up (the back office shows the error). */
const PUBLISH_ATTEMPTS = 8;
/** Outbox rows read at a time, and how long one run may go on sending (it runs every minute). */
const PUBLISH_BATCH = 50;
const PUBLISH_RUN_BUDGET_MS = 45_000;

export function aggregatorOf(name: string): Aggregator {
  if (!isAggregator(name)) throw AppError.of("AGGREGATOR_UNKNOWN");
  return name;
}

export function adapterFor(app: FastifyInstance, settings: repo.SettingsRow): AggregatorAdapter {
  const aggregator = aggregatorOf(settings.aggregator);
  const credentials: AdapterCredentials = {
    baseUrl: aggregator === "wellhub" ? app.config.WELLHUB_API_URL : app.config.TOTALPASS_API_URL,
    partnerId: settings.partner_id,
    apiKey: settings.api_key,
    webhookSecret: settings.webhook_secret,
    productId: settings.product_id,
  };
  return aggregator === "wellhub" ? wellhubAdapter(credentials) : totalpassAdapter(credentials);
}

/**
 * Queues classes for publication on every enabled aggregator in the caller's transaction (the
 * outbox, decision 0103): the schedule calls it when it creates, changes or cancels classes.
 */
export async function queueClassPublication(tx: Db, classIds: number[]): Promise<void> {
  await repo.queueClasses(tx, classIds);
}

/**
 * Sends what the outbox holds: each class's slot on each aggregator with the seats it may still
 * sell there (domain seatsToPublish), hidden when the class is cancelled or no longer offered.
 * A class the studio cancelled also ends the aggregator's bookings of it. A failed send stays
 * queued with its error and is tried again by the next run.
 */
export async function publishPending(
  app: FastifyInstance,
  now = new Date(),
  budgetMs = PUBLISH_RUN_BUDGET_MS,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const settings = new Map((await repo.allSettings(app.db)).map((s) => [s.aggregator, s]));
  // The whole outbox in one run, in batches (decision 0116): saving the settings queues every
  // class to come (a studio's 8 weeks are hundreds), and one batch a minute kept the schedule off
  // the aggregator for minutes. A cursor sends each row once per run (a failed one waits for the
  // next run), and the budget ends the run before the next minute's starts.
  const started = Date.now();
  let cursor = 0;
  for (;;) {
    const batch = await repo.pendingPublications(app.db, PUBLISH_BATCH, cursor);
    if (batch.length === 0) break;
    cursor = batch.at(-1)!.aggregator_outbox_id;
    const result = await publishBatch(app, settings, batch, now);
    sent += result.sent;
    failed += result.failed;
    if (batch.length < PUBLISH_BATCH || Date.now() - started > budgetMs) break;
  }
  return { sent, failed };
}

async function publishBatch(
  app: FastifyInstance,
  settings: Map<string, repo.SettingsRow>,
  batch: Awaited<ReturnType<typeof repo.pendingPublications>>,
  now: Date,
) {
  let sent = 0;
  let failed = 0;
  for (const row of batch) {
    const terms = settings.get(row.aggregator);
    const klass = await repo.classFacts(app.db, row.single_class_id);
    if (!terms || !klass) {
      await repo.publicationDone(app.db, row.aggregator_outbox_id, now);
      continue;
    }
    try {
      await publishOne(app, terms, klass, now);
      await repo.publicationDone(app.db, row.aggregator_outbox_id, now);
      sent += 1;
    } catch (error) {
      failed += 1;
      const giveUp =
        row.attempts + 1 >= PUBLISH_ATTEMPTS || (error instanceof AggregatorCallError && error.permanent);
      await repo.publicationFailed(app.db, row.aggregator_outbox_id, (error as Error).message, giveUp, now);
      app.log.warn(
        { err: error, aggregator: row.aggregator, class: row.single_class_id },
        "aggregators: publish failed",
      );
    }
  }
  return { sent, failed };
}

type ClassFacts = NonNullable<Awaited<ReturnType<typeof repo.classFacts>>>;

async function publishOne(app: FastifyInstance, settings: repo.SettingsRow, klass: ClassFacts, now: Date) {
  const aggregator = aggregatorOf(settings.aggregator);
  const slot = await repo.slotOf(app.db, aggregator, klass.single_class_id);
  const visible = offeredOn(settings, klass) && klass.class_date.getTime() > now.getTime();
  // Never published and not to be shown: nothing to tell the aggregator.
  if (!slot && !visible) return;
  const held = await repo.aggregatorSeatsIn(app.db, aggregator, klass.single_class_id);
  const seats = seatsToPublish(settings, klass, held, now);
  const adapter = adapterFor(app, settings);
  const published = await adapter.publish({
    ...klass,
    capacity: klass.capacity ?? 0,
    seats,
    booked: held,
    visible,
    external_class_id:
      slot?.external_class_id ?? (await classLinkOf(app.db, aggregator, klass.class_type_id)),
    external_slot_id: slot?.external_slot_id ?? null,
  });
  await repo.saveSlot(app.db, {
    aggregator,
    single_class_id: klass.single_class_id,
    external_class_id: published.external_class_id,
    external_slot_id: published.external_slot_id,
    seats_published: seats,
    visible,
    publishedAt: now,
  });
  if (klass.cancelledAt) await endBookingsOfCancelledClass(app, adapter, klass.single_class_id);
}

/** Wellhub's class of a class type, once created for any of its classes. */
async function classLinkOf(db: Db, aggregator: Aggregator, classTypeId: number): Promise<string | null> {
  if (aggregator !== "wellhub") return null;
  return repo.externalClassOfType(db, aggregator, classTypeId);
}

async function endBookingsOfCancelledClass(
  app: FastifyInstance,
  adapter: AggregatorAdapter,
  classId: number,
) {
  for (const booking of await repo.activeBookingsOf(app.db, adapter.name, classId)) {
    await repo.updateBooking(app.db, booking.aggregator_booking_id, { status: "studio_cancelled" });
    await adapter
      .reportBookingEnd(toAnswer(booking), "studio_cancelled")
      .catch((error) => app.log.warn({ err: error }, "aggregators: studio cancellation not reported"));
  }
}

function toAnswer(booking: repo.BookingRow, slot: repo.SlotRow | null = null) {
  return {
    booking_id: booking.external_id,
    slot_id: slot?.external_slot_id ?? null,
    external_class_id: slot?.external_class_id ?? null,
    answer_url: booking.answer_url,
  };
}

export type WebhookResult = {
  applied: boolean;
  duplicate?: boolean;
  outcome?: "accepted" | "refused" | "cancelled" | "late_cancelled" | "ignored" | "stale";
  reason?: RefusalReason;
};

/**
 * A signed delivery from an aggregator (docs/product-rules.md#aggregator-bookings). Bad input
 * changes nothing and answers the error the aggregator expects: an aggregator not enabled 404, a
 * forged signature 401, a replayed or future-dated one 401, a body not of the documented shape
 * 400, a class not published there 404. A repeated event id or an event older than the last one
 * applied to the booking is acknowledged and ignored.
 */
export async function receiveWebhook(
  app: FastifyInstance,
  name: string,
  raw: Buffer | null,
  headers: Record<string, string | string[] | undefined>,
  now = new Date(),
): Promise<WebhookResult> {
  const aggregator = aggregatorOf(name);
  const settings = await repo.settingsOf(app.db, aggregator);
  if (!settings?.enabled) throw AppError.of("AGGREGATOR_NOT_ENABLED");
  const adapter = adapterFor(app, settings);
  if (!raw || !adapter.verifySignature(raw, headers)) throw AppError.of("AGGREGATOR_SIGNATURE_INVALID");
  const event = adapter.parseEvent(parseJson(raw), headers);
  if (!event) throw AppError.of("AGGREGATOR_EVENT_INVALID");
  if (deliveryExpired(event.occurred_at, now)) throw AppError.of("AGGREGATOR_SIGNATURE_EXPIRED");
  if (event.kind === "booking_requested") return bookingRequested(app, settings, event, now);
  if (event.kind === "booking_cancelled") return bookingCancelled(app, aggregator, event, now);
  const first = await repo.rememberEvent(app.db, aggregator, event.event_id);
  return { applied: false, duplicate: !first, outcome: "ignored" };
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return null;
  }
}

type Requested = Extract<AggregatorEvent, { kind: "booking_requested" }>;

/**
 * A booking request, decided under the class's lock (the one every seat change takes, so direct
 * bookings and both aggregators never oversell): accepted with a seat on the roster, or refused
 * with the reason; the answer is sent to the aggregator by a job, within its deadline.
 */
async function bookingRequested(
  app: FastifyInstance,
  settings: repo.SettingsRow,
  event: Requested,
  now: Date,
): Promise<WebhookResult> {
  const aggregator = aggregatorOf(settings.aggregator);
  const slot = await repo.slotByExternalId(app.db, aggregator, event.slot_id);
  if (!slot) throw AppError.of("AGGREGATOR_CLASS_UNKNOWN");
  const result = await app.db.transaction(
    async (tx): Promise<WebhookResult & { bookingId?: number; classId?: number }> => {
      if (!(await repo.rememberEvent(tx, aggregator, event.event_id)))
        return { applied: false, duplicate: true };
      const klass = await lockClassForSeats(tx, slot.single_class_id);
      const existing = await repo.lockBooking(tx, aggregator, event.booking_id);
      // Its cancellation (or an earlier copy) came first: this older request changes nothing.
      if (existing) return { applied: false, outcome: "stale" };
      const decision = decideAggregatorBooking({
        aggregator,
        terms: settings,
        klass: klass ? { ...klass, seats_taken: await seatsTaken(tx, slot.single_class_id) } : null,
        aggregatorSeats: await repo.aggregatorSeatsIn(tx, aggregator, slot.single_class_id),
        requestedAt: event.occurred_at,
        now,
      });
      let reason: RefusalReason | null = decision.accept ? null : decision.reason;
      let reservationId: number | null = null;
      if (decision.accept) {
        const customerId = await customerOfMember(tx, aggregator, event.member);
        const seat = await takeSeatOnce(tx, slot.single_class_id, customerId);
        if (seat === "already_booked" || seat === null) reason = seat ?? "class_full";
        else reservationId = seat.class_reservation_id;
      }
      const booking = await repo.insertBooking(tx, {
        aggregator,
        external_id: event.booking_id,
        single_class_id: slot.single_class_id,
        class_reservation_id: reservationId,
        member_external_id: event.member.id,
        member_name: event.member.name,
        status: reason ? "refused" : "accepted",
        refusal_reason: reason,
        requestedAt: event.occurred_at,
        answer_url: event.answer_url,
        lastEventAt: event.occurred_at,
      });
      // The seats left on every aggregator changed with this one.
      if (!reason) await repo.queueClasses(tx, [slot.single_class_id]);
      return {
        applied: true,
        outcome: reason ? "refused" : "accepted",
        ...(reason ? { reason } : {}),
        bookingId: booking.aggregator_booking_id,
      };
    },
  );
  const { bookingId, classId: _classId, ...answer } = result;
  if (bookingId) await app.jobs.send(ANSWER_JOB, { booking_id: bookingId });
  return answer;
}

async function seatsTaken(tx: Db, classId: number): Promise<number> {
  const facts = await repo.classFacts(tx, classId);
  return facts?.seats_taken ?? 0;
}

/** The seat, in a savepoint: a member already holding their own seat is a refusal, not an error. */
async function takeSeatOnce(tx: Db, classId: number, customerId: number) {
  try {
    return await tx.transaction((savepoint) => takePartnerSeat(savepoint, classId, customerId));
  } catch (error) {
    if (isUniqueViolation(error)) return "already_booked" as const;
    throw error;
  }
}

/** The member's customer record: linked before, found by email, or new (no login). */
async function customerOfMember(
  tx: Db,
  aggregator: Aggregator,
  member: Requested["member"],
): Promise<number> {
  const linked = await repo.memberCustomer(tx, aggregator, member.id);
  if (linked) return linked;
  const byEmail = member.email ? await repo.customerByEmail(tx, member.email) : null;
  const customerId =
    byEmail ??
    (await createCustomerForPartner(tx, { name: member.name, email: member.email, phone: member.phone }))
      .customer_id;
  await repo.linkMember(tx, aggregator, member.id, customerId);
  return customerId;
}

type Cancelled = Extract<AggregatorEvent, { kind: "booking_cancelled" }>;

/**
 * The member cancelled in the aggregator's app: the seat is freed (late or not, by the
 * aggregator's word or the policy's window) and offered to the waitlist. A cancellation that
 * arrives before its request is kept, so the request arriving later is ignored.
 */
async function bookingCancelled(
  app: FastifyInstance,
  aggregator: Aggregator,
  event: Cancelled,
  now: Date,
): Promise<WebhookResult> {
  const result = await app.db.transaction(async (tx): Promise<WebhookResult & { freed?: number }> => {
    if (!(await repo.rememberEvent(tx, aggregator, event.event_id)))
      return { applied: false, duplicate: true };
    const existing = await repo.lockBooking(tx, aggregator, event.booking_id);
    if (!existing) {
      await repo.insertBooking(tx, {
        aggregator,
        external_id: event.booking_id,
        member_external_id: "",
        status: "cancelled",
        answer_state: "sent",
        requestedAt: event.occurred_at,
        lastEventAt: event.occurred_at,
      });
      return { applied: true, outcome: "cancelled" };
    }
    if (!isNewerEvent(existing.lastEventAt, event.occurred_at) || existing.status !== "accepted") {
      return { applied: false, outcome: "stale" };
    }
    const klass = existing.single_class_id ? await repo.classFacts(tx, existing.single_class_id) : null;
    const kind = cancellationKind(aggregator, klass?.class_date ?? now, event.occurred_at, event.late);
    if (existing.class_reservation_id && existing.single_class_id) {
      await lockClassForSeats(tx, existing.single_class_id);
      await releasePartnerSeat(tx, existing.class_reservation_id, kind === "late_cancelled", now);
      await repo.queueClasses(tx, [existing.single_class_id]);
    }
    await repo.updateBooking(tx, existing.aggregator_booking_id, {
      status: kind,
      lastEventAt: event.occurred_at,
    });
    return { applied: true, outcome: kind, freed: existing.single_class_id ?? undefined };
  });
  const { freed, ...answer } = result;
  if (freed) await seatFreed(app.db, freed);
  return answer;
}

/**
 * Sends a booking's answer (RESERVED or REJECTED with the reason) while the deadline is open. Past
 * it the aggregator has dropped the booking: an accepted seat is freed, the booking refused.
 * A call the aggregator refuses is final (failed, shown); one that did not get through is thrown
 * so the job retries it.
 */
export async function answerBooking(
  app: FastifyInstance,
  bookingId: number,
  now = new Date(),
): Promise<void> {
  const booking = await repo.bookingById(app.db, bookingId);
  if (booking?.answer_state !== "pending") return;
  const aggregator = aggregatorOf(booking.aggregator);
  const settings = await repo.settingsOf(app.db, aggregator);
  if (!settings) return;
  if (now.getTime() > acceptanceDeadline(aggregator, booking.requestedAt).getTime()) {
    await expireAnswer(app, booking, now);
    return;
  }
  const slot = booking.single_class_id
    ? await repo.slotOf(app.db, aggregator, booking.single_class_id)
    : null;
  const reason = booking.refusal_reason as RefusalReason | null;
  try {
    await adapterFor(app, settings).answerBooking(
      toAnswer(booking, slot),
      reason ? { accept: false, reason, text: t(REFUSAL_MESSAGES[reason]) } : { accept: true },
    );
    await repo.updateBooking(app.db, bookingId, { answer_state: "sent", answeredAt: now, last_error: null });
  } catch (error) {
    const permanent = error instanceof AggregatorCallError && error.permanent;
    await repo.updateBooking(app.db, bookingId, {
      last_error: (error as Error).message.slice(0, 500),
      ...(permanent ? { answer_state: "failed" } : {}),
    });
    if (!permanent) throw error;
  }
}

async function expireAnswer(app: FastifyInstance, booking: repo.BookingRow, now: Date) {
  const classId = booking.single_class_id;
  await app.db.transaction(async (tx) => {
    if (booking.status === "accepted" && booking.class_reservation_id && classId) {
      await lockClassForSeats(tx, classId);
      await releasePartnerSeat(tx, booking.class_reservation_id, false, now);
      await repo.queueClasses(tx, [classId]);
    }
    await repo.updateBooking(tx, booking.aggregator_booking_id, {
      answer_state: "expired",
      ...(booking.status === "accepted" ? { status: "refused", refusal_reason: "deadline_passed" } : {}),
    });
  });
  if (booking.status === "accepted" && classId) await seatFreed(app.db, classId);
}

/**
 * Seats of a class were checked in: each aggregator member among them is a visit to validate
 * with the aggregator (what pays the studio), sent by a job that retries.
 */
export async function visitsCheckedIn(
  app: FastifyInstance,
  classId: number,
  now = new Date(),
): Promise<void> {
  for (const { id } of await repo.attendedToValidate(app.db, classId)) {
    await repo.updateBooking(app.db, id, { status: "attended", validation: "pending", checkedInAt: now });
    await app.jobs.send(VALIDATE_JOB, { booking_id: id });
  }
}

/**
 * Validates a visit while its window is open (docs/product-rules.md#aggregator-check-in): on
 * success it is validated; refused by the aggregator, failed; not reached, tried again by the job
 * and the sweep; after the window, expired. The desk sees every one not validated.
 */
export async function validateVisit(
  app: FastifyInstance,
  bookingId: number,
  now = new Date(),
): Promise<void> {
  const booking = await repo.bookingById(app.db, bookingId);
  if (booking?.validation !== "pending" || !booking.checkedInAt) return;
  const aggregator = aggregatorOf(booking.aggregator);
  if (validationState(aggregator, booking.checkedInAt, now) === "expired") {
    await repo.updateBooking(app.db, bookingId, { validation: "expired" });
    return;
  }
  const settings = await repo.settingsOf(app.db, aggregator);
  if (!settings) return;
  try {
    await adapterFor(app, settings).validateVisit({
      member_id: booking.member_external_id,
      booking_id: booking.external_id,
    });
    await repo.updateBooking(app.db, bookingId, {
      validation: "validated",
      validatedAt: now,
      last_error: null,
    });
  } catch (error) {
    const permanent = error instanceof AggregatorCallError && error.permanent;
    await repo.updateBooking(app.db, bookingId, {
      validation_attempts: booking.validation_attempts + 1,
      last_error: (error as Error).message.slice(0, 500),
      ...(permanent ? { validation: "failed" } : {}),
    });
    if (!permanent) throw error;
  }
}

/** The desk asks again for a visit that failed while its window is still open. */
export async function retryValidation(
  app: FastifyInstance,
  bookingId: number,
  now = new Date(),
): Promise<void> {
  const booking = await repo.bookingById(app.db, bookingId);
  if (!booking) throw AppError.of("NOT_FOUND");
  const open =
    booking.checkedInAt &&
    validationState(aggregatorOf(booking.aggregator), booking.checkedInAt, now) === "open";
  if (!open || !["failed", "pending"].includes(booking.validation))
    throw AppError.of("AGGREGATOR_VISIT_NOT_RETRYABLE");
  await repo.updateBooking(app.db, bookingId, { validation: "pending" });
  await app.jobs.send(VALIDATE_JOB, { booking_id: bookingId });
}

/**
 * Every few minutes: publications still queued, answers still pending (each against its
 * deadline), visits still to validate (each against its window) and the no-shows of classes that
 * ended (reported to the aggregator that takes them, decision 0104).
 */
export async function sweep(app: FastifyInstance, now = new Date()): Promise<void> {
  await publishPending(app, now);
  for (const { id } of await repo.pendingAnswers(app.db)) {
    await answerBooking(app, id, now).catch((error) =>
      app.log.warn({ err: error }, "aggregators: answer retry failed"),
    );
  }
  for (const { id } of await repo.pendingValidations(app.db)) {
    await validateVisit(app, id, now).catch((error) =>
      app.log.warn({ err: error }, "aggregators: validation retry failed"),
    );
  }
  await markNoShows(app, now);
}

export async function markNoShows(app: FastifyInstance, now = new Date()): Promise<number> {
  const missed = await repo.endedWithoutCheckIn(app.db, now);
  for (const { id } of missed) {
    await repo.updateBooking(app.db, id, { status: "no_show" });
    const booking = await repo.bookingById(app.db, id);
    const settings = booking ? await repo.settingsOf(app.db, booking.aggregator) : null;
    if (!booking || !settings?.enabled) continue;
    await adapterFor(app, settings)
      .reportBookingEnd(toAnswer(booking), "no_show")
      .catch((error) => app.log.warn({ err: error }, "aggregators: no-show not reported"));
  }
  return missed.length;
}

export { AGGREGATOR_POLICIES, AGGREGATORS };
