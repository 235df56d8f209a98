import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedParts } from "../../db/seed/demo-time";
import { customerMessagesSettled } from "../../plugins/customer-messages";
import {
  book,
  DAY,
  HOUR,
  makeClass,
  makeCustomer,
  makeStudio,
  type Studio,
  setConfig,
} from "../../test/booking";
import type { TestApp } from "../../test/build-test-app";
import { runAutomations } from "./automations.service";
import { messagesOfCustomer } from "./messaging.repository";
import { deliverQueued, startTwilioTestApp } from "./test-support/messaging-test-app";

let t: TestApp;
let studio: Studio;
let fake: Awaited<ReturnType<typeof startTwilioTestApp>>["fake"];
let post: Awaited<ReturnType<typeof startTwilioTestApp>>["postSigned"];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, postSigned: post, close } = await startTwilioTestApp());
  studio = await makeStudio(t.app);
});
afterAll(() => close?.());

let phoneSeq = 1000;
async function customerWithWhatsapp(opts: { credits?: number; marketing?: boolean } = {}) {
  const c = await makeCustomer(t, { credits: opts.credits ?? 5 });
  const phone = `55${String(10_000_000 + phoneSeq++)}`.slice(0, 10);
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/customer/messaging",
    headers: c.headers,
    payload: {
      phone,
      source: "signup",
      consents: { "transactional:whatsapp": true, ...(opts.marketing ? { "marketing:whatsapp": true } : {}) },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...c, phone };
}

const deliverAll = () => deliverQueued(t);

