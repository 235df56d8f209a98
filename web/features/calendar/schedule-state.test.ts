import { describe, expect, it } from "vitest";
import {
  goToWeek,
  initialScheduleState,
  isoWeek,
  scheduleReducer,
  shouldAutoAdvance,
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
    let s = scheduleReducer(initialScheduleState("2025-03-06"), { type: "SCHEDULE_RECEIVED", days: [] });
    expect(shouldAutoAdvance(s, "2025-03-06", now)).toBe(true);
    expect(shouldAutoAdvance({ ...s, clicked: true }, "2025-03-06", now)).toBe(false);
    for (const a of goToWeek("2025-05-05")) s = scheduleReducer(s, a);
    s = scheduleReducer(s, { type: "SCHEDULE_RECEIVED", days: [] });
    expect(shouldAutoAdvance(s, "2025-03-06", now)).toBe(false);
  });
});
