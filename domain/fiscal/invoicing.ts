import { monthYearLabel, wallClock } from "../format";
import { intlOffsetAt, wallClockFormatter } from "../zone-offsets";
import type { IvaRate } from "./iva";

/**
 * Facturas CFDI 4.0 (docs/decisions/0036): the rules that need no database. Texts in
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
  notIssued: "Esta factura aún no tiene PDF ni XML: {reason}.",
  noCancellationPending: "Esta factura no tiene una cancelación en espera del receptor.",
  cancellationPending:
    "Esta factura ya tiene una cancelación en espera de que el receptor la acepte en el buzón tributario del SAT.",
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

/**
 * How often the factura global is issued (SAT's c_Periodicidad 01 diario, 02 semanal, 03
 * quincenal, 04 mensual; Facturapi's `global.periodicity`), studio setting
 * invoice_global_periodicity (decision 0059). A purchase can be invoiced to its customer until its
 * period closes (plus invoice_request_days_after_month); then it goes into that period's global.
 */
export const GLOBAL_PERIODICITIES = ["day", "week", "fortnight", "month"] as const;
export type GlobalPeriodicity = (typeof GLOBAL_PERIODICITIES)[number];

export const periodicityOf = (value: unknown): GlobalPeriodicity =>
  (GLOBAL_PERIODICITIES as readonly unknown[]).includes(value) ? (value as GlobalPeriodicity) : "month";

type Wall = { year: number; month: number; day: number };
const pad = (n: number) => String(n).padStart(2, "0");
/** A wall-clock date moved by whole days (the calendar's own arithmetic, no zone). */
function addDays(w: Wall, days: number): Wall {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * A period's id: "2026-10" (month), "2026-10-Q1" / "2026-10-Q2" (days 1-15 / 16-end),
 * "2026-10-05-S" (the week starting Monday 5), "2026-10-05" (a day).
 */
function periodOfWall(w: Wall, p: GlobalPeriodicity): string {
  if (p === "month") return `${w.year}-${pad(w.month)}`;
  if (p === "fortnight") return `${w.year}-${pad(w.month)}-Q${w.day <= 15 ? 1 : 2}`;
  if (p === "day") return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  const monday = addDays(w, -((weekday + 6) % 7));
  return `${monday.year}-${pad(monday.month)}-${pad(monday.day)}-S`;
}

/** A period id read back: its periodicity, its first day and the day after its last. */
export function parsePeriod(period: string): { p: GlobalPeriodicity; start: Wall; end: Wall } | null {
  let m = /^(\d{4})-(\d{2})$/.exec(period);
  if (m) {
    const start = { year: Number(m[1]), month: Number(m[2]), day: 1 };
    if (start.month < 1 || start.month > 12) return null;
    const next =
      start.month === 12 ? { year: start.year + 1, month: 1, day: 1 } : { ...start, month: start.month + 1 };
    return { p: "month", start, end: next };
  }
  m = /^(\d{4})-(\d{2})-Q([12])$/.exec(period);
  if (m) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    if (month < 1 || month > 12) return null;
    if (m[3] === "1")
      return { p: "fortnight", start: { year, month, day: 1 }, end: { year, month, day: 16 } };
    const end = month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 };
    return { p: "fortnight", start: { year, month, day: 16 }, end };
  }
  m = /^(\d{4})-(\d{2})-(\d{2})(-S)?$/.exec(period);
  if (m) {
    const start = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
    const check = addDays(start, 0);
    if (check.month !== start.month || check.day !== start.day) return null;
    return m[4] ? { p: "week", start, end: addDays(start, 7) } : { p: "day", start, end: addDays(start, 1) };
  }
  return null;
}

/** The period of an instant in the studio's zone: "2026-10" by default (monthly). */
export function periodOf(at: Date, timeZone: string, p: GlobalPeriodicity = "month"): string {
  const w = wallClock(at, timeZone);
  if (!w) throw new RangeError("Not a date");
  return periodOfWall({ year: w.year, month: w.month, day: w.day }, p);
}

