/**
 * A time zone's UTC offsets over a span of time, as a small table: the offset in force from each
 * instant it changes. The server builds it with Intl and sends it with a server-rendered page; the
 * browser then turns instants into the studio's wall clock with plain arithmetic (format.ts).
 *
 * Why: the first Intl.DateTimeFormat with a time zone that a page creates loads the browser's
 * time-zone data, about 60 ms on a mid-range phone (240 ms in Lighthouse's 4x slowdown), in the
 * task that hydrates the page. A table of a few numbers does the same job for the dates a page
 * shows; anything outside its span still goes through Intl.
 */

export interface ZoneOffsets {
  zone: string;
  /** The span covered, in ms since the epoch: [from, to). */
  from: number;
  to: number;
  /** [instant in ms, offset in minutes east of UTC] in time order; the first is at `from`. */
  changes: [number, number][];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The zone's offset at an instant, in minutes (Intl: for building tables, not for hot paths). */
export function intlOffsetAt(formatter: Intl.DateTimeFormat, ms: number): number {
  const parts = wallClockParts(formatter, ms);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return Math.round((wall - Math.floor(ms / MINUTE) * MINUTE) / MINUTE);
}

/**
 * The numeric fields of an instant as a wallClockFormatter shows them (midnight, which some
 * engines give as hour 24, as 0). That formatter always gives all five.
 */
export function wallClockParts(formatter: Intl.DateTimeFormat, instant: number | Date) {
  const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of formatter.formatToParts(instant)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = Number(part.value);
  }
  parts.hour %= 24;
  return parts;
}

/**
 * A formatter to the numeric wall clock of `zone` (throws RangeError for an unknown zone). The one
 * place the app creates a time-zone Intl formatter: format.ts uses it when no table applies.
 */
export function wallClockFormatter(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  });
}

/**
 * The table for `zone` between two instants. Offsets are sampled a day apart (no zone changes
 * twice in a day) and each change is then found to the minute by bisection.
 */
export function buildZoneOffsets(zone: string, from: number, to: number): ZoneOffsets {
  const formatter = wallClockFormatter(zone);
  const offsetAt = (ms: number) => intlOffsetAt(formatter, ms);
  const start = Math.floor(from / MINUTE) * MINUTE;
  let offset = offsetAt(start);
  const changes: [number, number][] = [[start, offset]];
  let before = start;
  while (before < to) {
    const after = Math.min(before + DAY, to);
    const next = offsetAt(after);
    if (next !== offset) {
      // The first minute in (before, after] with the new offset.
      let low = before;
      let high = after;
      while (high - low > MINUTE) {
        const middle = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
        if (offsetAt(middle) === offset) low = middle;
        else high = middle;
      }
      changes.push([high, next]);
      offset = next;
    }
    before = after;
  }
  return { zone, from: start, to, changes };
}

/** The offset the table gives for an instant, or null outside its span. */
export function tableOffsetAt(table: ZoneOffsets, ms: number): number | null {
  if (!(ms >= table.from && ms < table.to)) return null;
  // The first change is at `from`; each later one applies from its instant on.
  let offset: number | null = null;
  for (const [at, value] of table.changes) {
    if (offset !== null && at > ms) break;
    offset = value;
  }
  return offset;
}

const builtByDay = new Map<string, ZoneOffsets>();

/**
 * The table a page sends: from about a year back (recent purchases, past classes) to two years
 * ahead (the schedule). Built once per zone and day.
 */
export function zoneOffsetsAround(zone: string, now = Date.now()): ZoneOffsets {
  const day = Math.floor(now / DAY) * DAY;
  const key = `${zone}|${day}`;
  let table = builtByDay.get(key);
  if (!table) {
    table = buildZoneOffsets(zone, day - 400 * DAY, day + 800 * DAY);
    if (builtByDay.size > 16) builtByDay.clear();
    builtByDay.set(key, table);
  }
  return table;
}

/** Whether a value read from a page is a table this module built (it crosses the network). */
export function isZoneOffsets(value: unknown): value is ZoneOffsets {
  const table = value as ZoneOffsets | null;
  return (
    typeof table?.zone === "string" &&
    Number.isFinite(table.from) &&
    Number.isFinite(table.to) &&
    Array.isArray(table.changes) &&
    table.changes.length > 0 &&
    table.changes.every(
      (change) => Array.isArray(change) && Number.isFinite(change[0]) && Number.isInteger(change[1]),
    )
  );
}
