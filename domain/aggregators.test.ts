import { describe, expect, it } from "vitest";
import {
  acceptanceDeadline,
  cancellationKind,
  decideAggregatorBooking,
  deliveryExpired,
  isNewerEvent,
  monthBounds,
  reconcile,
  seatsToPublish,
  validationState,
} from "./aggregators";

const now = new Date("2026-03-10T15:00:00Z");
const later = new Date("2026-03-11T15:00:00Z");
const terms = { enabled: true, class_type_ids: [1], seats_per_class: 3 };
const klass = { capacity: 10, seats_taken: 4, class_type_id: 1, class_date: later, cancelledAt: null };
const base = { aggregator: "wellhub" as const, terms, klass, aggregatorSeats: 0, requestedAt: now, now };

describe("aggregator booking decision", () => {
  it("accepts while the class and the aggregator's share have seats", () => {
    expect(decideAggregatorBooking(base)).toEqual({ accept: true });
  });

  it.each([
    ["not_enabled", { terms: { ...terms, enabled: false } }],
    ["class_not_found", { klass: null }],
    ["class_cancelled", { klass: { ...klass, cancelledAt: now } }],
    ["class_started", { klass: { ...klass, class_date: now } }],
    ["class_type_not_offered", { klass: { ...klass, class_type_id: 2 } }],
    ["deadline_passed", { now: new Date(now.getTime() + 16 * 60_000) }],
    ["class_full", { klass: { ...klass, seats_taken: 10 } }],
    ["aggregator_cap_full", { aggregatorSeats: 3 }],
  ] as const)("refuses with %s", (reason, change) => {
    expect(decideAggregatorBooking({ ...base, ...change })).toEqual({ accept: false, reason });
  });

  it("says a full class before a full share (the reason the member can act on)", () => {
    expect(
      decideAggregatorBooking({ ...base, klass: { ...klass, seats_taken: 10 }, aggregatorSeats: 3 }),
    ).toEqual({
      accept: false,
      reason: "class_full",
    });
  });

  it("gives Wellhub 15 minutes to answer", () => {
    expect(acceptanceDeadline("wellhub", now).toISOString()).toBe("2026-03-10T15:15:00.000Z");
  });
});

describe("seats published", () => {
  it("is the share left, never more than the class has free", () => {
    expect(seatsToPublish(terms, klass, 1, now)).toBe(2);
    expect(seatsToPublish(terms, { ...klass, seats_taken: 9 }, 0, now)).toBe(1);
    expect(seatsToPublish(terms, { ...klass, cancelledAt: now }, 0, now)).toBe(0);
    expect(seatsToPublish({ ...terms, class_type_ids: [] }, klass, 0, now)).toBe(0);
  });
});

describe("deliveries", () => {
  it("applies only newer events", () => {
    expect(isNewerEvent(null, now)).toBe(true);
    expect(isNewerEvent(now, later)).toBe(true);
    expect(isNewerEvent(later, now)).toBe(false);
    expect(isNewerEvent(now, now)).toBe(false);
  });

  it("refuses a replay older than an hour or dated in the future", () => {
    expect(deliveryExpired(new Date(now.getTime() - 61 * 60_000), now)).toBe(true);
    expect(deliveryExpired(new Date(now.getTime() + 6 * 60_000), now)).toBe(true);
    expect(deliveryExpired(new Date(now.getTime() - 5 * 60_000), now)).toBe(false);
  });

  it("calls a cancellation late by the aggregator's word, else by the window", () => {
    expect(cancellationKind("wellhub", later, now, true)).toBe("late_cancelled");
    expect(cancellationKind("wellhub", later, now, false)).toBe("cancelled");
    expect(cancellationKind("totalpass", later, now, null)).toBe("cancelled");
    expect(cancellationKind("totalpass", new Date(now.getTime() + 60 * 60_000), now, null)).toBe(
      "late_cancelled",
    );
  });
});

describe("visits and payout", () => {
  it("keeps a visit's validation open for the aggregator's window", () => {
    expect(validationState("wellhub", now, new Date(now.getTime() + 30 * 60_000))).toBe("open");
    expect(validationState("wellhub", now, new Date(now.getTime() + 31 * 60_000))).toBe("expired");
    expect(validationState("totalpass", now, new Date(now.getTime() + 89 * 60_000))).toBe("open");
  });

  it("pays validated visits only, at the studio's rate in centavos", () => {
    const line = reconcile(
      "totalpass",
      [
        { status: "attended", validation: "validated" },
        { status: "attended", validation: "validated" },
        { status: "attended", validation: "expired" },
        { status: "refused", validation: "none" },
        { status: "no_show", validation: "none" },
        { status: "late_cancelled", validation: "none" },
      ],
      8550,
    );
    expect(line).toEqual({
      aggregator: "totalpass",
      bookings: 6,
      validated: 2,
      unvalidated: 1,
      refused: 1,
      no_show: 1,
      cancelled: 1,
      rate_cents: 8550,
      expected_payout_cents: 17100,
    });
  });

  it("reads a month", () => {
    expect(monthBounds("2026-12")).toEqual({ from: "2026-12-01", to: "2027-01-01" });
    expect(monthBounds("2026-13")).toBeNull();
  });
});
