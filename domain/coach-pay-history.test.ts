import { describe, expect, it } from "vitest";
import { localDay } from "./booking";
import {
  type DatedPayRate,
  NO_RATE,
  type PayRate,
  periodPay,
  periodPayByDate,
  rateOn,
  type TaughtClassFact,
} from "./coach-pay";

const TZ = "America/Mexico_City";
const at = (iso: string, id: number): TaughtClassFact => ({
  single_class_id: id,
  class_date: new Date(iso),
  class_type: "Cycling",
  location: "Roma",
  cancelled: false,
  seats: 10,
  attended: 5,
  coaches: 1,
  workshop: false,
  workshop_revenue_cents: 0,
});
const flat = (cents: number): PayRate => ({ ...NO_RATE, per_class_cents: cents });
const history: DatedPayRate[] = [
  { from: null, rate: flat(30_000) },
  { from: "2026-11-01", rate: flat(35_000) },
  { from: "2026-12-01", rate: flat(40_000) },
];

describe("coach pay rate history (decision 0106)", () => {
  it("a class is paid at the latest rate in force on its studio day", () => {
    expect(rateOn(history, "2026-10-31").per_class_cents).toBe(30_000);
    expect(rateOn(history, "2026-11-01").per_class_cents).toBe(35_000);
    expect(rateOn(history, "2026-11-30").per_class_cents).toBe(35_000);
    expect(rateOn(history, "2027-01-15").per_class_cents).toBe(40_000);
  });

  it("no rate before the first dated one, and the newer of two rates from the same day wins", () => {
    expect(rateOn([{ from: "2026-11-01", rate: flat(1) }], "2026-10-31")).toEqual(NO_RATE);
    expect(
      rateOn([...history, { from: "2026-11-01", rate: flat(36_000) }], "2026-11-02").per_class_cents,
    ).toBe(36_000);
  });

  it("a period that spans a change pays each class at its own day's rate; a past period keeps its rate", () => {
    // 31 Oct 23:30 in Mexico City is 1 Nov in UTC: October's rate.
    const classes = [at("2026-11-01T05:30:00Z", 1), at("2026-11-01T14:00:00Z", 2)];
    const pay = periodPayByDate(history, classes, (f) => localDay(f.class_date, TZ));
    expect(pay.lines.map((l) => l.pay.total_cents)).toEqual([30_000, 35_000]);
    expect(pay.total_cents).toBe(65_000);
    // October alone: what it paid before November's change was added.
    const october = [at("2026-10-15T14:00:00Z", 3)];
    expect(periodPayByDate(history, october, (f) => localDay(f.class_date, TZ)).total_cents).toBe(
      periodPay(flat(30_000), october).total_cents,
    );
  });
});

describe("which rate applies: table (decision 0106)", () => {
  const base = { from: null, rate: flat(100) };
  const nov = { from: "2026-11-01", rate: flat(200) };
  const dec = { from: "2026-12-01", rate: flat(300) };
  const novAgain = { from: "2026-11-01", rate: flat(250) };
  it.each<[string, DatedPayRate[], string, number]>([
    ["no history pays nothing", [], "2026-11-15", 0],
    ["only the base rate: any day", [base], "1999-01-01", 100],
    ["the day before a change keeps the older rate", [base, nov], "2026-10-31", 100],
    ["a change applies from its own day", [base, nov], "2026-11-01", 200],
    ["the latest change on or before the day", [base, nov, dec], "2026-12-31", 300],
    ["order of the list does not matter", [dec, nov, base], "2026-11-20", 200],
    ["a future change does not reach today", [base, dec], "2026-11-29", 100],
    ["before the first dated rate with no base: nothing", [nov], "2026-10-01", 0],
    ["two changes on one day: the newer (later in the list) wins", [base, nov, novAgain], "2026-11-02", 250],
    ["a month-end day keeps that month's rate", [base, nov, dec], "2026-11-30", 200],
  ])("%s", (_name, list, day, cents) => {
    expect(rateOn(list, day).per_class_cents).toBe(cents);
  });
});
