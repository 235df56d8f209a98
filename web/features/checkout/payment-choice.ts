/** The ways to pay a checkout offers, which one is preselected, and how an address names one. */
import type { CheckoutOption } from "./api";

export type Choice = "card" | "cash" | "wallet" | "oxxo" | "spei";

/**
 * `?metodo=` on a checkout address: the way to pay the customer came for (the package after the
 * sign-up fee's own checkout comes back with the method the fee was paid with).
 */
export const METHOD_PARAM: Record<string, Choice> = {
  tarjeta: "card",
  efectivo: "cash",
  paypal: "wallet",
  oxxo: "oxxo",
  spei: "spei",
};

/** A purchase's provider as `?metodo=`: how the customer just paid, to preselect it next. */
export function methodParamOf(provider: string): string | null {
  if (provider === "sandbox" || provider === "stripe" || provider === "mercadopago") return "tarjeta";
  if (provider === "cash") return "efectivo";
  if (provider === "paypal") return "paypal";
  return null;
}

/**
 * The preselected way to pay (docs/product-rules.md#checkout): the one the customer came for
 * (`requested`, from `?metodo=`) when this checkout offers it; else cash when cash checkout is
 * on, or cash exists without card; else card.
 */
export function defaultChoice(
  options: CheckoutOption[],
  cashEnabled: boolean,
  requested: Choice | null = null,
  offered: readonly Choice[] = [],
): Choice {
  if (requested && offered.includes(requested)) return requested;
  const hasCash = options.some((o) => o.provider === "cash");
  const hasCard = options.some((o) => o.provider === "card");
  if (hasCash && (cashEnabled || !hasCard)) return "cash";
  return "card";
}
