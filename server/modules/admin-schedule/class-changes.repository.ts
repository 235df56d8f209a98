import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import { only } from "../../db/rows";
import { user } from "../../db/schema/auth";
import {
  type ClassChangeLine,
  type ClassChangeNoticeKind,
  class_change_notices,
  class_series,
  instructors,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";

export async function newSeries(db: Db): Promise<number> {
  return only(await db.insert(class_series).values({}).returning()).class_series_id;
}

export async function setSeries(db: Db, classIds: number[], seriesId: number) {
  if (classIds.length === 0) return;
  await db
    .update(single_classes)
    .set({ series_id: seriesId })
    .where(inArray(single_classes.single_class_id, classIds));
}

/** Ids of a series' classes not cancelled that start after `after`, in date order. */
export async function seriesClassIds(db: Db, seriesId: number, after: Date): Promise<number[]> {
  const rows = await db
    .select({ id: single_classes.single_class_id })
    .from(single_classes)
    .where(
      and(
        eq(single_classes.series_id, seriesId),
        isNull(single_classes.cancelledAt),
        gte(single_classes.class_date, after),
      ),
    )
    .orderBy(asc(single_classes.class_date), asc(single_classes.single_class_id));
  return rows.map((r) => r.id);
}

export async function bumpSequence(db: Db, classIds: number[]) {
  if (classIds.length === 0) return;
  await db
    .update(single_classes)
    .set({ sequence: sql`${single_classes.sequence} + 1` })
    .where(inArray(single_classes.single_class_id, classIds));
}

export type AudienceMember = {
  single_class_id: number;
  customer_id: number;
  /** The booked (host) seat; null for someone on the waitlist. */
  class_reservation_id: number | null;
  spot: string | null;
  email: string;
  name: string | null;
  /** For the staff's preview of who a change reaches (decision 0100). */
  last_name?: string | null;
};

/**
 * Who is told about a change of these classes: each customer with an active own seat (a guest
 * is told through their host) and each person waiting or offered a seat on the waitlist, once
 * per class.
 */
export async function audienceOf(db: Db, classIds: number[]): Promise<AudienceMember[]> {
  if (classIds.length === 0) return [];
  const booked = await db
    .select({
      single_class_id: class_reservations.single_class_id,
      customer_id: class_reservations.customer_id,
      class_reservation_id: class_reservations.class_reservation_id,
      spot: class_reservations.spot,
      email: customers.email,
      name: customers.name,
      last_name: customers.last_name,
    })
    .from(class_reservations)
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .where(
      and(
        inArray(class_reservations.single_class_id, classIds),
        isNull(class_reservations.deletedAt),
        isNull(class_reservations.guest_of_id),
      ),
    )
    .orderBy(asc(class_reservations.class_reservation_id));
  const waiting = await db
    .select({
      single_class_id: waitlists.single_class_id,
      customer_id: waitlists.customer_id,
      email: customers.email,
      name: customers.name,
      last_name: customers.last_name,
    })
    .from(waitlists)
    .innerJoin(customers, eq(customers.customer_id, waitlists.customer_id))
    .where(
      and(
        inArray(waitlists.single_class_id, classIds),
        isNull(waitlists.deletedAt),
        inArray(waitlists.status, ["waiting", "offered"]),
      ),
    )
    .orderBy(asc(waitlists.waitlist_id));
  const seen = new Set(booked.map((b) => `${b.single_class_id}|${b.customer_id}`));
  return [
    ...booked,
    ...waiting
      .filter((w) => !seen.has(`${w.single_class_id}|${w.customer_id}`))
      .map((w) => ({ ...w, class_reservation_id: null, spot: null })),
  ];
}

export async function insertNotices(
  db: Db,
  rows: {
    customer_id: number;
    single_class_id: number;
    class_reservation_id: number | null;
    kind: ClassChangeNoticeKind;
    changes: ClassChangeLine[];
    refunded_credits?: number;
  }[],
) {
  if (rows.length === 0) return;
  await db.insert(class_change_notices).values(rows);
}

/** A customer's notices not dismissed, newest first, from `since`. */
export async function noticesOf(db: Db, customerId: number, since: Date) {
  return db
    .select({
      class_change_notice_id: class_change_notices.class_change_notice_id,
      single_class_id: class_change_notices.single_class_id,
      class_reservation_id: class_change_notices.class_reservation_id,
      kind: class_change_notices.kind,
      changes: class_change_notices.changes,
      refunded_credits: class_change_notices.refunded_credits,
      createdAt: class_change_notices.createdAt,
      class_date: single_classes.class_date,
      cancelledAt: single_classes.cancelledAt,
      reservation_deletedAt: class_reservations.deletedAt,
    })
    .from(class_change_notices)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_change_notices.single_class_id))
    .leftJoin(
      class_reservations,
      eq(class_reservations.class_reservation_id, class_change_notices.class_reservation_id),
    )
    .where(
      and(
        eq(class_change_notices.customer_id, customerId),
        isNull(class_change_notices.dismissedAt),
        gt(class_change_notices.createdAt, since),
      ),
    )
    .orderBy(desc(class_change_notices.createdAt), desc(class_change_notices.class_change_notice_id))
    .limit(50);
}

