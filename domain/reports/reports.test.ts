import { describe, expect, it } from "vitest";
import { bucketsBehind, bucketValueCents, type CreditBucketFact, liabilityReport, NEVER } from "./liability";
import { isValidPeriod, monthsOf, periodInstants } from "./period";
import {
  ivaByMonth,
  monthlyEquivalentCents,
  movementsBehind,
  type RevenueMovement,
  revenueMethodOf,
  revenueReport,
} from "./revenue";
import { type ClassFact, classesBehind, utilisationReport } from "./utilisation";

/**
 * The reports' arithmetic on small data sets whose answers were worked out by hand (the comments
 * give the sums). Instants are written in UTC on purpose, so the studio-clock conversion is what
 * is checked: Mexico City left daylight saving for good on 30 Oct 2022 (07:00 was 12:00 UTC
 * before, 13:00 after), and 23:30 in Mexico City is already the next day in UTC.
 */
const TZ = "America/Mexico_City";

describe("report periods", () => {
  it("a period of studio days runs from local midnight to the midnight after its last day", () => {
    const { start, end } = periodInstants({ from: "2022-10-30", to: "2022-10-31" }, TZ);
    // 30 Oct 2022 began in daylight time (UTC-5) and 1 Nov in standard time (UTC-6).
    expect(start.toISOString()).toBe("2022-10-30T05:00:00.000Z");
    expect(end.toISOString()).toBe("2022-11-01T06:00:00.000Z");
  });
  it("lists the months a period touches and refuses reversed or impossible ones", () => {
    expect(monthsOf({ from: "2022-11-20", to: "2023-02-01" })).toEqual([
      "2022-11",
      "2022-12",
      "2023-01",
      "2023-02",
    ]);
    expect(isValidPeriod({ from: "2022-11-02", to: "2022-11-01" })).toBe(false);
    expect(isValidPeriod({ from: "2022-02-30", to: "2022-03-01" })).toBe(false);
    expect(isValidPeriod({ from: "2022-01-01", to: "2022-12-31" })).toBe(true);
  });
});

const fact = (f: Partial<ClassFact> & Pick<ClassFact, "single_class_id" | "class_date">): ClassFact => ({
  duration_minutes: 50,
  capacity: 10,
  cancelled: false,
  class_type: "Cycling",
  location: "Roma",
  coaches: ["Vale"],
  seats: 0,
  guests: 0,
  attended: 0,
  late_cancels: 0,
  ...f,
});

describe("utilisation", () => {
  const now = new Date("2022-11-15T18:00:00Z");
  const facts: ClassFact[] = [
    // Monday 31 Oct 07:00 (standard time): 8 seats of 10 (one a guest), 6 came, 1 late cancel.
    fact({
      single_class_id: 1,
      class_date: new Date("2022-10-31T13:00:00Z"),
      seats: 8,
      guests: 1,
      attended: 6,
      late_cancels: 1,
    }),
    // Saturday 29 Oct 07:00 (still daylight time): 5 of 10, all came.
    fact({ single_class_id: 2, class_date: new Date("2022-10-29T12:00:00Z"), seats: 5, attended: 5 }),
    // Monday 31 Oct 23:30 in the studio (Tuesday in UTC): yoga in Polanco with two coaches, 4 of 20, nobody came.
    fact({
      single_class_id: 3,
      class_date: new Date("2022-11-01T05:30:00Z"),
      class_type: "Yoga",
      location: "Polanco",
      coaches: ["Vale", "Ana"],
      capacity: 20,
      seats: 4,
    }),
    // Cancelled: counts only as cancelled.
    fact({
      single_class_id: 4,
      class_date: new Date("2022-11-02T00:00:00Z"),
      class_type: "Yoga",
      location: "Polanco",
      capacity: 20,
      cancelled: true,
    }),
    // Sunday 20 Nov 10:00, still to come, no capacity, no place, no coach: 2 seats.
    fact({
      single_class_id: 5,
      class_date: new Date("2022-11-20T16:00:00Z"),
      class_type: "Reformer",
      location: null,
      coaches: [],
      capacity: null,
      seats: 2,
    }),
  ];
  const report = utilisationReport(facts, TZ, now);

  it("totals: fill over classes with a capacity, no-shows over ended seats, late cancels over all bookings", () => {
    expect(report.totals).toEqual({
      classes: 4,
      cancelled_classes: 1,
      capacity: 40, // 10 + 10 + 20
      seats: 19, // 8 + 5 + 4 + 2
      guests: 1,
      fill_rate: 42.5, // 17 / 40
      ended_seats: 17,
      no_shows: 6, // 2 + 0 + 4
      no_show_rate: 35.3, // 6 / 17
      late_cancels: 1,
      late_cancel_rate: 5, // 1 / (19 + 1)
    });
  });

  it("a class with two coaches counts for each; one without a coach or place is named so", () => {
    expect(report.by_coach.map((g) => [g.key, g.classes, g.seats])).toEqual([
      ["Vale", 3, 17],
      ["Ana", 1, 4],
      ["Sin coach", 1, 2],
    ]);
    expect(report.by_location.map((g) => [g.key, g.classes, g.cancelled_classes, g.fill_rate])).toEqual([
      ["Roma", 2, 0, 65],
      ["Polanco", 1, 1, 20],
      ["Sin ubicación", 1, 0, null],
    ]);
    expect(report.by_class_type.find((g) => g.key === "Cycling")).toMatchObject({
      seats: 13,
      no_show_rate: 15.4,
    });
  });

  it("the heatmap is on the studio's clock, across the end of daylight saving and past midnight UTC", () => {
    expect(report.heatmap.map((c) => [c.weekday, c.hour, c.classes, c.seats])).toEqual([
      [1, 7, 1, 8], // Monday 07:00 (13:00 UTC)
      [1, 23, 1, 4], // Monday 23:30 (Tuesday 05:30 UTC)
      [2, 18, 0, 0], // the cancelled Tuesday 18:00
      [6, 7, 1, 5], // Saturday 07:00 (12:00 UTC, daylight time)
      [7, 10, 1, 2],
    ]);
  });

  it("every figure opens to the classes it counted", () => {
    expect(classesBehind(facts, "slot", "1-23", TZ).map((f) => f.single_class_id)).toEqual([3]);
    expect(classesBehind(facts, "coach", "Vale", TZ).map((f) => f.single_class_id)).toEqual([2, 1, 3, 4]); // the cancelled class too (its cancelled_classes)
    expect(classesBehind(facts, "all", "all", TZ)).toHaveLength(5);
  });
});

