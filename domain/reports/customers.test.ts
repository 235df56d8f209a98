import { describe, expect, it } from "vitest";
import { zonedInstant } from "../booking";
import {
  customerValueReport,
  introBehind,
  introReport,
  type PaidPurchaseFact,
  retentionBehind,
  retentionReport,
  type VisitMonthFact,
} from "./customers";

/** Customer reports on data sets worked out by hand (see each comment). Studio: Mexico City. */
const TZ = "America/Mexico_City";

describe("intro to member", () => {
  const start = zonedInstant("2022-10-01", "00:00", TZ);
  const end = zonedInstant("2022-11-01", "00:00", TZ);
  const now = new Date("2022-11-15T18:00:00Z");
  let id = 0;
  const buy = (customer_id: number, at: string, title: string, is_trial = false): PaidPurchaseFact => ({
    purchase_id: ++id,
    customer_id,
    customer: `Cliente ${customer_id}`,
    at: new Date(at),
    title,
    is_trial,
  });
  const purchases = [
    buy(1, "2022-10-05T18:00:00Z", "Clase de prueba", true),
    buy(1, "2022-10-25T18:00:00Z", "10 Clases"), // 20 days: within 30
    buy(2, "2022-10-10T18:00:00Z", "Clase de prueba", true),
    buy(2, "2022-12-01T18:00:00Z", "Mensualidad"), // 52 days: within 60
    // 30 Oct 23:30 in the studio; a second intro offer is not becoming a member: still open at `now`.
    buy(3, "2022-10-31T05:30:00Z", "Semana intro", true),
    buy(3, "2022-11-05T18:00:00Z", "Semana intro", true),
    buy(4, "2022-10-12T18:00:00Z", "10 Clases"), // first purchase not an intro offer
    // 31 Oct 23:30 in the studio (1 Nov in UTC): October's; 85 days later a package: within 90.
    buy(5, "2022-11-01T05:30:00Z", "Clase de prueba", true),
    buy(5, "2023-01-25T05:30:00Z", "10 Clases"),
    buy(6, "2022-09-30T18:00:00Z", "Clase de prueba", true), // before the period
  ];

  it("counts who bought again within 30, 60 and 90 days, by offer", () => {
    const report = introReport(purchases, start, end, now);
    expect(report.totals).toEqual({
      customers: 4,
      converted_30: 1,
      converted_60: 2,
      converted_90: 3,
      rate_30: 25,
      rate_60: 50,
      rate_90: 75,
      still_open: 1,
    });
    expect(report.by_offer.map((o) => [o.key, o.customers, o.converted_90])).toEqual([
      ["Clase de prueba", 3, 3],
      ["Semana intro", 1, 0],
    ]);
    expect(introBehind(purchases, start, end, "Clase de prueba", 60).map((c) => c.customer_id)).toEqual([
      1, 2,
    ]);
  });
});

describe("retention", () => {
  const v = (customer_id: number, ...months: string[]): VisitMonthFact[] =>
    months.map((month) => ({ customer_id, customer: `Cliente ${customer_id}`, month }));
  const visits = [
    ...v(1, "2022-09", "2022-10", "2022-12"), // churns in November, back in December
    ...v(2, "2022-10", "2022-11"),
    ...v(3, "2022-10"),
    ...v(4, "2022-11", "2022-12"),
  ];
  const report = retentionReport(visits, ["2022-10", "2022-11", "2022-12"]);

  it("cohorts by first visit and the share still booking each later month", () => {
    expect(report.cohorts).toEqual([
      {
        key: "2022-10",
        customers: 2,
        retention: [
          { offset: 1, month: "2022-11", active: 1, rate: 50 },
          { offset: 2, month: "2022-12", active: 0, rate: 0 },
        ],
      },
      { key: "2022-11", customers: 1, retention: [{ offset: 1, month: "2022-12", active: 1, rate: 100 }] },
      { key: "2022-12", customers: 0, retention: [] },
    ]);
  });

  it("active, new, churned and reactivated month by month, each opening its customers", () => {
    expect(report.by_month).toEqual([
      { key: "2022-10", active: 3, new: 2, churned: 0, reactivated: 0 },
      { key: "2022-11", active: 2, new: 1, churned: 2, reactivated: 0 },
      { key: "2022-12", active: 2, new: 0, churned: 1, reactivated: 1 },
    ]);
    expect(retentionBehind(visits, "churned", "2022-11").map((c) => c.customer_id)).toEqual([1, 3]);
    expect(retentionBehind(visits, "reactivated", "2022-12")).toEqual([
      { customer_id: 1, customer: "Cliente 1", first_month: "2022-09", months_active: 3 },
    ]);
  });
});

describe("customer value", () => {
  it("revenue per customer and months active by sign-up reason; blanks are 'Sin dato'", () => {
    const report = customerValueReport([
      { customer_id: 1, customer: "A", signup_reason: "Instagram", net_cents: 100_000, months_active: 3 },
      { customer_id: 2, customer: "B", signup_reason: "Instagram", net_cents: 0, months_active: 1 },
      { customer_id: 3, customer: "C", signup_reason: null, net_cents: 50_000, months_active: 2 },
      { customer_id: 4, customer: "D", signup_reason: "  ", net_cents: 10_000, months_active: 1 },
    ]);
    expect(report.by_reason).toEqual([
      { key: "Instagram", customers: 2, paying: 1, revenue: 1000, per_customer: 500, avg_months_active: 2 },
      { key: "Sin dato", customers: 2, paying: 2, revenue: 600, per_customer: 300, avg_months_active: 1.5 },
    ]);
    expect(report.totals).toMatchObject({
      customers: 4,
      revenue: 1600,
      per_customer: 400,
      avg_months_active: 1.8,
    });
  });
});
