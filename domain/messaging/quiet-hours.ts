/**
 * Quiet hours (docs/product-rules.md#messaging-quiet-hours): no WhatsApp, SMS or push between
 * 21:00 and 08:00 in the studio's zone. A message due then waits until 08:00; what cannot wait
 * (a waitlist offer that ends before 08:00, a class that starts before then) goes at once,
 * because holding it would make it useless.
 */
export const QUIET_START_HOUR = 21;
export const QUIET_END_HOUR = 8;

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

export function isQuiet(at: Date, timeZone: string): boolean {
  const { hour } = localClock(at, timeZone);
  return hour >= QUIET_START_HOUR || hour < QUIET_END_HOUR;
}

/** When a message may go: `at` outside quiet hours, else the next 08:00 in the studio's zone. */
export function nextSendableAt(at: Date, timeZone: string): Date {
  if (!isQuiet(at, timeZone)) return at;
  const { hour, minute } = localClock(at, timeZone);
  const minutesUntil =
    hour >= QUIET_START_HOUR
      ? (24 - hour + QUIET_END_HOUR) * 60 - minute
      : (QUIET_END_HOUR - hour) * 60 - minute;
  const next = new Date(at.getTime() + minutesUntil * 60_000);
  next.setUTCSeconds(0, 0);
  return next;
}

/**
 * When to send: held to the end of quiet hours unless that is past `mustArriveBy` (then at once).
 */
export function sendTime(at: Date, timeZone: string, mustArriveBy?: Date | null): Date {
  const next = nextSendableAt(at, timeZone);
  if (mustArriveBy && next.getTime() >= mustArriveBy.getTime()) return at;
  return next;
}