export async function findNotice(db: Db, customerId: number, noticeId: number) {
  const [row] = await db
    .select()
    .from(class_change_notices)
    .where(
      and(
        eq(class_change_notices.class_change_notice_id, noticeId),
        eq(class_change_notices.customer_id, customerId),
      ),
    );
  return row ?? null;
}

export async function dismissNotice(db: Db, customerId: number, noticeId: number, at: Date) {
  const rows = await db
    .update(class_change_notices)
    .set({ dismissedAt: at })
    .where(
      and(
        eq(class_change_notices.class_change_notice_id, noticeId),
        eq(class_change_notices.customer_id, customerId),
      ),
    )
    .returning({ id: class_change_notices.class_change_notice_id });
  return rows.length > 0;
}

/** Not cancelled classes of a coach starting in [from, to), with their booked seats. */
export async function classesOfCoach(db: Db, instructorId: number, from: Date, to: Date) {
  const rows = await db
    .select({
      single_class_id: single_classes.single_class_id,
      reserved: sql<number>`(select count(*)::int from ${class_reservations} cr where cr.single_class_id = ${qualified(single_classes.single_class_id)} and cr.deleted_at is null)`,
    })
    .from(single_classes)
    .innerJoin(
      single_class_instructors,
      eq(single_class_instructors.single_class_id, single_classes.single_class_id),
    )
    .where(
      and(
        eq(single_class_instructors.instructor_id, instructorId),
        isNull(single_classes.cancelledAt),
        gte(single_classes.class_date, from),
        lt(single_classes.class_date, to),
      ),
    )
    .orderBy(asc(single_classes.class_date), asc(single_classes.single_class_id));
  return rows.map((r) => ({ single_class_id: r.single_class_id, reserved: Number(r.reserved) }));
}

/** Cancelled classes starting in [from, to): the staff week still shows them, marked. */
export async function cancelledClassIdsBetween(db: Db, from: Date, to: Date) {
  const rows = await db
    .select({ id: single_classes.single_class_id })
    .from(single_classes)
    .where(
      and(
        gte(single_classes.class_date, from),
        lt(single_classes.class_date, to),
        isNotNull(single_classes.cancelledAt),
      ),
    )
    .orderBy(asc(single_classes.class_date));
  return rows.map((r) => r.id);
}

/** The coaches' names and the email of their login (null for a coach without one), for their notices. */
export async function coachContacts(db: Db, instructorIds: number[]) {
  if (instructorIds.length === 0) return [];
  return db
    .select({
      instructor_id: instructors.instructor_id,
      name: instructors.name,
      nick_name: instructors.nick_name,
      email: user.email,
    })
    .from(instructors)
    .leftJoin(user, eq(user.id, instructors.user_id))
    .where(inArray(instructors.instructor_id, instructorIds));
}
