import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, t as text } from "../../../domain/messages";
import { email_outbox } from "../../db/schema/mail";
import { class_reservations } from "../../db/schema/reservations";
import {
  book,
  bucketAmount,
  HOUR,
  makeClass,
  makeCustomer,
  makeStudio,
  type Studio,
  setConfig,
} from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { exactly, firstOf } from "../../test/fixtures";

// Runs on PostgreSQL too: the cancellation path and its credit (docs/decisions/0061).

let t: TestApp;
let studio: Studio;

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());

const cancel = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: "DELETE", url: `/api/class_reservations/${id}`, headers });

async function bookedClass(
  hoursAhead: number,
  customer: Awaited<ReturnType<typeof makeCustomer>>,
  extra = {},
) {
  const c = await makeClass(t.app, studio, { at: new Date(Date.now() + hoursAhead * HOUR) });
  const res = await book(t, customer.headers, { single_class_id: c.single_class_id, ...extra });
  expect(res.statusCode).toBe(200);
  return { c, id: res.json().class_reservation.class_reservation_id as number };
}

describe("DELETE /api/class_reservations/{id}", () => {
  it("emails the booking confirmation (with the class as .ics) and the cancellation", async () => {
    const me = await makeCustomer(t, { credits: 2 });
    const { id } = await bookedClass(72, me);
    const mailOf = async (template: string) => {
      // The outbox worker renders queued emails after the answer (decision 0084).
      await t.app.mailer.drain();
      const row = firstOf(
        await t.app.db
          .select()
          .from(email_outbox)
          .where(and(eq(email_outbox.to, me.email), eq(email_outbox.template, template))),
        `the ${template} email`,
      );
      return row;
    };
    const confirmation = await mailOf("booking_confirmed");
    expect(confirmation.subject).toContain("¡Reservación confirmada!");
    expect(confirmation.text).toContain("tu lugar está reservado.");
    expect(confirmation.text).toContain("Clase: Cycling");
    expect(confirmation.text).toContain("Lugar: Roma");
    expect(confirmation.text).toContain("Coach: Vale");
    expect(confirmation.attachments?.[0]).toMatchObject({
      filename: `clase-${id}.ics`,
      contentType: "text/calendar; charset=utf-8",
    });

    expect((await cancel(me.headers, id)).statusCode).toBe(200);
    const cancellation = await mailOf("reservation_cancelled");
    expect(cancellation.subject).toContain("Reservación cancelada");
    expect(cancellation.text).toContain("cancelamos tu reservación.");
    expect(cancellation.text).toContain("Clase: Cycling");
    expect(cancellation.text).toContain("Lugar: Roma");
    expect(cancellation.text).toContain("Coach: Vale");
    expect(cancellation.text).toContain("Tu crédito fue devuelto a tu cuenta.");
  });

  it("a class booked on an unlimited membership: the cancellation email returns no credit", async () => {
    const me = await makeCustomer(t, { unlimitedUntil: new Date(Date.now() + 30 * 24 * HOUR) });
    const { id } = await bookedClass(72, me);
    const [row] = await t.app.db
      .select()
      .from(class_reservations)
      .where(eq(class_reservations.class_reservation_id, id));
    expect(row!.paid_with).toBe("unlimited");
    expect((await cancel(me.headers, id)).statusCode).toBe(200);
    // The outbox worker renders queued emails after the answer (decision 0084).
    await t.app.mailer.drain();
    const [mail] = await t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, me.email), eq(email_outbox.template, "reservation_cancelled")));
    expect(mail!.text).toContain("Reservaste con tu membresía ilimitada: no usaste créditos");
    expect(mail!.text).not.toMatch(/crédito fue devuelto|el crédito de esta clase/);
  });

  it("returns the credit to the bucket that paid when cancelling before the threshold", async () => {
    const me = await makeCustomer(t, {
      buckets: [
        { available_classes: 1, expiration_date: new Date(Date.now() + 5 * 24 * HOUR) },
        { available_classes: 4, expiration_date: null },
      ],
    });
    const { c, id } = await bookedClass(48, me);
    const [paid, other] = exactly(me.buckets, 2);
    expect((await bucketAmount(t.app, paid.available_class_id)).available_classes).toBe(0);
    const res = await cancel(me.headers, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.reservationCancelled, refunded: true });
    expect(await bucketAmount(t.app, paid.available_class_id)).toMatchObject({
      available_classes: 1,
      cancels_used: 1,
    });
    expect((await bucketAmount(t.app, other.available_class_id)).available_classes).toBe(4);
    // The seat is free again.
    const view = (await t.app.inject({ url: `/api/single_class/single/${c.single_class_id}` })).json();
    expect(view.single_class.reserved).toBe(0);
    expect((await cancel(me.headers, id)).json().code).toBe("ALREADY_CANCELLED");
  });

  it("refuses inside the threshold unless allow_cancel_after_treshold, which keeps the credit", async () => {
    const me = await makeCustomer(t, { credits: 3 });
    const { id } = await bookedClass(6, me); // default threshold: 12 hours
    const late = await cancel(me.headers, id);
    expect(late.statusCode).toBe(412);
    expect(late.json()).toMatchObject({
      code: "CANCEL_TOO_LATE",
      message: "Ya no puedes cancelar esta clase: faltan menos de 12 horas para que comience.",
    });
    await setConfig(t.app, { allow_cancel_after_treshold: true });
    try {
      const res = await cancel(me.headers, id);
      expect(res.statusCode).toBe(200);
      expect(res.json().refunded).toBe(false);
      expect(await bucketAmount(t.app, firstOf(me.buckets).available_class_id)).toMatchObject({
        available_classes: 2,
        cancels_used: 0,
      });
    } finally {
      await setConfig(t.app, { allow_cancel_after_treshold: false });
    }
  });

  it("limits refunding cancellations per credit bucket (max_cancels_per_available_class)", async () => {
    const me = await makeCustomer(t, { credits: 1 });
    await setConfig(t.app, { max_cancels_per_available_class: 1 });
    try {
      const first = await bookedClass(48, me);
      expect((await cancel(me.headers, first.id)).json().refunded).toBe(true);
      const second = await bookedClass(48, me);
      const res = await cancel(me.headers, second.id);
      expect(res.statusCode).toBe(412);
      expect(res.json()).toMatchObject({
        code: "CANCEL_LIMIT_REACHED",
        message: text("cancelLimitReached", { max: 1 }),
      });
      const row = firstOf(
        await t.app.db
          .select()
          .from(class_reservations)
          .where(eq(class_reservations.class_reservation_id, second.id)),
      );
      expect(row.deletedAt).toBeNull();
      expect((await bucketAmount(t.app, firstOf(me.buckets).available_class_id)).available_classes).toBe(0);
    } finally {
      await setConfig(t.app, { max_cancels_per_available_class: 0 });
    }
  });

  it("cancelling the host frees the guest's seat too and refunds both credits", async () => {
    const me = await makeCustomer(t, { credits: 2 });
    const { c, id } = await bookedClass(48, me, { guest: "Sofía" });
    expect((await cancel(me.headers, id)).statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(class_reservations)
      .where(eq(class_reservations.single_class_id, c.single_class_id));
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
    expect((await bucketAmount(t.app, firstOf(me.buckets).available_class_id)).available_classes).toBe(2);
  });

  it("a host and guest paid by one bucket count as two cancellations against its limit", async () => {
    const me = await makeCustomer(t, { credits: 2 });
    await setConfig(t.app, { max_cancels_per_available_class: 1 });
    try {
      const { id } = await bookedClass(48, me, { guest: "Sofía" });
      const res = await cancel(me.headers, id);
      expect(res.statusCode).toBe(412);
      expect(res.json().code).toBe("CANCEL_LIMIT_REACHED");
      // Refused as a whole: both seats stay booked and no credit came back.
      const rows = await t.app.db
        .select()
        .from(class_reservations)
        .where(eq(class_reservations.customer_id, me.customerId));
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.deletedAt === null)).toBe(true);
      const bucket = await bucketAmount(t.app, firstOf(me.buckets).available_class_id);
      expect(bucket).toMatchObject({ available_classes: 0, cancels_used: 0 });
    } finally {
      await setConfig(t.app, { max_cancels_per_available_class: 0 });
    }
  });

  it("never reaches another customer's reservation", async () => {
    const a = await makeCustomer(t, { credits: 1 });
    const b = await makeCustomer(t, { credits: 1 });
    const { id } = await bookedClass(48, a);
    const res = await cancel(b.headers, id);
    expect(res.statusCode).toBe(404);
    expect((await cancel({}, id)).statusCode).toBe(401);
    const rename = await t.app.inject({
      method: "PUT",
      url: "/api/single_class/guest",
      headers: b.headers,
      payload: { class_reservation_id: id, name: "Intruso" },
    });
    expect(rename.statusCode).toBe(404);
  });
});

describe("PUT /api/single_class/guest", () => {
  it("renames my guest (by host or guest id) and validates the name", async () => {
    const me = await makeCustomer(t, { credits: 2 });
    const { c, id } = await bookedClass(48, me, { guest: "Sofía" });
    const put = (name: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/single_class/guest",
        headers: me.headers,
        payload: { class_reservation_id: id, name },
      });
    const res = await put("Lucía");
    expect(res.json()).toEqual({ message: messages.guestNameUpdated });
    const view = (
      await t.app.inject({ url: `/api/single_class/single/${c.single_class_id}`, headers: me.headers })
    ).json();
    expect(view.single_class.my_reservation.guest.name).toBe("Lucía");
    const bad = await put("L");
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(messages.guestNameRequired);
  });
});
