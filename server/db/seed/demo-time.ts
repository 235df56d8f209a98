/**
 * Studio-local time helpers that never depend on the machine's time zone: wall-clock times in
 * the studio's zone are converted to UTC instants through Intl.
 */

export const DEMO_TIME_ZONE = "America/Mexico_City";

type Parts = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Wall-clock parts of an instant in a zone (weekday 1 = Monday ... 7 = Sunday). */
export function zonedParts(instant: Date, timeZone = DEMO_TIME_ZONE): Parts & { second: number } {
  const out: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) out[p.type] = p.value;
  const weekday = WEEKDAYS[out.weekday ?? ""];
  if (weekday === undefined) throw new Error(`unexpected weekday: ${out.weekday}`);
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    hour: Number(out.hour),
    minute: Number(out.minute),
    second: Number(out.second),
    weekday,
  };
}

/** Offset of the zone at an instant, in milliseconds (UTC-6 gives -21_600_000). */
function offsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The UTC instant of a wall-clock time in the zone (month 1-12; day may overflow). */
export function zonedTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone = DEMO_TIME_ZONE,
): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let instant = new Date(guess - offsetMs(new Date(guess), timeZone));
  // Second pass settles the rare case where the offset differs between guess and result.
  instant = new Date(guess - offsetMs(instant, timeZone));
  return instant;
}

/** A studio-local calendar day (no time). */
export type LocalDay = { year: number; month: number; day: number };

/** Monday of the week containing `now`, in the zone. */
export function mondayOf(now: Date, timeZone = DEMO_TIME_ZONE): LocalDay {
  const p = zonedParts(now, timeZone);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day - (p.weekday - 1)));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** "YYYY-MM-DD" of a local day. */
export function isoDay(day: LocalDay): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day.year}-${pad(day.month)}-${pad(day.day)}`;
}

export function addDays(day: LocalDay, days: number): LocalDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Instant of "HH:MM" on a local day. */
export function at(day: LocalDay, time: string, timeZone = DEMO_TIME_ZONE): Date {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return zonedTime(day.year, day.month, day.day, h, m, timeZone);
}

export const DAY_MS = 86_400_000;
export const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);

/** Small deterministic PRNG so the demo is the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
