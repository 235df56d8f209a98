/**
 * Money arithmetic in integer centavos. Amounts arrive as numeric strings from the database
 * ("1350.00") or as numbers from JSON (1350.5); every calculation happens on integers and the
 * API answers numbers with two decimals. Floats are never used for arithmetic.
 */

/** "1350.5" | 1350.5 → 135050. Rounds half away from zero past the second decimal. */
export function toCents(value: string | number): number {
  const text = typeof value === "number" ? value.toFixed(6) : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) throw new RangeError(`Not an amount: ${value}`);
  const [, sign, int, frac = ""] = match;
  const padded = frac.padEnd(3, "0");
  let cents = Number(int || "0") * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign === "-" ? -cents : cents;
}

/** 135050 → "1350.50" (for numeric columns). */
export function centsToString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 135050 → 1350.5 (for JSON responses; exact because it comes from a two-decimal string). */
export function centsToNumber(cents: number): number {
  return Number(centsToString(cents));
}

/** A numeric column value to a JSON number with two decimals; null stays null. */
export function moneyOut(value: string | null | undefined): number | null {
  return value == null ? null : centsToNumber(toCents(value));
}

export type PriceInput = {
  price: string | number;
  sale_price?: string | number | null;
  allow_discount_over_sale_price?: boolean;
};

export type DiscountInput = { amount: string | number; is_percent: boolean };

export type Totals = {
  /** What the package costs before the code: the sale price when on sale, else the price. */
  amount: number;
  /** How much the code takes off `amount` (never more than `amount`). */
  discount_total: number;
  /** What the customer pays now. */
  total: number;
};

/** Percent of an amount in centavos, rounded half up to the centavo. */
function percentOf(cents: number, percent: string | number): number {
  // percent has at most two decimals: work in hundredths of a percent to stay on integers.
  const hundredths = toCents(percent);
  return Math.floor((cents * hundredths + 5000) / 10000);
}

/**
 * docs/product-rules.md#checkout: percent discounts reduce the price, or the sale price when
 * discounts over the sale price are allowed; fixed amounts are subtracted; two decimals. When a
 * package is on sale and stacking is not allowed, the code applies to the list price and the
 * customer pays the lower of that and the sale price, so a code never makes a sale package dearer.
 */
export function computeTotals(pkg: PriceInput, discount?: DiscountInput | null): Totals {
  const price = toCents(pkg.price);
  const sale = pkg.sale_price == null || pkg.sale_price === "" ? null : toCents(pkg.sale_price);
  const onSale = sale !== null && sale < price;
  const amount = onSale ? sale : price;
  if (!discount) return { amount, discount_total: 0, total: amount };
  const base = onSale && !pkg.allow_discount_over_sale_price ? price : amount;
  const off = discount.is_percent ? percentOf(base, discount.amount) : toCents(discount.amount);
  const discounted = Math.max(0, base - off);
  const total = Math.min(amount, discounted);
  return { amount, discount_total: amount - total, total };
}
