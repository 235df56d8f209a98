import { z } from "zod";
import { announcementInput, pageInput, tagInput } from "../content";
import { idParams, messageAnswer } from "./wire";

/** The public site's content (server/modules/content): pages, announcements and tags. */

// --- Pages (legal texts, FAQ...): public reads, admin writes.

export const pageOut = z.object({
  page_id: z.number(),
  title: z.string(),
  slug: z.string(),
  content: z.string().nullable(),
  required: z.boolean(),
  required_at_signup: z.boolean(),
  show_in_footer: z.boolean(),
  order: z.number(),
});
export const pagesAnswer = z.object({ pages: z.array(pageOut) });
export const pageAnswer = z.object({ page: pageOut });
export const pageSlugParams = z.object({
  page: z.string().min(1).max(200).describe("El slug de la página"),
});
// One path for both (GET by slug, DELETE by id, as the published contract has them): one name for
// its part.
export const pageIdParams = z.object({
  page: z.coerce.number().int().positive().describe("El page_id de la página"),
});
export const pageBody = pageInput;
export const pageUpdateBody = pageInput.extend({ page_id: z.number().int().positive() });
export const pageSavedAnswer = z.object({ page: pageOut, message: z.string() });
export const pageDeletedAnswer = messageAnswer;

// --- Announcements (/avisos and the home section): public reads show published ones only.

export const announcementOut = z.object({
  announcement_id: z.number(),
  title: z.string(),
  content: z.string().nullable(),
  image: z.string().nullable(),
  published: z.boolean(),
  /** ISO text, as the service writes it. */
  createdAt: z.string(),
});
export const announcementsAnswer = z.object({ announcements: z.array(announcementOut) });
export const announcementAnswer = z.object({ announcement: announcementOut });
export const announcementParams = idParams;
export const announcementBody = announcementInput;
export const announcementUpdateBody = announcementInput.extend({
  announcement_id: z.number().int().positive(),
});
export const announcementSavedAnswer = z.object({ announcement: announcementOut, message: z.string() });
export const announcementDeletedAnswer = messageAnswer;

// --- Tags of classes and videos.

export const tagOut = z.object({
  tag_id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  type: z.string(),
});
export const tagsQuery = z.object({
  type: z
    .string()
    .regex(/^[a-z_]{1,30}$/)
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export const tagsAnswer = z.object({ tags: z.array(tagOut) });
export const tagAnswer = z.object({ tag: tagOut });
export const tagParams = idParams;
export const tagBody = tagInput;
export const tagUpdateBody = tagInput.extend({ tag_id: z.number().int().positive() });
export const tagSavedAnswer = z.object({ tag: tagOut, message: z.string() });
export const tagDeletedAnswer = messageAnswer;