describe("messaging", () => {
  it("records consent with its text and source; refuses a number that is not a Mexican mobile", async () => {
    const c = await makeCustomer(t);
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/customer/messaging",
      headers: c.headers,
      payload: { phone: "+1 415 555 0100", consents: { "transactional:sms": true } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("celular de México");
    const me = await t.app.inject({ method: "GET", url: "/api/customer/messaging", headers: c.headers });
    expect(me.json().consents["marketing:whatsapp"]).toBe(false);
    expect(me.json().phone).toBeNull();
  });

  it("sends the booking confirmation by WhatsApp through Twilio, and follows the signed status callback", async () => {
    const c = await customerWithWhatsapp();
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY) });
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/class_reservations",
      headers: c.headers,
      payload: { single_class_id: klass.single_class_id },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await deliverAll();
    const sent = fake.state.sent.at(-1)!;
    expect(sent.To).toBe(`whatsapp:+52${c.phone}`);
    expect(sent.From).toBe("whatsapp:+525500000000");
    expect(sent.Body).toContain("Cycling");
    const [row] = await messagesOfCustomer(t.app.db, c.customerId);
    expect(row?.status).toBe("sent");
    const forged = await post(
      "/webhooks/twilio/status",
      { MessageSid: row!.provider_sid!, MessageStatus: "read" },
      "bad",
    );
    expect(forged.statusCode).toBe(403);
    const ok = await post("/webhooks/twilio/status", {
      MessageSid: row!.provider_sid!,
      MessageStatus: "delivered",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await messagesOfCustomer(t.app.db, c.customerId))[0]?.status).toBe("delivered");
  });

  it("holds texts in the quiet hours the studio sets, and not at all when it sets none", async () => {
    // docs/product-rules.md#messaging-quiet-hours. Quiet from this very hour for two hours, in the
    // studio's zone, so the test holds whatever the hour it runs.
    const { timezone } = await t.app.appConfig.get();
    const now = new Date();
    const hour = zonedParts(now, timezone).hour;
    const bookAndRead = async () => {
      const c = await customerWithWhatsapp();
      const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY) });
      const booked = await book(t, c.headers, { single_class_id: klass.single_class_id });
      expect(booked.statusCode, booked.body).toBe(200);
      await customerMessagesSettled(t.app.db);
      const [row] = await messagesOfCustomer(t.app.db, c.customerId);
      return row!;
    };
    try {
      await setConfig(t.app, { quiet_hours_start: hour, quiet_hours_end: (hour + 2) % 24 });
      const held = await bookAndRead();
      const wait = held.send_after!.getTime() - now.getTime();
      expect(wait).toBeGreaterThan(HOUR);
      expect(wait).toBeLessThanOrEqual(2 * HOUR);
      expect(zonedParts(held.send_after!, timezone)).toMatchObject({ hour: (hour + 2) % 24, minute: 0 });
      await setConfig(t.app, { quiet_hours_start: hour, quiet_hours_end: hour });
      const free = await bookAndRead();
      expect(free.send_after!.getTime() - Date.now()).toBeLessThan(60_000);
    } finally {
      await setConfig(t.app, { quiet_hours_start: 21, quiet_hours_end: 8 });
    }
  });

  it("answers NO VOY by cancelling through the cancel rules and says the late-cancel rule", async () => {
    await setConfig(t.app, {
      allow_cancel_reservations: true,
      cancel_timeframe_value: 12,
      cancel_timeframe_unit: "hours",
      allow_cancel_after_treshold: true,
    });
    const c = await customerWithWhatsapp();
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * HOUR) });
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/class_reservations",
      headers: c.headers,
      payload: { single_class_id: klass.single_class_id },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await deliverAll();
    const reply = await post("/webhooks/twilio/inbound", {
      From: `whatsapp:+52${c.phone}`,
      Body: "No voy",
      MessageSid: `SMin${c.customerId}`,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await deliverAll();
    // The reply's answer; the cancellation's own notice goes too, worked out after the answer.
    const answer = fake.state.sent.find((m) => m.Body?.includes("cancelamos tu lugar"))!;
    expect(answer.Body).toContain("cancelamos tu lugar");
    expect(answer.Body).toContain("cancelación tardía");
  });

  it("a NO VOY the studio refuses names the class it kept, also with no reminder sent", async () => {
    // The journey found "no pudimos cancelar tu lugar en : …": the class came only from a reminder.
    await setConfig(t.app, {
      allow_cancel_reservations: true,
      cancel_timeframe_value: 12,
      cancel_timeframe_unit: "hours",
      allow_cancel_after_treshold: false,
    });
    const c = await customerWithWhatsapp();
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * HOUR) });
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/class_reservations",
      headers: c.headers,
      payload: { single_class_id: klass.single_class_id },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await deliverAll();
    const reply = await post("/webhooks/twilio/inbound", {
      From: `whatsapp:+52${c.phone}`,
      Body: "NO VOY",
      MessageSid: `SMkept${c.customerId}`,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await deliverAll();
    const answer = fake.state.sent.find(
      (m) => m.To === `whatsapp:+52${c.phone}` && m.Body?.includes("no pudimos cancelar"),
    );
    expect(answer?.Body).toContain("no pudimos cancelar tu lugar en Cycling:");
    expect(answer?.Body).toContain("12 horas");
  });

  it("claims a waitlist offer by SÍ exactly once when several reply at once", async () => {
    await setConfig(t.app, { waitlist_enabled: true, waitlist_mode: "offer" });
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * DAY), capacity: 1 });
    const holder = await makeCustomer(t, { credits: 2 });
    const first = await t.app.inject({
      method: "POST",
      url: "/api/class_reservations",
      headers: holder.headers,
      payload: { single_class_id: klass.single_class_id },
    });
    expect(first.statusCode).toBe(200);
    const people = [await customerWithWhatsapp(), await customerWithWhatsapp(), await customerWithWhatsapp()];
    for (const p of people) {
      const joined = await t.app.inject({
        method: "POST",
        url: "/api/waitlist",
        headers: p.headers,
        payload: { single_class_id: klass.single_class_id },
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    const reservations = await t.app.inject({
      method: "GET",
      url: "/api/class_reservations",
      headers: holder.headers,
    });
    const id =
      reservations.json().reservations?.[0]?.class_reservation_id ??
      reservations.json()[0]?.class_reservation_id;
    const cancelled = await t.app.inject({
      method: "DELETE",
      url: `/api/class_reservations/${id}`,
      headers: holder.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const replies = await Promise.all(
      people.map((p, i) =>
        post("/webhooks/twilio/inbound", {
          From: `whatsapp:+52${p.phone}`,
          Body: "SÍ",
          MessageSid: `SMyes${i}${p.customerId}`,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const seats = await t.app.db.execute(
      (await import("drizzle-orm"))
        .sql`select count(*)::int as n from class_reservations where single_class_id = ${klass.single_class_id} and deleted_at is null`,
    );
    const rows = (Array.isArray(seats) ? seats : (seats as { rows: { n: number }[] }).rows) as {
      n: number;
    }[];
    expect(rows[0]?.n).toBe(1);
  });

  it("refuses bad signatures, unknown senders and malformed webhooks, changing nothing", async () => {
    const form = { From: "whatsapp:+525599999999", Body: "hola", MessageSid: "SMunknown" };
    expect((await post("/webhooks/twilio/inbound", form, "forged")).statusCode).toBe(403);
    const unknown = await post("/webhooks/twilio/inbound", form);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain("no pertenece");
    expect((await post("/webhooks/twilio/inbound", { Body: "hola" })).statusCode).toBe(400);
  });

  it("never sends a marketing message without consent (every automation)", async () => {
    const consenting = await customerWithWhatsapp({ marketing: true });
    const silent = await customerWithWhatsapp();
    for (const c of [consenting, silent]) {
      const klass = await makeClass(t.app, studio, { at: new Date(Date.now() - 2 * HOUR) });
      await t.app.db.execute(
        (await import("drizzle-orm"))
          .sql`insert into class_reservations (single_class_id, customer_id, class_date) values (${klass.single_class_id}, ${c.customerId}, ${klass.class_date})`,
      );
    }
    for (const automation of [
      "intro_followup",
      "win_back",
      "birthday",
      "credits_expiring",
      "last_class_of_pack",
    ]) {
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/admin/messaging/automations/${automation}`,
        headers: (await t.signUp({ role: "owner" })).headers,
        payload: { enabled: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await runAutomations(t.app);
    const toSilent = (await messagesOfCustomer(t.app.db, silent.customerId)).filter(
      (m) => m.purpose === "marketing",
    );
    expect(toSilent.length).toBeGreaterThan(0);
    expect(toSilent.every((m) => m.status === "refused")).toBe(true);
    const toConsenting = (await messagesOfCustomer(t.app.db, consenting.customerId)).filter(
      (m) => m.purpose === "marketing",
    );
    expect(toConsenting.some((m) => m.status === "queued")).toBe(true);
  });
});
