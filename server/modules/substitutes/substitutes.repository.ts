import { and, desc, eq, gt, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user } from "../../db/schema/auth";
import { instructors, single_class_instructors, single_classes } from "../../db/schema/calendar";
import { substitute_requests } from "../../db/schema/substitutes";

export type SubstituteRequestRow = typeof substitute_requests.$inferSelect;

export async function instructorOfLogin(db: Db, userId: string) {
  const [row] = await db
    .select({
      instructor_id: instructors.instructor_id,
      name: instructors.name,
      nick_name: instructors.nick_name,
    })
    .from(instructors)
    .where(eq(instructors.user_id, userId))
    .limit(1);
  return row ?? null;
}

export async function classCoachIds(db: Db, classId: number): Promise<number[]> {
  const rows = await db
    .select({ id: single_class_instructors.instructor_id })
    .from(single_class_instructors)
    .where(eq(single_class_instructors.single_class_id, classId));
  return rows.map((r) => r.id);
}

export async function classStart(db: Db, classId: number) {
  const [row] = await db
    .select({ class_date: single_classes.class_date, cancelledAt: single_classes.cancelledAt })
    .from(single_classes)
    .where(eq(single_classes.single_class_id, classId));
  return row ?? null;
}

export async function openRequestOf(db: Db, classId: number, instructorId: number) {
  const [row] = await db
    .select()
    .from(substitute_requests)
    .where(
      and(
        eq(substitute_requests.single_class_id, classId),
        eq(substitute_requests.requested_by, instructorId),
        inArray(substitute_requests.status, ["open", "taken"]),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertRequest(db: Db, values: typeof substitute_requests.$inferInsert) {
  const [row] = await db.insert(substitute_requests).values(values).returning();
  return row!;
}

export async function lockRequest(tx: Db, id: number): Promise<SubstituteRequestRow | null> {
  const [row] = await tx
    .select()
    .from(substitute_requests)
    .where(eq(substitute_requests.substitute_request_id, id))
    .for("update");
  return row ?? null;
}

export async function updateRequest(
  tx: Db,
  id: number,
  values: Partial<typeof substitute_requests.$inferInsert>,
) {
  const [row] = await tx
    .update(substitute_requests)
    .set(values)
    .where(eq(substitute_requests.substitute_request_id, id))
    .returning();
  return row!;
}

/** Requests of classes still to come, newest first: open and taken ones, and the recent decided. */
export async function requestsFrom(db: Db, from: Date) {
  return db
    .select({ request: substitute_requests, class_date: single_classes.class_date })
    .from(substitute_requests)
    .innerJoin(single_classes, eq(single_classes.single_class_id, substitute_requests.single_class_id))
    .where(and(gt(single_classes.class_date, from), ne(substitute_requests.status, "cancelled")))
    .orderBy(single_classes.class_date, desc(substitute_requests.substitute_request_id))
    .limit(200);
}

/** Emails of every coach with a login but these, to tell them a class needs a substitute. */
export async function otherCoachEmails(db: Db, except: number[]) {
  const rows = await db
    .select({ instructor_id: instructors.instructor_id, email: user.email, name: instructors.name })
    .from(instructors)
    .innerJoin(user, eq(user.id, instructors.user_id));
  return rows.filter((r) => !except.includes(r.instructor_id));
}

export async function instructorNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: instructors.instructor_id, name: instructors.name, nick_name: instructors.nick_name })
    .from(instructors)
    .where(inArray(instructors.instructor_id, ids));
  return new Map(rows.map((r) => [r.id, r.nick_name || r.name]));
}
