import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { locations } from "./calendar";
import { createdAtColumn, idColumn, moneyColumn, tsColumn, updatedAtColumn } from "./columns";
import { available_classes } from "./credits";
import { customers } from "./customers";
import { class_packages } from "./packages";
import { discounts, payment_methods } from "./payments";

export const PURCHASE_STATUSES = [
  "active",
  "completed",
  "pending",
  "failed",
  "cancelled",
  "revoked",
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export const PAYMENT_PROVIDERS = ["sandbox", "stripe", "paypal", "mercadopago", "cash", "admin"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const INVOICE_STATUSES = ["paid", "pending", "failed", "refunded"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const purchases = pgTable(
  "purchases",
  {
    purchase_id: idColumn("purchase_id"),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "restrict" }),
    class_package_id: integer("class_package_id")
      .notNull()
      .references(() => class_packages.class_package_id, { onDelete: "restrict" }),
    /** Package title at the time of purchase. */
    title: text("title").notNull(),
    status: text("status").$type<PurchaseStatus>().notNull().default("pending"),
    /** List (or sale) price charged before discounts. */
    amount: moneyColumn("amount").notNull(),
    discount_total: moneyColumn("discount_total").notNull().default("0"),
    total_payment: moneyColumn("total_payment").notNull(),
    class_amount: integer("class_amount"),
    expiration_days: integer("expiration_days"),
    /** When the access (online / unlimited) granted by this purchase ends. */
    expiration_date: tsColumn("expiration_date"),
    payment_method_id: integer("payment_method_id").references(() => payment_methods.payment_method_id, {
      onDelete: "set null",
    }),
    provider: text("provider").$type<PaymentProvider>().notNull().default("sandbox"),
    /** Provider payment / order id. */
    provider_ref: text("provider_ref"),
    subscription_id: text("subscription_id"),
    subscription_interval: integer("subscription_interval"),
    subscription_period: text("subscription_period"),
    free_trial_length: integer("free_trial_length"),
    free_trial_period: text("free_trial_period"),
    next_billing_date: tsColumn("next_billing_date"),
    renewal_failures: integer("renewal_failures").notNull().default(0),
    /** Dunning (decision 0128): when the first failed attempt of the due period was, and the next retry. */
    renewal_failed_at: tsColumn("renewal_failed_at"),
    renewal_retry_at: tsColumn("renewal_retry_at"),
    discount_id: integer("discount_id").references(() => discounts.discount_id, { onDelete: "set null" }),
    is_gift: boolean("is_gift").notNull().default(false),
    cancel_reason: text("cancel_reason"),
    /** Sum of the purchase's succeeded refunds (refunds table); kept here so a refund locks one row. */
    refunded_total: moneyColumn("refunded_total").notNull().default("0"),
    /** Set in the same transaction that grants the credits: credits are granted exactly once. */
    credits_granted_at: tsColumn("credits_granted_at"),
    /** The package's IVA rate when it was bought ("16", "8", "0", "exento"); null on purchases made
     * before it was kept: read the package's current rate then (domain/fiscal/iva.ts). */
    iva_rate: text("iva_rate"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    cancelledAt: tsColumn("cancelled_at"),
  },
  (t) => [
    check(
      "purchases_status_check",
      sql`${t.status} in ('active', 'completed', 'pending', 'failed', 'cancelled', 'revoked')`,
    ),
    check(
      "purchases_provider_check",
      sql`${t.provider} in ('sandbox', 'stripe', 'paypal', 'mercadopago', 'cash', 'admin')`,
    ),
    check(
      "purchases_money_check",
      sql`${t.amount} >= 0 and ${t.discount_total} >= 0 and ${t.total_payment} >= 0`,
    ),
    check("purchases_renewal_failures_check", sql`${t.renewal_failures} >= 0`),
    check(
      "purchases_refunded_total_check",
      sql`${t.refunded_total} >= 0 and ${t.refunded_total} <= ${t.total_payment}`,
    ),
    index("purchases_customer_id_idx").on(t.customer_id, t.createdAt),
    // The admin's purchase list pages newest first and filters by date (server/modules/admin-lists).
    index("purchases_created_at_idx").on(t.createdAt),
    index("purchases_class_package_id_idx").on(t.class_package_id),
    index("purchases_status_idx").on(t.status),
    index("purchases_subscription_id_idx").on(t.subscription_id),
    index("purchases_provider_ref_idx").on(t.provider, t.provider_ref),
    index("purchases_next_billing_date_idx")
      .on(t.next_billing_date)
      .where(sql`${t.status} = 'active' and ${t.subscription_id} is not null`),
    index("purchases_discount_id_idx").on(t.discount_id),
    index("purchases_payment_method_id_idx").on(t.payment_method_id),
  ],
);

/** A purchase as read (the invoicing module reads it without reaching into the purchases repository). */
export type PurchaseRow = typeof purchases.$inferSelect;

/** Charges: one per payment (the first one and every subscription renewal). */
export const invoices = pgTable(
  "invoices",
  {
    invoice_id: idColumn("invoice_id"),
    purchase_id: integer("purchase_id")
      .notNull()
      .references(() => purchases.purchase_id, { onDelete: "restrict" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "restrict" }),
    total_payment: moneyColumn("total_payment").notNull(),
    status: text("status").$type<InvoiceStatus>().notNull().default("pending"),
    provider_ref: text("provider_ref").unique(),
    period_start: tsColumn("period_start"),
    period_end: tsColumn("period_end"),
    /** When its receipt was sent (claimed once: one receipt per completed payment, decision 0051). */
    receipt_sent_at: tsColumn("receipt_sent_at"),
    /** The last 4 digits of the card that paid it, for the receipt (null: not a card, or unknown). */
    card_last4: text("card_last4"),
    /** A renewal period paid after at least one failed attempt (recovered revenue, decision 0128). */
    recovered: boolean("recovered").notNull().default(false),
    /**
     * Money the desk took in its hands (a counter sale, a cash order or renewal confirmed): who
     * took it, at which location and when; the cash close counts it (decision 0063). Null for a
     * charge a processor took.
     */
    collected_by: text("collected_by").references(() => user.id, { onDelete: "set null" }),
    collected_location_id: integer("collected_location_id").references(() => locations.location_id, {
      onDelete: "set null",
    }),
    collected_at: tsColumn("collected_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // The cash close reads a location's day of money taken at the desk (decision 0063).
    index("invoices_collected_idx")
      .on(t.collected_location_id, t.collected_at)
      .where(sql`${t.collected_at} is not null`),
    // The receipts sweep finds paid charges without a receipt by this (decision 0051).
    index("invoices_receipt_due_idx")
      .on(t.invoice_id)
      .where(sql`${t.receipt_sent_at} is null and ${t.status} = 'paid'`),
    check("invoices_status_check", sql`${t.status} in ('paid', 'pending', 'failed', 'refunded')`),
    check("invoices_total_payment_check", sql`${t.total_payment} >= 0`),
    index("invoices_purchase_id_idx").on(t.purchase_id),
    index("invoices_customer_id_idx").on(t.customer_id, t.createdAt),
    // The admin's list of charges pages newest first and filters by date.
    index("invoices_created_at_idx").on(t.createdAt),
  ],
);

/** One row per checkout idempotency key: a retried request returns the stored response. */
export const checkout_attempts = pgTable(
  "checkout_attempts",
  {
    checkout_attempt_id: idColumn("checkout_attempt_id"),
    idempotency_key: text("idempotency_key").notNull().unique(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    class_package_id: integer("class_package_id").references(() => class_packages.class_package_id, {
      onDelete: "set null",
    }),
    purchase_id: integer("purchase_id").references(() => purchases.purchase_id, { onDelete: "set null" }),
    /** e.g. 'pending' | 'requires_action' | 'succeeded' | 'failed' (service-defined). */
    status: text("status").notNull().default("pending"),
    provider: text("provider"),
    client_secret: text("client_secret"),
    /** Hash of the request body, to reject a reused key with a different request. */
    request_hash: text("request_hash"),
    response: jsonb("response"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("checkout_attempts_customer_id_idx").on(t.customer_id),
    index("checkout_attempts_purchase_id_idx").on(t.purchase_id),
  ],
);

/**
 * A charge asked of a processor (a card confirmation, a saved card charged online or at the desk),
 * recorded with its idempotency key before the call and finished after it (decision 0066): a row
 * still `pending` was left by a crash or a lost answer between the two, and the
 * `finish-interrupted-charges` job asks the processor again with the same key and applies the
 * answer once (grant or fail), or abandons it when the processor never took the money.
 */
export const CHARGE_INTENT_STATUSES = ["pending", "succeeded", "failed", "abandoned"] as const;
export type ChargeIntentStatus = (typeof CHARGE_INTENT_STATUSES)[number];
export const charge_intents = pgTable(
  "charge_intents",
  {
    charge_intent_id: idColumn("charge_intent_id"),
    /** The payment's first purchase (the sign-up fee paid with it follows it: listPaymentCompanions). */
    purchase_id: integer("purchase_id")
      .notNull()
      .references(() => purchases.purchase_id, { onDelete: "restrict" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "restrict" }),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    /**
     * 'card_confirm' (checkout step 2), 'desk_saved_card' (the desk charges a saved card),
     * 'renewal_card' (the scheduler charges a period) or 'renewal_customer' (the customer pays a
     * failed period in their account).
     */
    kind: text("kind").notNull(),
    /** The processor's payment (a payment intent) when it exists before the call. */
    payment_ref: text("payment_ref"),
    /** What the processor is asked with: the card's token or saved reference (never a card number). */
    payment_method: text("payment_method"),
    amount: moneyColumn("amount").notNull(),
    idempotency_key: text("idempotency_key").notNull(),
    status: text("status").$type<ChargeIntentStatus>().notNull().default("pending"),
    /** The decline code of a failed one, or why it was abandoned. */
    outcome_code: text("outcome_code"),
    /** The customer asked to keep the card (applied with the grant, by whoever finishes it). */
    save_card: boolean("save_card").notNull().default(false),
    /** The staff member who charged it at the desk (the audit entry names them). */
    actor_user_id: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    /**
     * A renewal's charge (kinds 'renewal_card', 'renewal_customer'; decision 0137): the scheduler's
     * invoice ref of the period it pays and the period's start (lockDue checks it is still due).
     */
    period_ref: text("period_ref"),
    period_start: tsColumn("period_start"),
    /**
     * A renewal charge that found its period already paid (outcome_code 'not_applied'): the
     * processor's refund of it. Empty while not given back (a refusal is a failed refund row).
     */
    refund_ref: text("refund_ref"),
    finished_at: tsColumn("finished_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("charge_intents_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed', 'abandoned')`),
    check("charge_intents_amount_check", sql`${t.amount} >= 0`),
    unique("charge_intents_idempotency_key_unique").on(t.idempotency_key),
    index("charge_intents_purchase_id_idx").on(t.purchase_id),
    // The job reads the pending ones, oldest first.
    index("charge_intents_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The job reads renewal charges that paid nothing and are not given back yet (decision 0137).
    index("charge_intents_give_back_idx")
      .on(t.charge_intent_id)
      .where(sql`${t.outcome_code} = 'not_applied' and ${t.refund_ref} is null`),
  ],
);

/** Received provider webhooks: each (provider, event_id) is applied once. */
export const webhook_events = pgTable(
  "webhook_events",
  {
    webhook_event_id: idColumn("webhook_event_id"),
    provider: text("provider").notNull(),
    event_id: text("event_id").notNull(),
    type: text("type"),
    payload: jsonb("payload"),
    received_at: tsColumn("received_at").notNull().defaultNow(),
    processed_at: tsColumn("processed_at"),
  },
  (t) => [unique("webhook_events_provider_event_unique").on(t.provider, t.event_id)],
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money given back on a purchase (docs/decisions/0027). One row per refund, made
 * at the desk (idempotency_key from the browser) or learnt from the processor's webhook (a refund
 * made in its dashboard: provider_ref only). credits_withdrawn is what left the customer's buckets.
 */
export const refunds = pgTable(
  "refunds",
  {
    refund_id: idColumn("refund_id"),
    purchase_id: integer("purchase_id")
      .notNull()
      .references(() => purchases.purchase_id, { onDelete: "restrict" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "restrict" }),
    amount: moneyColumn("amount").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    /** The processor's refund id (re_..., PayPal refund id); null for cash. */
    provider_ref: text("provider_ref"),
    idempotency_key: text("idempotency_key"),
    reason: text("reason"),
    credits_withdrawn: integer("credits_withdrawn").notNull().default(0),
    /** 'desk' (our back office) or 'provider' (made in the processor's dashboard, learnt by webhook). */
    source: text("source").notNull().default("desk"),
    failure_code: text("failure_code"),
    /** A refund the desk handed back (cash, terminal, transfer): who and where (decision 0063). */
    refunded_by: text("refunded_by").references(() => user.id, { onDelete: "set null" }),
    location_id: integer("location_id").references(() => locations.location_id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("refunds_location_idx").on(t.location_id, t.createdAt).where(sql`${t.location_id} is not null`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check("refunds_amount_check", sql`${t.amount} > 0`),
    check("refunds_credits_withdrawn_check", sql`${t.credits_withdrawn} >= 0`),
    unique("refunds_idempotency_key_unique").on(t.idempotency_key),
    unique("refunds_provider_ref_unique").on(t.provider, t.provider_ref),
    index("refunds_purchase_id_idx").on(t.purchase_id),
    index("refunds_created_at_idx").on(t.createdAt),
  ],
);

export const FREEZE_FEE_STATUSES = ["none", "pending", "paid", "declined"] as const;
export type FreezeFeeStatus = (typeof FREEZE_FEE_STATUSES)[number];
/**
 * A membership or subscription paused for a range of days: no bookings of classes in
 * [starts_at, ends_at), no charges; the purchase's expiry and next charge moved by `days`.
 */
export const membership_freezes = pgTable(
  "membership_freezes",
  {
    membership_freeze_id: idColumn("membership_freeze_id"),
    purchase_id: integer("purchase_id")
      .notNull()
      .references(() => purchases.purchase_id, { onDelete: "cascade" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    /** Start of the first frozen day in the studio's zone. */
    starts_at: tsColumn("starts_at").notNull(),
    /** Start of the day after the last frozen day (exclusive). */
    ends_at: tsColumn("ends_at").notNull(),
    days: integer("days").notNull(),
    fee: moneyColumn("fee").notNull().default("0"),
    /** 'desk' or 'customer'. */
    requested_by: text("requested_by").notNull().default("desk"),
    /**
     * The customer's fee (decision 0107): 'none' (no fee), 'pending' (recorded, the processor
     * asked or about to be; the freeze does not apply yet), 'paid' (applied) or 'declined'
     * (cancelled). A pending one older than a few minutes is finished by a job.
     */
    fee_status: text("fee_status").$type<FreezeFeeStatus>().notNull().default("none"),
    /** The saved card the fee is charged to (the processor's reference, never a number) and its processor. */
    fee_card_ref: text("fee_card_ref"),
    fee_provider: text("fee_provider"),
    cancelledAt: tsColumn("cancelled_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("membership_freezes_range_check", sql`${t.ends_at} > ${t.starts_at} and ${t.days} > 0`),
    check(
      "membership_freezes_fee_status_check",
      sql`${t.fee_status} in ('none', 'pending', 'paid', 'declined')`,
    ),
    index("membership_freezes_fee_pending_idx").on(t.createdAt).where(sql`${t.fee_status} = 'pending'`),
    index("membership_freezes_customer_idx").on(t.customer_id, t.ends_at),
    index("membership_freezes_purchase_idx").on(t.purchase_id),
  ],
);

export const OFFLINE_METHODS = ["oxxo", "spei"] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
export const VOUCHER_STATUSES = ["pending", "paid", "expired"] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/**
 * What the customer pays an offline purchase with (decision 0034, OXXO and SPEI): the OXXO
 * voucher's reference and expiry, or the SPEI transfer's CLABE, bank and reference, as the
 * processor (Stripe or the sandbox) gave them. The purchase stays pending until the processor's
 * webhook says paid; an unpaid voucher expires (its webhook or our job past expires_at).
 */
export const payment_vouchers = pgTable(
  "payment_vouchers",
  {
    payment_voucher_id: idColumn("payment_voucher_id"),
    purchase_id: integer("purchase_id")
      .notNull()
      .unique()
      .references(() => purchases.purchase_id, { onDelete: "cascade" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    method: text("method").$type<OfflineMethod>().notNull(),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    /** The processor's payment (a payment intent), as on purchases.provider_ref. */
    provider_ref: text("provider_ref").notNull(),
    /** What the voucher or transfer is for, sign-up fee included (one payment). */
    amount: moneyColumn("amount").notNull(),
    /** OXXO: the number under the barcode; SPEI: the transfer's reference. */
    reference: text("reference").notNull(),
    clabe: text("clabe"),
    bank_name: text("bank_name"),
    /** The processor's printable voucher page (Stripe), when it has one. */
    hosted_url: text("hosted_url"),
    expires_at: tsColumn("expires_at"),
    status: text("status").$type<VoucherStatus>().notNull().default("pending"),
    settled_at: tsColumn("settled_at"),
    /**
     * Why we closed it before its end ('signup_fee_paid': the fee it carried was paid another way,
     * decision 0050), and when the processor confirmed its payment cancelled (decision 0067):
     * a closed voucher with a processor payment and no `processor_cancelled_at` is still to cancel there.
     */
    cancel_reason: text("cancel_reason"),
    processor_cancelled_at: tsColumn("processor_cancelled_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("payment_vouchers_method_check", sql`${t.method} in ('oxxo', 'spei')`),
    check("payment_vouchers_status_check", sql`${t.status} in ('pending', 'paid', 'expired')`),
    index("payment_vouchers_customer_idx").on(t.customer_id),
    index("payment_vouchers_pending_expiry_idx").on(t.expires_at).where(sql`${t.status} = 'pending'`),
  ],
);

export const RENEWAL_VOUCHER_STATUSES = ["pending", "paid", "expired", "not_applied"] as const;
export type RenewalVoucherStatus = (typeof RENEWAL_VOUCHER_STATUSES)[number];

/**
 * An OXXO voucher or SPEI transfer for ONE failed renewal period of an active subscription
 * (decision 0134), not for a new purchase: `period_ref` is the scheduler's unique invoice ref of
 * that period, so whichever payment of the period comes first (a card retry, the customer's card,
 * this voucher, the desk) inserts that invoice and the rest find it taken. A voucher paid after its
 * period was paid another way, or after the subscription ended, is `not_applied` and refunded
 * (`refund_ref`); `invoice_id` is the period invoice a paid one created.
 */
export const renewal_vouchers = pgTable(
  "renewal_vouchers",
  {
    renewal_voucher_id: idColumn("renewal_voucher_id"),
    purchase_id: integer("purchase_id")
      .notNull()
      .references(() => purchases.purchase_id, { onDelete: "cascade" }),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    period_ref: text("period_ref").notNull(),
    period_start: tsColumn("period_start").notNull(),
    method: text("method").$type<OfflineMethod>().notNull(),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    /** The processor's payment (a payment intent). */
    provider_ref: text("provider_ref").notNull().unique(),
    amount: moneyColumn("amount").notNull(),
    reference: text("reference").notNull(),
    clabe: text("clabe"),
    bank_name: text("bank_name"),
    hosted_url: text("hosted_url"),
    expires_at: tsColumn("expires_at"),
    status: text("status").$type<RenewalVoucherStatus>().notNull().default("pending"),
    settled_at: tsColumn("settled_at"),
    /** Why we closed it before its end: 'period_paid' (paid another way), 'subscription_ended'. */
    cancel_reason: text("cancel_reason"),
    invoice_id: integer("invoice_id").references(() => invoices.invoice_id, { onDelete: "set null" }),
    /** A payment that came too late to apply: the processor's refund of it. */
    refund_ref: text("refund_ref"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("renewal_vouchers_method_check", sql`${t.method} in ('oxxo', 'spei')`),
    check("renewal_vouchers_status_check", sql`${t.status} in ('pending', 'paid', 'expired', 'not_applied')`),
    index("renewal_vouchers_purchase_idx").on(t.purchase_id, t.period_ref),
    index("renewal_vouchers_pending_expiry_idx").on(t.expires_at).where(sql`${t.status} = 'pending'`),
  ],
);

export const purchasesRelations = relations(purchases, ({ one, many }) => ({
  customer: one(customers, { fields: [purchases.customer_id], references: [customers.customer_id] }),
  class_package: one(class_packages, {
    fields: [purchases.class_package_id],
    references: [class_packages.class_package_id],
  }),
  payment_method: one(payment_methods, {
    fields: [purchases.payment_method_id],
    references: [payment_methods.payment_method_id],
  }),
  discount: one(discounts, { fields: [purchases.discount_id], references: [discounts.discount_id] }),
  invoices: many(invoices),
  available_classes: many(available_classes),
}));

export const invoicesRelations = relations(invoices, ({ one }) => ({
  purchase: one(purchases, { fields: [invoices.purchase_id], references: [purchases.purchase_id] }),
  customer: one(customers, { fields: [invoices.customer_id], references: [customers.customer_id] }),
}));
