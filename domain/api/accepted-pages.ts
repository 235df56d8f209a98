import { z } from "zod";
import { isoDate } from "./wire";

/** Legal pages a customer accepted and the required ones still pending (server/modules/accepted-pages). */

/** A required page not yet accepted, with its text for the acceptance dialog. */
export const pendingPageOut = z.object({
  page_id: z.number(),
  title: z.string(),
  slug: z.string(),
  content: z.string().nullable(),
});
export const acceptedPageOut = z.object({
  accepted_page_id: z.number(),
  page_id: z.number(),
  customer_id: z.number(),
  title: z.string(),
  slug: z.string(),
  createdAt: isoDate,
});
export const acceptedPagesAnswer = z.object({
  accepted_pages: z.array(acceptedPageOut),
  pending: z.array(pendingPageOut),
});

export const acceptPageBody = z.object({
  page_id: z.number().int().positive(),
  /** Older clients send it; if sent it must be the caller's own. */
  customer_id: z.number().int().positive().optional(),
});
export const acceptPageAnswer = z.object({ pending: z.array(pendingPageOut) });

/** Pages the sign-up form asks to accept (its terms checkbox). */
export const signupPagesAnswer = z.object({
  pages: z.array(z.object({ page_id: z.number(), title: z.string(), slug: z.string() })),
});
