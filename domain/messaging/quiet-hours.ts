/**
 * Quiet hours (docs/product-rules.md#messaging-quiet-hours): no WhatsApp, SMS or push between the
 * studio's quiet_hours_start and quiet_hours_end (21:00 and 08:00 unless it sets others) in its
 * zone. A message due then waits until the end; what cannot wait (a waitlist offer that ends
 * before then, a class that starts before then) goes at once, because holding it would make it
 * useless. Equal hours mean the studio keeps no quiet hours.
 */

/** Whole hours 0-23 in the studio's zone: quiet from `start` until `end` (across midnight if start > end). */
export type QuietHours = { start: number; end: number };

export const DEFAULT_QUIET_HOURS: QuietHours = { start: 21, end: 8 };

/** The studio's quiet hours from its settings; a missing or out-of-range hour takes the default. */
export function quietHoursOf(config: {
  quiet_hours_start?: number | null;
  quiet_hours_end?: number | null;
}): QuietHours {
  const hour = (value: number | null | undefined, fallback: number) =>
    typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 23 ? value : fallback;
  return {
    start: hour(config.quiet_hours_start, DEFAULT_QUIET_HOURS.start),
    end: hour(config.quiet_hours_end, DEFAULT_QUIET_HOURS.end),
  };
}

/** The hour and minute of `at` in `timeZone`. */
function localClock(at: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: get("hour"), minute: get("minute") };
}

export function isQuiet(at: Date, timeZone: string, quiet: QuietHours = DEFAULT_QUIET_HOURS): boolean {
  if (quiet.start === quiet.end) return false;
  const { hour } = localClock(at, timeZone);
  return quiet.start < quiet.end
    ? hour >= quiet.start && hour < quiet.end
    : hour >= quiet.start || hour < quiet.end;
}

/** When a message may go: `at` outside quiet hours, else the next end of quiet hours in the zone. */
export function nextSendableAt(at: Date, timeZone: string, quiet: QuietHours = DEFAULT_QUIET_HOURS): Date {
  if (!isQuiet(at, timeZone, quiet)) return at;
  const { hour, minute } = localClock(at, timeZone);
  const minutesUntil = (((quiet.end * 60 - (hour * 60 + minute)) % 1440) + 1440) % 1440;
  const next = new Date(at.getTime() + minutesUntil * 60_000);
  next.setUTCSeconds(0, 0);
  return next;
}

/**
 * When to send: held to the end of quiet hours unless that is past `mustArriveBy` (then at once).
 */
export function sendTime(
  at: Date,
  timeZone: string,
  mustArriveBy?: Date | null,
  quiet: QuietHours = DEFAULT_QUIET_HOURS,
): Date {
  const next = nextSendableAt(at, timeZone, quiet);
  if (mustArriveBy && next.getTime() >= mustArriveBy.getTime()) return at;
  return next;
}
