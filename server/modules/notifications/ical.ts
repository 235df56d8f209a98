/**
 * iCalendar (RFC 5545) text for reservations: one event per reservation, UID
 * "reservacion-<id>@<host>" for its whole life (decision 0026). With a studio zone the times are
 * the studio's wall clock with TZID and a VTIMEZONE built from the zone's real rules, so a
 * calendar shows the class at the studio's hour even across a DST change; without one they are
 * UTC ("Z"). A changed class keeps the UID with a higher SEQUENCE; a cancelled one stays with
 * STATUS:CANCELLED (and METHOD:CANCEL in the email that announces it). Lines are escaped and
 * folded at 75 octets.
 * Kept with the emails that attach it: the reservations routes (the .ics download, the feed) use it
 * from here, since reservations sends through notifications and never the other way round.
 */
import { wallClock } from "../../../domain/format";
import { buildZoneOffsets, tableOffsetAt, type ZoneOffsets } from "../../../domain/zone-offsets";

export type IcalEvent = {
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string;
  /** Bumped on every change the customer is told about (single_classes.sequence, +1 when cancelled). */
  sequence?: number;
  status?: "CONFIRMED" | "CANCELLED";
};

export type CalendarOptions = {
  /** IANA zone of the studio: times go out as local wall clock with TZID + VTIMEZONE. */
  timeZone?: string;
  /** PUBLISH for feeds and "add to calendar"; CANCEL for the email that cancels an event. */
  method?: "PUBLISH" | "CANCEL";
  now?: Date;
};

function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const pad = (n: number) => String(n).padStart(2, "0");

const YEAR_TABLES_MAX = 64;
/** Offset tables of whole UTC years by zone (null: a zone Intl does not know). */
const yearTables = new Map<string, ZoneOffsets | null>();

/**
 * The zone's offsets over the UTC year of `at`, built once (about 370 Intl reads) and kept: a
 * booking's .ics asks for the offsets of some 400 days around its class, and reading each through
 * Intl cost more than the rest of the booking (decision 0033). A pure cache keyed by zone and year.
 */
function yearTable(timeZone: string, at: number): ZoneOffsets | null {
  const year = new Date(at).getUTCFullYear();
  const key = `${timeZone}|${year}`;
  let table = yearTables.get(key);
  if (table === undefined) {
    try {
      table = buildZoneOffsets(timeZone, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1));
    } catch {
      table = null;
    }
    if (yearTables.size >= YEAR_TABLES_MAX) yearTables.clear();
    yearTables.set(key, table);
  }
  return table;
}

/** Minutes east of UTC of a zone at an instant. */
function offsetAt(at: number, timeZone: string): number {
  const table = yearTable(timeZone, at);
  const known = table ? tableOffsetAt(table, at) : null;
  if (known !== null) return known;
  const w = wallClock(new Date(at), timeZone);
  if (!w) return 0;
  const minuteStart = Math.floor(at / 60_000) * 60_000;
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - minuteStart) / 60_000);
}

