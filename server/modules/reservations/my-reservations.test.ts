import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservationsAnswer } from "../../../domain/api/reservations";
import { messages } from "../../../domain/messages";
import { class_reservation_penalties } from "../../db/schema/credits";
import { class_reservations, coach_ratings } from "../../db/schema/reservations";
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
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { firstOf, only } from "../../test/fixtures";

let t: TestApp;
let studio: Studio;
beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());

async function seat(
  customerId: number,
  at: Date,
  extra: Partial<typeof class_reservations.$inferInsert> = {},
) {
  const c = await makeClass(t.app, studio, { at });
  const row = only(
    await t.app.db
      .insert(class_reservations)
      .values({ single_class_id: c.single_class_id, customer_id: customerId, paid_with: "admin", ...extra })
      .returning(),
  );
  return row;
}

const list = (headers: Record<string, string>, query = "") =>
  t.app.inject({ url: `/api/class_reservations${query}`, headers });

describe("GET /api/class_reservations", () => {
  it("lists my reservations with display status, filters and the policy sentence; never anyone else's", async () => {
    const me = await makeCustomer(t, { credits: 3 });
    const past = new Date(Date.now() - 2 * DAY);
    const attended = await seat(me.customerId, past, { attend: true });
    const missed = await seat(me.customerId, past);
    const cash = await seat(me.customerId, past, { is_cash: true, is_paid: false, attend: true });
    const cancelled = await seat(me.customerId, new Date(Date.now() + DAY), { deletedAt: new Date() });
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 48 * HOUR) });
    await book(t, me.headers, { single_class_id: c.single_class_id, guest: "Sofía" });

    const all = (await list(me.headers)).json();
    // Written by the route itself, not the response serializer: checked against its contract here.
    reservationsAnswer.parse(all);
    expect(all.max).toBe(5);
    const status = Object.fromEntries(
      all.reservations.map((r: { class_reservation_id: number; status: string }) => [
        r.class_reservation_id,
        r.status,
      ]),
    );
    expect(status[attended.class_reservation_id]).toBe("success");
    expect(status[missed.class_reservation_id]).toBe("no_show");
    expect(status[cash.class_reservation_id]).toBe("cash_unpaid");
    expect(status[cancelled.class_reservation_id]).toBe("cancelled");
    const upcoming = (await list(me.headers, "?filter=upcoming")).json();
    expect(upcoming.reservations).toHaveLength(1);
    expect(upcoming.reservations[0]).toMatchObject({
      status: "upcoming",
      guest: "Sofía",
      can_cancel: true,
      cancel_refunds: true,
    });
    expect(upcoming.reservations[0].single_class.class_type.name).toBe("Cycling");
    expect((await list(me.headers, "?filter=past")).json().max).toBe(3);
    expect(
      (await list(me.headers, "?filter=cancelled"))
        .json()
        .reservations.map((r: { class_reservation_id: number }) => r.class_reservation_id),
    ).toEqual([cancelled.class_reservation_id]);
    expect(all.policy).toBe("Puedes cancelar tus clases hasta 12 horas antes de que comiencen.");
    expect((await list(me.headers, "?filter=nope")).statusCode).toBe(400);

    const other = await makeCustomer(t);
    expect((await list(other.headers)).json()).toMatchObject({ reservations: [], max: 0 });
    expect((await list({})).statusCode).toBe(401);
  });

  it("pages by 50", async () => {
    const me = await makeCustomer(t);
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() - DAY) });
    const extra = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        makeClass(t.app, studio, { at: new Date(Date.now() - (i + 2) * DAY) }),
      ),
    );
    await t.app.db.insert(class_reservations).values(
      [c, ...extra].map((x) => ({
        single_class_id: x.single_class_id,
        customer_id: me.customerId,
        paid_with: "admin",
      })),
    );
    const first = (await list(me.headers, "?page=1")).json();
    const second = (await list(me.headers, "?page=2")).json();
    expect(first.reservations).toHaveLength(50);
    expect(second.reservations).toHaveLength(1);
    expect(first.max).toBe(51);
  });

  it("words the policy for transferable classes, the after-threshold rule and the cancel limit", async () => {
    const me = await makeCustomer(t);
    await setConfig(t.app, { allow_cancel_reservations: false });
    expect((await list(me.headers)).json().policy).toBe(messages.cancelDisabled);
    await setConfig(t.app, {
      allow_cancel_reservations: true,
      max_cancels_per_available_class: 2,
      cancel_timeframe_value: 1,
      cancel_timeframe_unit: "day",
    });
    expect((await list(me.headers)).json().policy).toBe(
      "Puedes cancelar tus clases hasta 1 día antes de que comiencen. Puedes cancelar hasta 2 veces por cada crédito de clase.",
    );
    await setConfig(t.app, {
      max_cancels_per_available_class: 0,
      cancel_timeframe_value: 12,
      cancel_timeframe_unit: "hours",
    });
  });
});

