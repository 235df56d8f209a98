/**
 * How the front desk was paid for a package it sold (decision 0022). The purchase is an 'admin'
 * one (the studio granted it at the counter); `provider_ref` records the way and the optional
 * reference the desk typed: "desk:card:482913" (terminal authorisation), "desk:transfer:SPEI 123",
 * "desk:cash". A gift is `is_gift` with nothing charged.
 */
export const DESK_PAYMENTS = ["cash", "card", "transfer"] as const;
export type DeskPayment = (typeof DESK_PAYMENTS)[number];

export const DESK_PAYMENT_LABELS: Record<DeskPayment, string> = {
  cash: "Efectivo",
  card: "Tarjeta (terminal)",
  transfer: "Transferencia",
};

export function deskProviderRef(payment: DeskPayment, reference: string | null | undefined): string {
  const ref = reference?.trim();
  return ref ? `desk:${payment}:${ref}` : `desk:${payment}`;
}

/** "desk:card:482913" → { payment: "card", reference: "482913" }; anything else → null. */
export function parseDeskProviderRef(
  value: string | null | undefined,
): { payment: DeskPayment; reference: string | null } | null {
  const match = /^desk:(cash|card|transfer)(?::(.*))?$/s.exec(value ?? "");
  if (!match) return null;
  return { payment: match[1] as DeskPayment, reference: match[2] || null };
}

/** "Mostrador · Tarjeta (terminal) · ref 482913" for lists and receipts; null when not a desk sale. */
export function deskPaymentText(value: string | null | undefined): string | null {
  const desk = parseDeskProviderRef(value);
  if (!desk) return null;
  const label = `Mostrador · ${DESK_PAYMENT_LABELS[desk.payment]}`;
  return desk.reference ? `${label} · ref ${desk.reference}` : label;
}
