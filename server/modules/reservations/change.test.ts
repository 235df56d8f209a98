import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, t as text } from "../../../domain/messages";
import { single_classes } from "../../db/schema/calendar";
import { class_reservations } from "../../db/schema/reservations";
import { book, HOUR, makeClass, makeCustomer, makeStudio, type Studio, setConfig } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";

// Classes are built relative to now: 72 h ahead is far outside the default 12 h window and 3 h
// ahead far inside it, whatever the hour or weekday the suite runs.
let t: TestApp;
let studio: Studio;

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());

const change = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/class_reservations", headers, payload });

async function booked(hoursAhead: number, payload: Record<string, unknown> = {}, credits = 3) {
  const c = await makeClass(t.app, studio, { at: new Date(Date.now() + hoursAhead * HOUR) });
  const me = await makeCustomer(t, { credits });
  const res = await book(t, me.headers, { single_class_id: c.single_class_id, ...payload });
  expect(res.statusCode).toBe(200);
  return {
    c,
    me,
    id: res.json().class_reservation.class_reservation_id as number,
    guestId: (res.json().guest_reservation?.class_reservation_id ?? null) as number | null,
  };
}

async function spotsOf(classId: number) {
  const rows = await t.app.db
    .select()
    .from(class_reservations)
    .where(eq(class_reservations.single_class_id, classId));
  return Object.fromEntries(rows.map((r) => [r.class_reservation_id, { spot: r.spot, guest: r.guest }]));
}

describe("PUT /api/class_reservations", () => {
  it("asks visitors to sign in", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/class_reservations",
      payload: { class_reservation_id: 1, spot: "2" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("moves my spot, says 'Reservación registrada.' and the class shows the new spot taken", async () => {
    const { c, me, id } = await booked(72, { spot: "1" });
    const res = await change(me.headers, { class_reservation_id: id, spot: "4" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.reservationRegistered,
      class_reservation: { class_reservation_id: id, spot: "4" },
      guest_reservation: null,
    });
    const klass = (
      await t.app.inject({ url: `/api/single_class/single/${c.single_class_id}`, headers: me.headers })
    ).json().single_class;
    expect(klass.taken_spots).toEqual(["4"]);
    expect(klass.my_reservation).toMatchObject({ spot: "4" });
    // The seat and its credit did not change.
    expect(klass.reserved).toBe(1);
  });

  it("refuses a spot someone else holds with 409 and keeps mine", async () => {
    const { c, me, id } = await booked(72, { spot: "1" });
    const other = await makeCustomer(t, { credits: 1 });
    expect((await book(t, other.headers, { single_class_id: c.single_class_id, spot: "2" })).statusCode).toBe(
      200,
    );
    const res = await change(me.headers, { class_reservation_id: id, spot: "2" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "SPOT_TAKEN", message: messages.spotTaken });
    expect((await spotsOf(c.single_class_id))[id]?.spot).toBe("1");
  });

  it("refuses a spot that is not on the map (400)", async () => {
    const { me, id } = await booked(72, { spot: "1" });
    const res = await change(me.headers, { class_reservation_id: id, spot: "99" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("SPOT_INVALID");
  });

  it("changes my guest's name and swaps spots with my guest", async () => {
    const { c, me, id, guestId } = await booked(72, { spot: "1", guest: "Ana", guest_spot: "2" });
    const res = await change(me.headers, {
      class_reservation_id: id,
      spot: "2",
      guest: "Ana López",
      guest_spot: "1",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().guest_reservation).toMatchObject({ spot: "1", guest: "Ana López" });
    const rows = await spotsOf(c.single_class_id);
    expect(rows[id]?.spot).toBe("2");
    expect(rows[guestId as number]).toEqual({ spot: "1", guest: "Ana López" });
    // A guest's name under 2 letters gets its Spanish message.
    const short = await change(me.headers, { class_reservation_id: id, guest: "A" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(messages.guestNameRequired);
  });

  it("refuses a guest change on a reservation without a guest (404)", async () => {
    const { me, id } = await booked(72, { spot: "1" });
    const res = await change(me.headers, { class_reservation_id: id, guest: "Luis" });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("GUEST_NOT_FOUND");
  });

  it("refuses changes inside the cancellation window with a clear message (412)", async () => {
    const { c, me, id } = await booked(3, { spot: "1" });
    const res = await change(me.headers, { class_reservation_id: id, spot: "3" });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({
      code: "CHANGE_TOO_LATE",
      message: text("changeTooLate", { value: 12, unit: "horas" }),
    });
    expect((await spotsOf(c.single_class_id))[id]?.spot).toBe("1");
  });

  it("refuses a class that has started and a cancelled reservation", async () => {
    const { c, me, id } = await booked(72, { spot: "1" });
    await t.app.db
      .update(single_classes)
      .set({ class_date: new Date(Date.now() - HOUR) })
      .where(eq(single_classes.single_class_id, c.single_class_id));
    const started = await change(me.headers, { class_reservation_id: id, spot: "3" });
    expect(started.statusCode).toBe(412);
    expect(started.json().code).toBe("CLASS_STARTED");

    const second = await booked(72, { spot: "1" });
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/class_reservations/${second.id}`,
      headers: second.me.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const res = await change(second.me.headers, { class_reservation_id: second.id, spot: "3" });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("ALREADY_CANCELLED");
  });

  it("never reaches another customer's reservation (404)", async () => {
    const { id } = await booked(72, { spot: "1" });
    const stranger = await makeCustomer(t);
    const res = await change(stranger.headers, { class_reservation_id: id, spot: "3" });
    expect(res.statusCode).toBe(404);
  });
});

describe("Mis Reservaciones and the cancel rule", () => {
  it("offers 'Cancelar' inside the window (can_cancel false) and says the class is past", async () => {
    const inside = await booked(3, { spot: "1" });
    const list = (
      await t.app.inject({ url: "/api/class_reservations?filter=upcoming", headers: inside.me.headers })
    ).json();
    expect(list.reservations[0]).toMatchObject({
      cancel_offered: true,
      can_cancel: false,
      can_change: false,
      past: false,
    });
    await setConfig(t.app, { allow_cancel_after_treshold: true });
    try {
      const after = (
        await t.app.inject({ url: "/api/class_reservations?filter=upcoming", headers: inside.me.headers })
      ).json();
      expect(after.reservations[0]).toMatchObject({
        cancel_offered: true,
        can_cancel: true,
        cancel_refunds: false,
      });
    } finally {
      await setConfig(t.app, { allow_cancel_after_treshold: false });
    }
    const far = await booked(72, { spot: "1", guest: "Ana", guest_spot: "3" });
    const [row] = (
      await t.app.inject({ url: "/api/class_reservations?filter=upcoming", headers: far.me.headers })
    ).json().reservations;
    expect(row).toMatchObject({
      cancel_offered: true,
      can_cancel: true,
      cancel_refunds: true,
      can_change: true,
      guest: "Ana",
      guest_spot: "3",
    });
  });
});
