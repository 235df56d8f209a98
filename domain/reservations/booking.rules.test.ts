import { describe, expect, it } from "vitest";
import type { CreditBucket } from "../booking";
import { messages } from "../messages";
import { refusalError } from "../refusal";
import {
  afterSeatRefused,
  type BookingConfig,
  type BookingRequest,
  type BookingSnapshot,
  bookingReads,
  choosePayments,
  decideBooking,
  decideSpots,
  spotsToCheck,
} from "./booking.rules";

// A fixed clock: Monday 2 March 2026, 12:00 in Mexico City; the class is two days later at 7:00.
const NOW = new Date("2026-03-02T18:00:00Z");
const CLASS_AT = new Date("2026-03-04T13:00:00Z");
const HOUR = 3_600_000;

const config: BookingConfig = {
  unlimited_membership_penalties_enabled: true,
  reservation_timeframe_hours: 72,
  reservation_timeframe_minutes: 0,
  allow_class_guests: true,
  spotmap_enabled: true,
  timezone: "America/Mexico_City",
};

const bucket = (over: Partial<CreditBucket> = {}): CreditBucket => ({
  available_class_id: 1,
  class_type_id: null,
  class_types: null,
  allowed_times: null,
  available_classes: 5,
  expiration_date: null,
  ...over,
});

function snapshot(over: Partial<BookingSnapshot> = {}): BookingSnapshot {
  return {
    account: { missingFields: [], pendingPages: [] },
    klass: {
      single_class_id: 10,
      class_date: CLASS_AT,
      capacity: 10,
      seats_taken: 3,
      class_type_id: 2,
      class_package_id: null,
      cancelledAt: null,
    },
    customer: {
      has_unlimited: false,
      unlimited_membership_expiration: null,
      holds_seat: false,
      spots_taken: ["3"],
      penalty_no_shows: null,
      penalty_end_date: null,
    },
    frozen: null,
    spotMap: { spot_map: "4,4,4" },
    buckets: [bucket()],
    ...over,
  };
}

const klass = (over: Partial<NonNullable<BookingSnapshot["klass"]>>) => ({
  klass: { ...snapshot().klass!, ...over },
});
const customer = (over: Partial<NonNullable<BookingSnapshot["customer"]>>) => ({
  customer: { ...snapshot().customer!, ...over },
});
const one: BookingRequest = { single_class_id: 10 };
const withGuest: BookingRequest = { single_class_id: 10, guest: "Ana" };
const penalty = customer({ penalty_no_shows: 3, penalty_end_date: new Date("2026-03-10T06:00:00Z") });
const frozen = {
  frozen: { starts_at: new Date("2026-03-01T06:00:00Z"), ends_at: new Date("2026-03-08T06:00:00Z") },
};

