import { z } from "zod";
import { isoDate } from "./wire";

/** Discount codes (server/modules/discounts): checking one at checkout, the back office's list. */

export const discountOut = z.object({
  discount_id: z.number(),
  code: z.string(),
  description: z.string().nullable(),
  amount: z.number(),
  is_percent: z.boolean(),
  first_invoice_only: z.boolean(),
  max_uses: z.number().nullable(),
  max_uses_per_customer: z.number().nullable(),
  starts_at: isoDate.nullable(),
  ends_at: isoDate.nullable(),
  class_package_id: z.number().nullable(),
  available: z.boolean(),
});
/** A package's price with the code applied, in pesos. */
export const discountTotalsOut = z.object({
  amount: z.number(),
  discount_total: z.number(),
  total: z.number(),
});

export const discountCodeParams = z.object({ code: z.string().min(1).max(60) });
export const discountCheckQuery = z.object({ class_package_id: z.coerce.number().int().positive() });
/** GET /api/discounts/code/:code: the code and what the package costs with it. */
export const discountCheckAnswer = z.object({ discount: discountOut, totals: discountTotalsOut });

export const discountsAnswer = z.object({ descuentos: z.array(discountOut) });
export const discountAnswer = z.object({ discount: discountOut });
export const discountDeletedAnswer = z.object({ discount_id: z.number() });
