import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { addLocalDays, daysBetween, localDay, localTime, zonedInstant } from "../../../domain/booking";
import { CHANGE_LABELS, type ChangeScope, classChangeTexts as x } from "../../../domain/class-changes";
import { AppError, badRequest, notFound } from "../../../domain/errors";
import { formatDateTime } from "../../../domain/format";
import type { Db } from "../../db/client";
import type { ClassChangeLine } from "../../db/schema/calendar";
import { tellCustomer } from "../../plugins/customer-messages";
import type { Mailer } from "../../plugins/mailer";
import { queueClassPublication } from "../aggregators/aggregators.service";
import { type ClassRow, findClassesWithDetails, getSingleClass } from "../calendar/calendar.service";
import { classChangeEmail } from "../notifications/class-change-emails";
import { cancelForClass, cancelReservation, lockClassForSeats } from "../reservations/reservations.service";
import { seatFreed } from "../reservations/seat-freed";
import { audit } from "./audit";
import * as changes from "./class-changes.repository";
import { tellCoachesOfSwaps } from "./coach-notices";
import * as repo from "./schedule.repository";

/**
 * Changes the studio makes to scheduled classes (decision 0026): one class, "esta y las
 * siguientes" or "toda la serie"; a past class is never changed; a change of time, length, place
 * or coach bumps the class's SEQUENCE, leaves a notice in the account of everyone booked or
 * waiting and emails them after the commit.
 */
export type ChangeDeps = {
  db: Db;
  mailer: Mailer;
  config: AppConfig;
  publicUrl: string;
  log?: FastifyBaseLogger;
};

export type ClassPatch = {
  class_type_id?: number;
  /** Already parsed from the studio's wall clock. */
  class_date?: Date;
  duration_minutes?: number;
  capacity?: number | null;
  location_id?: number | null;
  class_category_id?: number | null;
  class_package_id?: number | null;
  description?: string | null;
  icon?: string | null;
  instructor_ids?: number[];
  tag_ids?: number[];
};

type Locked = NonNullable<Awaited<ReturnType<typeof lockClassForSeats>>>;

function refuseLocked(klass: Locked | null, now: Date): asserts klass is Locked {
  if (!klass) throw notFound("classNotFound", "CLASS_NOT_FOUND");
  if (klass.cancelledAt) throw AppError.of("CLASS_ALREADY_CANCELLED");
  if (klass.class_date.getTime() <= now.getTime()) throw new AppError(409, "CLASS_IN_PAST", x.classInPast);
}

/** The classes a scoped change touches: this one, or its series from here / from now on. */
async function targetsOf(
  tx: Db,
  klass: { single_class_id: number; class_date: Date; series_id: number | null },
  scope: ChangeScope,
  now: Date,
): Promise<number[]> {
  if (scope === "one" || klass.series_id === null) return [klass.single_class_id];
  const from = scope === "following" ? klass.class_date : new Date(now.getTime() + 1);
  const ids = await changes.seriesClassIds(tx, klass.series_id, from);
  return ids.includes(klass.single_class_id) ? ids : [klass.single_class_id, ...ids];
}

async function seriesOf(tx: Db, id: number): Promise<number | null> {
  return (await repo.findClassTemplate(tx, id))?.series_id ?? null;
}

/** Locks the others of a scoped change in id order (the edited one is already locked). */
async function lockOthers(tx: Db, ids: number[], locked: number, now: Date) {
  for (const id of [...ids].sort((a, b) => a - b)) {
    if (id === locked) continue;
    refuseLocked(await lockClassForSeats(tx, id), now);
  }
}

const coachNames = (c: ClassRow) =>
  c.class_instructors.map(({ instructor }) => instructor.nick_name || instructor.name).join(", ") || "—";

/** What a person is told changed, in Spanish, between two reads of a class. */
export function describeChange(before: ClassRow, after: ClassRow, zone: string): ClassChangeLine[] {
  const lines: ClassChangeLine[] = [];
  if (before.class_date.getTime() !== after.class_date.getTime()) {
    lines.push({
      label: CHANGE_LABELS.class_date,
      before: formatDateTime(before.class_date, zone),
      after: formatDateTime(after.class_date, zone),
    });
  }
  if (before.duration_minutes !== after.duration_minutes) {
    lines.push({
      label: CHANGE_LABELS.duration_minutes,
      before: `${before.duration_minutes} min`,
      after: `${after.duration_minutes} min`,
    });
  }
  if ((before.location?.location_id ?? null) !== (after.location?.location_id ?? null)) {
    lines.push({
      label: CHANGE_LABELS.location,
      before: before.location?.name ?? "—",
      after: after.location?.name ?? "—",
    });
  }
  if (coachNames(before) !== coachNames(after)) {
    lines.push({ label: CHANGE_LABELS.coaches, before: coachNames(before), after: coachNames(after) });
  }
  return lines;
}

