import type { z } from "zod";
import type { saleBody } from "../../../domain/api/retail";
import { AppError } from "../../../domain/errors";
import { splitCounterTender } from "../../../domain/gift-cards";
import type { Db } from "../../db/client";
import { lockCredit, lockGiftCard, moveCredit, spendGiftCard } from "../gift-cards/ledger";

/**
 * A gift card and saldo a favor as tender of a counter sale (decision 0123). They pay first, in
 * the sale's transaction (a refused sale spends nothing), the card then the credit, each locked
 * for the rest of the transaction, so a balance is spent once however many desks try at once;
 * the desk's `payment` takes the rest. The package's share is a 'spend' of its purchase (so its
 * refunds and the cash close know it), the products' a 'desk_spend' of the retail sale.
 */

type Sale = z.output<typeof saleBody>;
export type Tender = Pick<Sale, "gift_card_code" | "gift_card_amount" | "credit_amount">;

const cents = (pesos: number | null | undefined) => Math.round((pesos ?? 0) * 100);

/** Refused before the transaction: amounts that name no holder. */
export function checkTender(tender: Tender, customerId: number | null | undefined) {
  if (tender.gift_card_amount && !tender.gift_card_code?.trim())
    throw AppError.of("COUNTER_TENDER_INVALID", { fields: { gift_card_code: "Falta el código" } });
  if (tender.credit_amount && !customerId)
    throw AppError.of("RETAIL_CUSTOMER_REQUIRED", { fields: { customer_id: "Elige a la persona" } });
}

export async function payCounterTender(
  tx: Db,
  input: {
    tender: Tender;
    customer_id: number | null;
    purchase_id: number | null;
    package_cents: number;
    sale_id: number | null;
    products_cents: number;
    actor_user_id: string;
    now: Date;
  },
): Promise<{ gift_card_cents: number; credit_cents: number; products_balance_cents: number }> {
  const { tender } = input;
  const due = input.package_cents + input.products_cents;
  const code = tender.gift_card_code?.trim();
  let card = 0;
  if (code) {
    const { balance_cents } = await lockGiftCard(tx, code, input.now);
    card = tender.gift_card_amount ? cents(tender.gift_card_amount) : Math.min(balance_cents, due);
    if (card > balance_cents)
      // The named amount is more than the card holds: spendGiftCard's exact refusal says how much.
      await spendGiftCard(tx, { code, want_cents: card, kind: "desk_spend", exact: true, now: input.now });
  }
  const credit = cents(tender.credit_amount);
  if (card + credit > due)
    throw AppError.of("COUNTER_TENDER_INVALID", { fields: { gift_card_amount: "Más que el total" } });
  if (credit > 0 && (await lockCredit(tx, input.customer_id!)) < credit)
    throw AppError.of("CREDIT_INSUFFICIENT", { fields: { credit_amount: "Más que el saldo a favor" } });
  const split = splitCounterTender({
    package_cents: input.package_cents,
    products_cents: input.products_cents,
    gift_card_cents: card,
    credit_cents: credit,
  });
  const refs = { actor_user_id: input.actor_user_id, now: input.now };
  const forPackage = { ...refs, purchase_id: input.purchase_id };
  const forProducts = { ...refs, retail_sale_id: input.sale_id };
  if (code && split.gift_card.package_cents > 0)
    await spendGiftCard(tx, {
      code,
      want_cents: split.gift_card.package_cents,
      kind: "spend",
      exact: true,
      ...forPackage,
    });
  if (code && split.gift_card.products_cents > 0)
    await spendGiftCard(tx, {
      code,
      want_cents: split.gift_card.products_cents,
      kind: "desk_spend",
      exact: true,
      ...forProducts,
    });
  if (split.credit.package_cents > 0)
    await moveCredit(tx, input.customer_id!, -split.credit.package_cents, "spend", forPackage);
  if (split.credit.products_cents > 0)
    await moveCredit(tx, input.customer_id!, -split.credit.products_cents, "desk_spend", forProducts);
  return {
    gift_card_cents: card,
    credit_cents: credit,
    products_balance_cents: split.gift_card.products_cents + split.credit.products_cents,
  };
}
