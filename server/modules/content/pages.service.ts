import { type PageInput, RESERVED_SLUGS } from "../../../domain/content";
import { AppError, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { forgetPageRequirements } from "../accepted-pages/accepted-pages.service";
import * as repo from "./pages.repository";
import { sanitizeRichText } from "./sanitize";

/** A page as the API serves it: content sanitised again on the way out (see sanitizeRichText). */
export function toPageOut(row: repo.PageRow) {
  const { createdAt: _c, updatedAt: _u, ...page } = row;
  return { ...page, content: sanitizeRichText(row.content) };
}

export async function listPages(db: Db) {
  return (await repo.listPages(db)).map(toPageOut);
}

export async function getPageBySlug(db: Db, slug: string) {
  const row = await repo.findPageBySlug(db, slug);
  if (!row) throw notFound();
  return toPageOut(row);
}

/** Slug rules beyond the pattern: not an app route, not the packages path, not another page's. */
async function checkSlug(db: Db, slug: string, packagesPath: string, pageId?: number) {
  if (RESERVED_SLUGS.has(slug) || slug === packagesPath) {
    throw AppError.of("PAGE_SLUG_RESERVED", { fields: { slug: t("pageSlugReserved") } });
  }
  const existing = await repo.findPageBySlug(db, slug);
  if (existing && existing.page_id !== pageId) {
    throw AppError.of("PAGE_SLUG_TAKEN", { fields: { slug: t("pageSlugTaken") } });
  }
}

function toValues(input: PageInput): repo.PageValues {
  return {
    title: input.title,
    slug: input.slug,
    content: sanitizeRichText(input.content),
    required: input.required ?? false,
    required_at_signup: input.required_at_signup ?? false,
    show_in_footer: input.show_in_footer ?? true,
    order: input.order ?? 0,
  };
}

export async function createPage(db: Db, input: PageInput, packagesPath: string) {
  await checkSlug(db, input.slug, packagesPath);
  const row = await repo.insertPage(db, toValues(input));
  forgetPageRequirements();
  return toPageOut(row);
}

export async function updatePage(db: Db, pageId: number, input: PageInput, packagesPath: string) {
  const current = await repo.findPageById(db, pageId);
  if (!current) throw notFound();
  await checkSlug(db, input.slug, packagesPath, pageId);
  const values = toValues(input);
  // Flags left out of a PUT keep their stored value instead of resetting to the defaults.
  const row = await repo.updatePage(db, pageId, {
    ...values,
    required: input.required ?? current.required,
    required_at_signup: input.required_at_signup ?? current.required_at_signup,
    show_in_footer: input.show_in_footer ?? current.show_in_footer,
    order: input.order ?? current.order,
    content: input.content === undefined ? current.content : values.content,
  });
  forgetPageRequirements();
  if (!row) throw notFound();
  return toPageOut(row);
}

export async function deletePage(db: Db, pageId: number) {
  const deleted = await repo.deletePage(db, pageId);
  forgetPageRequirements();
  if (!deleted) throw notFound();
}
