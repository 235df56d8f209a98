import { notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import {
  acceptedAmong,
  findPage,
  forgetRequiredPages,
  insertAccepted,
  listAccepted,
  listPendingRequired,
  listRequiredPagesCached,
  listSignupPages,
} from "./accepted-pages.repository";

/**
 * Required legal pages this customer still has to accept. Booking refuses while any is pending and
 * the web shows the non-closable terms modal for the first one.
 */
export async function pendingRequiredPages(
  db: Db,
  customerId: number,
): Promise<{ page_id: number; title: string }[]> {
  return (await listPendingRequired(db, customerId)).map(({ page_id, title }) => ({ page_id, title }));
}

/**
 * The same list for the booking guard, against the required pages read at most every few seconds
 * (every booking asks). The content module calls forgetPageRequirements after writing a page,
 * so on this instance a change counts at once.
 */
export async function pendingPagesForBooking(
  db: Db,
  customerId: number,
): Promise<{ page_id: number; title: string }[]> {
  const required = await listRequiredPagesCached(db);
  if (required.length === 0) return [];
  const accepted = await acceptedAmong(
    db,
    customerId,
    required.map((p) => p.page_id),
  );
  return required.filter((p) => !accepted.has(p.page_id));
}

/** A page was created, changed or deleted: its required flags may have changed. */
export function forgetPageRequirements(): void {
  forgetRequiredPages();
}

/** The same list with the text the modal shows. */
export async function pendingRequiredPagesWithContent(db: Db, customerId: number) {
  return listPendingRequired(db, customerId);
}

export async function acceptPage(db: Db, customerId: number, pageId: number): Promise<void> {
  if (!(await findPage(db, pageId))) throw notFound();
  await insertAccepted(db, customerId, [pageId]);
}

/** Pages whose checkbox the sign-up form shows; ticking it accepts all of them. */
export async function signupPages(db: Db) {
  return listSignupPages(db);
}

export async function acceptSignupPages(db: Db, customerId: number): Promise<void> {
  const pages = await listSignupPages(db);
  await insertAccepted(
    db,
    customerId,
    pages.map((p) => p.page_id),
  );
}

export async function acceptedPages(db: Db, customerId: number) {
  return listAccepted(db, customerId);
}
