import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcements } from "../../db/schema/content";

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementValues = Pick<
  typeof announcements.$inferInsert,
  "title" | "content" | "image" | "published"
>;

/** Newest first; `publishedOnly` for visitors and customers. */
export async function listAnnouncements(db: Db, publishedOnly: boolean) {
  return db
    .select()
    .from(announcements)
    .where(publishedOnly ? eq(announcements.published, true) : undefined)
    .orderBy(desc(announcements.createdAt), desc(announcements.announcement_id));
}

export async function findAnnouncement(db: Db, id: number) {
  const [row] = await db.select().from(announcements).where(eq(announcements.announcement_id, id)).limit(1);
  return row ?? null;
}

export async function insertAnnouncement(db: Db, values: AnnouncementValues) {
  const [row] = await db.insert(announcements).values(values).returning();
  return row!;
}

export async function updateAnnouncement(db: Db, id: number, values: Partial<AnnouncementValues>) {
  const [row] = await db
    .update(announcements)
    .set(values)
    .where(eq(announcements.announcement_id, id))
    .returning();
  return row ?? null;
}

export async function deleteAnnouncement(db: Db, id: number) {
  const rows = await db
    .delete(announcements)
    .where(eq(announcements.announcement_id, id))
    .returning({ id: announcements.announcement_id });
  return rows.length > 0;
}