describe("rating", () => {
  const rate = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/class_reservations/rating", headers, payload });

  it("rates an Exitosa reservation once, with coach stars and comment", async () => {
    const me = await makeCustomer(t);
    const row = await seat(me.customerId, new Date(Date.now() - DAY), { attend: true });
    const res = await rate(me.headers, {
      class_reservation_id: row.class_reservation_id,
      class_stars: 5,
      coach_stars: 4,
      comment: "¡Genial!",
    });
    expect(res.statusCode).toBe(200);
    const saved = firstOf(
      await t.app.db
        .select()
        .from(class_reservations)
        .where(eq(class_reservations.class_reservation_id, row.class_reservation_id)),
      "saved",
    );
    expect(saved.class_stars).toBe(5);
    const [coach] = await t.app.db
      .select()
      .from(coach_ratings)
      .where(eq(coach_ratings.class_reservation_id, row.class_reservation_id));
    expect(coach).toMatchObject({
      coach_stars: 4,
      comment: "¡Genial!",
      instructor_id: studio.coach.instructor_id,
    });
    expect(
      (await rate(me.headers, { class_reservation_id: row.class_reservation_id, class_stars: 3 })).json()
        .code,
    ).toBe("RATING_NOT_ALLOWED");
    const listed = (await list(me.headers)).json().reservations[0];
    expect(listed).toMatchObject({ class_stars: 5, coach_stars: 4, can_rate: false });
  });

  it("refuses non-Exitosa reservations, bad stars, comments without coach stars, others' reservations and when disabled", async () => {
    const me = await makeCustomer(t);
    const missed = await seat(me.customerId, new Date(Date.now() - DAY));
    expect(
      (await rate(me.headers, { class_reservation_id: missed.class_reservation_id, class_stars: 4 }))
        .statusCode,
    ).toBe(412);
    const ok = await seat(me.customerId, new Date(Date.now() - DAY), { attend: true });
    expect(
      (await rate(me.headers, { class_reservation_id: ok.class_reservation_id, class_stars: 6 })).statusCode,
    ).toBe(400);
    expect(
      (
        await rate(me.headers, {
          class_reservation_id: ok.class_reservation_id,
          class_stars: 4,
          comment: "x",
        })
      ).statusCode,
    ).toBe(400);
    const other = await makeCustomer(t);
    expect(
      (await rate(other.headers, { class_reservation_id: ok.class_reservation_id, class_stars: 4 }))
        .statusCode,
    ).toBe(404);
    await setConfig(t.app, { reservation_rating_enabled: false });
    expect(
      (await rate(me.headers, { class_reservation_id: ok.class_reservation_id, class_stars: 4 })).statusCode,
    ).toBe(412);
    await setConfig(t.app, { reservation_rating_enabled: true });
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/class_reservations/rating",
      headers: me.headers,
      payload: { class_reservation_id: ok.class_reservation_id, class_stars: 4 },
    });
    expect(put.statusCode).toBe(200);
  });
});