const move = (
  m: Partial<RevenueMovement> & Pick<RevenueMovement, "id" | "at" | "cents">,
): RevenueMovement => ({
  kind: "charge",
  purchase_id: m.id,
  customer_id: 1,
  customer: "Ana López",
  title: "10 Clases",
  iva_rate: "16",
  method: "card",
  location: null,
  subscription: false,
  ...m,
});

describe("revenue", () => {
  const period = { from: "2022-10-01", to: "2022-11-30" };
  const movements: RevenueMovement[] = [
    // 31 Oct 23:30 in the studio (1 Nov in UTC): October's. 1,160 = 1,000 + 160 IVA.
    move({ id: 1, at: new Date("2022-11-01T05:30:00Z"), cents: 116_000 }),
    move({
      id: 2,
      at: new Date("2022-11-10T18:00:00Z"),
      cents: 116_000,
      title: "Mensualidad",
      subscription: true,
    }),
    // Border-zone rate: 1,080 = 1,000 + 80.
    move({
      id: 3,
      at: new Date("2022-11-15T18:00:00Z"),
      cents: 108_000,
      iva_rate: "8",
      method: "cash",
      location: "Roma",
    }),
    // Exempt drop-in at the counter.
    move({
      id: 5,
      at: new Date("2022-10-05T18:00:00Z"),
      cents: 20_000,
      title: "Clase suelta",
      iva_rate: "exento",
      method: "desk_card",
      location: "Roma",
    }),
    // Half of charge 1 given back on 20 Nov: 580 = 500 + 80, in November.
    move({ id: 9, kind: "refund", purchase_id: 1, at: new Date("2022-11-20T18:00:00Z"), cents: 58_000 }),
  ];
  const subscriptions = [
    {
      purchase_id: 2,
      customer_id: 1,
      customer: "Ana",
      title: "Mensualidad",
      cents: 116_000,
      period: "month",
      interval: 1,
    },
    {
      purchase_id: 6,
      customer_id: 2,
      customer: "Beto",
      title: "Anual",
      cents: 1_200_000,
      period: "year",
      interval: 1,
    },
    {
      purchase_id: 7,
      customer_id: 3,
      customer: "Caro",
      title: "Quincenal",
      cents: 40_000,
      period: "day",
      interval: 15,
    },
  ];
  const report = revenueReport(movements, subscriptions, period, TZ);

  it("nets refunds and splits IVA at each purchase's rate", () => {
    expect(report.totals).toEqual({
      charged: 3600,
      refunded: 580,
      net: 3020,
      subtotal: 2700, // 1,000 + 1,000 + 1,000 + 200 − 500
      iva: 320, // 160 + 160 + 80 + 0 − 80
      charges: 4,
      refunds: 1,
    });
    expect(report.by_package.map((r) => [r.key, r.net])).toEqual([
      ["10 Clases", 1660],
      ["Mensualidad", 1160],
      ["Clase suelta", 200],
    ]);
    expect(report.by_location.map((r) => [r.key, r.net])).toEqual([
      ["En línea", 1740],
      ["Roma", 1280],
    ]);
    expect(report.by_method.map((r) => [r.key, r.net])).toEqual([
      ["card", 1740],
      ["cash", 1080],
      ["desk_card", 200],
    ]);
  });

  it("months are the studio's: a charge at 23:30 on 31 Oct is October's", () => {
    expect(report.by_month.map((r) => [r.key, r.net, r.subtotal, r.iva])).toEqual([
      ["2022-10", 1360, 1200, 160],
      ["2022-11", 1660, 1500, 160],
    ]);
    expect(ivaByMonth(movements, TZ)).toEqual([
      { month: "2022-10", rate: "16", base: 1000, iva: 160, total: 1160 },
      { month: "2022-10", rate: "exento", base: 200, iva: 0, total: 200 },
      { month: "2022-11", rate: "16", base: 500, iva: 80, total: 580 },
      { month: "2022-11", rate: "8", base: 1000, iva: 80, total: 1080 },
    ]);
  });

  it("recurring revenue: monthly equivalents of active subscriptions, and what they charged", () => {
    expect(monthlyEquivalentCents(1_200_000, "year", 1)).toBe(100_000);
    expect(monthlyEquivalentCents(40_000, "day", 15)).toBe(80_000);
    expect(report.recurring).toMatchObject({ active_subscriptions: 3, mrr: 2960, arr: 35520 });
    expect(report.recurring.in_period.net).toBe(1160);
  });

  it("every figure opens to its charges and refunds; methods come from provider, desk and voucher", () => {
    expect(movementsBehind(movements, "month", "2022-10", TZ).map((m) => m.id)).toEqual([5, 1]);
    expect(movementsBehind(movements, "package", "10 Clases", TZ).map((m) => [m.kind, m.id])).toEqual([
      ["charge", 1],
      ["charge", 3],
      ["refund", 9],
    ]);
    expect(movementsBehind(movements, "recurring", "", TZ).map((m) => m.id)).toEqual([2]);
    expect(revenueMethodOf("admin", "desk:card:1234", null)).toBe("desk_card");
    expect(revenueMethodOf("admin", null, null)).toBe("other");
    expect(revenueMethodOf("stripe", "pi_1", "oxxo")).toBe("oxxo");
    expect(revenueMethodOf("cash", null, null)).toBe("cash");
  });
});

