/**
 * dayjs configured for the studio (Spanish locale, UTC and time-zone plugins). Import dayjs from
 * here, not from "dayjs", so every screen gets the same setup. Plain formatting should prefer
 * domain/format.ts (no dependency, shared with the server).
 */
import dayjs from "dayjs";
import "dayjs/locale/es";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale("es");

/** A dayjs instance in the studio's zone (config.timezone). */
export function inStudioZone(input: dayjs.ConfigType, timeZone: string): dayjs.Dayjs {
  return dayjs(input).tz(timeZone);
}

export { dayjs };
