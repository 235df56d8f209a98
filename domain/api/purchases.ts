import { z } from "zod";
import { IVA_RATES } from "../fiscal/iva";
import { bankDetails } from "./payment-methods";
import { isoDate } from "./wire";

/** Mis Compras, Mis Cargos, refunds and frozen memberships (server/modules/purchases). */

/** What every purchase answer carries: the row, money as numbers, and the derived Spanish texts. */
export const purchaseOut = z
  .object({
    purchase_id: z.number(),
    class_package_id: z.number(),
    title: z.string(),
    status: z.string(),
    status_text: z.string(),
    amount: z.number(),
    discount_total: z.number(),
    total_payment: z.number(),
    refunded_total: z.number(),
    class_amount: z.number().nullable(),
    expiration_days: z.number().nullable(),
    expiration_date: isoDate.nullable(),
    provider: z.string(),
    subscription_id: z.string().nullable(),
    subscription_interval: z.number().nullable(),
    subscription_period: z.string().nullable(),
    free_trial_length: z.number().nullable(),
    free_trial_period: z.string().nullable(),
    next_billing_date: isoDate.nullable(),
    next_charge: isoDate.nullable(),
    cancel_reason: z.string().nullable(),
    credits_granted_at: isoDate.nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
    cancelledAt: isoDate.nullable(),
    // IVA included in the total (decision 0032): the rate and the parts, in pesos.
    iva_rate: z.enum(IVA_RATES),
    subtotal: z.number(),
    iva: z.number(),
  })
  .loose();

const downloadable = z.object({ name: z.string(), type: z.string() }).nullable();

/** A row of Mis Compras. */
export const purchaseListItem = purchaseOut.extend({
  downloadable,
  // Only once the purchase is paid.
  file_url: z.string().nullable(),
  payment_method_name: z.string().nullable(),
  payment_method: z.object({ name: z.string(), instructions: z.string().nullable() }).nullable(),
});
export type Purchase = z.input<typeof purchaseListItem>;
export const purchasesAnswer = z.object({ purchases: z.array(purchaseListItem) });

/** One purchase with what it granted (the thank-you page after checkout). */
export const purchaseDetail = purchaseOut.extend({
  email: z.string(),
  class_package: z.object({
    class_package_id: z.number(),
    title: z.string(),
    image: z.string().nullable(),
    short_description: z.string().nullable(),
    is_online: z.boolean(),
    is_unlimited_membership: z.boolean(),
    downloadable,
    file_url: z.string().nullable(),
  }),
  payment_method: z
    .object({
      payment_method_id: z.number(),
      name: z.string(),
      provider: z.string(),
      instructions: z.string().nullable(),
      bank: bankDetails,
    })
    .nullable(),
  /** Bought in the same payment (the sign-up fee paid with the package): one line each. */
  paid_with: z.array(z.object({ purchase_id: z.number(), title: z.string(), total_payment: z.number() })),
  credits: z.array(
    z.object({
      available_class_id: z.number(),
      class_type_id: z.number().nullable(),
      available_classes: z.number(),
      expiration_date: isoDate.nullable(),
    }),
  ),
});
export type PurchaseDetail = z.input<typeof purchaseDetail>;
export const purchaseDetailAnswer = z.object({ purchase: purchaseDetail });

export const cancelSubscriptionBody = z.object({ reason: z.string().max(1000).optional().default("") });
export const cancelSubscriptionAnswer = z.object({
  message: z.string(),
  purchase_id: z.number(),
  /** Until when the paid period still gives access (decision 0051); null: it ends now. */
  access_until: z.string().nullable().optional(),
});
export const cashConfirmedAnswer = z.object({
  message: z.string(),
  purchase_id: z.number(),
  granted: z.boolean(),
});
export const renewalConfirmedAnswer = z.object({
  message: z.string(),
  invoice_id: z.number(),
  granted: z.boolean(),
});

/** A charge of Mis Cargos (the first payment or a renewal). */
export const invoiceOut = z
  .object({
    invoice_id: z.number(),
    purchase_id: z.number(),
    total_payment: z.number(),
    status: z.string(),
    createdAt: isoDate,
    period_start: isoDate.nullable(),
    period_end: isoDate.nullable(),
    class_package: z.object({ class_package_id: z.number(), title: z.string() }),
    purchase: z.object({ purchase_id: z.number(), title: z.string() }),
  })
  .loose();
export type Invoice = z.input<typeof invoiceOut>;
export const invoicesAnswer = z.object({ invoices: z.array(invoiceOut) });

// --- Refunds (decision 0027)

