import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pages } from "../../db/schema/content";

export async function listPages(db: Db) {
  return db.select().from(pages).orderBy(asc(pages.order), asc(pages.page_id));
}

export async function findPageBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return row ?? null;
}
