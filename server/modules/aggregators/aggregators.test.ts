import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTotalpassFake, startWellhubFake } from "../../../test/doubles/aggregators/aggregator-fakes";
import { aggregator_bookings, aggregator_outbox, aggregator_slots } from "../../db/schema/aggregators";
import { single_classes } from "../../db/schema/calendar";
import { class_reservations } from "../../db/schema/reservations";
import { book, HOUR, makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { only } from "../../test/fixtures";
import {
  ANSWER_JOB,
  answerBooking,
  PUBLISH_JOB,
  publishPending,
  queueClassPublication,
  VALIDATE_JOB,
  validateVisit,
} from "./aggregators.service";
import { TOTALPASS_SIGNATURE_HEADER, TOTALPASS_TIMESTAMP_HEADER, totalpassSignature } from "./totalpass";
import { WELLHUB_SIGNATURE_HEADER, wellhubSignature } from "./wellhub";

/**
 * Wellhub and TotalPass end to end through app.inject against the in-process doubles of their
 * APIs (which check every request's documented shape): settings, publication through the
 * outbox, signed bookings accepted or refused with the reason, repeated and out-of-order
 * deliveries, bad input changing nothing, cancellations, check-in validation with an outage, and
 * the month's reconciliation. One app for the file.
 */

const WELLHUB = { token: "wh-token-123", gymId: "4242", secret: "wh-secret-xyz" };
const TOTALPASS = { partnerKey: "tp-partner", placeKey: "tp-place", secret: "tp-secret" };

let t: TestApp;
let studio: Studio;
let admin: Record<string, string>;
let wellhub: Awaited<ReturnType<typeof startWellhubFake>>;
let totalpass: Awaited<ReturnType<typeof startTotalpassFake>>;

beforeAll(async () => {
  wellhub = await startWellhubFake({ token: WELLHUB.token, gymId: WELLHUB.gymId });
  totalpass = await startTotalpassFake({ partnerKey: TOTALPASS.partnerKey, placeKey: TOTALPASS.placeKey });
  t = await buildTestApp({ WELLHUB_API_URL: wellhub.url, TOTALPASS_API_URL: totalpass.url });
  studio = await makeStudio(t.app);
  admin = (await t.signUp({ role: "admin" })).headers;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await wellhub?.close();
  await totalpass?.close();
});

function settings(aggregator: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: "PUT",
    url: `/api/admin/aggregators/${aggregator}`,
    headers: admin,
    payload: body,
  });
}

function wellhubEvent(
  type: string,
  data: { booking: string; slot: string; member?: string; at?: Date; eventId?: string },
) {
  return {
    event_type: type,
    event_data: {
      user: {
        unique_token: data.member ?? "1234567890123",
        name: "Ana Wellhub",
        email: `${data.member ?? "ana"}@corp.mx`,
      },
      slot: {
        id: Number(data.slot),
        gym_id: Number(WELLHUB.gymId),
        class_id: 1,
        booking_number: data.booking,
      },
      timestamp: (data.at ?? new Date()).getTime(),
      event_id: data.eventId ?? `${type}-${data.booking}`,
    },
  };
}

function postWellhub(body: unknown, signature?: string) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/aggregators/wellhub",
    headers: {
      "content-type": "application/json",
      [WELLHUB_SIGNATURE_HEADER]: signature ?? wellhubSignature(WELLHUB.secret, raw),
    },
    payload: raw,
  });
}

function postTotalpass(body: unknown, at = new Date()) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/aggregators/totalpass",
    headers: {
      "content-type": "application/json",
      [TOTALPASS_TIMESTAMP_HEADER]: timestamp,
      [TOTALPASS_SIGNATURE_HEADER]: totalpassSignature(TOTALPASS.secret, timestamp, raw),
    },
    payload: raw,
  });
}

async function bookingRow(aggregator: string, externalId: string) {
  const rows = await t.app.db
    .select()
    .from(aggregator_bookings)
    .where(eq(aggregator_bookings.external_id, externalId));
  return only(rows.filter((r) => r.aggregator === aggregator));
}

