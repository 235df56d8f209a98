import { describe, expect, it } from "vitest";
import { reportKeys } from "./query-keys";

const filters = { from: "2026-11-01", to: "2026-11-30", location_id: undefined };
const period = { from: "2026-11-01", to: "2026-11-30" };

// A rate change or an approval refreshes all of ["nomina"]: every pay key must sit under it.
describe("report query keys", () => {
  it("keep the values the reports and coach pay always used", () => {
    expect(reportKeys.report("utilizacion", filters)).toEqual(["reportes", "utilizacion", filters]);
    expect(reportKeys.liability).toEqual(["reportes", "pasivo"]);
    const drill = { report: "intro" as const, params: { key: "all" }, title: "Intro" };
    const page = { limit: 50, offset: 0 };
    // useDrill's placeholder compares items 2 and 3 (the figure and the filters).
    expect(reportKeys.drill(drill, filters, page)).toEqual(["reportes", "detalle", drill, filters, page]);
    expect(reportKeys.pay.period(period)).toEqual(["nomina", "pay", period]);
    for (const key of [reportKeys.pay.rates, reportKeys.pay.mine(period), reportKeys.pay.history(4)])
      expect(key[0]).toBe(reportKeys.pay.all[0]);
  });
});