describe("liability", () => {
  const now = new Date("2022-11-15T18:00:00Z");
  const bucket = (
    b: Partial<CreditBucketFact> & Pick<CreditBucketFact, "available_class_id">,
  ): CreditBucketFact => ({
    customer_id: b.available_class_id,
    customer: "Cliente",
    purchase_id: b.available_class_id,
    title: "Paquete",
    credits: 1,
    expiration_date: null,
    kept_cents: 0,
    granted: 1,
    ...b,
  });
  const buckets = [
    // 1,000 for 10 classes, 3 left: 300. Expires 30 Nov 21:00 in the studio (1 Dec in UTC): November's.
    bucket({
      available_class_id: 1,
      credits: 3,
      kept_cents: 100_000,
      granted: 10,
      expiration_date: new Date("2022-12-01T03:00:00Z"),
    }),
    // 500 paid, 100 refunded: 400 kept for 5 classes, 2 left: 160. A freeze moved its expiry into January.
    bucket({
      available_class_id: 2,
      credits: 2,
      kept_cents: 40_000,
      granted: 5,
      expiration_date: new Date("2023-01-15T18:00:00Z"),
    }),
    // A courtesy class: owed, worth nothing.
    bucket({
      available_class_id: 3,
      purchase_id: null,
      kept_cents: null,
      granted: null,
      expiration_date: new Date("2022-12-20T18:00:00Z"),
    }),
    // Expired on 1 Nov: owes nothing.
    bucket({
      available_class_id: 4,
      credits: 4,
      kept_cents: 100_000,
      granted: 4,
      expiration_date: new Date("2022-11-01T18:00:00Z"),
    }),
    // Unlimited: counted apart.
    bucket({ available_class_id: 5, credits: -1, expiration_date: new Date("2022-12-10T18:00:00Z") }),
    // Never expires: 333.33 for 3 classes, 1 left: 111.11.
    bucket({ available_class_id: 6, credits: 1, kept_cents: 33_333, granted: 3 }),
    bucket({ available_class_id: 7, credits: 0, kept_cents: 10_000, granted: 1 }),
  ];

  it("owes the classes left at what their purchase kept, by the studio month they expire", () => {
    const report = liabilityReport(buckets, TZ, now);
    expect(report.totals).toEqual({ credits: 7, value: 571.11, customers: 4, unlimited_buckets: 1 });
    expect(report.by_expiry_month.map((m) => [m.key, m.credits, m.value])).toEqual([
      ["2022-11", 3, 300],
      ["2022-12", 1, 0],
      ["2023-01", 2, 160],
      [NEVER, 1, 111.11],
    ]);
    expect(bucketValueCents({ credits: 12, kept_cents: 100_000, granted: 10 })).toBe(100_000);
    expect(bucketsBehind(buckets, "2022-11", TZ, now).map((b) => [b.available_class_id, b.value])).toEqual([
      [1, 300],
    ]);
  });
});
