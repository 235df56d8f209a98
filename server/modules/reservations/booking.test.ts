import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../../domain/booking";
import { messages } from "../../../domain/messages";
import { single_classes } from "../../db/schema/calendar";
import { class_reservation_penalties } from "../../db/schema/credits";
import { email_outbox } from "../../db/schema/mail";
import { class_reservations } from "../../db/schema/reservations";
import {
  book,
  bucketAmount,
  DAY,
  HOUR,
  makeClass,
  makeCustomer,
  makeStudio,
  type Studio,
  setConfig,
} from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { exactly, firstOf, only } from "../../test/fixtures";

// Runs on PostgreSQL too: the booking path, the product's hottest write (docs/decisions/0061).

let t: TestApp;
let studio: Studio;
const soon = (hours = 48) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());

async function rowsOf(classId: number) {
  return t.app.db.select().from(class_reservations).where(eq(class_reservations.single_class_id, classId));
}

describe("POST /api/class_reservations", () => {
  it("asks visitors to sign in", async () => {
    const c = await makeClass(t.app, studio, { at: soon() });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/class_reservations",
      payload: { single_class_id: c.single_class_id },
    });
    expect(res.statusCode).toBe(401);
  });

  it("books a spot, spends one credit from the bucket and records which bucket paid", async () => {
    const c = await makeClass(t.app, studio, { at: soon() });
    const me = await makeCustomer(t, { credits: 3 });
    const res = await book(t, me.headers, { single_class_id: c.single_class_id, spot: "4" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.reservationSaved);
    const [row] = await rowsOf(c.single_class_id);
    expect(row).toMatchObject({
      customer_id: me.customerId,
      spot: "4",
      available_class_id: firstOf(me.buckets).available_class_id,
      paid_with: "credit",
    });
    expect((await bucketAmount(t.app, firstOf(me.buckets).available_class_id)).available_classes).toBe(2);

    // The class now shows the seat and the taken spot; only I see my reservation.
    const mine = (
      await t.app.inject({ url: `/api/single_class/single/${c.single_class_id}`, headers: me.headers })
    ).json();
    expect(mine.single_class).toMatchObject({ reserved: 1, available: 9, taken_spots: ["4"] });
    expect(mine.single_class.my_reservation).toMatchObject({ spot: "4", guest: null });
    const other = await makeCustomer(t);
    const theirs = (
      await t.app.inject({ url: `/api/single_class/single/${c.single_class_id}`, headers: other.headers })
    ).json();
    expect(theirs.single_class.my_reservation).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain(`"customer_id":${me.customerId}`);
  });

  it("answers 409 to a second booking of the same class and to a taken spot", async () => {
    const c = await makeClass(t.app, studio, { at: soon() });
    const a = await makeCustomer(t, { credits: 5 });
    const b = await makeCustomer(t, { credits: 5 });
    expect((await book(t, a.headers, { single_class_id: c.single_class_id, spot: "1" })).statusCode).toBe(
      200,
    );
    const again = await book(t, a.headers, { single_class_id: c.single_class_id, spot: "2" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "ALREADY_BOOKED", message: messages.classAlreadyBooked });
    const taken = await book(t, b.headers, { single_class_id: c.single_class_id, spot: "1" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "SPOT_TAKEN", message: messages.spotTaken });
    // Nothing was charged for the refused attempts.
    expect((await bucketAmount(t.app, firstOf(a.buckets).available_class_id)).available_classes).toBe(4);
    expect((await bucketAmount(t.app, firstOf(b.buckets).available_class_id)).available_classes).toBe(5);
  });

  it("accepts only selectable spots of the type's map (row sizes and custom grid)", async () => {
    const cyc = await makeClass(t.app, studio, { at: soon() });
    const ref = await makeClass(t.app, studio, { at: soon(), type: "reformer" });
    const me = await makeCustomer(t, { credits: 5 });
    expect((await book(t, me.headers, { single_class_id: cyc.single_class_id, spot: "6" })).json().code).toBe(
      "SPOT_INVALID",
    );
    expect((await book(t, me.headers, { single_class_id: ref.single_class_id, spot: "A2" })).statusCode).toBe(
      400,
    );
    expect((await book(t, me.headers, { single_class_id: ref.single_class_id, spot: "B2" })).statusCode).toBe(
      400,
    );
    expect((await book(t, me.headers, { single_class_id: ref.single_class_id, spot: "B3" })).statusCode).toBe(
      200,
    );
  });

  it("books a guest as a second seat with its own spot and credit", async () => {
    const c = await makeClass(t.app, studio, { at: soon() });
    const me = await makeCustomer(t, { credits: 2 });
    const res = await book(t, me.headers, {
      single_class_id: c.single_class_id,
      spot: "1",
      guest: "Sofía",
      guest_spot: "2",
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(c.single_class_id);
    const host = rows.find((r) => r.guest_of_id === null);
    const guest = rows.find((r) => r.guest_of_id !== null);
    expect(guest).toMatchObject({
      guest: "Sofía",
      spot: "2",
      guest_of_id: host?.class_reservation_id,
      customer_id: me.customerId,
    });
    expect((await bucketAmount(t.app, firstOf(me.buckets).available_class_id)).available_classes).toBe(0);
    const view = (
      await t.app.inject({ url: `/api/single_class/single/${c.single_class_id}`, headers: me.headers })
    ).json();
    expect(view.single_class.reserved).toBe(2);
    expect(view.single_class.my_reservation.guest).toMatchObject({ name: "Sofía", spot: "2" });
    // Mis Reservaciones shows my spot and my guest's; the confirmation names the guest and both spots.
    const mine = (await t.app.inject({ url: "/api/class_reservations", headers: me.headers })).json();
    expect(
      mine.reservations.find((r: { single_class_id: number }) => r.single_class_id === c.single_class_id),
    ).toMatchObject({ spot: "1", guest: "Sofía", guest_spot: "2" });
    // The outbox worker renders queued emails after the answer (decision 0084).
    await t.app.mailer.drain();
    const [mail] = await t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, me.email), eq(email_outbox.template, "booking_confirmed")));
    expect(mail?.text).toContain("Tu lugar: 1");
    expect(mail?.text).toContain("Invitado: Sofía");
    expect(mail?.text).toContain("Lugar de tu invitado: 2");
  });

  it("validates the guest: name of 2+ characters, distinct spot, enough seats, guests allowed", async () => {
    const me = await makeCustomer(t, { credits: 10 });
    const c = await makeClass(t.app, studio, { at: soon() });
    const short = await book(t, me.headers, { single_class_id: c.single_class_id, guest: "S" });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain(messages.guestNameRequired);
    const same = await book(t, me.headers, {
      single_class_id: c.single_class_id,
      spot: "1",
      guest: "Sofía",
      guest_spot: "1",
    });
    expect(same.json().code).toBe("SPOTS_MUST_DIFFER");
    const one = await makeClass(t.app, studio, { at: soon(), capacity: 1 });
    const lacking = await book(t, me.headers, { single_class_id: one.single_class_id, guest: "Sofía" });
    expect(lacking.statusCode).toBe(412);
    expect(lacking.json().code).toBe("NOT_ENOUGH_SEATS");
    await setConfig(t.app, { allow_class_guests: false });
    try {
      const off = await book(t, me.headers, { single_class_id: c.single_class_id, guest: "Sofía" });
      expect(off.statusCode).toBe(412);
      expect(off.json().code).toBe("GUESTS_NOT_ALLOWED");
    } finally {
      await setConfig(t.app, { allow_class_guests: true });
    }
  });

  it("answers 412 for a full class, and capacity null counts as full", async () => {
    const full = await makeClass(t.app, studio, { at: soon(), capacity: 1 });
    const first = await makeCustomer(t, { credits: 1 });
    expect((await book(t, first.headers, { single_class_id: full.single_class_id })).statusCode).toBe(200);
    const late = await makeCustomer(t, { credits: 1 });
    const res = await book(t, late.headers, { single_class_id: full.single_class_id });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: "SOLD_OUT", message: messages.classSoldOut });
    const noCapacity = await makeClass(t.app, studio, { at: soon(), capacity: null });
    expect((await book(t, late.headers, { single_class_id: noCapacity.single_class_id })).json().code).toBe(
      "SOLD_OUT",
    );
  });

  it("answers 412 'Créditos Agotados' without credits", async () => {
    const c = await makeClass(t.app, studio, { at: soon() });
    const broke = await makeCustomer(t, { credits: 0 });
    const res = await book(t, broke.headers, { single_class_id: c.single_class_id });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: "NO_CREDITS", message: messages.creditsExhausted });
    expect(await rowsOf(c.single_class_id)).toHaveLength(0);
  });

  it("uses only buckets whose class type and allowed times match the class", async () => {
    // 07:00 studio time, two days from now.
    const day = new Date(Date.now() + 2 * DAY).toLocaleDateString("en-CA", {
      timeZone: "America/Mexico_City",
    });
    const at7 = await makeClass(t.app, studio, { at: zonedInstant(day, "07:00", "America/Mexico_City") });
    const at9 = await makeClass(t.app, studio, { at: zonedInstant(day, "09:00", "America/Mexico_City") });
    const yoga = await makeClass(t.app, studio, { at: soon(), type: "yoga" });
    const me = await makeCustomer(t, {
      buckets: [
        { available_classes: 5, class_type_id: studio.yoga.class_type_id },
        {
          available_classes: 5,
          class_types: `${studio.cycling.class_type_id},${studio.reformer.class_type_id}`,
          allowed_times: "7:00",
        },
      ],
    });
    const [yogaOnly, morningCycling] = exactly(me.buckets, 2);
    expect((await book(t, me.headers, { single_class_id: at9.single_class_id })).json().code).toBe(
      "NO_CREDITS",
    );
    expect((await book(t, me.headers, { single_class_id: at7.single_class_id })).statusCode).toBe(200);
    expect((await book(t, me.headers, { single_class_id: yoga.single_class_id })).statusCode).toBe(200);
    expect((await bucketAmount(t.app, yogaOnly.available_class_id)).available_classes).toBe(4);
    expect((await bucketAmount(t.app, morningCycling.available_class_id)).available_classes).toBe(4);
  });

  it("spends the bucket that expires first; skips buckets expired by the class date; -1 never runs out", async () => {
    const c1 = await makeClass(t.app, studio, { at: soon(5 * 24) });
    const c2 = await makeClass(t.app, studio, { at: soon(6 * 24) });
    const me = await makeCustomer(t, {
      buckets: [
        { available_classes: 1, expiration_date: null },
        { available_classes: 1, expiration_date: new Date(Date.now() + 30 * DAY) },
        { available_classes: 1, expiration_date: new Date(Date.now() + 10 * DAY) },
        { available_classes: 9, expiration_date: new Date(Date.now() + 1 * DAY) },
      ],
    });
    const [never, later, sooner, expiresBeforeClass] = exactly(me.buckets, 4);
    await book(t, me.headers, { single_class_id: c1.single_class_id });
    await book(t, me.headers, { single_class_id: c2.single_class_id });
    expect((await bucketAmount(t.app, sooner.available_class_id)).available_classes).toBe(0);
    expect((await bucketAmount(t.app, later.available_class_id)).available_classes).toBe(0);
    expect((await bucketAmount(t.app, never.available_class_id)).available_classes).toBe(1);
    expect((await bucketAmount(t.app, expiresBeforeClass.available_class_id)).available_classes).toBe(9);

    const unlimited = await makeCustomer(t, { buckets: [{ available_classes: -1 }] });
    expect(
      (await book(t, unlimited.headers, { single_class_id: c1.single_class_id, guest: "Ana" })).statusCode,
    ).toBe(200);
    expect((await bucketAmount(t.app, firstOf(unlimited.buckets).available_class_id)).available_classes).toBe(
      -1,
    );
  });

  it("books on an unlimited membership without credits while it is current", async () => {
    const c = await makeClass(t.app, studio, { at: soon() });
    const member = await makeCustomer(t, { unlimitedUntil: new Date(Date.now() + 10 * DAY) });
    expect((await book(t, member.headers, { single_class_id: c.single_class_id })).statusCode).toBe(200);
    const [row] = await rowsOf(c.single_class_id);
    expect(row).toMatchObject({ paid_with: "unlimited", available_class_id: null });
    const lapsed = await makeCustomer(t, { unlimitedUntil: new Date(Date.now() - DAY) });
    expect((await book(t, lapsed.headers, { single_class_id: c.single_class_id })).json().code).toBe(
      "NO_CREDITS",
    );
  });

  it("blocks booking during an active penalty with the no-show count and the reopening date", async () => {
    const c = await makeClass(t.app, studio, { at: soon() });
    const me = await makeCustomer(t, { credits: 2 });
    const end = new Date(Date.now() + 3 * DAY);
    const penalty = only(
      await t.app.db
        .insert(class_reservation_penalties)
        .values({
          customer_id: me.customerId,
          no_shows: 3,
          start_date: new Date(Date.now() - DAY),
          end_date: end,
        })
        .returning(),
    );
    await setConfig(t.app, { unlimited_membership_penalties_enabled: true });
    const res = await book(t, me.headers, { single_class_id: c.single_class_id });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({
      code: "PENALTY_ACTIVE",
      message: messages.penaltyActive,
      no_shows: 3,
      end_date: end.toISOString(),
    });
    await t.app.db
      .update(class_reservation_penalties)
      .set({ liftedAt: new Date() })
      .where(
        eq(class_reservation_penalties.class_reservation_penalty_id, penalty.class_reservation_penalty_id),
      );
    expect((await book(t, me.headers, { single_class_id: c.single_class_id })).statusCode).toBe(200);
    await setConfig(t.app, { unlimited_membership_penalties_enabled: false });
  });

  it("refuses classes tied to a package, cancelled classes and unknown classes", async () => {
    const me = await makeCustomer(t, { credits: 5 });
    const cancelled = await makeClass(t.app, studio, { at: soon() });
    await t.app.db
      .update(single_classes)
      .set({ cancelledAt: new Date() })
      .where(eq(single_classes.single_class_id, cancelled.single_class_id));
    expect((await book(t, me.headers, { single_class_id: cancelled.single_class_id })).json().code).toBe(
      "CLASS_CANCELLED",
    );
    expect((await book(t, me.headers, { single_class_id: 999_999 })).statusCode).toBe(404);
    expect((await book(t, me.headers, { single_class_id: "abc" })).statusCode).toBe(400);
  });

  it("requires accepted required pages and a complete profile, as soon as the admin changes them", async () => {
    const c = await makeClass(t.app, studio, { at: soon() });
    const me = await makeCustomer(t, { credits: 5 });
    const admin = await t.signUp({ role: "admin" });
    // A booking first, so the checks' short cache of pages and fields holds "nothing required".
    const first = await book(t, me.headers, { single_class_id: c.single_class_id });
    expect(first.statusCode).toBe(200);
    const cancel = (id: number) =>
      t.app.inject({ method: "DELETE", url: `/api/class_reservations/${id}`, headers: me.headers });
    expect((await cancel(first.json().class_reservation.class_reservation_id)).statusCode).toBe(200);

    const created = await t.app.inject({
      method: "POST",
      url: "/api/pages",
      headers: admin.headers,
      payload: {
        title: "Reglamento",
        slug: `reglamento-${Date.now()}`,
        content: "<p>Reglas</p>",
        required: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const page = created.json().page;
    const pending = await book(t, me.headers, { single_class_id: c.single_class_id });
    expect(pending.statusCode).toBe(412);
    expect(pending.json()).toMatchObject({
      code: "PAGES_PENDING",
      message: "Debes aceptar Reglamento para continuar",
    });
    const unrequired = await t.app.inject({
      method: "PUT",
      url: "/api/pages",
      headers: admin.headers,
      payload: { page_id: page.page_id, title: page.title, slug: page.slug, required: false },
    });
    expect(unrequired.statusCode).toBe(200);

    const field = await t.app.inject({
      method: "POST",
      url: "/api/custom_fields",
      headers: admin.headers,
      payload: { key: "nivel", label: "Nivel", type: "text", required: true },
    });
    expect(field.statusCode).toBe(201);
    const incomplete = await book(t, me.headers, { single_class_id: c.single_class_id });
    expect(incomplete.statusCode).toBe(412);
    expect(incomplete.json()).toMatchObject({ code: "PROFILE_INCOMPLETE", missing_fields: ["Nivel"] });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/custom_fields/${field.json().custom_field.custom_field_id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    const ok = await book(t, me.headers, { single_class_id: c.single_class_id });
    expect(ok.json()).toMatchObject({ message: messages.reservationSaved });
  });
});