describe("decideBooking refuses, first rule first", () => {
  const cases: Array<[string, Partial<BookingSnapshot>, BookingRequest, Partial<BookingConfig>, string]> = [
    [
      "an incomplete profile",
      { account: { missingFields: ["Teléfono"], pendingPages: [] } },
      one,
      {},
      "PROFILE_INCOMPLETE",
    ],
    [
      "unsigned pages",
      { account: { missingFields: [], pendingPages: [{ page_id: 4, title: "Reglamento" }] } },
      one,
      {},
      "PAGES_PENDING",
    ],
    [
      "a profile and pages: the profile first",
      { account: { missingFields: ["Teléfono"], pendingPages: [{ page_id: 4, title: "R" }] } },
      one,
      {},
      "PROFILE_INCOMPLETE",
    ],
    [
      "an incomplete profile and no class: the profile first",
      { account: { missingFields: ["Teléfono"], pendingPages: [] }, klass: null },
      one,
      {},
      "PROFILE_INCOMPLETE",
    ],
    [
      "no signed carta responsiva while the studio blocks (decision 0099)",
      { account: { missingFields: [], pendingPages: [], waiver: "missing" } },
      one,
      {},
      "WAIVER_REQUIRED",
    ],
    [
      "pages and the waiver: the pages first",
      { account: { missingFields: [], pendingPages: [{ page_id: 4, title: "R" }], waiver: "outdated" } },
      one,
      {},
      "PAGES_PENDING",
    ],
    ["no class", { klass: null }, one, {}, "CLASS_NOT_FOUND"],
    ["no customer", { customer: null }, one, {}, "NOT_FOUND"],
    ["an active penalty", penalty, one, {}, "PENALTY_ACTIVE"],
    ["a penalty and a freeze: the penalty first", { ...penalty, ...frozen }, one, {}, "PENALTY_ACTIVE"],
    ["a frozen membership", frozen, one, {}, "MEMBERSHIP_FROZEN"],
    [
      "a freeze on a cancelled class: the freeze first",
      { ...frozen, ...klass({ cancelledAt: NOW }) },
      one,
      {},
      "MEMBERSHIP_FROZEN",
    ],
    ["a cancelled class", klass({ cancelledAt: NOW }), one, {}, "CLASS_CANCELLED"],
    [
      "a cancelled class that is full: cancelled first",
      klass({ cancelledAt: NOW, seats_taken: 10 }),
      one,
      {},
      "CLASS_CANCELLED",
    ],
    ["a package's class", klass({ class_package_id: 7 }), one, {}, "NEEDS_PACKAGE"],
    [
      "a class that started",
      klass({ class_date: new Date(NOW.getTime() - 1) }),
      one,
      {},
      "OUTSIDE_BOOKING_WINDOW",
    ],
    [
      "a class beyond the window",
      klass({ class_date: new Date(NOW.getTime() + 73 * HOUR) }),
      one,
      {},
      "OUTSIDE_BOOKING_WINDOW",
    ],
    ["a guest where guests are off", {}, withGuest, { allow_class_guests: false }, "GUESTS_NOT_ALLOWED"],
    ["a seat already held", customer({ holds_seat: true }), one, {}, "ALREADY_BOOKED"],
    [
      "a seat held in a full class: held first",
      { ...customer({ holds_seat: true }), ...klass({ seats_taken: 10 }) },
      one,
      {},
      "ALREADY_BOOKED",
    ],
    ["a full class", klass({ seats_taken: 10 }), one, {}, "SOLD_OUT"],
    ["a class without capacity", klass({ capacity: null }), one, {}, "SOLD_OUT"],
    ["a guest for the last seat", klass({ seats_taken: 9 }), withGuest, {}, "NOT_ENOUGH_SEATS"],
    [
      "the same spot for host and guest",
      {},
      { ...withGuest, spot: "5", guest_spot: " 5 " },
      {},
      "SPOTS_MUST_DIFFER",
    ],
    ["a spot not on the map", {}, { ...one, spot: "99" }, {}, "SPOT_INVALID"],
    ["a spot with maps off", {}, { ...one, spot: "5" }, { spotmap_enabled: false }, "SPOT_INVALID"],
    ["a spot taken", {}, { ...one, spot: "3" }, {}, "SPOT_TAKEN"],
    ["a spot taken and no credits: the spot first", { buckets: [] }, { ...one, spot: "3" }, {}, "SPOT_TAKEN"],
    ["no credits", { buckets: [] }, one, {}, "NO_CREDITS"],
    ["a used-up bucket", { buckets: [bucket({ available_classes: 0 })] }, one, {}, "NO_CREDITS"],
    [
      "a bucket expiring before the class",
      { buckets: [bucket({ expiration_date: new Date(CLASS_AT.getTime() - 1) })] },
      one,
      {},
      "NO_CREDITS",
    ],
    ["a bucket for another class type", { buckets: [bucket({ class_type_id: 9 })] }, one, {}, "NO_CREDITS"],
    ["a bucket for other times", { buckets: [bucket({ allowed_times: "18:00" })] }, one, {}, "NO_CREDITS"],
    [
      "one credit for a host and a guest",
      { buckets: [bucket({ available_classes: 1 })] },
      withGuest,
      {},
      "NO_CREDITS",
    ],
    [
      "an expired membership and no credits",
      {
        ...customer({ has_unlimited: true, unlimited_membership_expiration: new Date(NOW.getTime() - 1) }),
        buckets: [],
      },
      one,
      {},
      "NO_CREDITS",
    ],
  ];
  it.each(cases)("%s", (_, over, request, configOver, code) => {
    const decision = decideBooking(snapshot(over), request, { ...config, ...configOver }, NOW);
    expect(decision.ok ? "accepted" : decision.refusal.code).toBe(code);
  });

  it("says which fields, pages, penalty and freeze", () => {
    const refusal = (over: Partial<BookingSnapshot>) => {
      const d = decideBooking(snapshot(over), one, config, NOW);
      return d.ok ? null : d.refusal;
    };
    expect(refusal({ account: { missingFields: ["Teléfono"], pendingPages: [] } })).toEqual({
      code: "PROFILE_INCOMPLETE",
      details: { missing_fields: ["Teléfono"] },
    });
    expect(
      refusal({ account: { missingFields: [], pendingPages: [{ page_id: 4, title: "Reglamento" }] } }),
    ).toEqual({
      code: "PAGES_PENDING",
      params: { page: "Reglamento" },
      details: { pages: [{ page_id: 4, title: "Reglamento" }] },
    });
    expect(refusal(penalty)).toEqual({
      code: "PENALTY_ACTIVE",
      details: { no_shows: 3, end_date: "2026-03-10T06:00:00.000Z" },
    });
    // The freeze's last day is the day before it ends, on the studio's calendar.
    expect(refusal(frozen)).toMatchObject({
      code: "MEMBERSHIP_FROZEN",
      params: { from: expect.any(String), to: expect.any(String) },
    });
  });
});

