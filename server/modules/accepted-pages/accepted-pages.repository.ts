import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { cachedRead } from "../../db/cached-read";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
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

const pendingRequiredStatement = preparedStatement("accepted_pages_pending_required", (db, name) =>
  db
    .select({ page_id: pages.page_id, title: pages.title, slug: pages.slug, content: pages.content })
    .from(pages)
    .leftJoin(
      accepted_pages,
      and(
        eq(accepted_pages.page_id, pages.page_id),
        eq(accepted_pages.customer_id, sql.placeholder("customerId")),
      ),
    )
    .where(
      and(or(eq(pages.required, true), eq(pages.required_at_signup, true)), isNull(accepted_pages.page_id)),
    )
    .orderBy(asc(pages.order), asc(pages.page_id))
    .prepare(name),
);

/**
 * Pages flagged required (or required at sign-up) that this customer has not accepted. Every
 * booking asks: a prepared statement.
 */
export async function listPendingRequired(db: Db, customerId: number) {
  return pendingRequiredStatement(db, { customerId });
}

/** Kept as long as the studio settings are (5 s); the content module forgets it on page writes. */
const REQUIRED_PAGES_CACHE_MS = 5_000;
const requiredPagesCache = cachedRead(REQUIRED_PAGES_CACHE_MS, async (db) =>
  db
    .select({ page_id: pages.page_id, title: pages.title })
    .from(pages)
    .where(or(eq(pages.required, true), eq(pages.required_at_signup, true)))
    .orderBy(asc(pages.order), asc(pages.page_id)),
);

/** Pages every customer must accept, in display order, read at most once per 5 s. */
export async function listRequiredPagesCached(db: Db) {
  return requiredPagesCache.get(db);
}

export function forgetRequiredPages(): void {
  requiredPagesCache.forget();
}

const acceptedAmongStatement = preparedStatement("accepted_pages_accepted_among", (db, name) =>
  db
    .select({ page_id: accepted_pages.page_id })
    .from(accepted_pages)
    .where(
      and(
        eq(accepted_pages.customer_id, sql.placeholder("customerId")),
        sql`${accepted_pages.page_id} = any(${sql.placeholder("pageIds")}::integer[])`,
      ),
    )
    .prepare(name),
);

/** Which of these pages the customer has accepted. */
export async function acceptedAmong(db: Db, customerId: number, pageIds: number[]): Promise<Set<number>> {
  const rows = await acceptedAmongStatement(db, { customerId, pageIds });
  return new Set(rows.map((r) => r.page_id));
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
