import { describe, expect, it } from "vitest";
import { calendarKeys } from "./query-keys";

// Mis Reservaciones and the change notices refresh these caches by prefix: the values must stay.
describe("calendar query keys", () => {
  it("keep the values the feature and its neighbours always used", () => {
    expect(calendarKeys.range("2026-11-30", "2026-12-06", null)).toEqual([
      "single_class",
      "2026-11-30",
      "2026-12-06",
      null,
    ]);
    expect(calendarKeys.singleClass(7)).toEqual(["single_class", "single", 7]);
    expect(calendarKeys.classTypes).toEqual(["class_types"]);
    expect(calendarKeys.locations).toEqual(["locations"]);
    expect(calendarKeys.reservationLists).toEqual(["class_reservations"]);
    expect(calendarKeys.credits).toEqual(["available_classes"]);
  });

  it("put every schedule under one prefix, so a booking refreshes them all", () => {
    for (const key of [calendarKeys.range("a", "b", 1), calendarKeys.singleClass(3)])
      expect(key[0]).toBe(calendarKeys.schedule[0]);
  });
});
