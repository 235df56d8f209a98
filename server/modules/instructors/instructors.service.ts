import type { InstructorInput } from "../../../domain/content";
import { AppError, notFound } from "../../../domain/errors";
import { instagramHandle } from "../../../domain/instagram";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import * as repo from "./instructors.repository";

type Row = NonNullable<Awaited<ReturnType<typeof repo.findInstructor>>>;

/**
 * A coach as the API serves it. The public sees the birthday as day and month only (the profile
 * shows "15 de marzo"); the full birthdate, with the year, is for admins.
 */
export function toInstructorOut(row: Row, isAdmin: boolean) {
  const [, month, day] = row.birthdate?.split("-").map(Number) ?? [];
  return {
    instructor_id: row.instructor_id,
    name: row.name,
    last_name: row.last_name,
    nick_name: row.nick_name,
    quote: row.quote,
    short_bio: row.short_bio,
    // Stored bare; older rows may carry an '@' (product-rules.md#profile).
    instagram: instagramHandle(row.instagram),
    music_type: row.music_type,
    birthday: month && day ? { day, month } : null,
    ...(isAdmin ? { birthdate: row.birthdate, active: row.active, order: row.order } : {}),
    file_id: row.file_id,
    image: row.file?.src ?? null,
  };
}

export async function listInstructors(db: Db, isAdmin: boolean) {
  return (await repo.listInstructors(db, !isAdmin)).map((row) => toInstructorOut(row, isAdmin));
}

export async function getInstructor(db: Db, id: number, isAdmin: boolean) {
  const row = await repo.findInstructor(db, id, !isAdmin);
  if (!row) throw notFound();
  return toInstructorOut(row, isAdmin);
}

function toValues(input: InstructorInput): Partial<repo.InstructorValues> {
  const blank = (value: string | null | undefined) => (value === undefined ? undefined : value || null);
  const values: Partial<repo.InstructorValues> = {
    name: input.name,
    last_name: blank(input.last_name),
    nick_name: blank(input.nick_name),
    quote: blank(input.quote),
    short_bio: blank(input.short_bio),
    instagram: input.instagram === undefined ? undefined : instagramHandle(input.instagram),
    birthdate: input.birthdate,
    music_type: blank(input.music_type),
    file_id: input.file_id,
    active: input.active,
    order: input.order,
  };
  // Keys left out of a PUT keep their stored value.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

async function checkFile(db: Db, fileId: number | null | undefined) {
  if (fileId && !(await repo.fileExists(db, fileId))) {
    throw AppError.of("FILE_NOT_FOUND", { fields: { file_id: t("instructorFileMissing") } });
  }
}

export async function createInstructor(db: Db, input: InstructorInput) {
  await checkFile(db, input.file_id);
  const id = await repo.insertInstructor(db, { ...toValues(input), name: input.name });
  return getInstructor(db, id, true);
}

export async function updateInstructor(db: Db, id: number, input: InstructorInput) {
  await checkFile(db, input.file_id);
  if (!(await repo.updateInstructor(db, id, toValues(input)))) throw notFound();
  return getInstructor(db, id, true);
}

/** A coach with classes (past or future) is kept for the history: deactivate instead. */
export async function deleteInstructor(db: Db, id: number) {
  if ((await repo.countInstructorClasses(db, id)) > 0) {
    throw AppError.of("INSTRUCTOR_HAS_CLASSES");
  }
  if (!(await repo.deleteInstructor(db, id))) throw notFound();
}
