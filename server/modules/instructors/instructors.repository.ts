import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instructors, single_class_instructors } from "../../db/schema/calendar";
import { files } from "../../db/schema/content";

export type InstructorValues = Omit<
  typeof instructors.$inferInsert,
  "instructor_id" | "createdAt" | "updatedAt"
>;

const withFile = { file: { columns: { file_id: true, src: true } } } as const;

/** Ordered as the studio arranges them (order, then id); `activeOnly` for the public site. */
export async function listInstructors(db: Db, activeOnly: boolean) {
  return db.query.instructors.findMany({
    where: activeOnly ? eq(instructors.active, true) : undefined,
    with: withFile,
    orderBy: [asc(instructors.order), asc(instructors.instructor_id)],
  });
}

export async function findInstructor(db: Db, id: number, activeOnly: boolean) {
  const row = await db.query.instructors.findFirst({
    where: activeOnly
      ? and(eq(instructors.instructor_id, id), eq(instructors.active, true))
      : eq(instructors.instructor_id, id),
    with: withFile,
  });
  return row ?? null;
}

export async function fileExists(db: Db, fileId: number) {
  const [row] = await db.select({ id: files.file_id }).from(files).where(eq(files.file_id, fileId)).limit(1);
  return Boolean(row);
}

export async function insertInstructor(db: Db, values: InstructorValues) {
  const [row] = await db.insert(instructors).values(values).returning({ id: instructors.instructor_id });
  return row!.id;
}

export async function updateInstructor(db: Db, id: number, values: Partial<InstructorValues>) {
  const rows = await db
    .update(instructors)
    .set(values)
    .where(eq(instructors.instructor_id, id))
    .returning({ id: instructors.instructor_id });
  return rows.length > 0;
}

export async function countInstructorClasses(db: Db, id: number) {
  const [row] = await db
    .select({ n: count() })
    .from(single_class_instructors)
    .where(eq(single_class_instructors.instructor_id, id));
  return row?.n ?? 0;
}

export async function deleteInstructor(db: Db, id: number) {
  const rows = await db
    .delete(instructors)
    .where(eq(instructors.instructor_id, id))
    .returning({ id: instructors.instructor_id });
  return rows.length > 0;
}
