import { describe, expect, it } from "vitest";
import { filterBookable, nextClassId, spotsLeft } from "./today";

const at = (iso: string) => new Date(iso);
const klass = (id: number, iso: string, cancelled = false) => ({
  single_class_id: id,
  class_date: at(iso),
  duration_minutes: 50,
  cancelled,
});

describe("nextClassId", () => {
  const day = [
    klass(1, "2026-03-10T13:00:00Z"),
    klass(2, "2026-03-10T15:00:00Z", true),
    klass(3, "2026-03-10T17:00:00Z"),
  ];
  it("is the first class that has not ended, in progress included", () => {
    expect(nextClassId(day, at("2026-03-10T12:00:00Z"))).toBe(1);
    expect(nextClassId(day, at("2026-03-10T13:49:59Z"))).toBe(1);
  });
  it("skips cancelled classes", () => {
    expect(nextClassId(day, at("2026-03-10T13:50:00Z"))).toBe(3);
  });
  it("is null once the day is over", () => {
    expect(nextClassId(day, at("2026-03-10T17:50:00Z"))).toBeNull();
  });
});

describe("spotsLeft", () => {
  it.each([
    [10, 4, 6],
    [10, 12, 0],
    [null, 0, 0],
  ])("capacity %s with %s booked leaves %s", (capacity, booked, left) => {
    expect(spotsLeft(capacity, booked)).toBe(left);
  });
});

describe("filterBookable", () => {
  const dayOf = (instant: Date | string) => new Date(instant).toISOString().slice(0, 10);
  const list = [
    { id: 1, class_date: "2026-03-10T13:00:00Z", class_type_id: 1, available: 3 },
    { id: 2, class_date: "2026-03-10T15:00:00Z", class_type_id: 2, available: 0 },
    { id: 3, class_date: "2026-03-11T13:00:00Z", class_type_id: 1, available: 1 },
  ];
  const ids = (f: Parameters<typeof filterBookable>[1]) => filterBookable(list, f, dayOf).map((k) => k.id);
  it("hides full classes unless asked", () => {
    expect(ids({ day: null, classTypeId: null, showFull: false })).toEqual([1, 3]);
    expect(ids({ day: null, classTypeId: null, showFull: true })).toEqual([1, 2, 3]);
  });
  it("filters by day and by class type", () => {
    expect(ids({ day: "2026-03-10", classTypeId: null, showFull: true })).toEqual([1, 2]);
    expect(ids({ day: null, classTypeId: 1, showFull: false })).toEqual([1, 3]);
    expect(ids({ day: "2026-03-11", classTypeId: 2, showFull: true })).toEqual([]);
  });
});
