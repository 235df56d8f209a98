import { z } from "zod";
import { t } from "../messages";

/**
 * Checkout (server/modules/checkout): card, cash, wallet, OXXO/SPEI and Mercado Pago. Every call
 * that creates a purchase carries an idempotency key (body or header): the same key answers the
 * same purchase, so double clicks and retries never buy twice.
 */

export const idempotencyKey = z
  .string()
  .min(8, { message: t("idempotencyKeyRequired") })
  .max(200)
  .regex(/^[\w.:-]+$/);
/** The sign-up fee left out of this order because another open one carries it (decision 0050). */
export const signupFeeCarried = z.object({
  carrier: z.enum(["oxxo", "spei", "cash"]),
  purchase_id: z.number(),
  /** "Tu inscripción va en tu ficha OXXO del 28 nov 2026." */
  message: z.string(),
});
export const signupFeeAnswer = z.object({
  /** The fee's package, or null when the studio charges none. */
  signup_fee_package_id: z.number().nullable(),
  state: z.enum(["none", "paid", "due", "carried"]),
  carried: signupFeeCarried.nullable(),
});

export const idempotencyHeaders = z.object({ "idempotency-key": idempotencyKey.optional() }).loose();

export const checkoutBody = z.object({
  class_package_id: z.number().int().positive(),
  discountCode: z.string().max(60).nullable().optional(),
  payment_method_id: z.number().int().positive().nullable().optional(),
  /** Also accepted as the Idempotency-Key header. */
  idempotency_key: idempotencyKey.optional(),
  /** Pay a pending sign-up fee in the same payment (decision 0017); without it the fee is a 412. */
  include_signup_fee: z.boolean().optional(),
});

export const cardAttemptBody = checkoutBody.extend({
  /** "session": pay on the processor's hosted page (the answer carries session.url). */
  mode: z.enum(["card", "session"]).optional(),
  payment_method: z.unknown().optional(),
  /** The hosted page returns to /gracias/{id}?paquete={then_package_id}. */
  then_package_id: z.number().int().positive().optional(),
  /** A gift card code (16 characters, dashes and spaces ignored) paying part or all (decision 0091). */
  gift_card_code: z.string().trim().max(40).nullish(),
  /** Pay with the customer's saldo a favor first (after the gift card). */
  use_credit: z.boolean().optional(),
});
export const cardAttemptAnswer = z.object({
  purchase_id: z.number(),
  payment_id: z.number(),
  total: z.number(),
  clientSecret: z.string().optional(),
  session: z.object({ id: z.string(), url: z.string() }).optional(),
  completed: z.boolean(),
  signup_fee_purchase_id: z.number().optional(),
  signup_fee_carried: signupFeeCarried.optional(),
});

export const cardConfirmBody = z.object({
  purchase_id: z.number().int().positive(),
  client_secret: z.string().min(1).max(300),
  payment_method: z.string().max(200).nullable().optional(),
  payment_source_id: z.number().int().positive().nullable().optional(),
  save_card: z.boolean().optional(),
});
export const cardConfirmAnswer = z.object({
  purchase_id: z.number(),
  payment_id: z.number(),
  message: z.string(),
});

export const cashCheckoutBody = checkoutBody.extend({ customer_id: z.number().optional() });
export const cashCheckoutAnswer = z.object({
  purchase_id: z.number(),
  payment_id: z.number(),
  completed: z.boolean(),
  signup_fee_purchase_id: z.number().optional(),
  signup_fee_carried: signupFeeCarried.optional(),
});

export const walletCheckoutAnswer = z.object({
  purchase_id: z.number(),
  total: z.number(),
  orderID: z.string().optional(),
  plan_id: z.string().optional(),
  signup_fee_purchase_id: z.number().optional(),
  signup_fee_carried: signupFeeCarried.optional(),
});
const walletId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/);
export const walletCaptureBody = z
  .object({ orderID: walletId.optional(), subscriptionID: walletId.optional() })
  .refine((b) => Boolean(b.orderID) !== Boolean(b.subscriptionID), { message: t("checkoutDefault") });
export const walletCaptureAnswer = z.object({ purchase_id: z.number(), message: z.string() });

export const paymentProvidersAnswer = z.object({
  card: z.enum(["sandbox", "stripe"]),
  wallet: z.enum(["paypal", "sandbox"]).nullable(),
});

// --- OXXO and SPEI (decision 0034)