export const refundOut = z.object({
  refund_id: z.number(),
  purchase_id: z.number(),
  amount: z.number(),
  status: z.string(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  reason: z.string().nullable(),
  credits_withdrawn: z.number(),
  source: z.string(),
  failure_code: z.string().nullable(),
  createdAt: isoDate,
});
export const refundBody = z.object({
  amount: z.number().positive().multipleOf(0.01).max(10_000_000).optional(),
  reason: z.string().max(500).optional().default(""),
  idempotency_key: z.string().min(8).max(100),
  /** A refund the desk hands back (cash, terminal, transfer): whose drawer (decision 0063). */
  location_id: z.number().int().positive().optional(),
  /** Give it back as the customer's saldo a favor instead of money (decision 0091). */
  to_credit: z.boolean().optional(),
});
export const refundAnswer = z.object({ message: z.string(), refund: refundOut });
export const refundsAnswer = z.object({ refunds: z.array(refundOut) });

// --- Frozen memberships and failed renewals (decision 0027)

const studioDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Usa una fecha AAAA-MM-DD." });

export const freezeOut = z.object({
  membership_freeze_id: z.number(),
  purchase_id: z.number(),
  /** Studio days, both frozen. */
  from: z.string(),
  to: z.string(),
  starts_at: isoDate,
  ends_at: isoDate,
  days: z.number(),
  fee: z.number(),
  requested_by: z.string(),
});
export type Freeze = z.input<typeof freezeOut>;
export const adminFreezeBody = z.object({ from: studioDay, to: studioDay });
export const freezeBody = adminFreezeBody.extend({ idempotency_key: z.string().min(8).max(100) });
export const freezeAnswer = z.object({ message: z.string(), freeze: freezeOut });
export const freezesAnswer = z.object({ freezes: z.array(freezeOut) });
export const myFreezesAnswer = z.object({
  freezes: z.array(freezeOut),
  allowed: z.boolean(),
  fee: z.number(),
  max_days: z.number(),
});

/** An OXXO voucher or SPEI transfer for one failed renewal period (decision 0134). */
export const renewalVoucherOut = z.object({
  renewal_voucher_id: z.number(),
  purchase_id: z.number(),
  method: z.enum(["oxxo", "spei"]),
  status: z.enum(["pending", "paid", "expired", "not_applied"]),
  amount: z.number(),
  reference: z.string(),
  expires_at: z.string().nullable(),
  hosted_url: z.string().nullable(),
  clabe: z.string().nullable(),
  bank_name: z.string().nullable(),
  /** Made by the sandbox: the banner offers 'Simular pago'. */
  sandbox: z.boolean(),
});
export type RenewalVoucher = z.input<typeof renewalVoucherOut>;
export const renewalVoucherBody = z.object({
  method: z.enum(["oxxo", "spei"]),
  idempotency_key: z.string().min(8).max(100),
});
export const renewalVoucherAnswer = z.object({ voucher: renewalVoucherOut });
export const renewalVoucherParams = z.object({ id: z.coerce.number().int().positive() });
export const renewalVoucherSimulatedAnswer = z.object({ result: z.string(), voucher: renewalVoucherOut });

export const paymentIssueOut = z.object({
  purchase_id: z.number(),
  title: z.string(),
  failures: z.number(),
  amount: z.number(),
  invoice_id: z.number().nullable(),
  due_since: isoDate.nullable(),
  payable_here: z.boolean(),
  /** A cash subscription: paid at the studio or by transfer, confirmed by the desk. */
  cash: z.boolean(),
  /** The next retry of the studio's schedule, and until when the customer keeps booking (decision 0128). */
  next_attempt_at: isoDate.nullable(),
  grace_until: isoDate.nullable(),
  /** OXXO/SPEI the studio takes for this period (decision 0134), and the open voucher, if any. */
  offline_methods: z.array(z.enum(["oxxo", "spei"])),
  voucher: renewalVoucherOut.nullable(),
});
export type PaymentIssue = z.input<typeof paymentIssueOut>;
export const paymentIssuesAnswer = z.object({ issues: z.array(paymentIssueOut) });

export const payRenewalBody = z
  .object({
    payment_source_id: z.number().int().positive().optional(),
    payment_method: z.string().min(4).max(500).optional(),
    idempotency_key: z.string().min(8).max(100),
  })
  .refine((b) => b.payment_source_id !== undefined || b.payment_method !== undefined, {
    message: "Elige una tarjeta.",
    path: ["payment_source_id"],
  });
export const payRenewalAnswer = z.object({ message: z.string(), paid: z.boolean() });
