import { describe, expect, it } from "vitest";
import {
  type ChangeConfig,
  type ChangedRow,
  type ChangeSnapshot,
  decideChange,
  type ReservationChange,
} from "./change.rules";

const NOW = new Date("2026-03-02T18:00:00Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

const config: ChangeConfig = {
  allow_cancel_reservations: false, // "transferable but not cancelable": changes still allowed
  cancel_timeframe_value: 12,
  cancel_timeframe_unit: "hours",
  allow_cancel_after_treshold: false,
  spotmap_enabled: true,
  timezone: "America/Mexico_City",
};

const host: ChangedRow = { class_reservation_id: 1, spot: "1", guest: null, deletedAt: null };
const guest: ChangedRow = { class_reservation_id: 2, spot: "2", guest: "Ana", deletedAt: null };

function snapshot(over: Partial<ChangeSnapshot> = {}): ChangeSnapshot {
  return {
    klass: { class_date: at(24), cancelledAt: null },
    locked: { reservation: host, guests: [guest] },
    others: ["5"],
    spotMap: { spot_map: "3,3" },
    ...over,
  };
}
const change = (over: Partial<ReservationChange> = {}): ReservationChange => ({
  class_reservation_id: 1,
  ...over,
});

describe("decideChange refuses", () => {
  it.each([
    ["not my reservation", { klass: null, locked: null }, change(), "RESERVATION_NOT_FOUND"],
    [
      "a cancelled reservation",
      { locked: { reservation: { ...host, deletedAt: NOW }, guests: [] } },
      change(),
      "ALREADY_CANCELLED",
    ],
    [
      "a cancelled class",
      { klass: { class_date: at(24), cancelledAt: NOW } },
      change({ spot: "3" }),
      "CLASS_CANCELLED",
    ],
    [
      "a class that started",
      { klass: { class_date: at(-1), cancelledAt: null } },
      change({ spot: "3" }),
      "CLASS_STARTED",
    ],
    [
      "past the threshold",
      { klass: { class_date: at(10), cancelledAt: null } },
      change({ spot: "3" }),
      "CHANGE_TOO_LATE",
    ],
    [
      "a guest's change without a guest",
      { locked: { reservation: host, guests: [] } },
      change({ guest: "Luis" }),
      "GUEST_NOT_FOUND",
    ],
    [
      "a cancelled guest's spot",
      { locked: { reservation: host, guests: [{ ...guest, deletedAt: NOW }] } },
      change({ guest_spot: "3" }),
      "GUEST_NOT_FOUND",
    ],
    ["a spot taken by someone else", {}, change({ spot: "5" }), "SPOT_TAKEN"],
    ["a spot off the map", {}, change({ spot: "9" }), "SPOT_INVALID"],
    ["my spot and my guest's the same", {}, change({ spot: "3", guest_spot: "3" }), "SPOTS_MUST_DIFFER"],
  ] as const)("%s", (_, over, request, code) => {
    const decision = decideChange(snapshot(over as Partial<ChangeSnapshot>), request, config, NOW);
    expect(decision.ok ? "accepted" : decision.refusal.code).toBe(code);
  });

  it("with days as the unit, counts the studio's days", () => {
    const days = { ...config, cancel_timeframe_value: 2, cancel_timeframe_unit: "days" };
    const inside = decideChange(
      snapshot({ klass: { class_date: at(24), cancelledAt: null } }),
      change({ spot: "3" }),
      days,
      NOW,
    );
    expect(inside.ok ? null : inside.refusal).toEqual({
      code: "CHANGE_TOO_LATE",
      params: { value: 2, unit: "días" },
    });
    const outside = decideChange(
      snapshot({ klass: { class_date: at(24 * 5), cancelledAt: null } }),
      change({ spot: "3" }),
      days,
      NOW,
    );
    expect(outside.ok).toBe(true);
  });

  it("says the threshold in words", () => {
    const decision = decideChange(
      snapshot({ klass: { class_date: at(10), cancelledAt: null } }),
      change(),
      config,
      NOW,
    );
    expect(decision.ok ? null : decision.refusal).toEqual({
      code: "CHANGE_TOO_LATE",
      params: { value: 12, unit: "horas" },
    });
  });
});

describe("decideChange accepts", () => {
  it("swaps my spot with my guest's: both move, nothing else checked", () => {
    const decision = decideChange(snapshot(), change({ spot: "2", guest_spot: "1" }), config, NOW);
    expect(decision.ok && decision.moves.map((m) => [m.row.class_reservation_id, m.spot])).toEqual([
      [1, "2"],
      [2, "1"],
    ]);
  });

  it("keeps a spot no longer on the map when it is not changed, and renames the guest", () => {
    const old = { ...host, spot: "Z9" };
    const decision = decideChange(
      snapshot({ locked: { reservation: old, guests: [guest] } }),
      change({ guest: " Luis " }),
      config,
      NOW,
    );
    expect(decision.ok && decision.moves).toEqual([]);
    expect(decision.ok && decision.rename).toBe("Luis");
    expect(decision.ok && decision.guest?.guest).toBe("Luis");
  });

  it("gives a spot up with null, and renames nobody for the same name", () => {
    const decision = decideChange(snapshot(), change({ spot: null, guest: "Ana" }), config, NOW);
    expect(decision.ok && decision.moves.map((m) => m.spot)).toEqual([null]);
    expect(decision.ok && decision.rename).toBe(null);
  });
});
