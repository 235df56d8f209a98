import { monthYearLabel, wallClock } from "../format";
import { intlOffsetAt, wallClockFormatter } from "../zone-offsets";
import type { IvaRate } from "./iva";

/**
 * Facturas CFDI 4.0 (issue 20.2, docs/decisions/0034): the rules that need no database. Texts in
 * Spanish here, beside the rules that use them (the server's errors and the web's copy agree).
 */

export const invoicingMessages = {
  fiscalDataMissing:
    "Para pedir tu factura primero llena tus datos de facturación (RFC, razón social, régimen, código postal y uso del CFDI) en Mi Información.",
  notPaid: "Solo se pueden facturar compras pagadas.",
  nothingToInvoice: "Esta compra no tiene un monto por facturar.",
  refunded: "Esta compra se reembolsó: ya no se puede facturar.",
  outsidePeriod:
    "El plazo para facturar esta compra terminó el {deadline}. Las compras que no se facturan dentro de su mes se incluyen en la factura global del periodo, como pide el SAT.",
  inGlobal:
    "Esta compra ya se incluyó en la factura global de {period}; ya no se puede facturar a tu nombre.",
  issueFailed:
    "No se pudo emitir la factura: {reason}. Revisa tus datos de facturación en Mi Información o inténtalo más tarde.",
  pacUnavailable: "El servicio de facturación no responde. Inténtalo de nuevo en unos minutos.",
  preview: "Vista previa sin validez fiscal: el estudio aún no configura su proveedor de facturación.",
  invoiceNotFound: "No encontramos esa factura.",
  notFailed: "Solo se puede reintentar una factura que falló.",
  deskFiscalDataMissing:
    "El cliente no tiene datos de facturación guardados: escribe su RFC, razón social, régimen, código postal y uso del CFDI.",
  globalPeriodOpen:
    "El periodo {period} aún está abierto para que los clientes pidan su factura (hasta el {deadline}); su factura global se emite después.",
  nothingForGlobal: "No hay compras sin facturar en {period}: no hace falta factura global.",
  replacementRequired:
    "El motivo 01 (comprobante emitido con errores con relación) necesita el folio de la factura que sustituye a esta.",
  replacementInvalid: "La factura sustituta debe ser otra factura vigente del estudio.",
  cancelRefused: "El servicio de facturación no aceptó la cancelación: {reason}.",
  notCancellable: "Solo se puede cancelar una factura vigente.",
  inProgress: "Esta factura se está emitiendo. Si en unos minutos sigue pendiente, podrás reintentarla.",
} as const;

/**
 * A factura left `pending` this long is treated as failed (decision 0057): its attempt died
 * (the process stopped, or a bug threw before the outcome was written). Longer than any PAC call
 * can last (node's fetch gives up waiting for an answer's headers after 300 s), so a call still
 * in flight is never taken for a dead one.
 */
export const PENDING_STALE_MS = 6 * 60_000;

/** Whether a factura may be issued again: it failed, or its attempt died while pending. */
export function retryableCfdi(row: { status: string; updatedAt: Date }, now: Date): boolean {
  if (row.status === "failed") return true;
  return row.status === "pending" && now.getTime() - row.updatedAt.getTime() >= PENDING_STALE_MS;
}

export type InvoicingMessageKey = keyof typeof invoicingMessages;

export function it(key: InvoicingMessageKey, params: Record<string, string> = {}): string {
  return invoicingMessages[key].replace(/\{(\w+)\}/g, (_, n: string) => params[n] ?? `{${n}}`);
}

/** The receiver of a factura global (Anexo 20, guía de llenado: público en general). */
export const PUBLICO_EN_GENERAL = {
  rfc: "XAXX010101000",
  razon_social: "PUBLICO EN GENERAL",
  regimen_fiscal: "616",
  uso_cfdi: "S01",
} as const;

