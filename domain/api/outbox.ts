import { z } from "zod";
import { isoDate } from "./wire";

/** The emails the app wrote (server/modules/mail/outbox.routes.ts), secret links hidden. */

export const outboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const outboxEmail = z.object({
  email_outbox_id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  template: z.string().nullable(),
  status: z.string(),
  createdAt: isoDate,
});
export const outboxAnswer = z.object({ emails: z.array(outboxEmail) });
