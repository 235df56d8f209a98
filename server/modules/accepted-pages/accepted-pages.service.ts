import { notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import {
  findPage,
  insertAccepted,
  listAccepted,
  listPendingRequired,
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
