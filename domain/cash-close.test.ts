import { describe, expect, it } from "vitest";
import { localDay } from "./booking";
import {
  type CashMovement,
  closeDifference,
  countedCents,
  dayBounds,
  deskMethodOf,
  summariseTakings,
} from "./cash-close";

// docs/product-rules.md#cash-close, decision 0063.
const ZONE = "America/Mexico_City";

describe("the day a movement belongs to (the studio's midnight, not UTC's)", () => {
  const { from, to } = dayBounds("2026-03-10", ZONE);
  it.each([
    ["just before midnight the day before", "2026-03-10T05:59:59.999Z", false, "2026-03-09"],
    ["at midnight", "2026-03-10T06:00:00.000Z", true, "2026-03-10"],
    ["at noon", "2026-03-10T18:00:00.000Z", true, "2026-03-10"],
    ["just before midnight (already the 11th in UTC)", "2026-03-11T05:59:59.999Z", true, "2026-03-10"],
    ["just after midnight", "2026-03-11T06:00:00.001Z", false, "2026-03-11"],
  ])("%s", (_, at, inside, day) => {
    const instant = new Date(at);
    expect(instant >= from && instant < to).toBe(inside);
    expect(localDay(instant, ZONE)).toBe(day);
  });

  it("is 24 hours in Mexico City (no DST since 2022) and follows another zone's DST", () => {
    expect(to.getTime() - from.getTime()).toBe(24 * 3_600_000);
    const ny = dayBounds("2026-03-08", "America/New_York"); // spring forward: 23 hours
    expect(ny.to.getTime() - ny.from.getTime()).toBe(23 * 3_600_000);
  });
});

describe("how the desk took the money", () => {
  it.each([
    ["cash", null, "cash"],
    ["cash", "cash_42", "cash"],
    ["admin", "desk:cash", "cash"],
    ["admin", "desk:card:482913", "card"],
    ["admin", "desk:transfer:SPEI 7", "transfer"],
    ["admin", null, null],
    ["sandbox", "pi_123", null],
    ["stripe", "desk:cash", null],
  ] as const)("%s %s → %s", (provider, ref, method) => {
    expect(deskMethodOf(provider, ref)).toBe(method);
  });
});

describe("the per-staff, per-method table and the expected cash", () => {
  const ana = { staff_user_id: "u-ana", staff_name: "Ana Recepción" };
  const beto = { staff_user_id: "u-beto", staff_name: "Beto Gerente" };
  const move = (
    who: typeof ana,
    method: CashMovement["method"],
    kind: CashMovement["kind"],
    cents: number,
  ) => ({
    ...who,
    method,
    kind,
    cents,
  });
  it.each([
    { name: "nothing taken", movements: [], staff: [], expected: 0 },
    {
      name: "a cash sale, a terminal sale, a confirmed cash order and a cash refund",
      movements: [
        move(ana, "cash", "sale", 75_000),
        move(ana, "card", "sale", 135_000),
        move(beto, "cash", "order", 105_000),
        move(beto, "cash", "refund", -30_000),
        move(ana, "transfer", "sale", 39_900),
      ],
      staff: [
        {
          staff_user_id: "u-ana",
          staff_name: "Ana Recepción",
          cash: 75_000,
          card: 135_000,
          transfer: 39_900,
          total: 249_900,
        },
        {
          staff_user_id: "u-beto",
          staff_name: "Beto Gerente",
          cash: 75_000,
          card: 0,
          transfer: 0,
          total: 75_000,
        },
      ],
      expected: 150_000,
    },
    {
      name: "a refund of a terminal sale leaves the drawer alone",
      movements: [move(ana, "cash", "sale", 10_000), move(ana, "card", "refund", -5_000)],
      staff: [{ ...ana, cash: 10_000, card: -5_000, transfer: 0, total: 5_000 }],
      expected: 10_000,
    },
    {
      name: "more handed back than taken: the drawer is short",
      movements: [move(beto, "cash", "refund", -20_000)],
      staff: [{ ...beto, cash: -20_000, card: 0, transfer: 0, total: -20_000 }],
      expected: -20_000,
    },
  ])("$name", ({ movements, staff, expected }) => {
    const summary = summariseTakings(movements);
    expect(summary.staff).toEqual(staff);
    expect(summary.expected_cash).toBe(expected);
    expect(summary.totals.total).toBe(staff.reduce((s, r) => s + r.total, 0));
  });
});

describe("the count", () => {
  it.each([
    [0, 0],
    [1250.5, 125_050],
    [0.1 + 0.2, 30],
    [999.99, 99_999],
    [-1, null],
    [10.005, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])("%s pesos → %s centavos", (pesos, cents) => {
    expect(countedCents(pesos)).toBe(cents);
  });
  it("difference: counted minus expected (negative is a shortfall)", () => {
    expect(closeDifference(150_000, 149_500)).toBe(-500);
    expect(closeDifference(150_000, 150_000)).toBe(0);
    expect(closeDifference(-2_000, 0)).toBe(2_000);
  });
});