type Announcement = {
  kind: "changed" | "cancelled";
  classId: number;
  changes: ClassChangeLine[];
  audience: changes.AudienceMember[];
  refunds?: Map<number, number>;
};

/** Notices in the accounts, inside the change's transaction. */
async function recordNotices(tx: Db, list: Announcement[]) {
  await changes.insertNotices(
    tx,
    list.flatMap((a) =>
      a.audience.map((m) => ({
        customer_id: m.customer_id,
        single_class_id: a.classId,
        class_reservation_id: m.class_reservation_id,
        kind: a.kind,
        changes: a.changes,
        refunded_credits: m.class_reservation_id ? (a.refunds?.get(m.customer_id) ?? 0) : 0,
      })),
    ),
  );
}

/** Emails after the commit; a mail problem is logged, never undoes the change. */
async function sendAnnouncements(deps: ChangeDeps, list: Announcement[]) {
  const details = await findClassesWithDetails(
    deps.db,
    list.map((a) => a.classId),
  );
  for (const a of list) {
    const row = details.get(a.classId);
    if (!row) continue;
    const klass = {
      class_date: row.class_date,
      duration_minutes: row.duration_minutes,
      description: row.description,
      sequence: row.sequence,
      class_type: row.class_type,
      location: row.location,
      coaches: row.class_instructors.map(({ instructor }) => instructor.nick_name || instructor.name),
    };
    for (const m of a.audience) {
      try {
        await deps.mailer.send(
          classChangeEmail(deps.config, deps.publicUrl, {
            kind: a.kind,
            to: m,
            klass,
            changes: a.changes,
            reservation: m.class_reservation_id
              ? { class_reservation_id: m.class_reservation_id, spot: m.spot }
              : null,
            refundedCredits: a.refunds?.get(m.customer_id) ?? 0,
          }),
        );
      } catch (error) {
        deps.log?.error({ err: error }, "class change email failed");
      }
      await tellCustomer(
        deps.db,
        a.kind === "changed"
          ? {
              kind: "class_changed",
              customerId: m.customer_id,
              classId: a.classId,
              change: a.changes.map((c) => `${c.label}: ${c.after}`).join(", "),
            }
          : {
              kind: "class_cancelled",
              customerId: m.customer_id,
              classId: a.classId,
              refundedCredits: a.refunds?.get(m.customer_id) ?? 0,
            },
      );
    }
  }
}

const distinctPeople = (list: Announcement[]) =>
  new Set(list.flatMap((a) => a.audience.map((m) => m.customer_id))).size;

/** The most names a preview lists (the count says how many there are in all). */
const PREVIEW_NAMES = 50;

/**
 * Who would be told about a change of this class (and its series in the scope), before saving:
 * the count and the names (decision 0100), and, when a new capacity is given, each class of the
 * scope that already has more seats booked than it (the save would refuse them).
 */
export async function changeImpact(
  db: Db,
  id: number,
  scope: ChangeScope,
  now = new Date(),
  options: { capacity?: number; zone?: string } = {},
) {
  const template = await repo.findClassTemplate(db, id);
  if (!template) throw notFound("classNotFound", "CLASS_NOT_FOUND");
  const ids = await targetsOf(db, template, scope, now);
  const audience = await changes.audienceOf(db, ids);
  const names = new Map<number, string>();
  for (const m of audience) {
    if (!names.has(m.customer_id)) {
      names.set(m.customer_id, [m.name, m.last_name].filter(Boolean).join(" ") || m.email);
    }
  }
  const capacity_conflicts = [];
  if (options.capacity !== undefined) {
    const dates = await findClassesWithDetails(db, ids);
    for (const target of ids) {
      const reserved = await repo.countActiveSeats(db, target);
      const date = dates.get(target)?.class_date;
      if (reserved > options.capacity && date) {
        capacity_conflicts.push({
          single_class_id: target,
          class_date: date.toISOString(),
          label: formatDateTime(date, options.zone),
          reserved,
        });
      }
    }
  }
  return {
    classes: ids.length,
    people: names.size,
    booked: audience.filter((m) => m.class_reservation_id !== null).length,
    waiting: audience.filter((m) => m.class_reservation_id === null).length,
    series: template.series_id !== null,
    names: [...names.values()].sort((a, b) => a.localeCompare(b, "es")).slice(0, PREVIEW_NAMES),
    capacity_conflicts,
  };
}

