/**
 * Display formatting shared by the server (emails, receipts) and the web app: money in MXN with
 * es-MX grouping, and dates in Spanish in the studio's IANA time zone.
 *
 * Pure and deterministic: money is handled as decimal strings (never float arithmetic), and dates
 * use Intl.DateTimeFormat only to convert an instant to the studio's wall clock (numeric parts);
 * Spanish names come from the tables below, so output does not depend on the machine's time zone
 * or its ICU version.
 */

import { tableOffsetAt, wallClockFormatter, wallClockParts, type ZoneOffsets } from "./zone-offsets";

export const DEFAULT_TIMEZONE = "America/Mexico_City";

const MONTHS_SHORT = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];
const MONTHS_LONG = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];
/** Index 0 is Sunday, as in Date#getDay. */
const WEEKDAYS = ["Domingo", "Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"];
const WEEKDAYS_SHORT = ["Dom", "Lun", "Mar", "Mié", "Jue", "Vie", "Sáb"];

// ---------------------------------------------------------------------------------------------
// Money

/**
 * Splits a decimal number given as a number or a numeric string into sign, integer digits and
 * fraction digits, exactly (exponent notation included), without floating-point arithmetic.
 */
function parseDecimal(amount: number | string): { negative: boolean; int: string; frac: string } | null {
  let text = typeof amount === "number" ? (Number.isFinite(amount) ? String(amount) : "") : amount.trim();
  text = text.replace(/,/g, "");
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return null;
  const negative = match[1] === "-";
  let digits = (match[2] || "") + (match[3] || "");
  let point = (match[2] || "").length + Number(match[4] || 0);
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += "0".repeat(point - digits.length);
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, "") || "0";
  return { negative, int, frac: digits.slice(point) };
}

/** Adds one unit to a string of decimal digits ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/** Rounds to two decimals (half away from zero) and groups thousands with commas: "1,250.00". */
export function formatDecimal(amount: number | string, decimals = 2): string {
  const parsed = parseDecimal(amount);
  if (!parsed) return "";
  const { negative } = parsed;
  let { int, frac } = parsed;
  const roundUp = frac.length > decimals && frac.charCodeAt(decimals) >= 53; // "5"
  frac = frac.slice(0, decimals).padEnd(decimals, "0");
  if (roundUp) {
    const bumped = incrementDigits(int + frac);
    int = bumped.slice(0, bumped.length - decimals) || "0";
    frac = bumped.slice(bumped.length - decimals);
  }
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const isZero = /^0*$/.test(int + frac);
  return `${negative && !isZero ? "-" : ""}${grouped}${decimals > 0 ? `.${frac}` : ""}`;
}

/** "$1,250.00 MXN". Accepts numbers or numeric strings ("1250.5", "-30"); invalid input → "". */
export function formatMoney(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined) return "";
  const text = formatDecimal(amount);
  if (text === "") return "";
  return text.startsWith("-") ? `-$${text.slice(1)} MXN` : `$${text} MXN`;
}

/** Whole numbers with comma thousands separators: 12345 → "12,345". */
export function formatNumber(value: number | string): string {
  return formatDecimal(value, 0);
}

// ---------------------------------------------------------------------------------------------
// Dates

export type DateInput = string | number | Date;

