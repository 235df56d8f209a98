import { type CardBrand, cardBrand, DECLINE_CODES, type DeclineCode } from "./billing";

/**
 * The sandbox card processor's test cards (the public test numbers card processors document):
 * the browser's card field turns a number into a token that carries only the outcome, brand,
 * last four digits and expiry. The raw number never leaves the browser (docs/decisions/
 * 0007-sandbox-card-tokens.md).
 */
export type SandboxOutcome = "success" | DeclineCode;

export const SANDBOX_CARDS: Record<string, SandboxOutcome> = {
  "4242424242424242": "success",
  "5555555555554444": "success",
  "378282246310005": "success",
  "4000000000009995": "insufficient_funds",
  "4000000000000002": "card_declined",
  "4000000000009987": "lost_card",
  "4000000000009979": "stolen_card",
  "4000000000000069": "expired_card",
  "4000000000000127": "incorrect_cvc",
  "4000000000000119": "processing_error",
};

/** Luhn check: a number that fails it is 'incorrect_number' before any request. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type SandboxCard = {
  outcome: SandboxOutcome;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
};

/** What the processor would answer for a card: unknown valid numbers succeed, as with real test modes. */
export function sandboxOutcome(
  number: string,
  exp: { month: number; year: number },
  now = new Date(),
): SandboxOutcome {
  const digits = number.replace(/\D/g, "");
  if (!luhnValid(digits)) return "incorrect_number";
  const expired =
    exp.year < now.getUTCFullYear() ||
    (exp.year === now.getUTCFullYear() && exp.month < now.getUTCMonth() + 1);
  if (expired) return "expired_card";
  return SANDBOX_CARDS[digits] ?? "success";
}

const TOKEN = /^tok_sandbox_([a-z_]+)_(amex|visa|mastercard)_(\d{4})_(\d{2})(\d{4})(?:_[a-z0-9]{1,32})?$/;

/**
 * tok_sandbox_<outcome>_<brand>_<last4>_<MMYYYY>_<nonce>: the nonce makes every tokenisation a
 * different card reference, as with a real processor (two customers may use the same test card).
 */
export function sandboxToken(card: SandboxCard, nonce = randomNonce()): string {
  return `tok_sandbox_${card.outcome}_${card.brand}_${card.last4}_${String(card.exp_month).padStart(2, "0")}${card.exp_year}_${nonce}`;
}

function randomNonce(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function tokenizeSandboxCard(
  number: string,
  exp: { month: number; year: number },
  now = new Date(),
): string {
  const digits = number.replace(/\D/g, "");
  return sandboxToken({
    outcome: sandboxOutcome(digits, exp, now),
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    exp_month: exp.month,
    exp_year: exp.year,
  });
}

export function parseSandboxToken(token: string): SandboxCard | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const outcome = m[1] as SandboxOutcome;
  if (outcome !== "success" && !(DECLINE_CODES as readonly string[]).includes(outcome)) return null;
  // The pattern's groups are not optional: a match fills every one.
  return { outcome, brand: m[2] as CardBrand, last4: m[3]!, exp_month: Number(m[4]), exp_year: Number(m[5]) };
}
