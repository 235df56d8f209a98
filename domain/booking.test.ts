import { describe, expect, it } from "vitest";
import {
  addLocalDays,
  cancelDeadline,
  cancelDecision,
  cancelOption,
  changeDecision,
  chooseBucket,
  classCardState,
  isInsideBookingWindow,
  localDay,
  mondayOfDay,
  reservationStatus,
  timeLeftLabel,
  zonedInstant,
} from "./booking";

const MX = "America/Mexico_City";
const policy = {
  allow_cancel_reservations: true,
  cancel_timeframe_value: 12,
  cancel_timeframe_unit: "hours",
  allow_cancel_after_treshold: false,
};

describe("studio-local days (independent of the machine's TZ)", () => {
  it("puts 23:30 in Mexico City on its local day, not on the UTC one", () => {
    const late = zonedInstant("2025-03-07", "23:30", MX);
    expect(late.toISOString()).toBe("2025-03-08T05:30:00.000Z");
    expect(localDay(late, MX)).toBe("2025-03-07");
    expect(localDay(late, "Pacific/Auckland")).toBe("2025-03-08");
  });
  it("handles DST zones and calendar arithmetic", () => {
    expect(zonedInstant("2025-03-09", "12:00", "America/New_York").toISOString()).toBe(
      "2025-03-09T16:00:00.000Z",
    );
    expect(addLocalDays("2025-02-27", 2)).toBe("2025-03-01");
    expect(mondayOfDay("2025-03-09")).toBe("2025-03-03");
    expect(mondayOfDay("2025-03-03")).toBe("2025-03-03");
  });
});

describe("booking window", () => {
  const klass = zonedInstant("2025-03-10", "07:00", MX);
  it("with no limit accepts any future class and no past one", () => {
    expect(
      isInsideBookingWindow(klass, new Date(klass.getTime() - 90 * 86_400_000), {
        hours: null,
        minutes: null,
      }),
    ).toBe(true);
    expect(isInsideBookingWindow(klass, klass, { hours: 0, minutes: 0 })).toBe(false);
  });
  it("opens exactly hours+minutes before the class, on the studio's clock", () => {
    const window = { hours: 24, minutes: 30 };
    const opens = zonedInstant("2025-03-09", "06:30", MX);
    expect(isInsideBookingWindow(klass, opens, window)).toBe(true);
    expect(isInsideBookingWindow(klass, new Date(opens.getTime() - 1), window)).toBe(false);
    expect(isInsideBookingWindow(klass, new Date(klass.getTime() - 1), window)).toBe(true);
  });
});

describe("cancellation threshold", () => {
  const klass = zonedInstant("2025-03-10", "07:00", MX);
  it("refunds strictly before the threshold, refuses or keeps the credit after it", () => {
    const deadline = cancelDeadline(klass, policy, MX);
    expect(deadline.toISOString()).toBe(zonedInstant("2025-03-09", "19:00", MX).toISOString());
    expect(cancelDecision(klass, new Date(deadline.getTime() - 1), policy, MX)).toEqual({
      allowed: true,
      refund: true,
    });
    expect(cancelDecision(klass, deadline, policy, MX)).toEqual({ allowed: false, reason: "too_late" });
    expect(cancelDecision(klass, deadline, { ...policy, allow_cancel_after_treshold: true }, MX)).toEqual({
      allowed: true,
      refund: false,
    });
    expect(cancelDecision(klass, klass, { ...policy, allow_cancel_after_treshold: true }, MX)).toEqual({
      allowed: false,
      reason: "started",
    });
    expect(cancelDecision(klass, deadline, { ...policy, allow_cancel_reservations: false }, MX).allowed).toBe(
      false,
    );
  });
  it("counts days as calendar days in the studio's zone across DST", () => {
    const ny = zonedInstant("2025-03-09", "07:00", "America/New_York");
    const deadline = cancelDeadline(
      ny,
      { ...policy, cancel_timeframe_value: 1, cancel_timeframe_unit: "day" },
      "America/New_York",
    );
    expect(deadline.toISOString()).toBe(
      zonedInstant("2025-03-08", "07:00", "America/New_York").toISOString(),
    );
    expect(ny.getTime() - deadline.getTime()).toBe(23 * 3_600_000);
  });
});

describe("reservation display status, in the order docs/product-rules.md gives", () => {
  const past = new Date("2025-01-01T10:00:00Z");
  const now = new Date("2025-02-01T10:00:00Z");
  const base = { deletedAt: null, is_cash: false, is_paid: true, attend: false };
  it("cancelled > cash unpaid > No Asisti > Exitosa > Proxima", () => {
    expect(reservationStatus({ ...base, deletedAt: now, is_cash: true, is_paid: false }, past, now)).toBe(
      "cancelled",
    );
    expect(reservationStatus({ ...base, is_cash: true, is_paid: false }, past, now)).toBe("cash_unpaid");
    expect(reservationStatus(base, past, now)).toBe("no_show");
    expect(reservationStatus({ ...base, attend: true }, past, now)).toBe("success");
    expect(reservationStatus(base, new Date("2025-03-01T10:00:00Z"), now)).toBe("upcoming");
  });
});

