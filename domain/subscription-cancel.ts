import { formatDate } from "./format";

/**
 * Until when a cancelled subscription still gives access (its paid period's end), said the same
 * way by the cancel dialog before confirming and by the email after (decision 0051).
 */
export function accessUntilText(accessUntil: Date | string | null, timeZone: string): string {
  return accessUntil
    ? `Tu acceso sigue hasta el ${formatDate(accessUntil, timeZone)}; después no se harán más cargos.`
    : "Tu acceso termina hoy y no se harán más cargos.";
}
