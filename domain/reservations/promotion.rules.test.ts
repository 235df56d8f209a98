import { describe, expect, it } from "vitest";
import {
  afterPromotionRefused,
  lineClosed,
  offerExpiry,
  type PromotionClass,
  type PromotionConfig,
  toldWhySkipped,
} from "./promotion.rules";

const NOW = new Date("2026-03-02T18:00:00Z");
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

const config: PromotionConfig = {
  waitlist_enabled: true,
  waitlist_mode: "auto",
  waitlist_cutoff_minutes: 120,
  waitlist_offer_minutes: 30,
};
const klass = (over: Partial<PromotionClass> = {}): PromotionClass => ({
  class_date: at(600),
  capacity: 10,
  class_package_id: null,
  cancelledAt: null,
  ...over,
});

describe("whether the line moves", () => {
  it.each([
    ["a class with a free seat", klass(), 9, null],
    ["no class", null, 0, "NOT_FOUND"],
    ["a cancelled class", klass({ cancelledAt: NOW }), 0, "CANCELLED"],
    ["a package's class", klass({ class_package_id: 3 }), 0, "PACKAGE"],
    ["inside the cutoff", klass({ class_date: at(119) }), 0, "CUTOFF"],
    ["exactly at the cutoff", klass({ class_date: at(120) }), 0, null],
    ["a full class", klass(), 10, "FULL"],
    ["no capacity", klass({ capacity: null }), 0, "FULL"],
    ["not counted yet", klass(), null, null],
    ["cancelled and full: cancelled first", klass({ cancelledAt: NOW }), 10, "CANCELLED"],
  ] as const)("%s", (_, c, taken, answer) => {
    expect(lineClosed(c, taken, NOW, config)).toBe(answer);
  });

  it("no cutoff set: up to the start", () => {
    expect(lineClosed(klass({ class_date: at(1) }), 0, NOW, { waitlist_cutoff_minutes: null })).toBe(null);
  });
});

describe("an offer's end", () => {
  it("is waitlist_offer_minutes away, 30 when unset, never past the cutoff", () => {
    expect(offerExpiry(at(600), NOW, config)).toEqual(at(30));
    expect(offerExpiry(at(600), NOW, { ...config, waitlist_offer_minutes: null })).toEqual(at(30));
    expect(offerExpiry(at(140), NOW, config)).toEqual(at(20));
  });
});

describe("a refused booking of the person in line", () => {
  it.each([
    ["NO_CREDITS", 412, "skip"],
    ["PENALTY_ACTIVE", 412, "skip"],
    ["PROFILE_INCOMPLETE", 412, "skip"],
    ["PAGES_PENDING", 412, "skip"],
    ["ALREADY_BOOKED", 409, "leave"],
    ["SOLD_OUT", 412, "stop"],
    ["OUTSIDE_BOOKING_WINDOW", 412, "stop"],
    ["MEMBERSHIP_FROZEN", 412, "stop"],
    ["INTERNAL", 500, "fail"],
  ] as const)("%s (%s): %s", (code, status, answer) => {
    expect(afterPromotionRefused({ code, status })).toBe(answer);
  });

  it("is told why by email, except for an overlap or a seat they hold", () => {
    expect(["NO_CREDITS", "OVERLAP", "ALREADY_BOOKED", "PENALTY_ACTIVE"].filter(toldWhySkipped)).toEqual([
      "NO_CREDITS",
      "PENALTY_ACTIVE",
    ]);
  });
});
