import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { TaughtClassFact } from "../../../domain/coach-pay";
import { toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import { user } from "../../db/schema/auth";
import {
  class_types,
  instructors,
  locations,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { coach_pay_approvals, coach_pay_rate_changes, coach_pay_rates } from "../../db/schema/coach-pay";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";

/** Coach pay's reads and writes (decision 0079); the arithmetic is domain/coach-pay.ts's. */

export const coachName = sql<string>`coalesce(nullif(${instructors.nick_name}, ''), ${instructors.name})`;

export async function listCoachesWithRates(db: Db) {
  return db
    .select({ instructor_id: instructors.instructor_id, coach: coachName, rate: coach_pay_rates })
    .from(instructors)
    .leftJoin(coach_pay_rates, eq(coach_pay_rates.instructor_id, instructors.instructor_id))
    .orderBy(asc(instructors.order), asc(instructors.instructor_id));
}

export async function findCoach(db: Db, instructorId: number) {
  const [row] = await db
    .select({ instructor_id: instructors.instructor_id, coach: coachName, user_id: instructors.user_id })
    .from(instructors)
    .where(eq(instructors.instructor_id, instructorId));
  return row ?? null;
}

export async function findCoachOfLogin(db: Db, userId: string) {
  const [row] = await db
    .select({ instructor_id: instructors.instructor_id, coach: coachName })
    .from(instructors)
    .where(eq(instructors.user_id, userId));
  return row ?? null;
}

export async function upsertRate(db: Db, values: typeof coach_pay_rates.$inferInsert) {
  const [row] = await db
    .insert(coach_pay_rates)
    .values(values)
    .onConflictDoUpdate({ target: coach_pay_rates.instructor_id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/**
 * The dated rate changes (decision 0119) of the coaches asked for (all when none), oldest first;
 * `lock`: their rows locked until the transaction ends (deleting one, decision 0130).
 */
export async function listRateChanges(db: Db, instructorIds?: number[], opts: { lock?: boolean } = {}) {
  if (instructorIds?.length === 0) return [];
  const query = db
    .select()
    .from(coach_pay_rate_changes)
    .where(instructorIds ? inArray(coach_pay_rate_changes.instructor_id, instructorIds) : undefined)
    .orderBy(asc(coach_pay_rate_changes.effective_from));
  return opts.lock ? query.for("update") : query;
}

/** A change from a day; one per coach and day, so the newer replaces the one already there. */
export async function upsertRateChange(db: Db, values: typeof coach_pay_rate_changes.$inferInsert) {
  const { instructor_id: _i, effective_from: _f, ...rest } = values;
  const [row] = await db
    .insert(coach_pay_rate_changes)
    .values(values)
    .onConflictDoUpdate({
      target: [coach_pay_rate_changes.instructor_id, coach_pay_rate_changes.effective_from],
      set: { ...rest, createdAt: new Date() },
    })
    .returning();
  return row!;
}

/** Deletes one dated rate (decision 0130); the row as it was, or null when there was none. */
export async function deleteRateChange(db: Db, changeId: number) {
  const [row] = await db
    .delete(coach_pay_rate_changes)
    .where(eq(coach_pay_rate_changes.coach_pay_rate_change_id, changeId))
    .returning();
  return row ?? null;
}

/** The coach's approved periods that include a day on or after `from` and before `until` (null: no end). */
export async function approvalsFrom(db: Db, instructorId: number, from: string, until: string | null) {
  return db
    .select({ period_from: coach_pay_approvals.period_from, period_to: coach_pay_approvals.period_to })
    .from(coach_pay_approvals)
    .where(
      and(
        eq(coach_pay_approvals.instructor_id, instructorId),
        gte(coach_pay_approvals.period_to, from),
        until ? lt(coach_pay_approvals.period_from, until) : undefined,
      ),
    )
    .orderBy(asc(coach_pay_approvals.period_from));
}

const q = qualified;
const classId = q(single_classes.single_class_id);

/**
 * Each (class, coach) held in [start, end): the class's seats and check-ins, how many coaches
 * taught it, and for a workshop (a class sold as its own package) what that package kept (paid
 * less refunded, over purchases with a paid charge).
 */
export async function taughtClasses(db: Db, range: { start: Date; end: Date; instructorIds?: number[] }) {
  const rows = await db
    .select({
      instructor_id: single_class_instructors.instructor_id,
      single_class_id: single_classes.single_class_id,
      class_date: single_classes.class_date,
      class_type: class_types.name,
      location: locations.name,
      cancelled: sql<boolean>`${single_classes.cancelledAt} is not null`,
      workshop: sql<boolean>`${single_classes.class_package_id} is not null`,
      seats:
        sql<number>`(select count(*) from ${class_reservations} where ${q(class_reservations.single_class_id)} = ${classId} and ${q(class_reservations.deletedAt)} is null)`.mapWith(
          Number,
        ),
      attended:
        sql<number>`(select count(*) from ${class_reservations} where ${q(class_reservations.single_class_id)} = ${classId} and ${q(class_reservations.deletedAt)} is null and ${q(class_reservations.attend)})`.mapWith(
          Number,
        ),
      coaches:
        sql<number>`(select count(*) from ${single_class_instructors} x where x.single_class_id = ${classId})`.mapWith(
          Number,
        ),
      workshop_revenue: sql<string>`coalesce((select sum(${q(purchases.total_payment)} - ${q(purchases.refunded_total)}) from ${purchases} where ${q(purchases.class_package_id)} = ${q(single_classes.class_package_id)} and exists (select 1 from ${invoices} where ${q(invoices.purchase_id)} = ${q(purchases.purchase_id)} and ${q(invoices.status)} in ('paid', 'refunded'))), 0)`,
    })
    .from(single_class_instructors)
    .innerJoin(single_classes, eq(single_classes.single_class_id, single_class_instructors.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(
      and(
        gte(single_classes.class_date, range.start),
        lt(single_classes.class_date, range.end),
        range.instructorIds
          ? inArray(single_class_instructors.instructor_id, range.instructorIds)
          : undefined,
      ),
    );
  return rows.map(({ workshop_revenue, ...r }): TaughtClassFact & { instructor_id: number } => ({
    ...r,
    cancelled: Boolean(r.cancelled),
    workshop: Boolean(r.workshop),
    workshop_revenue_cents: r.workshop ? toCents(String(workshop_revenue)) : 0,
  }));
}

export async function approvalsOf(db: Db, from: string, to: string) {
  return db
    .select({
      instructor_id: coach_pay_approvals.instructor_id,
      total: coach_pay_approvals.total,
      classes: coach_pay_approvals.classes,
      approvedAt: coach_pay_approvals.approvedAt,
      approved_by: user.name,
    })
    .from(coach_pay_approvals)
    .leftJoin(user, eq(user.id, coach_pay_approvals.approved_by))
    .where(and(eq(coach_pay_approvals.period_from, from), eq(coach_pay_approvals.period_to, to)));
}

/** Inserts the approval once; null when this coach and period were already approved. */
export async function insertApproval(db: Db, values: typeof coach_pay_approvals.$inferInsert) {
  const [row] = await db.insert(coach_pay_approvals).values(values).onConflictDoNothing().returning();
  return row ?? null;
}
