import { z } from "zod";

/** Class reminders (server/modules/notifications): the unsubscribe link in the reminder email. */

/** The link's signed token; again=1 turns the reminders back on. */
export const unsubscribeQuery = z.object({
  token: z.string().max(200).default(""),
  again: z.enum(["1"]).optional(),
});