/**
 * c_FormaPago of a purchase by how it was paid. Card processors: 04 (tarjeta de crédito; the
 * processor does not tell us credit from debit, and SAT accepts 04 when unknown at issue time),
 * PayPal: 31 (intermediario pagos), cash and the desk: 01 (efectivo), a bank transfer (SPEI): 03.
 */
export function paymentFormOf(provider: string, method?: string | null): string {
  if (method === "spei" || method === "transfer") return "03";
  if (method === "oxxo") return "01";
  switch (provider) {
    case "stripe":
    case "sandbox":
      return "04";
    case "paypal":
      return "31";
    default:
      return "01";
  }
}

/** The tax object Facturapi expects on an item at this rate (exento: IVA exento, no rate). */
export function facturapiTaxes(rate: IvaRate): { type: "IVA"; rate?: number; factor?: "Exento" }[] {
  if (rate === "exento") return [{ type: "IVA", factor: "Exento" }];
  return [{ type: "IVA", rate: Number(rate) / 100 }];
}

/** "2026-10" for an instant, in the studio's zone. */
export function periodOf(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  if (!w) throw new RangeError("Not a date");
  return `${w.year}-${String(w.month).padStart(2, "0")}`;
}

/** The instant a wall-clock midnight (year, month, day) happens in `timeZone`. */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const formatter = wallClockFormatter(timeZone);
  const guess = Date.UTC(year, month - 1, day);
  let ms = guess - intlOffsetAt(formatter, guess) * 60_000;
  ms = guess - intlOffsetAt(formatter, ms) * 60_000;
  return new Date(ms);
}

/** Year and month of a "2026-09" period (NaN for a part it lacks). */
function yearMonth(period: string): [year: number, month: number] {
  const [y = Number.NaN, m = Number.NaN] = period.split("-").map(Number);
  return [y, m];
}

/** The period before "2026-10": "2026-09". */
export function previousPeriod(period: string): string {
  const [y, m] = yearMonth(period);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** Start (inclusive) and end (exclusive) instants of a monthly period in the studio's zone. */
export function periodBounds(period: string, timeZone: string): { from: Date; to: Date } {
  const [y, m] = yearMonth(period);
  const to = m === 12 ? zonedMidnight(y + 1, 1, 1, timeZone) : zonedMidnight(y, m + 1, 1, timeZone);
  return { from: zonedMidnight(y, m, 1, timeZone), to };
}

/**
 * Until when a purchase paid at `paidAt` can be invoiced to the customer (SAT: a sale goes on a
 * factura in the month it happened, else into that month's factura global). `daysAfterMonth`
 * (studio setting invoice_request_days_after_month) extends it into the next month; the global
 * job waits as long. Answers the exclusive deadline instant.
 */
export function invoiceRequestDeadline(paidAt: Date, timeZone: string, daysAfterMonth: number): Date {
  const { to } = periodBounds(periodOf(paidAt, timeZone), timeZone);
  const days = Math.max(0, Math.floor(daysAfterMonth));
  if (days === 0) return to;
  const w = wallClock(to, timeZone)!;
  return zonedMidnight(w.year, w.month, w.day + days, timeZone);
}

/**
 * The period a factura global may be issued for at `now`: the previous month once its request
 * window has closed (day 1 of this month with no extra days), else null.
 */
export function globalPeriodDue(now: Date, timeZone: string, daysAfterMonth: number): string | null {
  const previous = previousPeriod(periodOf(now, timeZone));
  const { from } = periodBounds(previous, timeZone);
  const deadline = invoiceRequestDeadline(from, timeZone, daysAfterMonth);
  return now >= deadline ? previous : null;
}

/** "septiembre de 2026" for "2026-09". */
export function periodLabel(period: string): string {
  const [y, m] = yearMonth(period);
  return monthYearLabel(y, m);
}

/** c_ClaveProdServ: 8 digits; c_ClaveUnidad: 2–3 letters or digits (E48, ACT). */
export const PRODUCT_KEY_PATTERN = /^\d{8}$/;
export const UNIT_KEY_PATTERN = /^[A-Z0-9]{2,3}$/;
