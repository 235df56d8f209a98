import { z } from "zod";

/** Uploads (server/modules/files): images of the catalogue, a customer's documents, the studio's files. */

export const studioFile = z.object({
  file_id: z.number(),
  name: z.string(),
  type: z.string().nullable(),
  size: z.number().nullable(),
  src: z.string(),
  customer_id: z.number().nullable(),
  /** Served only to its owner and staff (src then needs the session). */
  private: z.boolean(),
  createdAt: z.string(),
});
export const uploadedAnswer = z.object({ file_id: z.number(), file: studioFile });
export const filesAnswer = z.object({ files: z.array(studioFile) });
export const fileAnswer = z.object({ file: studioFile });
export const renameFileBody = z.object({
  file_id: z.number().int().positive(),
  name: z.string().trim().min(1).max(120),
});

/** `:name` of /files/private/:name and /files/s3/uploads/:name (outside /api: the files' `src`). */
export const storedFileParams = z.object({ name: z.string() });
