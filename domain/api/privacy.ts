import { z } from "zod";
import { isoDate } from "./wire";

/**
 * ARCO rights (server/modules/privacy): the customer's data export and the studio's confirmation
 * of an account's closure. The customer's closure request answers closureStatusAnswer and
 * closureRequestedAnswer (domain/api/customers.ts, beside the rest of their account).
 */

/** GET /customer/data-export: the file's format. */
export const dataExportQuery = z.object({ format: z.enum(["json", "csv"]).default("json") });

/** POST /admin/customers/:id/close: the account is closed (personal data erased). */
export const accountClosedAnswer = z.object({
  customer_id: z.number(),
  status: z.literal("closed"),
  closed_at: isoDate,
  message: z.string(),
});