describe("decideBooking past the rules (the front desk)", () => {
  const desk = { overrideRules: true };
  const cases: Array<[string, Partial<BookingSnapshot>, string]> = [
    [
      "books an incomplete profile",
      { account: { missingFields: ["Teléfono"], pendingPages: [] } },
      "accepted",
    ],
    ["books through a penalty", penalty, "accepted"],
    ["books through a freeze", frozen, "accepted"],
    ["books beyond the window", klass({ class_date: new Date(NOW.getTime() + 200 * HOUR) }), "accepted"],
    [
      "not a class that started",
      klass({ class_date: new Date(NOW.getTime() - 1) }),
      "OUTSIDE_BOOKING_WINDOW",
    ],
    ["not a cancelled class", klass({ cancelledAt: NOW }), "CLASS_CANCELLED"],
    ["not a full class", klass({ seats_taken: 10 }), "SOLD_OUT"],
    ["not without credits", { buckets: [] }, "NO_CREDITS"],
    ["not a seat held twice", customer({ holds_seat: true }), "ALREADY_BOOKED"],
  ];
  it.each(cases)("%s", (_, over, code) => {
    const decision = decideBooking(snapshot(over), one, config, NOW, desk);
    expect(decision.ok ? "accepted" : decision.refusal.code).toBe(code);
  });

  it("a penalty refuses nobody while penalties are off", () => {
    const decision = decideBooking(
      snapshot(penalty),
      one,
      { ...config, unlimited_membership_penalties_enabled: false },
      NOW,
    );
    expect(decision.ok).toBe(true);
  });

  it("opens hours:minutes before the class, with the catalogue's text when closed", () => {
    const window = { ...config, reservation_timeframe_hours: 2, reservation_timeframe_minutes: 30 };
    const far = decideBooking(
      snapshot(klass({ class_date: new Date(NOW.getTime() + 2 * HOUR + 35 * 60_000) })),
      one,
      window,
      NOW,
    );
    const near = decideBooking(
      snapshot(klass({ class_date: new Date(NOW.getTime() + 2 * HOUR + 25 * 60_000) })),
      one,
      window,
      NOW,
    );
    expect(near.ok).toBe(true);
    expect(far.ok ? null : refusalError(far.refusal)).toMatchObject({
      status: 412,
      code: "OUTSIDE_BOOKING_WINDOW",
      message: messages.bookingWindowClosed,
    });
  });

  it("no lead limit: any future class", () => {
    const far = snapshot(klass({ class_date: new Date(NOW.getTime() + 900 * HOUR) }));
    const open = { ...config, reservation_timeframe_hours: null, reservation_timeframe_minutes: null };
    expect(decideBooking(far, one, open, NOW).ok).toBe(true);
  });
});

describe("decideBooking accepts, with what to write", () => {
  it("one seat from the bucket that expires first, the never-expiring last", () => {
    const buckets = [
      bucket({ available_class_id: 1, expiration_date: null }),
      bucket({ available_class_id: 2, expiration_date: new Date("2026-04-01T00:00:00Z") }),
      bucket({ available_class_id: 3, expiration_date: new Date("2026-03-20T00:00:00Z") }),
    ];
    const decision = decideBooking(snapshot({ buckets }), { ...one, spot: " 5 " }, config, NOW);
    expect(decision).toEqual({
      ok: true,
      seats: 1,
      spots: { host: "5", guest: null },
      payments: [{ paid_with: "credit", available_class_id: 3 }],
      spend: [buckets[2]],
    });
    // The snapshot is not changed by the choice.
    expect(buckets[2]?.available_classes).toBe(5);
  });

  it("a guest's seat comes from the next bucket when the first runs out", () => {
    const buckets = [
      bucket({
        available_class_id: 1,
        available_classes: 1,
        expiration_date: new Date("2026-03-10T00:00:00Z"),
      }),
      bucket({ available_class_id: 2, available_classes: 4 }),
    ];
    const decision = decideBooking(
      snapshot({ buckets }),
      { ...withGuest, spot: "5", guest_spot: "6" },
      config,
      NOW,
    );
    expect(decision.ok && decision.payments.map((p) => p.available_class_id)).toEqual([1, 2]);
    expect(decision.ok && decision.spots).toEqual({ host: "5", guest: "6" });
    expect(decision.ok && decision.seats).toBe(2);
  });

  it("an unlimited membership pays both seats without a credit, an open-ended one too", () => {
    for (const until of [null, new Date(CLASS_AT.getTime() + HOUR)]) {
      const member = snapshot({
        ...customer({ has_unlimited: true, unlimited_membership_expiration: until }),
        buckets: null,
      });
      const decision = decideBooking(member, withGuest, config, NOW);
      expect(decision.ok && decision.payments).toEqual([
        { paid_with: "unlimited", available_class_id: null },
        { paid_with: "unlimited", available_class_id: null },
      ]);
      expect(decision.ok && decision.spend).toEqual([]);
    }
  });

  it("an unlimited bucket (-1) pays and stays unlimited", () => {
    const buckets = [bucket({ available_classes: -1 })];
    const decision = choosePayments(
      snapshot().customer!,
      buckets,
      snapshot().klass!,
      2,
      config.timezone,
      NOW,
    );
    expect(decision.ok && decision.payments.map((p) => p.available_class_id)).toEqual([1, 1]);
  });
});

