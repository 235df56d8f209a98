/**
 * Gift cards, account credit (saldo a favor) and referrals: the pure rules (docs/product-rules.md#gift-cards,
 * #account-credit, #referrals; decisions 0090-0092). No I/O: randomness is passed in.
 */

/**
 * The characters of every code: digits and capitals that cannot be mistaken for one another when
 * read aloud or typed from paper (no 0/O, no 1/I/L): 31 symbols.
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const ALPHABET = CODE_ALPHABET;

/** 16 characters of a 31-symbol alphabet: about 79 bits, beyond guessing at any request rate. */
export const GIFT_CODE_LENGTH = 16;
/** Referral codes are public (shared in links): short, and only a way to name the referrer. */
export const REFERRAL_CODE_LENGTH = 8;

/**
 * A code from random bytes (crypto.randomBytes on the server). Rejection sampling: a byte is used
 * only when it falls in the largest multiple of the alphabet's size, so every character is
 * equally likely. Needs about 1.1 bytes per character; the caller passes plenty.
 */
export function codeFromBytes(bytes: Uint8Array, length: number): string {
  const size = ALPHABET.length;
  const limit = 256 - (256 % size);
  let out = "";
  for (const byte of bytes) {
    if (byte >= limit) continue;
    out += ALPHABET[byte % size];
    if (out.length === length) return out;
  }
  throw new RangeError("Not enough random bytes for a code");
}

/** What the customer typed → the stored form: upper case, without spaces or dashes. Null: not a code. */
export function normalizeGiftCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== GIFT_CODE_LENGTH) return null;
  for (const ch of code) if (!ALPHABET.includes(ch)) return null;
  return code;
}

/** "ABCDEFGHJKMNPQRS" → "ABCD-EFGH-JKMN-PQRS": grouped by four, as printed and emailed. */
export function formatGiftCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The last four characters, shown in lists: the whole code is never shown again after the sale. */
export function maskedGiftCode(last4: string): string {
  return `••••-••••-••••-${last4}`;
}

/** Every whole code in a text, masked but its last four (a sent message keeps no spendable code). */
export function maskGiftCodes(text: string): string {
  const c = `[${ALPHABET}]{4}`;
  return text.replace(new RegExp(`${c}-${c}-${c}-(${c})`, "g"), (_, last4: string) => maskedGiftCode(last4));
}

export const GIFT_CARD_MIN_CENTS = 10_000; // $100.00
export const GIFT_CARD_MAX_CENTS = 1_000_000; // $10,000.00

export type GiftCardState = "pending" | "active" | "void" | "refunded";
export type GiftCardStatus = "pending" | "active" | "spent" | "expired" | "void" | "refunded";

/** What a card is now, for lists and the balance check (docs/product-rules.md#gift-cards). */
export function giftCardStatus(
  card: { state: GiftCardState; balance_cents: number; expires_at: Date },
  now: Date,
): GiftCardStatus {
  if (card.state !== "active") return card.state;
  if (card.expires_at.getTime() <= now.getTime()) return "expired";
  if (card.balance_cents <= 0) return "spent";
  return "active";
}

export const GIFT_CARD_STATUS_LABELS: Record<GiftCardStatus, string> = {
  pending: "Pago pendiente",
  active: "Vigente",
  spent: "Usada",
  expired: "Vencida",
  void: "Anulada",
  refunded: "Reembolsada",
};

