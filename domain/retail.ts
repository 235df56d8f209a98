import { type IvaRate, ivaBreakdown } from "./fiscal/iva";

/**
 * Retail at the counter (decision 0094; docs/product-rules.md#retail). Pure rules on integer
 * centavos: what a cart costs and how much of it is IVA, what a return gives back, when a
 * variant is low on stock, and that stock never goes below zero.
 */

export const STOCK_REASONS = ["restock", "adjust", "sale", "refund"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Most units of one variant in one sale: a typo guard (999 socks is not a sale). */
export const MAX_UNITS_PER_LINE = 99;

/** "Calcetas antiderrapantes · M · Negro"; without options, the product's name. */
export function variantTitle(productName: string, variant: { size?: string | null; colour?: string | null }) {
  return [productName, variant.size, variant.colour].filter((part) => part?.trim()).join(" · ");
}

export type CartLine = { variant_id: number; quantity: number };

/** The same variant asked twice becomes one line; order of first appearance is kept. */
export function mergeCart(lines: readonly CartLine[]): CartLine[] {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.variant_id, (merged.get(line.variant_id) ?? 0) + line.quantity);
  return [...merged].map(([variant_id, quantity]) => ({ variant_id, quantity }));
}

/** Whether each line asks for a whole number of units from 1 to MAX_UNITS_PER_LINE. */
export function cartIsValid(lines: readonly CartLine[]): boolean {
  return (
    lines.length > 0 &&
    mergeCart(lines).every(
      (l) => Number.isInteger(l.quantity) && l.quantity >= 1 && l.quantity <= MAX_UNITS_PER_LINE,
    )
  );
}

export type PricedLine = { quantity: number; unit_price_cents: number; iva_rate: IvaRate };

/** A sale's total with its IVA split per line (prices include IVA, decision 0032). */
export function saleTotals(lines: readonly PricedLine[]) {
  let total = 0;
  let iva = 0;
  for (const line of lines) {
    const lineTotal = line.quantity * line.unit_price_cents;
    total += lineTotal;
    iva += ivaBreakdown(lineTotal, line.iva_rate).iva;
  }
  return { total_cents: total, iva_cents: iva, subtotal_cents: total - iva };
}

export type SoldLine = {
  line_id: number;
  quantity: number;
  refunded_quantity: number;
  unit_price_cents: number;
};

/**
 * What returning `returns` units gives back: each line's unit price times the units returned, never
 * more units than were sold and not yet returned. null when a line is unknown or over-returned.
 */
export function refundFor(
  sold: readonly SoldLine[],
  returns: readonly { line_id: number; quantity: number }[],
): { amount_cents: number; lines: { line_id: number; quantity: number }[] } | null {
  const byId = new Map(sold.map((l) => [l.line_id, l]));
  const asked = new Map<number, number>();
  for (const r of returns) asked.set(r.line_id, (asked.get(r.line_id) ?? 0) + r.quantity);
  if (asked.size === 0) return null;
  let amount = 0;
  for (const [lineId, quantity] of asked) {
    const line = byId.get(lineId);
    if (!line || !Number.isInteger(quantity) || quantity < 1) return null;
    if (quantity > line.quantity - line.refunded_quantity) return null;
    amount += quantity * line.unit_price_cents;
  }
  return { amount_cents: amount, lines: [...asked].map(([line_id, quantity]) => ({ line_id, quantity })) };
}

/** A sale's state after its refunds (decision 0127): nothing, part or all of it handed back. */
export function saleStatus(
  totalCents: number,
  refundedCents: number,
): "paid" | "partly_refunded" | "refunded" {
  if (refundedCents <= 0) return "paid";
  return refundedCents >= totalCents ? "refunded" : "partly_refunded";
}

/**
 * Where a refund of `amount_cents` goes (decision 0127): the drawer hands back what it took less
 * what earlier refunds handed back from it, the rest goes to the saldo a favor then the gift card
 * that paid, each up to what it paid and was not given back yet. The server's rule, for the screen.
 */
export function refundSplit(
  sale: {
    total_cents: number;
    refunded_cents: number;
    card_cents: number;
    credit_cents: number;
    card_back_cents: number;
    credit_back_cents: number;
  },
  amount_cents: number,
): { drawer_cents: number; credit_cents: number; card_cents: number } {
  const creditLeft = Math.max(0, sale.credit_cents - sale.credit_back_cents);
  const cardLeft = Math.max(0, sale.card_cents - sale.card_back_cents);
  const drawerLeft = Math.max(0, sale.total_cents - sale.refunded_cents - creditLeft - cardLeft);
  const drawer = Math.min(amount_cents, drawerLeft);
  const credit = Math.min(amount_cents - drawer, creditLeft);
  const card = Math.min(amount_cents - drawer - credit, cardLeft);
  return { drawer_cents: drawer, credit_cents: credit, card_cents: card };
}

/** The stock after a movement, or null when it would go below zero (the movement is refused). */
export function stockAfter(quantity: number, delta: number): number | null {
  const next = quantity + delta;
  return next < 0 ? null : next;
}

/** At or below the product's threshold (and the threshold is on): shown in the low-stock list. */
export function isLowStock(quantity: number, threshold: number): boolean {
  return threshold > 0 && quantity <= threshold;
}

/** "Quedan 2 unidades" / "Queda 1 unidad" / "Agotado". */
export function stockLabel(quantity: number): string {
  if (quantity <= 0) return "Agotado";
  return quantity === 1 ? "Queda 1 unidad" : `Quedan ${quantity} unidades`;
}
