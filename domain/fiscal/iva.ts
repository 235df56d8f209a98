import { centsToNumber, toCents } from "../money";

/**
 * IVA on a price that already includes it (decision 0032). Studios in Mexico show
 * prices with IVA included; receipts and lists show the parts.
 *
 * Rounding: everything in integer centavos. The subtotal is total / (1 + rate) rounded half up
 * to the centavo; IVA is what remains (total − subtotal), so subtotal + IVA is always exactly
 * the total the customer paid, as a CFDI's Importe + Impuestos must be. (CFDI computes IVA as
 * base × rate; with this subtotal that product differs from our IVA by at most one centavo,
 * inside SAT's rounding tolerance.)
 */

export const IVA_RATES = ["16", "8", "0", "exento"] as const;
export type IvaRate = (typeof IVA_RATES)[number];
export const DEFAULT_IVA_RATE: IvaRate = "16";

export type IvaBreakdown = {
  rate: IvaRate;
  /** Centavos before IVA. */
  subtotal: number;
  /** Centavos of IVA (0 when the rate is 0 % or the item is exento). */
  iva: number;
  /** Centavos paid: subtotal + iva. */
  total: number;
};

export function isIvaRate(value: unknown): value is IvaRate {
  return typeof value === "string" && (IVA_RATES as readonly string[]).includes(value);
}

/** The purchase's own rate, else its package's, else the default. */
export function effectiveIvaRate(...candidates: (string | null | undefined)[]): IvaRate {
  for (const c of candidates) if (isIvaRate(c)) return c;
  return DEFAULT_IVA_RATE;
}

/** Splits a total in centavos (IVA included) into subtotal and IVA. */
export function ivaBreakdown(totalCents: number, rate: IvaRate = DEFAULT_IVA_RATE): IvaBreakdown {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`Not centavos: ${totalCents}`);
  const percent = rate === "exento" ? 0 : Number(rate);
  if (percent === 0) return { rate, subtotal: totalCents, iva: 0, total: totalCents };
  const sign = totalCents < 0 ? -1 : 1;
  const abs = Math.abs(totalCents);
  // round(abs * 100 / (100 + p)) half up, on integers.
  const subtotal = Math.floor((abs * 200 + (100 + percent)) / (2 * (100 + percent)));
  return { rate, subtotal: sign * subtotal, iva: sign * (abs - subtotal), total: totalCents };
}

/** "IVA 16 %", "IVA 0 %", "Exento de IVA" for receipts and lists. */
export function ivaLabel(rate: IvaRate): string {
  return rate === "exento" ? "Exento de IVA" : `IVA ${rate} %`;
}

/**
 * The IVA fields the API answers beside a purchase's total_payment: the rate that applies (the
 * purchase's own, else its package's, else 16 %) and subtotal and IVA in pesos, two decimals.
 */
export function ivaOut(
  totalPayment: string | number,
  ...rates: (string | null | undefined)[]
): { iva_rate: IvaRate; subtotal: number; iva: number } {
  const b = ivaBreakdown(toCents(totalPayment), effectiveIvaRate(...rates));
  return { iva_rate: b.rate, subtotal: centsToNumber(b.subtotal), iva: centsToNumber(b.iva) };
}
