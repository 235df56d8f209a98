import { describe, expect, it } from "vitest";
import { expiresSoon, isBirthday, type RosterFacts, rosterFlags } from "./roster-flags";

const none: RosterFacts = {
  firstVisit: false,
  unpaidCashOrder: false,
  packExpiresSoon: false,
  birthdayToday: false,
};

describe("rosterFlags", () => {
  it("flags nothing for a regular with everything settled", () => {
    expect(rosterFlags(none)).toEqual([]);
  });

  it("lists what to settle first, then the welcome", () => {
    expect(
      rosterFlags({
        firstVisit: true,
        unpaidCashOrder: true,
        packExpiresSoon: true,
        birthdayToday: true,
        waiverMissing: true,
      }),
    ).toEqual(["waiver_missing", "unpaid_cash", "pack_expires_soon", "first_visit", "birthday"]);
  });

  it("says nothing about waivers while the studio has none (undefined), nor when signed", () => {
    expect(rosterFlags({ ...none, waiverMissing: undefined })).toEqual([]);
    expect(rosterFlags({ ...none, waiverMissing: false })).toEqual([]);
    expect(rosterFlags({ ...none, waiverMissing: true })).toEqual(["waiver_missing"]);
  });

  it.each([
    ["firstVisit", "first_visit"],
    ["unpaidCashOrder", "unpaid_cash"],
    ["packExpiresSoon", "pack_expires_soon"],
    ["birthdayToday", "birthday"],
  ] as const)("%s alone gives %s", (fact, flag) => {
    expect(rosterFlags({ ...none, [fact]: true })).toEqual([flag]);
  });
});

describe("isBirthday", () => {
  it.each([
    ["1990-03-10", "2026-03-10", true],
    ["1990-03-10", "2026-03-11", false],
    ["1990-02-29", "2026-02-28", true], // no 29 February in 2026
    ["1992-02-29", "2028-02-28", false], // 2028 has one
    ["1992-02-29", "2028-02-29", true],
    [null, "2026-03-10", false],
    ["", "2026-03-10", false],
  ])("%s on %s: %s", (birthdate, today, expected) => {
    expect(isBirthday(birthdate, today)).toBe(expected);
  });
});

describe("expiresSoon", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it.each([
    ["never expires", null, false],
    ["already expired", new Date("2026-03-10T11:59:59Z"), false],
    ["in 7 days exactly", new Date("2026-03-17T12:00:00Z"), true],
    ["in 7 days and a second", new Date("2026-03-17T12:00:01Z"), false],
    ["tomorrow", new Date("2026-03-11T12:00:00Z"), true],
  ])("%s", (_, at, expected) => {
    expect(expiresSoon(at, now)).toBe(expected);
  });
});