/** The expiry: `months` after the sale (the studio's gift_card_validity_months), same day of month. */
export function giftCardExpiry(issuedAt: Date, months: number): Date {
  const d = new Date(issuedAt.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * How one payment is split (docs/product-rules.md#mixed-payments): the gift card first (it
 * expires), then the account credit, and the remainder goes to the card processor or the desk.
 * Each part is at most what is available and the parts add up to the total exactly.
 */
export function splitPayment(input: { total_cents: number; gift_card_cents: number; credit_cents: number }): {
  gift_card_cents: number;
  credit_cents: number;
  remainder_cents: number;
} {
  const total = Math.max(0, input.total_cents);
  const gift = Math.min(total, Math.max(0, input.gift_card_cents));
  const credit = Math.min(total - gift, Math.max(0, input.credit_cents));
  return { gift_card_cents: gift, credit_cents: credit, remainder_cents: total - gift - credit };
}

/**
 * A counter sale's tender (decision 0123): what the gift card and the saldo a favor pay is split
 * between the package (its purchase) and the products (the retail sale), the package first, so
 * each ledger line names what it paid. The parts of each holder add up to what it pays.
 */
export function splitCounterTender(input: {
  package_cents: number;
  products_cents: number;
  gift_card_cents: number;
  credit_cents: number;
}) {
  const cardPackage = Math.min(input.gift_card_cents, input.package_cents);
  const creditPackage = Math.min(input.credit_cents, input.package_cents - cardPackage);
  return {
    gift_card: { package_cents: cardPackage, products_cents: input.gift_card_cents - cardPackage },
    credit: { package_cents: creditPackage, products_cents: input.credit_cents - creditPackage },
    remainder_cents: input.package_cents + input.products_cents - input.gift_card_cents - input.credit_cents,
  };
}

/** Days after the sale in which the buyer may get an unused gift card's money back. */
export const GIFT_CARD_REFUND_DAYS = 30;

/**
 * Whether a gift card's sale can be refunded to its buyer (docs/product-rules.md#gift-card-refunds):
 * only while nothing of it was spent, within GIFT_CARD_REFUND_DAYS of the sale, and while active.
 * A card partly spent is not refunded in money (the remainder stays usable until it expires).
 */
export function giftCardRefundRefusal(
  card: { state: GiftCardState; amount_cents: number; balance_cents: number; sold_at: Date },
  now: Date,
): "GIFT_CARD_NOT_REFUNDABLE" | "GIFT_CARD_REFUND_TOO_LATE" | null {
  if (card.state !== "active" || card.balance_cents !== card.amount_cents) return "GIFT_CARD_NOT_REFUNDABLE";
  if (now.getTime() - card.sold_at.getTime() > GIFT_CARD_REFUND_DAYS * 86_400_000)
    return "GIFT_CARD_REFUND_TOO_LATE";
  return null;
}

/** Kinds of movement in the balance ledger (decision 0090). Amount sign: + adds to the holder. */
export const MOVEMENT_KINDS = [
  "issue", // a gift card sold (+amount on the card)
  "spend", // balance paying a purchase (−)
  "release", // a payment that did not go through gives its balance back (+)
  "refund_to_credit", // staff refunded a purchase to account credit (+)
  "referral_reward", // a referral's reward (+)
  "adjust", // a staff correction, with a note (±)
  "refund_to_buyer", // a gift card's sale refunded: the card is emptied (−)
  "desk_spend", // balance spent at the counter outside a purchase (−)
  "desk_refund", // products a balance paid for brought back to the counter (+, decision 0127)
  "expire", // a gift card's remainder at its expiry: the studio keeps it (−, decision 0131)
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const MOVEMENT_LABELS: Record<MovementKind, string> = {
  issue: "Tarjeta de regalo emitida",
  spend: "Pago de una compra",
  release: "Pago no completado: saldo devuelto",
  refund_to_credit: "Reembolso como saldo a favor",
  referral_reward: "Recompensa por recomendación",
  adjust: "Ajuste del estudio",
  refund_to_buyer: "Reembolso a quien la compró",
  desk_spend: "Uso en recepción",
  desk_refund: "Devolución en recepción",
  expire: "Saldo vencido",
};

// ---------------------------------------------------------------- referrals (decision 0092)

export type ReferralParty = {
  customer_id: number;
  email: string;
  phone: string | null;
  card_fingerprints: readonly string[];
};

export type ReferralRefusal = "self" | "same_email" | "same_phone" | "same_card" | "already_rewarded";

/** "Ana.Perez+spin@Gmail.com" → "anaperez@gmail.com": the same mailbox written another way. */
export function canonicalEmail(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const base = local.split("+")[0] ?? "";
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  return `${gmail ? base.replace(/\./g, "") : base}@${gmail ? "gmail.com" : domain}`;
}

const digits = (phone: string | null) => (phone ?? "").replace(/\D/g, "").slice(-10);

/**
 * Whether a referral earns its reward (docs/product-rules.md#referrals): never one's own code, and
 * not a second account of the same person (same mailbox, same phone, or a card both have used),
 * and one reward per referred customer.
 */
export function referralRefusal(
  referrer: ReferralParty,
  referred: ReferralParty,
  alreadyRewarded: boolean,
): ReferralRefusal | null {
  if (referrer.customer_id === referred.customer_id) return "self";
  if (alreadyRewarded) return "already_rewarded";
  if (canonicalEmail(referrer.email) === canonicalEmail(referred.email)) return "same_email";
  const phone = digits(referred.phone);
  if (phone.length === 10 && phone === digits(referrer.phone)) return "same_phone";
  if (referred.card_fingerprints.some((f) => referrer.card_fingerprints.includes(f))) return "same_card";
  return null;
}

export const REFERRAL_REWARD_KINDS = ["credit", "class", "none"] as const;
export type ReferralRewardKind = (typeof REFERRAL_REWARD_KINDS)[number];

export function normalizeReferralCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== REFERRAL_CODE_LENGTH) return null;
  for (const ch of code) if (!ALPHABET.includes(ch)) return null;
  return code;
}
