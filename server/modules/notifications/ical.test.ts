import { describe, expect, it } from "vitest";
import { tableTransitions, vtimezone, walkTransitions } from "./ical";

const DAY = 24 * 3_600_000;

describe("VTIMEZONE of a booking's .ics", () => {
  it("reads the same offset changes off the yearly tables as a day-by-day walk finds", () => {
    // Mexico with DST until 2022, Tijuana still with it, a half-hour DST, a zone without changes.
    const zones = [
      "America/Mexico_City",
      "America/Tijuana",
      "Europe/London",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
    ];
    for (const zone of zones) {
      for (const day of ["2021-03-01", "2022-10-20", "2023-06-15", "2026-11-25", "2027-01-01"]) {
        const start = Date.parse(`${day}T06:00:00Z`) - 400 * DAY;
        const until = start + 403 * DAY;
        const fromTables = tableTransitions(zone, start, until);
        expect(fromTables, `${zone} ${day}`).toEqual(walkTransitions(zone, start, until));
      }
    }
    // Mexico City changed twice a year until October 2022, then never again.
    expect(
      tableTransitions("America/Mexico_City", Date.parse("2022-01-01"), Date.parse("2023-06-01")),
    ).toHaveLength(2);
    expect(
      tableTransitions("America/Mexico_City", Date.parse("2023-01-01"), Date.parse("2026-12-01")),
    ).toEqual([]);
  });

  it("gives a zone's rules, one block per change, and copies for the next caller", () => {
    const lines = vtimezone(
      "America/Tijuana",
      new Date("2026-11-25T18:00:00Z"),
      new Date("2026-11-25T18:00:00Z"),
    );
    expect(lines[0]).toBe("BEGIN:VTIMEZONE");
    expect(lines).toContain("TZOFFSETTO:-0700");
    expect(lines.filter((line) => line === "BEGIN:DAYLIGHT")).toHaveLength(1);
    lines.push("changed by a caller");
    expect(
      vtimezone("America/Tijuana", new Date("2026-11-25T18:00:00Z"), new Date("2026-11-25T18:00:00Z")),
    ).not.toContain("changed by a caller");
  });
});
