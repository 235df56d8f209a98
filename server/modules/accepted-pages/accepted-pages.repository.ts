import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accepted_pages, pages } from "../../db/schema/content";

export async function listAccepted(db: Db, customerId: number) {
  return db
    .select({
      accepted_page_id: accepted_pages.accepted_page_id,
      page_id: accepted_pages.page_id,
      customer_id: accepted_pages.customer_id,
      title: pages.title,
      slug: pages.slug,
      createdAt: accepted_pages.createdAt,
    })
    .from(accepted_pages)
    .innerJoin(pages, eq(pages.page_id, accepted_pages.page_id))
    .where(eq(accepted_pages.customer_id, customerId))
    .orderBy(asc(pages.order), asc(pages.page_id));
}

/** Pages flagged required (or required at sign-up) that this customer has not accepted. */
export async function listPendingRequired(db: Db, customerId: number) {
  return db
    .select({ page_id: pages.page_id, title: pages.title, slug: pages.slug, content: pages.content })
    .from(pages)
    .leftJoin(
      accepted_pages,
      and(eq(accepted_pages.page_id, pages.page_id), eq(accepted_pages.customer_id, customerId)),
    )
    .where(
      and(or(eq(pages.required, true), eq(pages.required_at_signup, true)), isNull(accepted_pages.page_id)),
    )
    .orderBy(asc(pages.order), asc(pages.page_id));
}

export async function listSignupPages(db: Db) {
  return db
    .select({ page_id: pages.page_id, title: pages.title, slug: pages.slug })
    .from(pages)
    .where(eq(pages.required_at_signup, true))
    .orderBy(asc(pages.order), asc(pages.page_id));
}

export async function findPage(db: Db, pageId: number) {
  const [row] = await db.select().from(pages).where(eq(pages.page_id, pageId)).limit(1);
  return row ?? null;
}

/** Idempotent: accepting twice keeps the first acceptance. */
export async function insertAccepted(db: Db, customerId: number, pageIds: number[]): Promise<void> {
  if (pageIds.length === 0) return;
  await db
    .insert(accepted_pages)
    .values(pageIds.map((page_id) => ({ page_id, customer_id: customerId })))
    .onConflictDoNothing();
}
