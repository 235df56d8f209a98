import { z } from "zod";
import { DESK_PAYMENTS } from "../desk-sale";
import { GIFT_CARD_STATUS_LABELS, MOVEMENT_KINDS } from "../gift-cards";
import { isoDate } from "./wire";

/**
 * Gift cards, account credit (saldo a favor) and referrals (server/modules/gift-cards and
 * server/modules/referrals; decisions 0090-0092). Amounts are pesos with two decimals on the wire.
 */

const key = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[\w.:-]+$/);
const name = z.string().trim().min(1, { message: "Escribe un nombre." }).max(120);
const email = z.email({ message: "Escribe un correo válido." }).max(200);

const saleFields = {
  /** Whole pesos; or a package (its price today). */
  amount: z.number().int().positive().max(10_000).nullish(),
  class_package_id: z.number().int().positive().nullish(),
  recipient_name: name,
  recipient_email: email.nullish(),
  message: z.string().trim().max(500).nullish(),
  /** AAAA-MM-DD: the day the email (and WhatsApp) reaches the recipient (absent: now). */
  deliver_on: z.string().max(10).nullish(),
  /** HH:MM on the studio's clock, with deliver_on (absent: 8:00; today: now). Never in the past. */
  deliver_time: z.string().max(5).nullish(),
  /** The recipient's WhatsApp, a Mexican mobile: the card goes there too (decision 0131). */
  recipient_whatsapp: z.string().max(30).nullish(),
  idempotency_key: key,
};

export const buyGiftCardBody = z.object({
  ...saleFields,
  /** The card's token from the browser (the sandbox's tok_… or Stripe's pm_…). */
  payment_method: z.string().min(1).max(200),
});

export const deskGiftCardBody = z.object({
  ...saleFields,
  buyer_name: name,
  buyer_email: email.nullish(),
  payment: z.enum(DESK_PAYMENTS),
  reference: z.string().trim().max(60).nullish(),
  location_id: z.number().int().positive().nullish(),
});

const statusEnum = z.enum(Object.keys(GIFT_CARD_STATUS_LABELS) as [keyof typeof GIFT_CARD_STATUS_LABELS]);

export const giftCardOut = z.object({
  gift_card_id: z.number(),
  /** Masked: only the last four characters. */
  code: z.string(),
  amount: z.number(),
  balance: z.number(),
  status: statusEnum,
  status_label: z.string(),
  package_title: z.string().nullable(),
  sold_via: z.string(),
  buyer_name: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string().nullable(),
  recipient_whatsapp: z.string().nullable(),
  message: z.string().nullable(),
  deliver_at: isoDate.nullable(),
  delivered_at: isoDate.nullable(),
  expires_at: isoDate,
  expires_label: z.string(),
  sold_at: isoDate.nullable(),
  createdAt: isoDate,
});

export const giftCardSoldAnswer = z.object({
  message: z.string(),
  gift_card: giftCardOut,
  /** The whole code, grouped (ABCD-EFGH-JKMN-PQRS), shown once; null on a retried request. */
  code: z.string().nullable(),
});

export const giftCardBalanceQuery = z.object({ code: z.string().max(40) });
export const giftCardBalanceAnswer = giftCardOut.pick({
  code: true,
  amount: true,
  balance: true,
  status: true,
  status_label: true,
  expires_at: true,
  expires_label: true,
  package_title: true,
});

export const movementOut = z.object({
  balance_movement_id: z.number(),
  kind: z.enum(MOVEMENT_KINDS),
  label: z.string(),
  amount: z.number(),
  balance_after: z.number(),
  purchase_id: z.number().nullable(),
  note: z.string().nullable(),
  actor_name: z.string().nullable(),
  createdAt: isoDate,
});

export const giftCardsQuery = z.object({
  q: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const giftCardsAnswer = z.object({
  gift_cards: z.array(giftCardOut),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
/** How the card went to its recipient by WhatsApp (the messages' own status, decision 0131). */
export const giftCardDeliveryOut = z.object({
  message_id: z.number(),
  channel: z.string(),
  address: z.string().nullable(),
  status: z.string(),
  status_label: z.string(),
  error: z.string().nullable(),
  createdAt: isoDate,
  status_at: isoDate.nullable(),
});
export const giftCardDetailAnswer = z.object({
  gift_card: giftCardOut,
  movements: z.array(movementOut),
  deliveries: z.array(giftCardDeliveryOut),
});
export const giftCardRefundBody = z.object({ reason: z.string().trim().max(500).optional() });
export const giftCardRefundAnswer = z.object({ message: z.string(), gift_card: giftCardOut });

export const deskRedeemBody = z.object({
  code: z.string().max(40),
  amount: z.number().positive().multipleOf(0.01).max(100_000),
  note: z.string().trim().max(200).nullish(),
});
export const deskRedeemAnswer = z.object({ message: z.string(), spent: z.number(), balance: z.number() });

export const creditAnswer = z.object({ balance: z.number(), movements: z.array(movementOut) });
export const myBalancesAnswer = creditAnswer.extend({ gift_cards_bought: z.array(giftCardOut) });
export const creditAdjustBody = z.object({
  amount: z.number().multipleOf(0.01).min(-100_000).max(100_000),
  note: z.string().trim().min(1).max(200),
});
export const creditAdjustAnswer = z.object({ message: z.string(), balance: z.number() });

export const myReferralsAnswer = z.object({
  code: z.string(),
  link: z.string(),
  reward: z.string().nullable(),
  referrals: z.array(
    z.object({
      name: z.string(),
      status: z.enum(["pending", "rewarded", "refused"]),
      createdAt: isoDate,
      rewardedAt: isoDate.nullable(),
    }),
  ),
});
export const claimReferralBody = z.object({ code: z.string().max(20) });
export const claimReferralAnswer = z.object({ message: z.string(), referral_id: z.number() });
