import { z } from "zod";
import { isoDate } from "./wire";

/** The checkout's payment options (/payment_methods) and the customer's saved cards (/metodosPago). */

export const PAYMENT_METHOD_PROVIDERS = ["card", "cash", "paypal"] as const;

export const bankDetails = z
  .object({
    bank: z.string().optional(),
    card: z.string().optional(),
    account_number: z.string().optional(),
    clabe: z.string().optional(),
    beneficiary: z.string().optional(),
  })
  .nullable();

export const paymentMethodOut = z.object({
  payment_method_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  provider: z.string(),
  bank: bankDetails,
  available: z.boolean(),
  order: z.number(),
});

export const paymentMethodBody = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().max(1000).nullable().optional(),
  instructions: z.string().max(20_000).nullable().optional(),
  provider: z.enum(PAYMENT_METHOD_PROVIDERS),
  bank: bankDetails.optional(),
  available: z.boolean().default(true),
  order: z.number().int().min(0).default(0),
});
export const paymentMethodUpdateBody = paymentMethodBody
  .partial()
  .extend({ payment_method_id: z.number().int().positive() });

export const paymentMethodsQuery = z.object({ all: z.coerce.number().optional() });
export const paymentMethodsAnswer = z.object({ payment_methods: z.array(paymentMethodOut) });
export const paymentMethodAnswer = z.object({ payment_method: paymentMethodOut });
export const paymentMethodSavedAnswer = z.object({ payment_method: paymentMethodOut, message: z.string() });

export const savedCardOut = z.object({
  payment_source_id: z.number(),
  source_id: z.string(),
  provider: z.string(),
  card_type: z.string().nullable(),
  last_digits: z.string().nullable(),
  exp_month: z.number().nullable(),
  exp_year: z.number().nullable(),
  createdAt: isoDate,
});
export type SavedCard = z.input<typeof savedCardOut>;

export const savedCardsAnswer = z.object({ metodos_pago: z.array(savedCardOut) });
export const savedCardAnswer = z.object({ metodo_pago: savedCardOut, message: z.string() });

export const saveCardBody = z.object({
  token_id: z.string().min(1).max(200),
  card_type: z.string().max(20).optional(),
  last_digits: z.string().max(4).optional(),
  saveCard: z.boolean().optional(),
});
export const cardSetupBody = z.object({
  idempotency_key: z
    .string()
    .min(8)
    .max(200)
    .regex(/^[\w.:-]+$/),
});
export const cardSetupAnswer = z.object({ id: z.string(), url: z.string() });
export const finishCardSetupBody = z.object({
  setup_id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w-]+$/),
});