describe("class card state", () => {
  const now = new Date("2025-02-01T10:00:00Z");
  const c = { class_date: "2025-02-02T10:00:00Z", capacity: 10, reserved: 3, class_package_id: null };
  const open = { hours: null, minutes: null };
  it("covers every state", () => {
    expect(classCardState(c, false, now, open)).toBe("bookable");
    expect(classCardState(c, true, now, open)).toBe("reserved");
    expect(classCardState({ ...c, reserved: 10 }, false, now, open)).toBe("full");
    expect(classCardState({ ...c, capacity: null }, false, now, open)).toBe("full");
    expect(classCardState({ ...c, class_package_id: 4 }, false, now, open)).toBe("package");
    expect(classCardState(c, false, now, { hours: 2, minutes: 0 })).toBe("closed");
    const started = { ...c, class_date: "2025-02-01T09:00:00Z", reserved: 10 };
    expect(classCardState(started, false, now, open)).toBe("past");
    expect(classCardState(started, true, now, open)).toBe("reserved");
  });
});

describe("bucket choice", () => {
  const klass = { class_type_id: 1, class_date: zonedInstant("2025-03-10", "07:00", MX) };
  const b = (id: number, extra: object) => ({
    available_class_id: id,
    class_type_id: null,
    class_types: null,
    allowed_times: null,
    available_classes: 1,
    expiration_date: null,
    ...extra,
  });
  it("picks the matching bucket that expires first", () => {
    const chosen = chooseBucket(
      [
        b(1, {}),
        b(2, { expiration_date: "2025-04-01T00:00:00Z" }),
        b(3, { expiration_date: "2025-03-20T00:00:00Z", class_type_id: 2 }),
        b(4, { expiration_date: "2025-03-15T00:00:00Z", available_classes: 0 }),
        b(5, { expiration_date: "2025-03-01T00:00:00Z" }),
        b(6, { expiration_date: "2025-03-25T00:00:00Z", allowed_times: "09:00" }),
      ],
      klass,
      MX,
    );
    expect(chosen?.available_class_id).toBe(2);
    expect(
      chooseBucket([b(7, { allowed_times: "7:00", class_types: "3,1", available_classes: -1 })], klass, MX)
        ?.available_class_id,
    ).toBe(7);
    expect(chooseBucket([], klass, MX)).toBeNull();
  });
});

describe("the one cancel rule of both screens and the API", () => {
  const now = new Date("2025-02-01T10:00:00Z");
  const open = { deletedAt: null };
  const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);
  it("offers Cancelar before the class, and inside the window says why instead of hiding it", () => {
    expect(cancelOption(open, inHours(48), now, policy, MX)).toMatchObject({
      offered: true,
      allowed: true,
      refund: true,
    });
    expect(cancelOption(open, inHours(3), now, policy, MX)).toEqual({
      offered: true,
      allowed: false,
      reason: "too_late",
      remainingMs: 3 * 3_600_000,
    });
    expect(
      cancelOption(open, inHours(3), now, { ...policy, allow_cancel_after_treshold: true }, MX),
    ).toMatchObject({ offered: true, allowed: true, refund: false });
  });
  it("does not offer it on cancelled reservations, started classes or with cancelling off", () => {
    expect(cancelOption({ deletedAt: now }, inHours(48), now, policy, MX).offered).toBe(false);
    expect(cancelOption(open, inHours(-1), now, policy, MX).offered).toBe(false);
    expect(
      cancelOption(open, inHours(48), now, { ...policy, allow_cancel_reservations: false }, MX).offered,
    ).toBe(false);
  });
  it("allows changes until the threshold, even when cancelling is off", () => {
    expect(changeDecision(inHours(48), now, { ...policy, allow_cancel_reservations: false }, MX)).toEqual({
      allowed: true,
    });
    expect(changeDecision(inHours(3), now, policy, MX)).toEqual({ allowed: false, reason: "too_late" });
    expect(changeDecision(inHours(-1), now, policy, MX)).toEqual({ allowed: false, reason: "started" });
  });
  it("words the time left", () => {
    expect(timeLeftLabel(30_000)).toBe("menos de un minuto");
    expect(timeLeftLabel(60_000)).toBe("1 minuto");
    expect(timeLeftLabel(3 * 3_600_000 + 20 * 60_000)).toBe("3 horas y 20 minutos");
    expect(timeLeftLabel(3_600_000)).toBe("1 hora");
    expect(timeLeftLabel(26 * 3_600_000 + 59_000)).toBe("1 día y 2 horas");
    expect(timeLeftLabel(48 * 3_600_000)).toBe("2 días");
  });
});
