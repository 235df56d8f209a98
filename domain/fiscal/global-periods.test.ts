import { describe, expect, it } from "vitest";
import {
  globalInformation,
  globalPeriodDue,
  invoiceRequestDeadline,
  parsePeriod,
  periodBounds,
  periodLabel,
  periodOf,
  previousPeriod,
} from "./invoicing";

/** The factura global's periodicities (decision 0059), on fixed dates in Mexico City. */
const MX = "America/Mexico_City";
// Wednesday 7 October 2026, 13:00 in Mexico City (UTC-6).
const wed = new Date("2026-10-07T19:00:00Z");

describe("factura global periods", () => {
  it("names the period of an instant in the studio's zone", () => {
    expect(periodOf(wed, MX)).toBe("2026-10");
    expect(periodOf(wed, MX, "fortnight")).toBe("2026-10-Q1");
    expect(periodOf(new Date("2026-10-16T06:00:00Z"), MX, "fortnight")).toBe("2026-10-Q2");
    expect(periodOf(wed, MX, "week")).toBe("2026-10-05-S");
    expect(periodOf(wed, MX, "day")).toBe("2026-10-07");
    // 1 November 02:00 UTC is still 31 October in Mexico City.
    expect(periodOf(new Date("2026-11-01T02:00:00Z"), MX, "day")).toBe("2026-10-31");
    // A week that starts in one month and ends in the next keeps its Monday.
    expect(periodOf(new Date("2026-11-01T18:00:00Z"), MX, "week")).toBe("2026-10-26-S");
  });

  it("steps back one period, across months and years", () => {
    expect(previousPeriod("2026-01")).toBe("2025-12");
    expect(previousPeriod("2026-10-Q2")).toBe("2026-10-Q1");
    expect(previousPeriod("2026-03-Q1")).toBe("2026-02-Q2");
    expect(previousPeriod("2026-01-05-S")).toBe("2025-12-29-S");
    expect(previousPeriod("2026-03-01")).toBe("2026-02-28");
  });

  it("bounds each period at the studio's midnights", () => {
    expect(periodBounds("2026-10-Q2", MX)).toEqual({
      from: new Date("2026-10-16T06:00:00Z"),
      to: new Date("2026-11-01T06:00:00Z"),
    });
    expect(periodBounds("2026-10-05-S", MX)).toEqual({
      from: new Date("2026-10-05T06:00:00Z"),
      to: new Date("2026-10-12T06:00:00Z"),
    });
    expect(periodBounds("2026-10-07", MX).to).toEqual(new Date("2026-10-08T06:00:00Z"));
    expect(parsePeriod("2026-13")).toBeNull();
    expect(parsePeriod("2026-02-30")).toBeNull();
  });

  it("closes the customer's window at the period's end plus the extra days; the global is due then", () => {
    expect(invoiceRequestDeadline(wed, MX, 0, "day")).toEqual(new Date("2026-10-08T06:00:00Z"));
    expect(invoiceRequestDeadline(wed, MX, 2, "week")).toEqual(new Date("2026-10-14T06:00:00Z"));
    expect(invoiceRequestDeadline(wed, MX, 0)).toEqual(new Date("2026-11-01T06:00:00Z"));
    expect(globalPeriodDue(wed, MX, 0, "day")).toBe("2026-10-06");
    expect(globalPeriodDue(wed, MX, 0, "week")).toBe("2026-09-28-S");
    expect(globalPeriodDue(wed, MX, 3, "week")).toBeNull();
    expect(globalPeriodDue(wed, MX, 0, "fortnight")).toBe("2026-09-Q2");
    expect(globalPeriodDue(wed, MX, 0)).toBe("2026-09");
  });

  it("fills InformacionGlobal and reads in Spanish", () => {
    expect(globalInformation("2026-10-Q2")).toEqual({ periodicity: "fortnight", months: "10", year: 2026 });
    expect(globalInformation("2026-09-28-S")).toEqual({ periodicity: "week", months: "09", year: 2026 });
    expect(periodLabel("2026-09")).toBe("septiembre de 2026");
    expect(periodLabel("2026-09-Q1")).toBe("1.ª quincena de septiembre de 2026");
    expect(periodLabel("2026-09-28-S")).toBe("semana del 28 de septiembre de 2026");
    expect(periodLabel("2026-09-28")).toBe("28 de septiembre de 2026");
  });
});