async function lastJob(name: string) {
  const job = [...t.app.jobs.sent].reverse().find((j) => j.name === name);
  if (!job) throw new Error(`no ${name} job sent`);
  return job.data as { booking_id: number };
}

async function seatsTaken(classId: number) {
  return only(await t.app.db.select().from(single_classes).where(eq(single_classes.single_class_id, classId)))
    .seats_taken;
}

describe("Wellhub", () => {
  let classId: number;
  let slotId: string;

  it("refuses to switch on without credentials, then keeps the secrets on the server", async () => {
    const terms = {
      partner_id: WELLHUB.gymId,
      product_id: "7",
      class_type_ids: [studio.cycling.class_type_id],
      seats_per_class: 2,
      rate: 85.5,
    };
    const missing = await settings("wellhub", { ...terms, enabled: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("AGGREGATOR_CREDENTIALS_MISSING");

    classId = (await makeClass(t.app, studio, { at: new Date(Date.now() + 48 * HOUR), capacity: 4 }))
      .single_class_id;
    const saved = await settings("wellhub", {
      ...terms,
      enabled: true,
      api_key: WELLHUB.token,
      webhook_secret: WELLHUB.secret,
    });
    expect(saved.statusCode).toBe(200);
    const list = await t.app.inject({ method: "GET", url: "/api/admin/aggregators", headers: admin });
    expect(list.body).not.toContain(WELLHUB.token);
    expect(list.body).not.toContain(WELLHUB.secret);
    const wh = list.json().aggregators.find((a: { aggregator: string }) => a.aggregator === "wellhub");
    expect(wh).toMatchObject({
      enabled: true,
      has_api_key: true,
      has_webhook_secret: true,
      rate: 85.5,
      queued: 1,
    });
    // An empty secret keeps the stored one.
    expect(
      (await settings("wellhub", { ...terms, enabled: true, api_key: "" })).json().settings.has_api_key,
    ).toBe(true);
  });

  it("publishes the class's share through the outbox, retrying an outage", async () => {
    wellhub.failNext(1);
    expect(await publishPending(t.app)).toEqual({ sent: 0, failed: 1 });
    const failed = only(
      await t.app.db.select().from(aggregator_outbox).where(eq(aggregator_outbox.single_class_id, classId)),
    );
    expect(failed).toMatchObject({ attempts: 1, doneAt: null });
    await t.app.jobs.run(PUBLISH_JOB);
    const [id, slot] = [...wellhub.slots.entries()].at(-1)!;
    expect(slot).toMatchObject({ total_capacity: 2, total_booked: 0, status: 1, length_in_minutes: 50 });
    slotId = id;
  });

  it("accepts a signed booking, puts it on the roster and answers RESERVED in time", async () => {
    const res = await postWellhub(
      wellhubEvent("booking-requested", { booking: "BK_1", slot: slotId, member: "1000000000001" }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, outcome: "accepted" });
    const row = await bookingRow("wellhub", "BK_1");
    const seat = only(
      await t.app.db
        .select()
        .from(class_reservations)
        .where(eq(class_reservations.class_reservation_id, row.class_reservation_id!)),
    );
    expect(seat).toMatchObject({ single_class_id: classId, paid_with: "admin", deletedAt: null });
    await answerBooking(t.app, (await lastJob(ANSWER_JOB)).booking_id);
    expect(wellhub.answers.at(-1)).toEqual({
      booking: "BK_1",
      body: { status: "RESERVED", class_id: expect.any(Number) },
    });
    const roster = await t.app.inject({
      method: "GET",
      url: `/api/admin/aggregators/classes/${classId}`,
      headers: admin,
    });
    expect(roster.json().bookings).toEqual([
      expect.objectContaining({
        aggregator: "wellhub",
        class_reservation_id: seat.class_reservation_id,
        status: "accepted",
        // The studio flags a missing carta responsiva (the default) but has none published: there is
        // nothing to have signed, so the visit says nothing about it (currentWaiverSignatures).
        waiver_signed: null,
      }),
    ]);
  });

  it("applies a repeated delivery once", async () => {
    const again = await postWellhub(
      wellhubEvent("booking-requested", { booking: "BK_1", slot: slotId, member: "1000000000001" }),
    );
    expect(again.json()).toEqual({ applied: false, duplicate: true });
    expect(await seatsTaken(classId)).toBe(1);
  });

  it("answers bad input with the expected error and changes nothing", async () => {
    const before = await seatsTaken(classId);
    const body = wellhubEvent("booking-requested", {
      booking: "BK_X",
      slot: slotId,
      member: "1000000000009",
    });
    expect((await postWellhub(body, "0XDEADBEEF")).statusCode).toBe(401);
    expect((await postWellhub({ event_type: "booking-requested", event_data: {} })).statusCode).toBe(400);
    expect((await postWellhub("not json")).statusCode).toBe(400);
    const unknown = await postWellhub(
      wellhubEvent("booking-requested", { booking: "BK_Y", slot: "999999", eventId: "u1" }),
    );
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "AGGREGATOR_CLASS_UNKNOWN"]);
    const old = await postWellhub(
      wellhubEvent("booking-requested", {
        booking: "BK_Z",
        slot: slotId,
        at: new Date(Date.now() - 2 * HOUR),
        eventId: "old",
      }),
    );
    expect([old.statusCode, old.json().code]).toEqual([401, "AGGREGATOR_SIGNATURE_EXPIRED"]);
    expect(await seatsTaken(classId)).toBe(before);
    const rows = await t.app.db
      .select()
      .from(aggregator_bookings)
      .where(eq(aggregator_bookings.single_class_id, classId));
    expect(rows.map((r) => r.external_id)).toEqual(["BK_1"]);
  });

  it("refuses past the aggregator's share and past the class's seats, with the reason", async () => {
    expect(
      (
        await postWellhub(
          wellhubEvent("booking-requested", { booking: "BK_2", slot: slotId, member: "1000000000002" }),
        )
      ).json().outcome,
    ).toBe("accepted");
    const capped = await postWellhub(
      wellhubEvent("booking-requested", { booking: "BK_3", slot: slotId, member: "1000000000003" }),
    );
    expect(capped.json()).toMatchObject({ outcome: "refused", reason: "aggregator_cap_full" });
    await answerBooking(t.app, (await lastJob(ANSWER_JOB)).booking_id);
    expect(wellhub.answers.at(-1)).toEqual({
      booking: "BK_3",
      body: { status: "REJECTED", reason: "Ya no quedan lugares para esta plataforma en la clase." },
    });
    // Two direct customers fill the class: the next request is refused as a full class.
    for (let i = 0; i < 2; i++) {
      const customer = await makeCustomer(t, { credits: 1 });
      expect((await book(t, customer.headers, { single_class_id: classId })).statusCode).toBe(200);
    }
    await settings("wellhub", {
      enabled: true,
      partner_id: WELLHUB.gymId,
      product_id: "7",
      class_type_ids: [studio.cycling.class_type_id],
      seats_per_class: 5,
      rate: 85.5,
    });
    const full = await postWellhub(
      wellhubEvent("booking-requested", { booking: "BK_4", slot: slotId, member: "1000000000004" }),
    );
    expect(full.json()).toMatchObject({ outcome: "refused", reason: "class_full" });
    expect(await seatsTaken(classId)).toBe(4);
  });

  it("applies a cancellation that arrives before its request, and ignores the request after it", async () => {
    const at = new Date();
    const cancel = await postWellhub(wellhubEvent("booking-canceled", { booking: "BK_5", slot: slotId, at }));
    expect(cancel.json()).toMatchObject({ applied: true, outcome: "cancelled" });
    const late = await postWellhub(
      wellhubEvent("booking-requested", {
        booking: "BK_5",
        slot: slotId,
        member: "1000000000005",
        at: new Date(at.getTime() - 60_000),
      }),
    );
    expect(late.json()).toMatchObject({ applied: false, outcome: "stale" });
  });

  it("frees the seat of a late cancellation and offers it again", async () => {
    const cancel = await postWellhub(
      wellhubEvent("booking-late-canceled", { booking: "BK_2", slot: slotId }),
    );
    expect(cancel.json()).toMatchObject({ applied: true, outcome: "late_cancelled" });
    expect(await seatsTaken(classId)).toBe(3);
    const row = await bookingRow("wellhub", "BK_2");
    const seat = only(
      await t.app.db
        .select()
        .from(class_reservations)
        .where(eq(class_reservations.class_reservation_id, row.class_reservation_id!)),
    );
    expect(seat.late_cancel).toBe(true);
  });

  it("validates a checked-in member's visit, retried after an outage, listed for the desk until then", async () => {
    const row = await bookingRow("wellhub", "BK_1");
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/admin/class_reservations/${row.class_reservation_id}/check_in`,
      headers: admin,
      payload: { status: "attended" },
    });
    expect(res.statusCode).toBe(200);
    const job = await lastJob(VALIDATE_JOB);
    expect(job.booking_id).toBe(row.aggregator_booking_id);
    wellhub.failNext(1);
    await expect(validateVisit(t.app, job.booking_id)).rejects.toThrow();
    const desk = await t.app.inject({ method: "GET", url: "/api/admin/aggregators/visits", headers: admin });
    expect(desk.json().visits).toEqual([
      expect.objectContaining({ aggregator_booking_id: row.aggregator_booking_id, validation: "pending" }),
    ]);
    await t.app.jobs.run(VALIDATE_JOB, job);
    expect(wellhub.validations).toEqual(["1000000000001"]);
    expect((await bookingRow("wellhub", "BK_1")).validation).toBe("validated");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/aggregators/visits", headers: admin })).json()
        .visits,
    ).toEqual([]);
  });

  it("reconciles the month with the expected payout, as JSON and CSV", async () => {
    const month = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Mexico_City",
      year: "numeric",
      month: "2-digit",
    })
      .format(new Date())
      .slice(0, 7);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/aggregators/reconciliation?month=${month}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const line = res.json().lines.find((l: { aggregator: string }) => l.aggregator === "wellhub");
    expect(line).toMatchObject({ validated: 1, refused: 2, cancelled: 2, rate: 85.5, expected_payout: 85.5 });
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/admin/aggregators/reconciliation/csv?month=${month}`,
      headers: admin,
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Wellhub");
    expect(csv.body).toContain("85.50");

    // The same visit is the studio's income in the revenue report, and opens onto its line.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());
    const period = `from=${month}-01&to=${today}`;
    const revenue = await t.app.inject({
      method: "GET",
      url: `/api/reportes/ingresos?${period}`,
      headers: admin,
    });
    expect(revenue.statusCode, revenue.body).toBe(200);
    const wellhubLine = revenue.json().by_method.find((m: { key: string }) => m.key === "wellhub");
    expect(wellhubLine).toMatchObject({ label: "Wellhub", net: 85.5 });
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/reportes/ingresos/detalle?${period}&dimension=method&key=wellhub`,
      headers: admin,
    });
    expect(detail.json().movements).toEqual([expect.objectContaining({ kind: "charge", amount: 85.5 })]);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/admin/aggregators/reconciliation?month=2026-13",
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("hides the slot of a class the studio cancels and ends its bookings there", async () => {
    const res = await t.app.inject({ method: "DELETE", url: `/api/single_class/${classId}`, headers: admin });
    expect(res.statusCode).toBe(200);
    await publishPending(t.app);
    expect(wellhub.slots.get(slotId)).toMatchObject({ status: 0 });
  });

  it("sends the whole outbox in one run, past one batch (decision 0116)", async () => {
    // Saving the settings queues every class to come: a studio's weeks of classes are hundreds.
    const others = [];
    for (let i = 0; i < 60; i++)
      others.push(
        (await makeClass(t.app, studio, { at: new Date(Date.now() + (30 + i) * HOUR), type: "reformer" }))
          .single_class_id,
      );
    const last = (await makeClass(t.app, studio, { at: new Date(Date.now() + 100 * HOUR), capacity: 6 }))
      .single_class_id;
    await queueClassPublication(t.app.db, [...others, last]);
    expect(await publishPending(t.app)).toMatchObject({ failed: 0 });
    const pending = await t.app.db.select().from(aggregator_outbox).where(isNull(aggregator_outbox.doneAt));
    expect(pending).toHaveLength(0);
    const slot = await t.app.db
      .select()
      .from(aggregator_slots)
      .where(eq(aggregator_slots.single_class_id, last));
    expect(wellhub.slots.get(only(slot).external_slot_id!)).toMatchObject({ status: 1 });
  });
});

describe("TotalPass", () => {
  let classId: number;
  let occurrenceId: string;

  it("publishes an occurrence, confirms a signed booking and validates the visit", async () => {
    classId = (
      await makeClass(t.app, studio, { at: new Date(Date.now() + 30 * HOUR), capacity: 6, type: "yoga" })
    ).single_class_id;
    const saved = await settings("totalpass", {
      enabled: true,
      partner_id: TOTALPASS.placeKey,
      product_id: "PLAN1",
      api_key: TOTALPASS.partnerKey,
      webhook_secret: TOTALPASS.secret,
      class_type_ids: [studio.yoga.class_type_id],
      seats_per_class: 3,
      rate: 70,
    });
    expect(saved.statusCode).toBe(200);
    await publishPending(t.app);
    const published = [...totalpass.occurrences.entries()].find(
      ([, o]) => o.externalReference === String(classId),
    );
    expect(published?.[1]).toMatchObject({ slots: 3, timezone: "es-MX", status: "ACTIVE" });
    occurrenceId = published![0];

    const body = {
      event: { id: occurrenceId, title: "Yoga" },
      place: { place: "p-1", name: "Estudio" },
      user: { name: "Luis Total", email: "luis@corp.mx", phone: "5512340000", code: "TPCODE1" },
      slot: {
        id: "slot-1",
        status: "active",
        date: new Date().toISOString(),
        confirmation_url: `booking-api.totalpass.com/partner/slot/confirmSlot/slot-1`,
      },
    };
    const res = await postTotalpass(body);
    expect(res.json()).toMatchObject({ applied: true, outcome: "accepted" });
    await answerBooking(t.app, (await lastJob(ANSWER_JOB)).booking_id);
    expect(totalpass.confirmed).toEqual(["slot-1"]);

    const forged = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/aggregators/totalpass",
      headers: {
        "content-type": "application/json",
        [TOTALPASS_TIMESTAMP_HEADER]: "1",
        [TOTALPASS_SIGNATURE_HEADER]: "00",
      },
      payload: JSON.stringify(body),
    });
    expect(forged.statusCode).toBe(401);

    const row = await bookingRow("totalpass", "slot-1");
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/class_reservations/${row.class_reservation_id}/check_in`,
      headers: admin,
      payload: { status: "attended" },
    });
    await t.app.jobs.run(VALIDATE_JOB, await lastJob(VALIDATE_JOB));
    expect(totalpass.usages).toEqual(["TPCODE1"]);
  });

  it("frees the seat when TotalPass cancels", async () => {
    const body = {
      event: { id: occurrenceId },
      user: { code: "TPCODE2", name: "Eva" },
      slot: { id: "slot-2", status: "active" },
    };
    expect((await postTotalpass(body)).json().outcome).toBe("accepted");
    expect(await seatsTaken(classId)).toBe(2);
    const cancelled = await postTotalpass(
      { ...body, slot: { id: "slot-2", status: "canceled" } },
      new Date(Date.now() + 1000),
    );
    expect(cancelled.json()).toMatchObject({ applied: true });
    expect(await seatsTaken(classId)).toBe(1);
  });
});
