/**
 * The period of a report: studio-local days, both ends included (docs/product-rules.md#money-and-time).
 * Pure: the instants come from the studio's zone, never the machine's.
 */
import { addLocalDays, isLocalDay, zonedInstant } from "../booking";
import { wallClock } from "../format";

export type ReportPeriod = { from: string; to: string };

/** The instants [start, end) of a period of studio days: midnight of `from` to midnight after `to`. */
export function periodInstants(period: ReportPeriod, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedInstant(period.from, "00:00", timeZone),
    end: zonedInstant(addLocalDays(period.to, 1), "00:00", timeZone),
  };
}

/** Whether the period is two real days in order and at most `maxDays` long. */
export function isValidPeriod(period: ReportPeriod, maxDays = 366 * 6): boolean {
  if (!isLocalDay(period.from) || !isLocalDay(period.to) || period.from > period.to) return false;
  return addLocalDays(period.from, maxDays) >= period.to;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM" of an instant on the studio's calendar. */
export function localMonth(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  if (!w) throw new RangeError("invalid date");
  return `${w.year}-${pad(w.month)}`;
}

/** Every "YYYY-MM" a period touches, oldest first. */
export function monthsOf(period: ReportPeriod): string[] {
  const out: string[] = [];
  let [y, m] = period.from.split("-").map(Number) as [number, number];
  const last = period.to.slice(0, 7);
  for (;;) {
    const key = `${y}-${pad(m)}`;
    out.push(key);
    if (key >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** A share as a percentage with one decimal (null when there is nothing to divide by). */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
