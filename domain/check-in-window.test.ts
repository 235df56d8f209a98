import { describe, expect, it } from "vitest";
import { checkInTiming, checkInWindow, lookupAllowed, pickKioskClass } from "./check-in-window";

const start = new Date("2026-03-10T14:00:00Z");
const settings = { checkin_opens_minutes_before: 60, checkin_closes_minutes_after: 20 };
const at = (iso: string) => new Date(iso);

describe("check-in window", () => {
  it("opens the set minutes before and closes the set minutes after the start", () => {
    expect(checkInWindow(start, settings)).toEqual({
      opensAt: at("2026-03-10T13:00:00Z"),
      closesAt: at("2026-03-10T14:20:00Z"),
    });
  });

  it("uses the defaults (60 before, 20 after) when the studio left them empty", () => {
    expect(
      checkInWindow(start, { checkin_opens_minutes_before: null, checkin_closes_minutes_after: null }),
    ).toEqual({ opensAt: at("2026-03-10T13:00:00Z"), closesAt: at("2026-03-10T14:20:00Z") });
  });

  it.each([
    ["a millisecond before it opens", "2026-03-10T12:59:59.999Z", "too_early"],
    ["as it opens", "2026-03-10T13:00:00Z", "open"],
    ["at the start", "2026-03-10T14:00:00Z", "open"],
    ["as it closes", "2026-03-10T14:20:00Z", "open"],
    ["a millisecond after it closes", "2026-03-10T14:20:00.001Z", "too_late"],
  ])("%s: %s", (_, now, timing) => {
    expect(checkInTiming(start, settings, at(now))).toBe(timing);
  });

  it("a studio that opens check-in the evening before (e.g. 14 h ahead of a 8:00 class)", () => {
    const evening = { checkin_opens_minutes_before: 14 * 60, checkin_closes_minutes_after: 0 };
    expect(checkInTiming(start, evening, at("2026-03-10T00:00:00Z"))).toBe("open");
    expect(checkInTiming(start, evening, at("2026-03-09T23:59:00Z"))).toBe("too_early");
  });
});

describe("pickKioskClass", () => {
  const seven = { id: 7, class_date: at("2026-03-10T13:00:00Z") };
  const nine = { id: 9, class_date: at("2026-03-10T15:00:00Z") };
  it("picks the class whose window is open", () => {
    expect(pickKioskClass([nine, seven], settings, at("2026-03-10T12:30:00Z"))).toEqual({
      klass: seven,
      timing: "open",
    });
  });
  it("else the next one, to say when it opens", () => {
    expect(pickKioskClass([seven, nine], settings, at("2026-03-10T13:30:00Z"))).toEqual({
      klass: nine,
      timing: "too_early",
    });
  });
  it("else the last that closed, to say it is too late", () => {
    expect(pickKioskClass([seven, nine], settings, at("2026-03-10T16:00:00Z"))).toEqual({
      klass: nine,
      timing: "too_late",
    });
  });
  it("null with no class", () => {
    expect(pickKioskClass([], settings, at("2026-03-10T16:00:00Z"))).toBeNull();
  });
});

describe("lookupAllowed", () => {
  const now = at("2026-03-10T12:00:00Z");
  it("allows five wrong phones in ten minutes, then waits", () => {
    expect(lookupAllowed(4, at("2026-03-10T11:55:00Z"), now)).toBe(true);
    expect(lookupAllowed(5, at("2026-03-10T11:55:00Z"), now)).toBe(false);
  });
  it("starts over after the window", () => {
    expect(lookupAllowed(5, at("2026-03-10T11:49:59Z"), now)).toBe(true);
    expect(lookupAllowed(0, null, now)).toBe(true);
  });
});
