import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tags } from "../../db/schema/content";

export type TagValues = Pick<typeof tags.$inferInsert, "name" | "color" | "type">;
const columns = { tag_id: tags.tag_id, name: tags.name, color: tags.color, type: tags.type };

export async function listTags(db: Db, type?: string) {
  return db
    .select(columns)
    .from(tags)
    .where(type ? eq(tags.type, type) : undefined)
    .orderBy(asc(tags.name), asc(tags.tag_id));
}

export async function findTag(db: Db, id: number) {
  const [row] = await db.select(columns).from(tags).where(eq(tags.tag_id, id)).limit(1);
  return row ?? null;
}

export async function insertTag(db: Db, values: TagValues) {
  const [row] = await db.insert(tags).values(values).returning(columns);
  return row!;
}

export async function updateTag(db: Db, id: number, values: Partial<TagValues>) {
  const [row] = await db.update(tags).set(values).where(eq(tags.tag_id, id)).returning(columns);
  return row ?? null;
}

/** Class and video links to the tag go with it (cascade in the schema). */
export async function deleteTag(db: Db, id: number) {
  const rows = await db.delete(tags).where(eq(tags.tag_id, id)).returning({ id: tags.tag_id });
  return rows.length > 0;
}
