import type { TagInput } from "../../../domain/content";
import { notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import * as repo from "./tags.repository";

export const listTags = (db: Db, type?: string) => repo.listTags(db, type);

export async function getTag(db: Db, id: number) {
  const tag = await repo.findTag(db, id);
  if (!tag) throw notFound();
  return tag;
}

export function createTag(db: Db, input: TagInput) {
  return repo.insertTag(db, { name: input.name, color: input.color ?? null, type: input.type ?? "class" });
}

/** A PUT changes only what it sends: a tag's type is not reset to "class" by omission. */
export async function updateTag(db: Db, id: number, input: TagInput) {
  const tag = await repo.updateTag(db, id, {
    name: input.name,
    ...(input.color !== undefined ? { color: input.color } : {}),
    ...(input.type !== undefined ? { type: input.type } : {}),
  });
  if (!tag) throw notFound();
  return tag;
}

export async function deleteTag(db: Db, id: number) {
  if (!(await repo.deleteTag(db, id))) throw notFound();
}