interface WallClock {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 0 = Sunday
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = wallClockFormatter(timeZone);
    } catch {
      // Unknown zone name in config: fall back to the default studio zone rather than crash.
      formatter = formatterFor(DEFAULT_TIMEZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offset tables by zone (zone-offsets.ts): when one covers an instant, Intl is not needed. */
const offsetTables = new Map<string, ZoneOffsets>();

/**
 * Uses `table` for its zone's wall clocks from now on (a server-rendered page brings one, so the
 * browser does not load its time-zone data to show the page's dates).
 */
export function rememberZoneOffsets(table: ZoneOffsets): void {
  offsetTables.set(table.zone, table);
}

function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * Recent answers of wallClock. A schedule formats the same few hundred instants many times (day
 * headers, card times, grouping) and formatToParts is the slow part of every date on screen.
 * Keyed by zone and the string or number as given; Dates are not kept (they can change).
 */
const recentWallClocks = new Map<string, Readonly<WallClock> | null>();
const RECENT_WALL_CLOCKS_MAX = 4000;

/**
 * The studio's wall clock for an instant. A date-only string ("2025-03-07") is a calendar date,
 * not an instant, and is returned as is (no time-zone shift). The answer is shared: do not change it.
 */
export function wallClock(input: DateInput, timeZone: string = DEFAULT_TIMEZONE): Readonly<WallClock> | null {
  if (input instanceof Date) return computeWallClock(input, timeZone);
  const key = `${timeZone}|${input}`;
  const known = recentWallClocks.get(key);
  if (known !== undefined) return known;
  const clock = computeWallClock(input, timeZone);
  if (recentWallClocks.size >= RECENT_WALL_CLOCKS_MAX) recentWallClocks.clear();
  recentWallClocks.set(key, clock);
  return clock;
}

function computeWallClock(input: DateInput, timeZone: string): WallClock | null {
  if (typeof input === "string") {
    const dateOnly = DATE_ONLY.exec(input.trim());
    if (dateOnly) {
      const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
      return { year, month, day, hour: 0, minute: 0, weekday: weekdayOf(year, month, day) };
    }
  }
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return null;
  const table = offsetTables.get(timeZone || DEFAULT_TIMEZONE);
  const offset = table ? tableOffsetAt(table, date.getTime()) : null;
  if (offset !== null) {
    const local = new Date(date.getTime() + offset * 60_000);
    const [year, month, day] = [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
    return {
      year,
      month,
      day,
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      weekday: local.getUTCDay(),
    };
  }
  const parts = wallClockParts(formatterFor(timeZone || DEFAULT_TIMEZONE), date);
  return { ...parts, weekday: weekdayOf(parts.year, parts.month, parts.day) };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "07 mar 2025" */
export function formatDate(input: DateInput | null | undefined, timeZone?: string): string {
  const c = input == null ? null : wallClock(input, timeZone);
  return c ? `${pad(c.day)} ${MONTHS_SHORT[c.month - 1]} ${c.year}` : "";
}

/** "07 mar 2025, 18:30" */
export function formatDateTime(input: DateInput | null | undefined, timeZone?: string): string {
  const c = input == null ? null : wallClock(input, timeZone);
  return c ? `${pad(c.day)} ${MONTHS_SHORT[c.month - 1]} ${c.year}, ${pad(c.hour)}:${pad(c.minute)}` : "";
}

/** "Vie 07 mar, 18:30" */
export function formatShortDayTime(input: DateInput | null | undefined, timeZone?: string): string {
  const c = input == null ? null : wallClock(input, timeZone);
  return c
    ? `${WEEKDAYS_SHORT[c.weekday]} ${pad(c.day)} ${MONTHS_SHORT[c.month - 1]}, ${pad(c.hour)}:${pad(c.minute)}`
    : "";
}

/**
 * "2025-03-07": the studio's calendar day of an instant, as a spreadsheet sorts and reads it (the
 * CSV exports; "07 mar 2025" sorts by day of the month).
 */
export function formatIsoDate(input: DateInput | null | undefined, timeZone?: string): string {
  const c = input == null ? null : wallClock(input, timeZone);
  return c ? `${c.year}-${pad(c.month)}-${pad(c.day)}` : "";
}

/** "18:30" */
export function formatTime(input: DateInput | null | undefined, timeZone?: string): string {
  const c = input == null ? null : wallClock(input, timeZone);
  return c ? `${pad(c.hour)}:${pad(c.minute)}` : "";
}

/** Birthdate as day-month-year, "07-03-1990". A calendar date: never shifted by a time zone. */
export function formatBirthdate(input: DateInput | null | undefined, timeZone?: string): string {
  if (input == null || input === "") return "";
  const text = typeof input === "string" ? input.trim().slice(0, 10) : input;
  const c = wallClock(text, typeof text === "string" && DATE_ONLY.test(text) ? "UTC" : timeZone);
  return c ? `${pad(c.day)}-${pad(c.month)}-${c.year}` : "";
}

/** Day and month only (coach birthdays): "7 de marzo". */
export function formatDayMonth(input: DateInput | null | undefined): string {
  if (input == null || input === "") return "";
  const text = typeof input === "string" ? input.trim().slice(0, 10) : input;
  const c = wallClock(text, "UTC");
  return c ? `${c.day} de ${MONTHS_LONG[c.month - 1]}` : "";
}

/** Capitalised Spanish weekday ("Lunes"): from a day index (0 = Sunday) or a date in the zone. */
export function weekdayName(input: DateInput, timeZone?: string): string {
  if (typeof input === "number" && Number.isInteger(input) && input >= 0 && input <= 6)
    return WEEKDAYS[input] ?? "";
  const c = wallClock(input, timeZone);
  return c ? (WEEKDAYS[c.weekday] ?? "") : "";
}

/** Capitalised Spanish month name ("Marzo") for 1..12. */
export function monthName(month: number): string {
  const name = MONTHS_LONG[month - 1] ?? "";
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** "septiembre de 2026": a month of a year in words (1..12), as facturas name their period. */
export function monthYearLabel(year: number, month: number): string {
  return `${MONTHS_LONG[month - 1] ?? ""} de ${year}`;
}

/** '1 lugar' / 'N lugares' */
export function spotsLabel(n: number): string {
  return countLabel(n, "lugar", "lugares");
}

/** A row-size spot map ("4,5,5,6") in words for a list: "4 filas, 20 lugares". */
export function spotMapSummary(sizes: readonly number[]): string {
  return `${countLabel(sizes.length, "fila", "filas")}, ${spotsLabel(sizes.reduce((a, b) => a + b, 0))}`;
}

/**
 * A video's length from its seconds: "6 s" under a minute (the demo's sample clips), "30 min"
 * from there on. Rounding a 6-second clip to "1 min" told customers something the player
 * contradicted.
 */
export function videoLengthLabel(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  return `${formatNumber(Math.round(whole / 60))} min`;
}

/** "1 reservación" / "3 reservaciones": a count with the noun in the right number. */
export function countLabel(n: number, singular: string, plural: string): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}
