import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import type { GiftCardState, MovementKind } from "../../../domain/gift-cards";
import { user } from "./auth";
import { locations } from "./calendar";
import { createdAtColumn, idColumn, moneyColumn, tsColumn, updatedAtColumn } from "./columns";
import { customers } from "./customers";
import { class_packages } from "./packages";
import { purchases, refunds } from "./purchases";
import { retail_sales } from "./retail";

/**
 * Gift cards and account credit share one ledger (decision 0090): a holder (a gift card, or a
 * customer's saldo a favor) keeps its balance on its own row, so spending locks that one row and
 * its check keeps it at zero or more; every change of a balance is a row of balance_movements in
 * the same transaction, so the balance is always the sum of its movements.
 */
export const gift_cards = pgTable(
  "gift_cards",
  {
    gift_card_id: idColumn("gift_card_id"),
    /** sha256 of the normalised code: the code itself is not kept once delivered (decision 0090). */
    code_hash: text("code_hash").notNull(),
    code_last4: text("code_last4").notNull(),
    /** The code until its email is sent on the delivery date; cleared in the same transaction. */
    undelivered_code: text("undelivered_code"),
    amount: moneyColumn("amount").notNull(),
    balance: moneyColumn("balance").notNull(),
    /** A package's gift card names it (its value is the package's price on the day of the sale). */
    class_package_id: integer("class_package_id").references(() => class_packages.class_package_id, {
      onDelete: "set null",
    }),
    package_title: text("package_title"),
    state: text("state").$type<GiftCardState>().notNull().default("pending"),
    /** 'online' or 'desk'. */
    sold_via: text("sold_via").notNull(),
    buyer_customer_id: integer("buyer_customer_id").references(() => customers.customer_id, {
      onDelete: "set null",
    }),
    buyer_name: text("buyer_name").notNull(),
    buyer_email: text("buyer_email"),
    recipient_name: text("recipient_name").notNull(),
    recipient_email: text("recipient_email"),
    /** The recipient's WhatsApp (+52 and ten digits), given by the buyer for this one message (decision 0131). */
    recipient_phone: text("recipient_phone"),
    message: text("message"),
    /** When the email (and WhatsApp) goes to the recipient (null: handed over at the counter). */
    deliver_at: tsColumn("deliver_at"),
    delivered_at: tsColumn("delivered_at"),
    expires_at: tsColumn("expires_at").notNull(),
    /** How it was paid: a processor's payment ref, or "desk:cash" and the like (domain/desk-sale.ts). */
    payment_provider: text("payment_provider").notNull(),
    payment_ref: text("payment_ref"),
    idempotency_key: text("idempotency_key").notNull(),
    collected_by: text("collected_by").references(() => user.id, { onDelete: "set null" }),
    collected_location_id: integer("collected_location_id").references(() => locations.location_id, {
      onDelete: "set null",
    }),
    sold_at: tsColumn("sold_at"),
    refunded_at: tsColumn("refunded_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique("gift_cards_code_hash_unique").on(t.code_hash),
    unique("gift_cards_idempotency_key_unique").on(t.idempotency_key),
    check("gift_cards_balance_check", sql`${t.balance} >= 0 and ${t.balance} <= ${t.amount}`),
    check("gift_cards_state_check", sql`${t.state} in ('pending', 'active', 'void', 'refunded')`),
    index("gift_cards_created_at_idx").on(t.createdAt),
    index("gift_cards_buyer_idx").on(t.buyer_customer_id),
    // The delivery job reads the cards due, soonest first.
    index("gift_cards_delivery_due_idx")
      .on(t.deliver_at)
      .where(sql`${t.delivered_at} is null and ${t.state} = 'active'`),
  ],
);

/** A customer's saldo a favor: one row per customer that ever had some; never below zero. */
export const account_credit = pgTable(
  "account_credit",
  {
    customer_id: integer("customer_id")
      .primaryKey()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    balance: moneyColumn("balance").notNull().default("0"),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check("account_credit_balance_check", sql`${t.balance} >= 0`)],
);

/** The ledger: every change of a gift card's or a customer's balance (decision 0090). */
export const balance_movements = pgTable(
  "balance_movements",
  {
    balance_movement_id: idColumn("balance_movement_id"),
    gift_card_id: integer("gift_card_id").references(() => gift_cards.gift_card_id, { onDelete: "restrict" }),
    /** The credit holder (saldo a favor); null for a gift card's movement. */
    customer_id: integer("customer_id").references(() => customers.customer_id, { onDelete: "cascade" }),
    kind: text("kind").$type<MovementKind>().notNull(),
    /** Signed: + adds to the holder's balance. */
    amount: moneyColumn("amount").notNull(),
    balance_after: moneyColumn("balance_after").notNull(),
    purchase_id: integer("purchase_id").references(() => purchases.purchase_id, { onDelete: "set null" }),
    refund_id: integer("refund_id").references(() => refunds.refund_id, { onDelete: "set null" }),
    /** The counter sale of products this movement paid (decision 0123). */
    retail_sale_id: integer("retail_sale_id").references(() => retail_sales.sale_id, {
      onDelete: "set null",
    }),
    note: text("note"),
    actor_user_id: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check(
      "balance_movements_one_holder_check",
      sql`(${t.gift_card_id} is null) <> (${t.customer_id} is null)`,
    ),
    check("balance_movements_amount_check", sql`${t.amount} <> 0 and ${t.balance_after} >= 0`),
    index("balance_movements_gift_card_idx").on(t.gift_card_id, t.createdAt),
    index("balance_movements_customer_idx").on(t.customer_id, t.createdAt),
    index("balance_movements_purchase_idx").on(t.purchase_id),
    index("balance_movements_retail_sale_idx").on(t.retail_sale_id),
  ],
);

/** Each customer's referral code (made the first time they open their account's referral card). */
export const referral_codes = pgTable(
  "referral_codes",
  {
    customer_id: integer("customer_id")
      .primaryKey()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [unique("referral_codes_code_unique").on(t.code)],
);

export const REFERRAL_STATUSES = ["pending", "rewarded", "refused"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Who brought whom (decision 0092): one row per referred customer, so one reward at most. */
export const referrals = pgTable(
  "referrals",
  {
    referral_id: idColumn("referral_id"),
    referrer_customer_id: integer("referrer_customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    referred_customer_id: integer("referred_customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    status: text("status").$type<ReferralStatus>().notNull().default("pending"),
    /** Why it earned nothing (domain/gift-cards.ts ReferralRefusal). */
    refusal: text("refusal"),
    reward_kind: text("reward_kind"),
    reward_purchase_id: integer("reward_purchase_id").references(() => purchases.purchase_id, {
      onDelete: "set null",
    }),
    rewardedAt: tsColumn("rewarded_at"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique("referrals_referred_unique").on(t.referred_customer_id),
    check("referrals_status_check", sql`${t.status} in ('pending', 'rewarded', 'refused')`),
    index("referrals_referrer_idx").on(t.referrer_customer_id),
  ],
);

export type GiftCardRow = typeof gift_cards.$inferSelect;
export type BalanceMovementRow = typeof balance_movements.$inferSelect;