/** "YYYYMMDDTHHMMSS" of an instant read with a fixed offset (minutes east of UTC). */
function floating(at: number, offset: number): string {
  const d = new Date(at + offset * 60_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** An offset change: its instant and the offsets (minutes east of UTC) before and after. */
type Transition = { at: number; before: number; after: number };

/**
 * VTIMEZONE for a zone over [from, to]: every offset change in the span found from the zone's
 * own rules (the runtime's tz database), each as its own STANDARD/DAYLIGHT block with a single
 * DTSTART (no RRULE to get wrong: zones change rules, Mexico dropped DST in 2022). A zone
 * without changes in the span gets one STANDARD block.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const start = from.getTime() - 400 * DAY_MS;
  // Changes are looked for up to the last day-step sample at or before two days after `to`.
  const until = start + Math.floor((to.getTime() + 3 * DAY_MS - start) / DAY_MS) * DAY_MS;
  const transitions = tableTransitions(timeZone, start, until) ?? walkTransitions(timeZone, start, until);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  if (transitions.length === 0) {
    const offset = offsetText(offsetAt(start, timeZone));
    lines.push(
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      "END:STANDARD",
    );
  } else {
    for (const tr of transitions) {
      const kind = tr.after > tr.before ? "DAYLIGHT" : "STANDARD";
      lines.push(
        `BEGIN:${kind}`,
        // DTSTART of an observance is the local time before the change (RFC 5545 3.6.5).
        `DTSTART:${floating(tr.at, tr.before)}`,
        `TZOFFSETFROM:${offsetText(tr.before)}`,
        `TZOFFSETTO:${offsetText(tr.after)}`,
        `END:${kind}`,
      );
    }
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

/**
 * The zone's changes in (start, until], read off the yearly offset tables (each change already
 * found to the minute when its year's table was built): a booking's .ics no longer walks 400
 * days of offsets one by one (decision 0033). Null when a year has no table (a zone Intl does not
 * know): the walk below answers then.
 */
export function tableTransitions(timeZone: string, start: number, until: number): Transition[] | null {
  const first = yearTable(timeZone, start);
  let previous = first ? tableOffsetAt(first, start) : null;
  if (previous === null) return null;
  const transitions: Transition[] = [];
  const lastYear = new Date(until).getUTCFullYear();
  for (let year = new Date(start).getUTCFullYear(); year <= lastYear; year++) {
    const table = yearTable(timeZone, Date.UTC(year, 0, 1));
    if (!table) return null;
    for (const [at, offset] of table.changes) {
      // A year's first entry repeats the offset in force when it begins.
      if (at <= start || at > until || offset === previous) continue;
      transitions.push({ at, before: previous, after: offset });
      previous = offset;
    }
  }
  return transitions;
}

/** The same changes found by sampling the zone a day apart and narrowing each to the minute. */
export function walkTransitions(timeZone: string, start: number, until: number): Transition[] {
  const transitions: Transition[] = [];
  let previous = offsetAt(start, timeZone);
  for (let at = start + DAY_MS; at <= until; at += DAY_MS) {
    const current = offsetAt(at, timeZone);
    if (current === previous) continue;
    // The change happened within the last day: narrow it down to the minute.
    let lo = at - DAY_MS;
    let hi = at;
    while (hi - lo > 60_000) {
      const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
      if (offsetAt(mid, timeZone) === previous) lo = mid;
      else hi = mid;
    }
    transitions.push({ at: hi, before: previous, after: current });
    previous = current;
  }
  return transitions;
}

const DAY_MS = 24 * 3_600_000;

/** Folds a content line at 75 octets, never splitting a UTF-8 character. */
function fold(line: string): string {
  // Most lines are short: no character walk for them.
  if (line.length <= 75 && Buffer.byteLength(line) <= 75) return line;
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function buildCalendar(
  name: string,
  events: IcalEvent[],
  options: CalendarOptions | Date = {},
): string {
  const {
    timeZone,
    method = "PUBLISH",
    now = new Date(),
  } = options instanceof Date ? { now: options } : options;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Estudio//Reservaciones//ES",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    // Subscribed feeds: ask calendar apps to refresh about hourly.
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  if (timeZone) {
    lines.push(`X-WR-TIMEZONE:${timeZone}`);
    if (events.length > 0) {
      const times = events.map((e) => e.start.getTime());
      lines.push(...vtimezone(timeZone, new Date(Math.min(...times)), new Date(Math.max(...times))));
    }
  }
  const at = (date: Date) =>
    timeZone
      ? `;TZID=${timeZone}:${floating(date.getTime(), offsetAt(date.getTime(), timeZone))}`
      : `:${stamp(date)}`;
  for (const e of events) {
    const end = new Date(e.start.getTime() + e.durationMinutes * 60_000);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART${at(e.start)}`,
      `DTEND${at(end)}`,
      `SEQUENCE:${e.sequence ?? 0}`,
      `STATUS:${e.status ?? (method === "CANCEL" ? "CANCELLED" : "CONFIRMED")}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/**
 * SEQUENCE and STATUS of a reservation's event (decision 0026): the class's own counter (bumped by
 * every change the customer is told about, and by its cancellation), +1 when only the
 * reservation was cancelled; cancelled either way → STATUS:CANCELLED.
 */
export function feedState(r: {
  sequence?: number | null;
  deletedAt?: Date | string | null;
  cancelledAt?: Date | string | null;
}): Pick<IcalEvent, "sequence" | "status"> {
  const classCancelled = Boolean(r.cancelledAt);
  const reservationCancelled = Boolean(r.deletedAt);
  return {
    sequence: (r.sequence ?? 0) + (reservationCancelled && !classCancelled ? 1 : 0),
    status: classCancelled || reservationCancelled ? "CANCELLED" : "CONFIRMED",
  };
}
