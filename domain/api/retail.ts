import { z } from "zod";
import { DESK_PAYMENTS } from "../desk-sale";
import { IVA_RATES } from "../fiscal/iva";
import { MAX_UNITS_PER_LINE } from "../retail";
import { isoDate, messageAnswer } from "./wire";

/**
 * Retail at the counter (server/modules/retail, decision 0094). Prices are pesos with two decimals
 * on the wire, IVA included (integer centavos inside).
 */

const price = z.coerce.number().min(0).max(100_000);
const option = z.string().trim().max(40).default("");

export const variantIn = z.object({
  size: option,
  colour: option,
  sku: z.string().trim().max(60).nullish(),
  price,
});

export const productBody = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).nullish(),
  iva_rate: z.enum(IVA_RATES).default("16"),
  low_stock_threshold: z.coerce.number().int().min(0).max(10_000).default(3),
  available: z.boolean().default(true),
  variants: z.array(variantIn).max(50).default([]),
});

export const productUpdateBody = productBody.omit({ variants: true }).partial();

export const variantUpdateBody = z.object({
  price: price.optional(),
  sku: z.string().trim().max(60).nullish(),
  available: z.boolean().optional(),
});

export const stockMoveBody = z.object({
  variant_id: z.coerce.number().int().positive(),
  location_id: z.coerce.number().int().positive().nullish(),
  /** Units in (restock) or the correction of a count (adjust, may be negative). */
  delta: z.coerce
    .number()
    .int()
    .min(-10_000)
    .max(10_000)
    .refine((n) => n !== 0, "Indica cuántas unidades."),
  reason: z.enum(["restock", "adjust"]),
  note: z.string().trim().max(200).nullish(),
});

export const stockOut = z.object({
  location_id: z.number(),
  location_name: z.string(),
  quantity: z.number(),
  low: z.boolean(),
});

export const variantOut = z.object({
  variant_id: z.number(),
  size: z.string(),
  colour: z.string(),
  sku: z.string().nullable(),
  title: z.string(),
  price: z.number(),
  available: z.boolean(),
  stock: z.array(stockOut),
});

export const productOut = z.object({
  product_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  iva_rate: z.enum(IVA_RATES),
  low_stock_threshold: z.number(),
  available: z.boolean(),
  variants: z.array(variantOut),
});

export const productsAnswer = z.object({ products: z.array(productOut) });
export const productSavedAnswer = messageAnswer.extend({ product: productOut });
export const stockMovedAnswer = messageAnswer.extend({ quantity: z.number() });

export const lowStockAnswer = z.object({
  items: z.array(
    z.object({
      variant_id: z.number(),
      title: z.string(),
      location_id: z.number(),
      location_name: z.string(),
      quantity: z.number(),
      threshold: z.number(),
    }),
  ),
});

export const saleBody = z.object({
  /** Who buys: optional for products alone, required with a package. */
  customer_id: z.coerce.number().int().positive().nullish(),
  location_id: z.coerce.number().int().positive().nullish(),
  payment: z.enum(DESK_PAYMENTS),
  reference: z.string().trim().max(60).nullish(),
  lines: z
    .array(
      z.object({
        variant_id: z.coerce.number().int().positive(),
        quantity: z.coerce.number().int().min(1).max(MAX_UNITS_PER_LINE),
      }),
    )
    .max(50)
    .default([]),
  /** A package sold in the same payment (the desk sale, decision 0022). */
  package: z
    .object({
      class_package_id: z.coerce.number().int().positive(),
      amount: z.coerce.number().min(0).max(1_000_000).nullish(),
    })
    .nullish(),
  /** Tender (decision 0123): a gift card's code pays first (up to `gift_card_amount`, else as much as due)... */
  gift_card_code: z.string().trim().max(40).nullish(),
  gift_card_amount: z.coerce.number().positive().max(1_000_000).nullish(),
  /** ...then the customer's saldo a favor, this much; `payment` takes the rest. */
  credit_amount: z.coerce.number().positive().max(1_000_000).nullish(),
});

export const saleLineOut = z.object({
  line_id: z.number(),
  variant_id: z.number(),
  title: z.string(),
  quantity: z.number(),
  refunded_quantity: z.number(),
  unit_price: z.number(),
  iva_rate: z.enum(IVA_RATES),
});

/** A sale's state after its refunds (decision 0127). */
export const SALE_STATUSES = ["paid", "partly_refunded", "refunded"] as const;

const studioDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Usa una fecha AAAA-MM-DD." });

/** The sales list: newest first, at one location and between two studio days (both included). */
export const salesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  location_id: z.coerce.number().int().positive().optional(),
  from: studioDay.optional(),
  to: studioDay.optional(),
});

export const saleOut = z.object({
  sale_id: z.number(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  purchase_id: z.number().nullable(),
  payment: z.enum(DESK_PAYMENTS),
  reference: z.string().nullable(),
  location_id: z.number(),
  location_name: z.string(),
  staff_name: z.string().nullable(),
  total: z.number(),
  iva: z.number(),
  refunded: z.number(),
  /** How it was paid (decision 0123): a gift card and saldo a favor first, `payment` the rest. */
  paid_by_gift_card: z.number(),
  paid_by_credit: z.number(),
  collected: z.number(),
  /** What refunds gave back to the card and to the saldo a favor, not the drawer (decision 0127). */
  refunded_to_gift_card: z.number(),
  refunded_to_credit: z.number(),
  status: z.enum(SALE_STATUSES),
  createdAt: isoDate,
  lines: z.array(saleLineOut),
});

export const saleDoneAnswer = messageAnswer.extend({
  sale_id: z.number().nullable(),
  purchase_id: z.number().nullable(),
  /** What the desk charged in one payment: the package and the products. */
  total: z.number(),
  /** What the gift card and the saldo a favor paid of it, and what the drawer took (decision 0123). */
  paid_by_gift_card: z.number(),
  paid_by_credit: z.number(),
  collected: z.number(),
});

export const salesAnswer = z.object({ sales: z.array(saleOut) });

export const refundBody = z.object({
  lines: z
    .array(
      z.object({
        line_id: z.coerce.number().int().positive(),
        quantity: z.coerce.number().int().min(1).max(MAX_UNITS_PER_LINE),
      }),
    )
    .min(1)
    .max(50),
  location_id: z.coerce.number().int().positive().nullish(),
});

export const refundDoneAnswer = messageAnswer.extend({
  /** The whole refund; of it, what went back to the gift card and the saldo a favor (decision 0127). */
  amount: z.number(),
  to_gift_card: z.number(),
  to_credit: z.number(),
  sale: saleOut,
});
