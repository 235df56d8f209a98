import { describe, expect, it } from "vitest";
import { reservationKeys } from "./query-keys";

// The calendar and the change notices refresh these caches by prefix: the values must stay.
describe("reservation query keys", () => {
  it("keep the values the feature and its neighbours always used", () => {
    expect(reservationKeys.list("upcoming", 2)).toEqual(["class_reservations", "upcoming", 2]);
    expect(reservationKeys.activeCredits).toEqual(["available_classes", "active"]);
    expect(reservationKeys.schedules).toEqual(["single_class"]);
    expect(reservationKeys.changeNotices).toEqual(["class_change_notices"]);
  });

  it("put each list page and the active credits under the prefixes a booking refreshes", () => {
    expect(reservationKeys.list("past", 1).slice(0, 1)).toEqual([...reservationKeys.all]);
    expect(reservationKeys.activeCredits.slice(0, 1)).toEqual([...reservationKeys.credits]);
  });
});
