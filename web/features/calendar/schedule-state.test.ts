import { describe, expect, it } from "vitest";
import { addLocalDays } from "../../../domain/booking";
import {
  goToMonth,
  goToWeek,
  initialScheduleState,
  isoWeek,
  monthGridRange,
  openWeekOf,
  receivesWhileRendering,
  scheduleReducer,
  shouldAutoAdvance,
  visibleRange,
  weekOfMonth,
} from "./schedule-state";

describe("calendar scheduling state", () => {
  it("starts on this week's Monday with its number and month", () => {
    const s = initialScheduleState("2025-03-06");
    expect(s).toMatchObject({
      start_date: "2025-03-03",
      end_date: "2025-03-09",
      selectedWeek: 10,
      month: "2025-03",
      spinner: true,
    });
    expect(isoWeek("2025-01-01")).toBe(1);
    expect(isoWeek("2024-12-30")).toBe(1);
    expect(weekOfMonth("2025-06")).toBe("2025-05-26");
  });
  it("applies actions and ignores unknown ones", () => {
    let s = initialScheduleState("2025-03-06");
    for (const a of goToWeek("2025-03-31")) s = scheduleReducer(s, a);
    expect(s).toMatchObject({
      start_date: "2025-03-31",
      end_date: "2025-04-06",
      month: "2025-04",
      selectedWeek: 14,
    });
    expect(scheduleReducer(s, { type: "NOPE" } as never)).toBe(s);
  });
  it("auto-advances empty weeks until the person clicks or 8 weeks pass", () => {
    const now = new Date("2025-03-06T12:00:00Z");
    const past = { date: "2025-03-03", single_classes: [{ class_date: "2025-03-03T14:00:00Z" }] };
    const later = { date: "2025-03-07", single_classes: [{ class_date: "2025-03-07T14:00:00Z" }] };
    let s = initialScheduleState("2025-03-06");
    expect(shouldAutoAdvance(s, null, "2025-03-06", now)).toBe(false); // not arrived yet
    expect(shouldAutoAdvance(s, [] as never, "2025-03-06", now)).toBe(true);
    expect(shouldAutoAdvance(s, [past] as never, "2025-03-06", now)).toBe(true);
    expect(shouldAutoAdvance(s, [past, later] as never, "2025-03-06", now)).toBe(false);
    expect(shouldAutoAdvance({ ...s, clicked: true }, [], "2025-03-06", now)).toBe(false);
    for (const a of goToWeek("2025-05-05")) s = scheduleReducer(s, a);
    expect(shouldAutoAdvance(s, [], "2025-03-06", now)).toBe(false);
  });
  it("ignores an answer for a week the person has already left", () => {
    const day = (date: string) => ({ date, single_classes: [] });
    const week = (monday: string) => Array.from({ length: 7 }, (_, i) => day(addLocalDays(monday, i)));
    let s = initialScheduleState("2025-03-06");
    for (const a of goToWeek("2025-03-10")) s = scheduleReducer(s, a);
    const stale = scheduleReducer(s, { type: "SCHEDULE_RECEIVED", days: week("2025-03-03") });
    expect(stale).toBe(s);
    s = scheduleReducer(s, { type: "SCHEDULE_RECEIVED", days: week("2025-03-10") });
    expect(s).toMatchObject({ spinner: false, days: week("2025-03-10") });
  });
  it("takes the first weeks while rendering, until the person navigates; the same answer twice changes nothing", () => {
    const day = (date: string) => ({ date, single_classes: [] });
    const week = (monday: string) => Array.from({ length: 7 }, (_, i) => day(addLocalDays(monday, i)));
    let s = initialScheduleState("2025-03-06");
    expect(receivesWhileRendering(s, null)).toBe(false);
    expect(receivesWhileRendering(s, week("2025-02-24"))).toBe(false); // another week's answer
    const days = week("2025-03-03");
    expect(receivesWhileRendering(s, days)).toBe(true);
    s = scheduleReducer(s, { type: "SCHEDULE_RECEIVED", days });
    expect(receivesWhileRendering(s, days)).toBe(false); // taken: no render loop
    expect(scheduleReducer(s, { type: "SCHEDULE_RECEIVED", days })).toBe(s);
    for (const a of goToWeek("2025-03-10")) s = scheduleReducer(s, a);
    expect(receivesWhileRendering(s, week("2025-03-10"))).toBe(true); // auto-advance's next week
    s = scheduleReducer(s, { type: "SET_USER_CLICK", clicked: true });
    expect(receivesWhileRendering(s, week("2025-03-10"))).toBe(false); // the person's own weeks
  });
  it("switches to the month view, fetches its whole grid and opens a clicked day's week", () => {
    let s = scheduleReducer(initialScheduleState("2025-03-06"), { type: "SCHEDULE_RECEIVED", days: [] });
    s = scheduleReducer(s, { type: "SET_VIEW", view: "month" });
    expect(s).toMatchObject({ view: "month", days: [], spinner: true, selectedDay: "2025-03-06" });
    // March 2025 starts on a Saturday and ends on a Monday: six Monday-first rows.
    expect(visibleRange(s)).toEqual({ start: "2025-02-24", end: "2025-04-06" });
    expect(monthGridRange("2026-02")).toEqual({ start: "2026-01-26", end: "2026-03-01" });
    for (const a of goToMonth("2025-04", "2025-03-06")) s = scheduleReducer(s, a);
    expect(s).toMatchObject({ month: "2025-04", selectedDay: "2025-04-01", start_date: "2025-03-31" });
    expect(shouldAutoAdvance(s, [], "2025-03-06", new Date("2025-03-06T12:00:00Z"))).toBe(false);
    for (const a of openWeekOf("2025-04-17")) s = scheduleReducer(s, a);
    expect(s).toMatchObject({
      view: "week",
      start_date: "2025-04-14",
      end_date: "2025-04-20",
      selectedWeek: 16,
    });
    expect(visibleRange(s)).toEqual({ start: "2025-04-14", end: "2025-04-20" });
  });
});
