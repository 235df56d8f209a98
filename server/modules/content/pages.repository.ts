import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pages } from "../../db/schema/content";

export type PageRow = typeof pages.$inferSelect;
export type PageValues = Omit<typeof pages.$inferInsert, "page_id" | "createdAt" | "updatedAt">;

export async function listPages(db: Db) {
  return db.select().from(pages).orderBy(asc(pages.order), asc(pages.page_id));
}

export async function findPageBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return row ?? null;
}

export async function findPageById(db: Db, pageId: number) {
  const [row] = await db.select().from(pages).where(eq(pages.page_id, pageId)).limit(1);
  return row ?? null;
}

export async function insertPage(db: Db, values: PageValues) {
  const [row] = await db.insert(pages).values(values).returning();
  return row!;
}

export async function updatePage(db: Db, pageId: number, values: Partial<PageValues>) {
  const [row] = await db.update(pages).set(values).where(eq(pages.page_id, pageId)).returning();
  return row ?? null;
}

export async function deletePage(db: Db, pageId: number) {
  const rows = await db.delete(pages).where(eq(pages.page_id, pageId)).returning({ id: pages.page_id });
  return rows.length > 0;
}
