import { describe, expect, it } from "vitest";
import { formatDateTime, rememberZoneOffsets, wallClock } from "./format";
import {
  buildZoneOffsets,
  isZoneOffsets,
  tableOffsetAt,
  wallClockFormatter,
  zoneOffsetsAround,
} from "./zone-offsets";

const DAY = 86_400_000;
const from = Date.UTC(2025, 0, 1);
const to = Date.UTC(2028, 0, 1);

const formatters = new Map<string, Intl.DateTimeFormat>();
function intlWallClock(ms: number, zone: string) {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = wallClockFormatter(zone);
    formatters.set(zone, formatter);
  }
  const parts = formatter.formatToParts(ms);
  // Read here without wallClockParts, which the fallback under test uses; a missing field is NaN.
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: field("year"),
    month: field("month"),
    day: field("day"),
    hour: field("hour") % 24,
    minute: field("minute"),
  };
}

describe("time-zone offset tables", () => {
  it("finds each change of a zone with daylight saving to the minute", () => {
    const tijuana = buildZoneOffsets("America/Tijuana", from, to);
    // Tijuana follows the US rules: two changes a year, -480 in winter and -420 in summer.
    expect(tijuana.changes.length).toBe(7);
    expect(tijuana.changes[1]).toEqual([Date.UTC(2025, 2, 9, 10), -420]);
    expect(tijuana.changes[2]).toEqual([Date.UTC(2025, 10, 2, 9), -480]);
    expect(tableOffsetAt(tijuana, Date.UTC(2025, 2, 9, 9, 59))).toBe(-480);
    expect(tableOffsetAt(tijuana, Date.UTC(2025, 2, 9, 10, 0))).toBe(-420);
    expect(tableOffsetAt(tijuana, to)).toBeNull();
    // Mexico City has had no daylight saving since 2022: one offset all along.
    expect(buildZoneOffsets("America/Mexico_City", from, to).changes).toEqual([[from, -360]]);
  });

  it("gives the same wall clock as Intl, every few hours for three years, in zones with odd rules", () => {
    for (const zone of [
      "America/Tijuana",
      "America/New_York",
      "Europe/Madrid",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
    ]) {
      const table = buildZoneOffsets(zone, from, to);
      for (let ms = from; ms < to; ms += 5 * 3_600_000 + 7 * 60_000) {
        const offset = tableOffsetAt(table, ms) as number;
        const local = new Date(ms + offset * 60_000);
        expect(
          {
            year: local.getUTCFullYear(),
            month: local.getUTCMonth() + 1,
            day: local.getUTCDate(),
            hour: local.getUTCHours(),
            minute: local.getUTCMinutes(),
          },
          `${zone} ${new Date(ms).toISOString()}`,
        ).toEqual(intlWallClock(ms, zone));
      }
    }
  });

  it("formats through a remembered table as through Intl, and outside its span through Intl", () => {
    const zone = "America/Tijuana";
    const instants = [Date.UTC(2026, 2, 8, 9, 59), Date.UTC(2026, 2, 8, 10, 0), Date.UTC(2026, 10, 1, 8, 30)];
    const before = instants.map((ms) => formatDateTime(new Date(ms), zone));
    const table = zoneOffsetsAround(zone, Date.UTC(2026, 5, 1));
    expect(isZoneOffsets(JSON.parse(JSON.stringify(table)))).toBe(true);
    expect(isZoneOffsets({ zone, from: 0, to: 1, changes: [["x", 1]] })).toBe(false);
    rememberZoneOffsets(table);
    expect(instants.map((ms) => formatDateTime(new Date(ms), zone))).toEqual(before);
    expect(before[0]).toBe("08 mar 2026, 01:59");
    expect(before[1]).toBe("08 mar 2026, 03:00");
    const longAgo = new Date(table.from - 30 * DAY);
    expect(wallClock(longAgo, zone)).toMatchObject(intlWallClock(longAgo.getTime(), zone));
  });
});
