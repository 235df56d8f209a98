import { describe, expect, it } from "vitest";
import { classPay, NO_RATE, type PayRate, periodPay, type TaughtClassFact } from "./coach-pay";

const fact = (f: Partial<TaughtClassFact> & Pick<TaughtClassFact, "single_class_id">): TaughtClassFact => ({
  class_date: new Date("2022-11-07T13:00:00Z"),
  class_type: "Cycling",
  location: "Roma",
  cancelled: false,
  seats: 10,
  attended: 8,
  coaches: 1,
  workshop: false,
  workshop_revenue_cents: 0,
  ...f,
});

describe("coach pay (worked by hand)", () => {
  const rate: PayRate = {
    ...NO_RATE,
    per_class_cents: 30_000, // $300 a class
    per_attendee_cents: 2_000, // + $20 per person checked in
    tiers: [
      { min_attendees: 12, cents: 45_000 },
      { min_attendees: 8, cents: 40_000 },
    ],
    workshop_share_percent: 37.5,
  };

  it("a fixed amount plus attendees, tiers by headcount, no-shows counted only when the rate says so", () => {
    // 5 came: no tier reached → 300 + 5 × 20 = 400.
    expect(classPay(rate, fact({ single_class_id: 1, attended: 5 }))).toMatchObject({
      rule: "per_class",
      total_cents: 40_000,
    });
    // 8 came: the 8+ tier (400) + 8 × 20 = 560.
    expect(classPay(rate, fact({ single_class_id: 2 }))).toMatchObject({
      rule: "tier",
      base_cents: 40_000,
      total_cents: 56_000,
    });
    // Counting no-shows: 12 booked → the 12+ tier (450) + 12 × 20 = 690.
    expect(
      classPay({ ...rate, count_no_shows: true }, fact({ single_class_id: 3, seats: 12 })),
    ).toMatchObject({
      headcount: 12,
      total_cents: 69_000,
    });
  });

  it("a workshop pays its share of what its package took, split between its coaches; a cancelled class pays nothing", () => {
    // 37.5 % of 3,333.33 = 1,250.00 (rounded to the centavo), two coaches: 625.00 each.
    expect(
      classPay(
        rate,
        fact({ single_class_id: 4, workshop: true, workshop_revenue_cents: 333_333, coaches: 2 }),
      ),
    ).toMatchObject({ rule: "revenue_share", total_cents: 62_500 });
    expect(classPay(rate, fact({ single_class_id: 5, cancelled: true }))).toMatchObject({
      rule: "cancelled",
      total_cents: 0,
    });
  });

  it("a period adds up its classes in date order", () => {
    const pay = periodPay(rate, [
      fact({ single_class_id: 2, class_date: new Date("2022-11-08T13:00:00Z") }),
      fact({ single_class_id: 1, attended: 5 }),
      fact({ single_class_id: 5, cancelled: true }),
    ]);
    expect(pay.lines.map((l) => l.fact.single_class_id)).toEqual([1, 5, 2]);
    expect(pay).toMatchObject({ classes: 2, total_cents: 96_000 });
  });
});