describe("what the booking reads", () => {
  it("the freeze only for the customer's own booking, the map only for a chosen spot, the buckets without a membership", () => {
    const found = { klass: snapshot().klass, customer: snapshot().customer };
    expect(bookingReads(one, config, found, NOW)).toEqual({ frozen: true, spotMap: false, buckets: true });
    expect(bookingReads({ ...one, spot: "4" }, config, found, NOW).spotMap).toBe(true);
    expect(bookingReads({ ...one, spot: "4" }, { spotmap_enabled: false }, found, NOW).spotMap).toBe(false);
    expect(bookingReads(one, config, found, NOW, { overrideRules: true }).frozen).toBe(false);
    const member = { ...found, customer: { ...found.customer!, has_unlimited: true } };
    expect(bookingReads(one, config, member, NOW).buckets).toBe(false);
    expect(bookingReads(one, config, { klass: null, customer: null }, NOW)).toEqual({
      frozen: false,
      spotMap: false,
      buckets: false,
    });
  });
});

describe("spots", () => {
  const map = ["1", "2", "3", "4"];
  it.each([
    ["free spots", { spot: "1", guest_spot: "2" }, true, [], { host: true, guest: true }, "ok"],
    ["no spot at all", {}, true, [], { host: true, guest: true }, "ok"],
    [
      "an unchecked spot off the map (kept after a map edit)",
      { spot: "9" },
      false,
      [],
      { host: false, guest: false },
      "ok",
    ],
    [
      "a guest spot without a guest is ignored",
      { guest_spot: "9" },
      false,
      [],
      { host: true, guest: true },
      "ok",
    ],
    [
      "the same spot twice",
      { spot: "1", guest_spot: "1" },
      true,
      [],
      { host: true, guest: true },
      "SPOTS_MUST_DIFFER",
    ],
    ["off the map", { spot: "1", guest_spot: "8" }, true, [], { host: true, guest: true }, "SPOT_INVALID"],
    ["taken", { spot: "2" }, false, ["2"], { host: true, guest: true }, "SPOT_TAKEN"],
  ] as const)("%s", (_, request, guest, taken, check, answer) => {
    const decision = decideSpots(request, guest, taken, map, check);
    expect(decision.ok ? "ok" : decision.refusal.code).toBe(answer);
  });

  it("reads the map only when a chosen spot changes", () => {
    expect(spotsToCheck({ spot: null }, false)).toBe(false);
    expect(spotsToCheck({ spot: "1" }, false)).toBe(true);
    expect(spotsToCheck({ spot: "1" }, false, { host: false, guest: false })).toBe(false);
    expect(spotsToCheck({ spot: "1", guest_spot: "1" }, true)).toBe(false);
  });
});

describe("after takeSeat wrote nothing", () => {
  const seats = (over: Partial<{ left: number; cancelled: boolean; mine: boolean }> = {}) => ({
    left: 4,
    cancelled: false,
    mine: false,
    ...over,
  });
  it.each([
    ["the class is gone", null, 1, 1, "CLASS_NOT_FOUND"],
    ["the class was cancelled", seats({ cancelled: true }), 1, 1, "CLASS_CANCELLED"],
    ["the customer booked it meanwhile", seats({ mine: true }), 1, 1, "ALREADY_BOOKED"],
    ["the seats went", seats({ left: 0 }), 1, 1, "SOLD_OUT"],
    ["one seat left for two", seats({ left: 1 }), 2, 1, "NOT_ENOUGH_SEATS"],
    ["credits changed: read again", seats(), 1, 1, "retry"],
    ["credits changed a third time", seats(), 1, 3, "NO_CREDITS"],
  ] as const)("%s", (_, read, needed, attempt, answer) => {
    const next = afterSeatRefused(read, needed, attempt);
    expect(next.retry ? "retry" : next.refusal.code).toBe(answer);
  });
});