/**
 * Edits a class, or every class of its series in the scope, with the same fields. A new date
 * moves each class by the same number of local days to the new local time of day, computed in
 * the studio's zone for each date, so a 07:00 class stays at 07:00 across a DST change.
 * "Esta y las siguientes" starts a new series from this class on.
 */
export async function updateClasses(
  deps: ChangeDeps,
  actor: string | null,
  id: number,
  patch: ClassPatch,
  scope: ChangeScope = "one",
  now = new Date(),
) {
  const zone = deps.config.timezone;
  const result = await deps.db.transaction(async (tx) => {
    const klass = await lockClassForSeats(tx, id);
    refuseLocked(klass, now);
    const series_id = await seriesOf(tx, id);
    const ids = await targetsOf(tx, { ...klass, series_id }, scope, now);
    await lockOthers(tx, ids, id, now);
    const before = await findClassesWithDetails(tx, ids);
    const shift = patch.class_date
      ? {
          days: daysBetween(localDay(klass.class_date, zone), localDay(patch.class_date, zone)),
          time: localTime(patch.class_date, zone),
        }
      : null;
    for (const target of ids) {
      const old = before.get(target);
      if (!old) continue;
      if (patch.capacity !== undefined && patch.capacity !== null) {
        const reserved = await repo.countActiveSeats(tx, target);
        if (patch.capacity < reserved) {
          // One class: the form's own message. A series: name the class, nothing is saved (decision 0100).
          if (ids.length === 1) throw AppError.of("CAPACITY_BELOW_BOOKED", { params: { reserved } });
          throw AppError.of("CAPACITY_BELOW_BOOKED_ON", {
            params: { reserved, date: formatDateTime(old.class_date, zone) },
            details: { single_class_id: target },
          });
        }
      }
      const { instructor_ids, tag_ids, class_date: _date, ...columns } = patch;
      const class_date =
        shift && target !== id
          ? zonedInstant(addLocalDays(localDay(old.class_date, zone), shift.days), shift.time, zone)
          : patch.class_date;
      if (class_date && class_date.getTime() <= now.getTime()) {
        throw new AppError(409, "CLASS_IN_PAST", x.classInPast);
      }
      await repo.updateClass(
        tx,
        target,
        { ...columns, ...(class_date ? { class_date } : {}) },
        { ...(instructor_ids ? { instructor_ids } : {}), ...(tag_ids ? { tag_ids } : {}) },
      );
    }
    if (scope === "following" && series_id !== null) {
      const first = (await changes.seriesClassIds(tx, series_id, new Date(0)))[0];
      if (first !== id) await changes.setSeries(tx, ids, await changes.newSeries(tx));
    }
    const announcements = await announceChanges(tx, ids, before, zone);
    await queueClassPublication(tx, ids);
    await audit(tx, actor, {
      action: "update",
      entity: "single_class",
      entity_id: id,
      details: { ...patch, scope, classes: ids, notified: distinctPeople(announcements) },
    });
    return { ids, announcements };
  });
  if (patch.capacity !== undefined) for (const target of result.ids) await seatFreed(deps.db, target);
  await sendAnnouncements(deps, result.announcements);
  return {
    single_class: await getSingleClass(deps.db, id, null),
    updated: result.ids.length,
    notified: distinctPeople(result.announcements),
  };
}

/** Compares after the writes, bumps SEQUENCE of the classes that changed for people, records notices. */
async function announceChanges(tx: Db, ids: number[], before: Map<number, ClassRow>, zone: string) {
  const after = await findClassesWithDetails(tx, ids);
  const announcements: Announcement[] = [];
  const changed: number[] = [];
  for (const target of ids) {
    const a = before.get(target);
    const b = after.get(target);
    if (!a || !b) continue;
    const lines = describeChange(a, b, zone);
    if (lines.length === 0) continue;
    changed.push(target);
    announcements.push({
      kind: "changed",
      classId: target,
      changes: lines,
      audience: await changes.audienceOf(tx, [target]),
    });
  }
  await changes.bumpSequence(tx, changed);
  await recordNotices(tx, announcements);
  return announcements;
}

