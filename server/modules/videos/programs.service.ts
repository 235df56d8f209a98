import { notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import * as repo from "./videos.repository";

export function listVideoTypes(db: Db) {
  return repo.listVideoTypes(db);
}

const toProgram = (row: NonNullable<Awaited<ReturnType<typeof repo.findProgram>>>) => ({
  program_id: row.program_id,
  name: row.name,
  description: row.description,
  image: row.image,
  available: row.available,
  order: row.order,
});

export async function listPrograms(db: Db, includeHidden: boolean) {
  return (await repo.listPrograms(db, !includeHidden)).map(toProgram);
}

/** Customers do not see a program an admin has hidden (available false): 404 for them. */
export async function getProgram(db: Db, programId: number, includeHidden: boolean) {
  const row = await repo.findProgram(db, programId);
  if (!row || (!row.available && !includeHidden)) throw notFound("programNotFound", "PROGRAM_NOT_FOUND");
  return toProgram(row);
}

export async function createProgram(db: Db, input: repo.ProgramInput) {
  return { program: toProgram(await repo.insertProgram(db, input)), message: t("programSaved") };
}

export async function updateProgram(db: Db, programId: number, changes: Partial<repo.ProgramInput>) {
  const row = await repo.updateProgram(db, programId, changes);
  if (!row) throw notFound("programNotFound", "PROGRAM_NOT_FOUND");
  return { program: toProgram(row), message: t("programSaved") };
}

export async function deleteProgram(db: Db, programId: number) {
  if (!(await repo.deleteProgram(db, programId))) throw notFound("programNotFound", "PROGRAM_NOT_FOUND");
  return { message: t("programDeleted") };
}
