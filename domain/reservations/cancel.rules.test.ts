import { describe, expect, it } from "vitest";
import { messages } from "../messages";
import { refusalError } from "../refusal";
import { bucketsNotRefunded, type CancelConfig, type CancelledRow, decideCancel } from "./cancel.rules";

// A fixed clock; the class starts 10 hours later, the threshold is 12 hours before it.
const NOW = new Date("2026-03-02T18:00:00Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

const config: CancelConfig = {
  allow_cancel_reservations: true,
  cancel_timeframe_value: 12,
  cancel_timeframe_unit: "hours",
  allow_cancel_after_treshold: false,
  max_cancels_per_available_class: null,
  timezone: "America/Mexico_City",
};

const row = (over: Partial<CancelledRow> = {}): CancelledRow => ({
  class_reservation_id: 1,
  guest_of_id: null,
  paid_with: "credit",
  available_class_id: 7,
  deletedAt: null,
  ...over,
});
const guest = row({ class_reservation_id: 2, guest_of_id: 1, available_class_id: 8 });
const locked = (reservation = row(), guests: CancelledRow[] = []) => ({ reservation, guests });

describe("decideCancel", () => {
  const cases: Array<[string, Parameters<typeof decideCancel>[0], Partial<CancelConfig>, boolean, string]> = [
    ["not my reservation", { klass: null, locked: null }, {}, false, "RESERVATION_NOT_FOUND"],
    [
      "rows not found under the lock",
      { klass: { class_date: at(24) }, locked: null },
      {},
      false,
      "RESERVATION_NOT_FOUND",
    ],
    [
      "already cancelled",
      { klass: { class_date: at(24) }, locked: locked(row({ deletedAt: NOW })) },
      {},
      false,
      "ALREADY_CANCELLED",
    ],
    [
      "already cancelled, by the desk too",
      { klass: { class_date: at(24) }, locked: locked(row({ deletedAt: NOW })) },
      {},
      true,
      "ALREADY_CANCELLED",
    ],
    [
      "cancelling turned off",
      { klass: { class_date: at(24) }, locked: locked() },
      { allow_cancel_reservations: false },
      false,
      "CANCEL_DISABLED",
    ],
    ["a class that started", { klass: { class_date: at(-1) }, locked: locked() }, {}, false, "CLASS_STARTED"],
    [
      "a class that started, by the desk",
      { klass: { class_date: at(-1) }, locked: locked() },
      {},
      true,
      "CLASS_STARTED",
    ],
    [
      "inside the threshold",
      { klass: { class_date: at(10) }, locked: locked() },
      {},
      false,
      "CANCEL_TOO_LATE",
    ],
    [
      "turned off and started: off first",
      { klass: { class_date: at(-1) }, locked: locked() },
      { allow_cancel_reservations: false },
      false,
      "CANCEL_DISABLED",
    ],
    ["before the threshold", { klass: { class_date: at(24) }, locked: locked() }, {}, false, "refund"],
    [
      "inside the threshold, allowed after it",
      { klass: { class_date: at(10) }, locked: locked() },
      { allow_cancel_after_treshold: true },
      false,
      "kept",
    ],
    [
      "inside the threshold, by the desk",
      { klass: { class_date: at(10) }, locked: locked() },
      {},
      true,
      "refund",
    ],
    [
      "turned off, by the desk",
      { klass: { class_date: at(24) }, locked: locked() },
      { allow_cancel_reservations: false },
      true,
      "refund",
    ],
  ];
  it.each(cases)("%s", (_, snapshot, configOver, overrideRules, answer) => {
    const decision = decideCancel(snapshot, { ...config, ...configOver }, NOW, { overrideRules });
    expect(decision.ok ? (decision.refund ? "refund" : "kept") : decision.refusal.code).toBe(answer);
  });

  it.each([
    [2, "days", 30, "CANCEL_TOO_LATE"],
    [1, "day", 30, "refund"],
    [90, "minutes", 30, "refund"],
    [90, "minutes", 1, "CANCEL_TOO_LATE"],
    [3_600, "seconds", 1.5, "refund"],
  ])("a threshold of %s %s, %s hours before the class: %s", (value, unit, hours, answer) => {
    const decision = decideCancel(
      { klass: { class_date: at(hours) }, locked: locked() },
      { ...config, cancel_timeframe_value: value, cancel_timeframe_unit: unit },
      NOW,
    );
    expect(decision.ok ? "refund" : decision.refusal.code).toBe(answer);
  });

  it("cancelling turned off says so in the catalogue's words", () => {
    const decision = decideCancel(
      { klass: { class_date: at(48) }, locked: locked() },
      { ...config, allow_cancel_reservations: false },
      NOW,
    );
    expect(decision.ok ? null : refusalError(decision.refusal)).toMatchObject({
      status: 412,
      code: "CANCEL_DISABLED",
      message: messages.cancelDisabled,
    });
  });

  it("says the threshold in words, and which text a started class gets", () => {
    const late = decideCancel({ klass: { class_date: at(10) }, locked: locked() }, config, NOW);
    expect(late.ok ? null : late.refusal).toEqual({
      code: "CANCEL_TOO_LATE",
      params: { value: 12, unit: "horas" },
    });
    const started = decideCancel({ klass: { class_date: at(-1) }, locked: locked() }, config, NOW);
    expect(started.ok ? null : started.refusal).toEqual({ code: "CLASS_STARTED", message: "cancelStarted" });
  });

  it("a host frees its guest's seat and both credits go back; a guest frees only its own", () => {
    const host = decideCancel({ klass: { class_date: at(24) }, locked: locked(row(), [guest]) }, config, NOW);
    expect(host.ok && host.rows.map((r) => r.class_reservation_id)).toEqual([1, 2]);
    expect(host.ok && host.paidBuckets).toEqual([7, 8]);
    const own = decideCancel({ klass: { class_date: at(24) }, locked: locked(guest, [row()]) }, config, NOW);
    expect(own.ok && own.rows.map((r) => r.class_reservation_id)).toEqual([2]);
  });

  it("gives back no credit after the threshold, nor for a membership's seat", () => {
    const kept = decideCancel(
      { klass: { class_date: at(10) }, locked: locked() },
      { ...config, allow_cancel_after_treshold: true },
      NOW,
    );
    expect(kept.ok && kept.paidBuckets).toEqual([]);
    const member = row({ paid_with: "unlimited", available_class_id: null });
    const unlimited = decideCancel({ klass: { class_date: at(24) }, locked: locked(member) }, config, NOW);
    expect(unlimited.ok && unlimited.paidBuckets).toEqual([]);
  });

  it.each([
    [null, false, null],
    [0, false, null],
    [-1, false, null],
    [2, false, 2],
    [2, true, null],
  ])("a cancel limit of %s (desk: %s) is %s", (max, overrideRules, limit) => {
    const decision = decideCancel(
      { klass: { class_date: at(24) }, locked: locked() },
      { ...config, max_cancels_per_available_class: max },
      NOW,
      { overrideRules },
    );
    expect(decision.ok && decision.limit).toBe(limit);
    expect(decision.ok && decision.counts).toBe(!overrideRules);
  });
});

describe("buckets not refunded", () => {
  it("are checked against the limit only when there is one, each once", () => {
    expect(bucketsNotRefunded({ paidBuckets: [7, 7, 8], limit: 2 }, new Set([8]))).toEqual([7]);
    expect(bucketsNotRefunded({ paidBuckets: [7, 8], limit: null }, new Set())).toEqual([]);
    expect(bucketsNotRefunded({ paidBuckets: [7, 8], limit: 2 }, new Set([7, 8]))).toEqual([]);
  });
});