/**
 * The studio cancels a class or its series in the scope: every seat is cancelled with its credit
 * back (cancelForClass), each class is marked cancelled (it stays visible, "Cancelada"), and the
 * people booked or waiting get a notice and an email (a METHOD:CANCEL .ics for the booked).
 */
export async function cancelClasses(
  deps: ChangeDeps,
  actor: string | null,
  id: number,
  scope: ChangeScope = "one",
  now = new Date(),
) {
  const result = await deps.db.transaction(async (tx) => {
    const klass = await lockClassForSeats(tx, id);
    refuseLocked(klass, now);
    const series_id = await seriesOf(tx, id);
    const ids = await targetsOf(tx, { ...klass, series_id }, scope, now);
    await lockOthers(tx, ids, id, now);
    const announcements: Announcement[] = [];
    let cancelled_reservations = 0;
    let refunded_credits = 0;
    for (const target of ids) {
      const audience = await changes.audienceOf(tx, [target]);
      const seats = await cancelForClass(tx, target, now);
      await repo.markClassCancelled(tx, target, now);
      cancelled_reservations += seats.cancelled_reservations;
      refunded_credits += seats.refunded_credits;
      announcements.push({
        kind: "cancelled",
        classId: target,
        changes: [],
        audience,
        refunds: seats.refunds,
      });
    }
    await changes.bumpSequence(tx, ids);
    await recordNotices(tx, announcements);
    await queueClassPublication(tx, ids);
    const summary = { cancelled_reservations, refunded_credits, scope, classes: ids };
    await audit(tx, actor, { action: "cancel", entity: "single_class", entity_id: id, details: summary });
    return { ids, announcements, cancelled_reservations, refunded_credits };
  });
  await sendAnnouncements(deps, result.announcements);
  return {
    cancelled_classes: result.ids.length,
    cancelled_reservations: result.cancelled_reservations,
    refunded_credits: result.refunded_credits,
    notified: distinctPeople(result.announcements),
  };
}

/** Classes of a coach in a date range (studio days, inclusive), for a substitution. */
export async function coachClasses(
  db: Db,
  config: AppConfig,
  instructorId: number,
  from: string,
  to: string,
  now = new Date(),
) {
  const span = daysBetween(from, to);
  if (span < 0 || span > 92) throw badRequest(x.rangeInvalid, { end_date: x.rangeInvalid });
  // Only classes still to come: a started one cannot be changed any more.
  const start = zonedInstant(from, "00:00", config.timezone);
  const rows = await changes.classesOfCoach(
    db,
    instructorId,
    start.getTime() > now.getTime() ? start : now,
    zonedInstant(addLocalDays(to, 1), "00:00", config.timezone),
  );
  const details = await findClassesWithDetails(
    db,
    rows.map((r) => r.single_class_id),
  );
  return rows.flatMap((r) => {
    const c = details.get(r.single_class_id);
    if (!c) return [];
    return [
      {
        single_class_id: c.single_class_id,
        class_date: c.class_date.toISOString(),
        duration_minutes: c.duration_minutes,
        class_type: { name: c.class_type.name },
        location: c.location ? { name: c.location.name } : null,
        coaches: c.class_instructors.map(({ instructor }) => ({
          instructor_id: instructor.instructor_id,
          name: instructor.nick_name || instructor.name,
        })),
        reserved: r.reserved,
      },
    ];
  });
}

/**
 * Substitutes a coach: in each chosen class the coach is replaced by the one chosen for it (the
 * other coaches stay). One transaction for all; each class with people is announced.
 */
