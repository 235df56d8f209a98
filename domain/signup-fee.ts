import { formatDate } from "./format";

/**
 * The sign-up fee ("Inscripción") is paid once (decision 0050). While an open order (an OXXO
 * voucher, a SPEI transfer, a cash order) carries it, other checkouts leave it out and say where
 * it is; once it is paid, open orders that still carry it are cancelled with a notice.
 */
export type FeeCarrier = "oxxo" | "spei" | "cash";

const CARRIER_NAMES: Record<FeeCarrier, string> = {
  oxxo: "tu ficha OXXO",
  spei: "tu transferencia SPEI",
  cash: "tu pago en efectivo pendiente",
};

/** "Tu inscripción va en tu ficha OXXO del 28 nov 2026." (the studio's day of the order). */
export function feeCarriedText(carrier: FeeCarrier, openedAt: Date | string, timeZone: string): string {
  return `Tu inscripción va en ${CARRIER_NAMES[carrier]} del ${formatDate(openedAt, timeZone)}.`;
}

/** The notice of an order cancelled because its fee was paid another way. */
export function feeOrderCancelledText(
  input: { carrier: FeeCarrier; openedAt: Date | string; title: string },
  timeZone: string,
): string[] {
  return [
    `Tu inscripción ya está pagada, así que cancelamos ${CARRIER_NAMES[input.carrier]} del ${formatDate(input.openedAt, timeZone)}, que también la incluía: no la pagues.`,
    `Si aún quieres ${input.title}, cómpralo de nuevo: ya no se te cobrará la inscripción.`,
  ];
}