export const voucherOut = z.object({
  purchase_id: z.number(),
  method: z.enum(["oxxo", "spei"]),
  status: z.enum(["pending", "paid", "expired"]),
  amount: z.number(),
  reference: z.string(),
  expires_at: z.string().nullable(),
  hosted_url: z.string().nullable(),
  clabe: z.string().nullable(),
  bank_name: z.string().nullable(),
  /** Made by the sandbox: the page offers 'Simular pago'. */
  sandbox: z.boolean(),
});
export type Voucher = z.input<typeof voucherOut>;

export const offlineCheckoutBody = z.object({
  class_package_id: z.number().int().positive(),
  method: z.enum(["oxxo", "spei"]),
  discountCode: z.string().max(60).nullable().optional(),
  idempotency_key: idempotencyKey.optional(),
  include_signup_fee: z.boolean().optional(),
});
export const offlineCheckoutAnswer = z.object({
  purchase_id: z.number(),
  payment_id: z.number(),
  total: z.number(),
  completed: z.boolean(),
  voucher: voucherOut.optional(),
  signup_fee_purchase_id: z.number().optional(),
  signup_fee_carried: signupFeeCarried.optional(),
});
export const voucherParams = z.object({ purchase_id: z.coerce.number().int().positive() });
export const voucherAnswer = z.object({ voucher: voucherOut });
export const voucherSimulatedAnswer = z.object({ result: z.string(), voucher: voucherOut });

// --- Mercado Pago (decision 0035)

/** Mercado Pago's ids: digits for payments, hex for preapprovals, never a path. */
export const mercadoPagoId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);
export const mercadoPagoStatusAnswer = z.object({ enabled: z.boolean(), subscriptions: z.boolean() });
export const mercadoPagoBody = z.object({
  class_package_id: z.number().int().positive(),
  discountCode: z.string().max(60).nullable().optional(),
  idempotency_key: idempotencyKey.optional(),
  include_signup_fee: z.boolean().optional(),
});
export const mercadoPagoAnswer = z.object({
  purchase_id: z.number(),
  total: z.number(),
  init_point: z.string(),
  preference_id: z.string().optional(),
  preapproval_id: z.string().optional(),
  signup_fee_purchase_id: z.number().optional(),
  signup_fee_carried: signupFeeCarried.optional(),
});
export const mercadoPagoReturnBody = z.object({
  purchase_id: z.number().int().positive(),
  payment_id: mercadoPagoId.optional(),
  preapproval_id: mercadoPagoId.optional(),
});
export const mercadoPagoReturnAnswer = z.object({
  purchase_id: z.number(),
  status: z.string(),
  paid: z.boolean(),
});

// --- Payment providers' webhooks: each route reads its raw body itself (signatures cover the bytes).

/** What every webhook answers the provider. */
export const webhookAnswer = z.object({ received: z.boolean(), result: z.string() });
export const stripeWebhookHeaders = z.object({ "stripe-signature": z.string().max(2000).optional() }).loose();
const paypalHeader = z.string().max(2000).optional();
export const paypalWebhookHeaders = z
  .object({
    "paypal-auth-algo": paypalHeader,
    "paypal-cert-url": paypalHeader,
    "paypal-transmission-id": paypalHeader,
    "paypal-transmission-sig": paypalHeader,
    "paypal-transmission-time": paypalHeader,
  })
  .loose();
/** Mercado Pago's notification: the signature covers the query's data.id, not the body. */
export const mercadoPagoWebhookQuery = z
  .object({ "data.id": mercadoPagoId.optional(), type: z.string().max(80).optional() })
  .loose();
export const mercadoPagoWebhookHeaders = z
  .object({
    "x-signature": z.string().max(500).optional(),
    "x-request-id": z.string().max(200).optional(),
  })
  .loose();
export const mercadoPagoWebhookBody = z
  .object({
    id: z.union([z.string().max(64), z.number()]).optional(),
    type: z.string().max(80).optional(),
    data: z
      .object({ id: z.union([mercadoPagoId, z.number()]).optional() })
      .loose()
      .optional(),
  })
  .loose()
  .nullish();

// --- The sandbox processor's hosted payment page (server/modules/checkout/sandbox-session.routes.ts)

export const sandboxSessionParams = z.object({ id: z.string().regex(/^cs_sandbox_[a-f0-9]{24}$/) });
/** The signed link's fields (the signature covers them). */
export const sandboxSessionQuery = z
  .object({
    purchase_id: z.coerce.number().int().positive(),
    amount: z.coerce.number().int().min(0),
    title: z.string().max(200),
    return_url: z.string().max(500),
    cancel_url: z.string().max(500),
    sig: z.string().max(64),
  })
  .loose();
/** The page's card form (urlencoded). */
export const sandboxPayBody = z.object({
  number: z.string().max(30).default(""),
  exp: z.string().max(10).default(""),
  cvc: z.string().max(4).default(""),
});