export async function substituteCoach(
  deps: ChangeDeps,
  actor: string | null,
  input: { instructor_id: number; changes: { single_class_id: number; instructor_id: number }[] },
  now = new Date(),
) {
  const list = input.changes.filter((c) => c.instructor_id !== input.instructor_id);
  if (list.length === 0) throw badRequest(x.substitutionEmpty, { changes: x.substitutionEmpty });
  const ids = [...new Set(list.map((c) => c.single_class_id))];
  const result = await deps.db.transaction(async (tx) => {
    await lockOthers(tx, ids, -1, now);
    const before = await findClassesWithDetails(tx, ids);
    for (const change of list) {
      const old = before.get(change.single_class_id);
      const coaches = old?.class_instructors.map(({ instructor }) => instructor.instructor_id) ?? [];
      if (!coaches.includes(input.instructor_id)) {
        throw new AppError(409, "NOT_THE_COACH", x.substitutionNotCoach);
      }
      await repo.updateClass(
        tx,
        change.single_class_id,
        {},
        {
          instructor_ids: coaches.map((c) => (c === input.instructor_id ? change.instructor_id : c)),
        },
      );
    }
    const announcements = await announceChanges(tx, ids, before, deps.config.timezone);
    await audit(tx, actor, {
      action: "substitute",
      entity: "instructor",
      entity_id: input.instructor_id,
      details: { changes: list, notified: distinctPeople(announcements) },
    });
    return { announcements, before };
  });
  await sendAnnouncements(deps, result.announcements);
  // Both coaches of each class are told too (decision 0101).
  await tellCoachesOfSwaps(
    deps,
    list.map((c) => ({ single_class_id: c.single_class_id, from: input.instructor_id, to: c.instructor_id })),
    result.before,
  );
  return { updated: ids.length, notified: distinctPeople(result.announcements) };
}

/** The cancelled classes of some studio days, as the staff week shows them ("Cancelada"). */
export async function cancelledClasses(db: Db, config: AppConfig, from: string, to: string) {
  const span = daysBetween(from, to);
  if (span < 0 || span > 92) throw badRequest(x.rangeInvalid, { end_date: x.rangeInvalid });
  const ids = await changes.cancelledClassIdsBetween(
    db,
    zonedInstant(from, "00:00", config.timezone),
    zonedInstant(addLocalDays(to, 1), "00:00", config.timezone),
  );
  const out = [];
  for (const id of ids) out.push(await getSingleClass(db, id, null));
  return out;
}

/**
 * A customer's notices (their account shows them until dismissed): classes that start from a day
 * ago on, told in the last 30 days. A "changed" notice of a seat still booked and not started
 * offers the free cancellation.
 */
export async function noticesOf(db: Db, customerId: number, now = new Date()) {
  const rows = await changes.noticesOf(db, customerId, new Date(now.getTime() - 30 * 86_400_000));
  const current = rows.filter((r) => r.class_date.getTime() > now.getTime() - 86_400_000);
  const details = await findClassesWithDetails(db, [...new Set(current.map((r) => r.single_class_id))]);
  return current.flatMap((r) => {
    const c = details.get(r.single_class_id);
    if (!c) return [];
    return [
      {
        class_change_notice_id: r.class_change_notice_id,
        kind: r.kind,
        changes: r.changes,
        refunded_credits: r.refunded_credits,
        createdAt: r.createdAt.toISOString(),
        class_reservation_id: r.class_reservation_id,
        can_cancel_free:
          r.kind === "changed" &&
          r.class_reservation_id !== null &&
          r.reservation_deletedAt === null &&
          r.cancelledAt === null &&
          r.class_date.getTime() > now.getTime(),
        single_class: {
          single_class_id: c.single_class_id,
          class_date: c.class_date.toISOString(),
          class_type: { name: c.class_type.name },
          location: c.location ? { name: c.location.name } : null,
          coaches: c.class_instructors.map(({ instructor }) => instructor.nick_name || instructor.name),
          cancelled: c.cancelledAt !== null,
        },
      },
    ];
  });
}

export async function dismissNotice(db: Db, customerId: number, noticeId: number, now = new Date()) {
  if (!(await changes.dismissNotice(db, customerId, noticeId, now))) {
    throw new AppError(404, "NOTICE_NOT_FOUND", x.noticeNotFound);
  }
}

/**
 * The free cancellation a change of ours gives: the reservation named by the customer's own
 * "changed" notice is cancelled with every credit back, inside the window too, without counting
 * against the bucket's cancellations (the front desk's override rules); a started class stays.
 */
export async function cancelAfterChange(
  db: Db,
  config: AppConfig,
  customerId: number,
  noticeId: number,
  now = new Date(),
) {
  const notice = await changes.findNotice(db, customerId, noticeId);
  if (!notice) throw new AppError(404, "NOTICE_NOT_FOUND", x.noticeNotFound);
  if (notice.kind !== "changed" || notice.class_reservation_id === null) {
    throw new AppError(412, "FREE_CANCEL_NOT_OFFERED", x.freeCancelNotOffered);
  }
  const result = await cancelReservation(db, config, customerId, notice.class_reservation_id, now, {
    overrideRules: true,
  });
  await changes.dismissNotice(db, customerId, noticeId, now);
  return { ...result, class_reservation_id: notice.class_reservation_id };
}
