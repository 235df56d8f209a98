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

/** The back office creates a code with this body (POST /api/discounts). */
export const discountBody = z
  .object({
    code: z.string().trim().min(1).max(60),
    description: z.string().max(500).nullable().optional(),
    amount: z.number().min(0).max(1_000_000),
    is_percent: z.boolean().default(false),
    first_invoice_only: z.boolean().default(false),
    max_uses: z.number().int().min(0).nullable().optional(),
    max_uses_per_customer: z.number().int().min(0).nullable().optional(),
    starts_at: z.coerce.date().nullable().optional(),
    ends_at: z.coerce.date().nullable().optional(),
    class_package_id: z.number().int().positive().nullable().optional(),
    available: z.boolean().default(true),
  })
  .refine((d) => !d.is_percent || d.amount <= 100, {
    message: "El porcentaje no puede pasar de 100.",
    path: ["amount"],
  });
/** The parsed body the routes store. */
export type DiscountBodyValues = z.output<typeof discountBody>;
/** PUT /api/discounts: the same fields and which code. */
export const discountUpdateBody = discountBody.and(z.object({ discount_id: z.number().int().positive() }));