/** The instant a wall-clock midnight (year, month, day) happens in `timeZone`. */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const formatter = wallClockFormatter(timeZone);
  const guess = Date.UTC(year, month - 1, day);
  let ms = guess - intlOffsetAt(formatter, guess) * 60_000;
  ms = guess - intlOffsetAt(formatter, ms) * 60_000;
  return new Date(ms);
}

/** The period before: "2026-09" before "2026-10", Q1 before Q2, the day or week before. */
export function previousPeriod(period: string): string {
  const parsed = parsePeriod(period);
  if (!parsed) throw new RangeError(`Not a period: ${period}`);
  return periodOfWall(addDays(parsed.start, -1), parsed.p);
}

/** Start (inclusive) and end (exclusive) instants of a period in the studio's zone. */
export function periodBounds(period: string, timeZone: string): { from: Date; to: Date } {
  const parsed = parsePeriod(period);
  if (!parsed) throw new RangeError(`Not a period: ${period}`);
  const { start, end } = parsed;
  return {
    from: zonedMidnight(start.year, start.month, start.day, timeZone),
    to: zonedMidnight(end.year, end.month, end.day, timeZone),
  };
}

/**
 * Until when a purchase paid at `paidAt` can be invoiced to the customer (SAT: a sale goes on a
 * factura in its period, else into that period's factura global; decisions 0036 and 0059).
 * `daysAfter` (studio setting invoice_request_days_after_month) extends it past the period's end;
 * the global job waits as long. Answers the exclusive deadline instant.
 */
export function invoiceRequestDeadline(
  paidAt: Date,
  timeZone: string,
  daysAfter: number,
  p: GlobalPeriodicity = "month",
): Date {
  return periodDeadline(periodOf(paidAt, timeZone, p), timeZone, daysAfter);
}

/** When a period's request window closes: its end plus `daysAfter` days. */
export function periodDeadline(period: string, timeZone: string, daysAfter: number): Date {
  const parsed = parsePeriod(period);
  if (!parsed) throw new RangeError(`Not a period: ${period}`);
  const end = addDays(parsed.end, Math.max(0, Math.floor(daysAfter)));
  return zonedMidnight(end.year, end.month, end.day, timeZone);
}

/**
 * The period a factura global may be issued for at `now`: the previous one once its request
 * window has closed (at its end with no extra days), else null.
 */
export function globalPeriodDue(
  now: Date,
  timeZone: string,
  daysAfter: number,
  p: GlobalPeriodicity = "month",
): string | null {
  const previous = previousPeriod(periodOf(now, timeZone, p));
  return now >= periodDeadline(previous, timeZone, daysAfter) ? previous : null;
}

/**
 * InformacionGlobal of a period's factura global, as Facturapi takes it: the periodicity, the
 * month (a week's: the month it starts in) and the year.
 */
export function globalInformation(period: string): {
  periodicity: GlobalPeriodicity;
  months: string;
  year: number;
} {
  const parsed = parsePeriod(period);
  if (!parsed) throw new RangeError(`Not a period: ${period}`);
  return { periodicity: parsed.p, months: pad(parsed.start.month), year: parsed.start.year };
}

/**
 * "septiembre de 2026", "1.ª quincena de septiembre de 2026", "semana del 7 de septiembre de
 * 2026", "7 de septiembre de 2026".
 */
export function periodLabel(period: string): string {
  const parsed = parsePeriod(period);
  if (!parsed) return period;
  const { p, start } = parsed;
  const month = monthYearLabel(start.year, start.month);
  if (p === "month") return month;
  if (p === "fortnight") return `${start.day === 1 ? "1.ª" : "2.ª"} quincena de ${month}`;
  if (p === "week") return `semana del ${start.day} de ${month}`;
  return `${start.day} de ${month}`;
}

/** c_ClaveProdServ: 8 digits; c_ClaveUnidad: 2–3 letters or digits (E48, ACT). */
export const PRODUCT_KEY_PATTERN = /^\d{8}$/;
export const UNIT_KEY_PATTERN = /^[A-Z0-9]{2,3}$/;
