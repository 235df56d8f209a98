import type { PersonType } from "./catalogs";

/**
 * RFC (Registro Federal de Contribuyentes) checks: format, the date inside it, and the
 * homoclave's check digit (SAT's algorithm, the one python-stdnum's mx.rfc implements).
 *
 * Persona física: 4 letters + AAMMDD + 3 homoclave characters = 13.
 * Persona moral:  3 letters + AAMMDD + 3 homoclave characters = 12.
 */

/** The RFCs a CFDI names when the receiver gave none: público en general and extranjero. */
export const GENERIC_RFCS = ["XAXX010101000", "XEXX010101000"] as const;

export type RfcProblem = "format" | "date" | "checkDigit" | "generic";

export type RfcResult = { ok: true; rfc: string; person: PersonType } | { ok: false; problem: RfcProblem };

const FORMAT = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([\dA])$/;

// SAT's table: digits 0-9, A-N 10-23, & 24, O-Z 25-36, space 37, Ñ 38.
const ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

/** Upper case, without spaces, dashes or dots (people type "GODE-561231-GR8"). */
export function normalizeRfc(input: string): string {
  return input.toUpperCase().replace(/[\s.-]/g, "");
}

/** The check digit for the RFC's first 12 (física) or 11 (moral) characters. */
export function rfcCheckDigit(withoutDigit: string): string {
  // A moral RFC is padded on the left to the física length: the space counts as 37.
  const padded = withoutDigit.padStart(12, " ");
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const value = ALPHABET.indexOf(padded[i] ?? " ");
    sum += value * (13 - i);
  }
  return ALPHABET[(11 - (sum % 11)) % 11] as string;
}

function validDate(yy: string, mm: string, dd: string): boolean {
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1) return false;
  // The century is unknown (00 may be 1900 or 2000): 29 February is accepted on any year divisible by 4.
  const year = Number(yy);
  const days = [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}

/**
 * Checks an RFC for a personal invoice: the generic ones are refused (they are for the
 * factura global, never for a customer's own CFDI).
 */
export function checkRfc(input: string): RfcResult {
  const rfc = normalizeRfc(input);
  const match = FORMAT.exec(rfc);
  if (!match) return { ok: false, problem: "format" };
  if ((GENERIC_RFCS as readonly string[]).includes(rfc)) return { ok: false, problem: "generic" };
  const [, letters, yy, mm, dd] = match as unknown as [string, string, string, string, string];
  if (!validDate(yy, mm, dd)) return { ok: false, problem: "date" };
  if (rfcCheckDigit(rfc.slice(0, -1)) !== rfc.slice(-1)) return { ok: false, problem: "checkDigit" };
  return { ok: true, rfc, person: letters.length === 4 ? "fisica" : "moral" };
}