describe("calendar sync", () => {
  it("downloads one reservation as .ics, only for its owner", async () => {
    const me = await makeCustomer(t, { credits: 1 });
    const c = await makeClass(t.app, studio, { at: new Date("2030-05-06T14:00:00Z") });
    const id = (await book(t, me.headers, { single_class_id: c.single_class_id, spot: "3" })).json()
      .class_reservation.class_reservation_id;
    const res = await t.app.inject({ url: `/api/class_reservations/${id}/ics`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    expect(res.body).toContain("BEGIN:VEVENT");
    expect(res.body).toContain("DTSTART;TZID=America/Mexico_City:20300506T080000");
    expect(res.body).toContain("DTEND;TZID=America/Mexico_City:20300506T085000");
    expect(res.body).toContain("SUMMARY:Cycling");
    expect(res.body).toContain("Lugar: 3");
    const other = await makeCustomer(t);
    expect(
      (await t.app.inject({ url: `/api/class_reservations/${id}/ics`, headers: other.headers })).statusCode,
    ).toBe(404);
  });

  it("serves a private feed of my upcoming classes, rotatable and revocable", async () => {
    const me = await makeCustomer(t, { credits: 1 });
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY) });
    await book(t, me.headers, { single_class_id: c.single_class_id });
    const { url } = (
      await t.app.inject({ url: "/api/class_reservations/calendar-feed", headers: me.headers })
    ).json();
    expect(url).toMatch(/\/api\/ical\/[\w-]+\.ics$/);
    const again = (
      await t.app.inject({ url: "/api/class_reservations/calendar-feed", headers: me.headers })
    ).json();
    expect(again.url).toBe(url);
    const path = new URL(url).pathname;
    const feed = await t.app.inject({ url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    const rotated = (
      await t.app.inject({
        method: "POST",
        url: "/api/class_reservations/calendar-feed",
        headers: me.headers,
      })
    ).json();
    expect(rotated.url).not.toBe(url);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    await t.app.inject({
      method: "DELETE",
      url: "/api/class_reservations/calendar-feed",
      headers: me.headers,
    });
    expect((await t.app.inject({ url: new URL(rotated.url).pathname })).statusCode).toBe(404);
  });
});

describe("credits and penalties", () => {
  it("shows my buckets, the badge summary, all buckets with date/all, and my penalties only", async () => {
    const me = await makeCustomer(t, {
      buckets: [
        {
          available_classes: 3,
          class_type_id: studio.yoga.class_type_id,
          expiration_date: new Date(Date.now() + 10 * DAY),
        },
        { available_classes: 2, expiration_date: new Date(Date.now() - DAY) },
        { available_classes: 0 },
      ],
    });
    const other = await makeCustomer(t, { credits: 7 });
    await t.app.db.insert(class_reservation_penalties).values([
      { customer_id: me.customerId, no_shows: 3, end_date: new Date(Date.now() + DAY) },
      { customer_id: other.customerId, no_shows: 4, end_date: new Date(Date.now() + DAY) },
    ]);
    const active = (await t.app.inject({ url: "/api/available_classes", headers: me.headers })).json();
    expect(active).toMatchObject({ total: 3, unlimited: false });
    expect(active.available_classes).toHaveLength(1);
    expect(active.available_classes[0].class_type_names).toEqual(["Yoga"]);
    const all = (await t.app.inject({ url: "/api/available_classes/date/all", headers: me.headers })).json();
    expect(all.available_classes).toHaveLength(3);
    const penalties = (
      await t.app.inject({ url: "/api/class_reservation_penaltys", headers: me.headers })
    ).json();
    expect(penalties.class_reservation_penaltys).toHaveLength(1);
    expect(penalties.class_reservation_penaltys[0]).toMatchObject({ no_shows: 3, active: true });
    const member = await makeCustomer(t, { unlimitedUntil: new Date(Date.now() + 5 * DAY) });
    expect(
      (await t.app.inject({ url: "/api/available_classes", headers: member.headers })).json(),
    ).toMatchObject({ unlimited: true, total: 0 });
    expect((await t.app.inject({ url: "/api/available_classes" })).statusCode).toBe(401);
  });
});
