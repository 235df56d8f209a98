import { createHash } from "node:crypto";
import { AppError } from "../../../domain/errors";
import { formatMoney } from "../../../domain/format";
import { giftCardStatus, type MovementKind, normalizeGiftCode } from "../../../domain/gift-cards";
import { centsToNumber, centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import {
  findGiftCard,
  findGiftCardByHash,
  insertMovement,
  lockAccountCredit,
  purchaseBalanceNet,
  saleBalanceByKind,
  saleBalanceNet,
  setAccountCredit,
  updateGiftCard,
} from "./gift-cards.repository";

/**
 * The balance ledger (decision 0090): every function here runs inside the caller's transaction,
 * locks the holder's row first, changes its balance and writes the movement, so under any number
 * of concurrent spenders a balance is spent exactly once and never goes below zero (the row's
 * check is the last guard).
 */

export const codeHash = (normalizedCode: string) => createHash("sha256").update(normalizedCode).digest("hex");

type Refs = {
  purchase_id?: number | null;
  retail_sale_id?: number | null;
  refund_id?: number | null;
  note?: string | null;
  actor_user_id?: string | null;
  now: Date;
};

const giftCardInvalid = () =>
  AppError.of("GIFT_CARD_INVALID", { fields: { gift_card_code: "Código no válido" } });

/**
 * Spends up to `want_cents` of a gift card named by its code; answers what was spent (the card may
 * hold less; with `exact`, the desk named the amount and a card holding less is refused). An
 * unknown code, or one not active, expired or empty, is refused with the reason.
 */
export async function spendGiftCard(
  tx: Db,
  input: {
    code: string;
    want_cents: number;
    kind: Extract<MovementKind, "spend" | "desk_spend">;
    exact?: boolean;
  } & Refs,
): Promise<{ gift_card_id: number; spent_cents: number; balance_cents: number }> {
  const card = await lockGiftCard(tx, input.code, input.now);
  const balance = card.balance_cents;
  if (input.exact && input.want_cents > balance)
    throw AppError.of("GIFT_CARD_BALANCE_SHORT", {
      params: { balance: formatMoney(centsToNumber(balance)) },
      fields: { gift_card_amount: "Más que el saldo" },
    });
  const spent = Math.min(balance, Math.max(0, input.want_cents));
  if (spent === 0) return { gift_card_id: card.gift_card_id, spent_cents: 0, balance_cents: balance };
  const after = balance - spent;
  await updateGiftCard(tx, card.gift_card_id, { balance: centsToString(after), updatedAt: input.now });
  await insertMovement(tx, {
    gift_card_id: card.gift_card_id,
    kind: input.kind,
    amount: centsToString(-spent),
    balance_after: centsToString(after),
    purchase_id: input.purchase_id ?? null,
    retail_sale_id: input.retail_sale_id ?? null,
    note: input.note ?? null,
    actor_user_id: input.actor_user_id ?? null,
    createdAt: input.now,
  });
  return { gift_card_id: card.gift_card_id, spent_cents: spent, balance_cents: after };
}

/**
 * Locks the gift card a code names and answers its balance, for a spender that must know it
 * before it spends (the counter sale's tender). An unknown code, or one not active, expired or
 * empty, is refused with the reason.
 */
export async function lockGiftCard(tx: Db, input: string, now: Date) {
  const code = normalizeGiftCode(input);
  if (!code) throw giftCardInvalid();
  const card = await findGiftCardByHash(tx, codeHash(code), true);
  if (!card) throw giftCardInvalid();
  const balance = toCents(card.balance);
  const status = giftCardStatus(
    { state: card.state, balance_cents: balance, expires_at: card.expires_at },
    now,
  );
  if (status === "expired") throw AppError.of("GIFT_CARD_EXPIRED");
  if (status === "spent") throw AppError.of("GIFT_CARD_SPENT");
  if (status !== "active") throw giftCardInvalid();
  return { gift_card_id: card.gift_card_id, balance_cents: balance };
}

/** A customer's saldo a favor, locked until the caller's transaction ends. */
export async function lockCredit(tx: Db, customerId: number) {
  return toCents((await lockAccountCredit(tx, customerId)).balance);
}

/** Moves a customer's saldo a favor by `cents` (negative: spends); refuses to go below zero. */
export async function moveCredit(
  tx: Db,
  customerId: number,
  cents: number,
  kind: MovementKind,
  refs: Refs,
): Promise<{ balance_cents: number }> {
  const row = await lockAccountCredit(tx, customerId);
  const after = toCents(row.balance) + cents;
  if (after < 0) throw AppError.of("CREDIT_INSUFFICIENT");
  if (cents === 0) return { balance_cents: after };
  await setAccountCredit(tx, customerId, centsToString(after));
  await insertMovement(tx, {
    customer_id: customerId,
    kind,
    amount: centsToString(cents),
    balance_after: centsToString(after),
    purchase_id: refs.purchase_id ?? null,
    retail_sale_id: refs.retail_sale_id ?? null,
    refund_id: refs.refund_id ?? null,
    note: refs.note ?? null,
    actor_user_id: refs.actor_user_id ?? null,
    createdAt: refs.now,
  });
  return { balance_cents: after };
}

/** Spends up to `want_cents` of a customer's credit for a purchase; answers what was spent. */
export async function spendCredit(tx: Db, customerId: number, wantCents: number, refs: Refs) {
  const row = await lockAccountCredit(tx, customerId);
  const spent = Math.min(toCents(row.balance), Math.max(0, wantCents));
  if (spent > 0) await moveCredit(tx, customerId, -spent, "spend", refs);
  return spent;
}

/** What balances (gift cards and credit) paid of a purchase, less what was given back, in centavos. */
export async function paidByBalanceCents(db: Db, purchaseId: number): Promise<number> {
  const rows = await purchaseBalanceNet(db, purchaseId);
  return -rows.reduce((sum, r) => sum + toCents(r.net), 0);
}

/**
 * A payment that did not go through gives back what balances paid of it (a release movement per
 * holder, once: a second call finds nothing left). A gift card past its expiry gets it back too:
 * the customer did not use it (docs/product-rules.md#mixed-payments).
 */
export async function releasePurchaseBalance(tx: Db, purchaseId: number, now: Date) {
  for (const r of await purchaseBalanceNet(tx, purchaseId)) {
    const owed = -toCents(r.net);
    if (owed <= 0) continue;
    if (r.customer_id !== null) {
      await moveCredit(tx, r.customer_id, owed, "release", { purchase_id: purchaseId, now });
      continue;
    }
    await releaseToGiftCard(tx, r.gift_card_id!, owed, purchaseId, now);
  }
}

async function releaseToGiftCard(tx: Db, giftCardId: number, cents: number, purchaseId: number, now: Date) {
  const card = (await findGiftCard(tx, giftCardId, true))!;
  const after = toCents(card.balance) + cents;
  await updateGiftCard(tx, giftCardId, { balance: centsToString(after), updatedAt: now });
  await insertMovement(tx, {
    gift_card_id: giftCardId,
    kind: "release",
    amount: centsToString(cents),
    balance_after: centsToString(after),
    purchase_id: purchaseId,
    createdAt: now,
  });
}

/**
 * Units of a counter sale brought back (decision 0127): up to `cents` of what balances paid of the
 * sale's products and no refund gave back yet goes back to them, the saldo a favor first, then the
 * gift cards (an expired card gets it back too, as a release does). Answers what went back.
 */
export async function giveBackSaleBalance(
  tx: Db,
  saleId: number,
  cents: number,
  refs: { actor_user_id: string; now: Date },
): Promise<{ credit_cents: number; gift_card_cents: number }> {
  const back = { credit_cents: 0, gift_card_cents: 0 };
  let left = cents;
  const plan: { customer_id: number | null; gift_card_id: number | null; give: number }[] = [];
  for (const r of await saleBalanceNet(tx, [saleId])) {
    const give = Math.min(left, -toCents(r.net));
    if (give <= 0) continue;
    left -= give;
    plan.push({ customer_id: r.customer_id, gift_card_id: r.gift_card_id, give });
  }
  // Locked as the sale locked them (the card, then the credit), so the two never wait in a cycle.
  plan.sort((a, b) => Number(a.customer_id !== null) - Number(b.customer_id !== null));
  const at = { retail_sale_id: saleId, ...refs };
  for (const p of plan) {
    if (p.customer_id !== null) {
      await moveCredit(tx, p.customer_id, p.give, "desk_refund", at);
      back.credit_cents += p.give;
      continue;
    }
    const card = (await findGiftCard(tx, p.gift_card_id!, true))!;
    const after = toCents(card.balance) + p.give;
    await updateGiftCard(tx, card.gift_card_id, { balance: centsToString(after), updatedAt: refs.now });
    await insertMovement(tx, {
      gift_card_id: card.gift_card_id,
      kind: "desk_refund",
      amount: centsToString(p.give),
      balance_after: centsToString(after),
      retail_sale_id: saleId,
      actor_user_id: refs.actor_user_id,
      createdAt: refs.now,
    });
    back.gift_card_cents += p.give;
  }
  return back;
}

/** What the card and the saldo paid of each counter sale, and what refunds gave back to them. */
export async function saleBalanceSummary(db: Db, saleIds: number[]) {
  const out = new Map<number, { card: number; credit: number; card_back: number; credit_back: number }>();
  for (const r of await saleBalanceByKind(db, saleIds)) {
    const id = r.retail_sale_id!;
    const row = out.get(id) ?? { card: 0, credit: 0, card_back: 0, credit_back: 0 };
    const c = toCents(r.net);
    const credit = r.is_credit === 1;
    if (r.kind === "desk_spend") row[credit ? "credit" : "card"] -= c;
    else row[credit ? "credit_back" : "card_back"] += c;
    out.set(id, row);
  }
  return out;
}

/**
 * Checkout's part (decision 0091): the gift card then the customer's credit pay up to what is due,
 * inside the checkout's transaction (a failed checkout writes nothing); answers what they paid.
 * A subscription is billed by its processor every period: balances do not pay it.
 */
export async function payFromBalances(
  tx: Db,
  input: {
    customer_id: number;
    purchase_id: number;
    gift_card_code?: string | null;
    use_credit?: boolean;
    is_subscription: boolean;
    due_cents: number;
    now: Date;
  },
): Promise<number> {
  const code = input.gift_card_code?.trim();
  if (!code && !input.use_credit) return 0;
  if (input.is_subscription) throw AppError.of("BALANCE_NOT_FOR_SUBSCRIPTION");
  const refs = { purchase_id: input.purchase_id, now: input.now };
  let paid = 0;
  if (code)
    paid += (await spendGiftCard(tx, { code, want_cents: input.due_cents, kind: "spend", ...refs }))
      .spent_cents;
  if (input.use_credit) paid += await spendCredit(tx, input.customer_id, input.due_cents - paid, refs);
  return paid;
}
