import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";
import {
  book,
  bucketAmount,
  DAY,
  makeClass,
  makeCustomer,
  makeStudio,
  type Studio,
  setConfig,
} from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { firstOf } from "../../test/fixtures";

let t: TestApp;
let studio: Studio;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  admin = (await t.signUp({ role: "admin" })).headers;
  await setConfig(t.app, { allow_class_guests: true });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: "POST", url, headers, payload });

function classBody(extra: Record<string, unknown> = {}) {
  return {
    class_type_id: studio.cycling.class_type_id,
    location_id: studio.roma.location_id,
    class_date: "2031-03-04T07:00",
    duration_minutes: 45,
    capacity: 8,
    instructor_ids: [studio.coach.instructor_id],
    ...extra,
  };
}

async function classesOn(day: string) {
  const res = await t.app.inject({ url: `/api/single_class?start_date=${day}&end_date=${day}` });
  return res.json().days[0].single_classes as { single_class_id: number; class_date: string }[];
}

describe("POST /api/single_class", () => {
  it("reads the date as the studio's wall clock, whatever the machine's zone", async () => {
    // Mexico City is UTC-6 all year: 07:00 there is 13:00 UTC (tests also run under TZ=Pacific/Auckland).
    const res = await post("/api/single_class", classBody());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(messages.classSaved);
    expect(body.single_class).toMatchObject({
      class_date: "2031-03-04T13:00:00.000Z",
      duration_minutes: 45,
      capacity: 8,
      class_type_id: studio.cycling.class_type_id,
      location_id: studio.roma.location_id,
    });
    expect(body.single_class.class_instructors[0].instructor.instructor_id).toBe(studio.coach.instructor_id);
    const logged = await t.app.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.entity_id, String(body.single_class.single_class_id)));
    expect(logged.map((l) => l.action)).toContain("single_class.create");
  });

  it("follows a studio zone with daylight saving", async () => {
    await setConfig(t.app, { timezone: "America/New_York" });
    try {
      const winter = await post("/api/single_class", classBody({ class_date: "2031-01-10T09:30" }));
      const summer = await post("/api/single_class", classBody({ class_date: "2031-07-10 09:30" }));
      expect(winter.json().single_class.class_date).toBe("2031-01-10T14:30:00.000Z");
      expect(summer.json().single_class.class_date).toBe("2031-07-10T13:30:00.000Z");
    } finally {
      await setConfig(t.app, { timezone: "America/Mexico_City" });
    }
  });

  it("answers 400 in Spanish for a bad date, a missing type or a type that does not exist", async () => {
    const bad = await post("/api/single_class", classBody({ class_date: "04/03/2031 7am" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: messages.classDateInvalid,
      fields: { class_date: expect.any(String) },
    });
    const missing = await post("/api/single_class", { class_date: "2031-03-04T07:00" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty("class_type_id");
    const unknown = await post("/api/single_class", classBody({ class_type_id: 999_999 }));
    expect(unknown.statusCode).toBe(400);
  });

  it("is for admins only", async () => {
    const customer = await makeCustomer(t);
    expect((await post("/api/single_class", classBody(), customer.headers)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/single_class", payload: classBody() })).statusCode,
    ).toBe(401);
  });
});

describe("PUT /api/single_class", () => {
  it("changes only what is sent and never lowers capacity under the booked seats", async () => {
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY), capacity: 5 });
    for (let i = 0; i < 2; i++) {
      const customer = await makeCustomer(t, { credits: 1 });
      expect((await book(t, customer.headers, { single_class_id: c.single_class_id })).statusCode).toBe(200);
    }
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: "/api/single_class", headers: admin, payload });
    const low = await put({ single_class_id: c.single_class_id, capacity: 1 });
    expect(low.statusCode).toBe(409);
    expect(low.json().message).toBe(messages.classCapacityBelowBooked.replace("{reserved}", "2"));
    const ok = await put({ single_class_id: c.single_class_id, capacity: 2, description: "Rodada larga" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().single_class).toMatchObject({
      capacity: 2,
      description: "Rodada larga",
      class_date: c.class_date.toISOString(),
      location_id: c.location_id,
    });
    expect((await put({ single_class_id: 999_999, capacity: 3 })).statusCode).toBe(404);
  });
});

describe("POST /api/single_class/repeat", () => {
  it("repeats weekly up to the date, keeps the local time over DST and skips duplicates", async () => {
    await setConfig(t.app, { timezone: "America/New_York" });
    try {
      // 2032-03-14 is the US change to summer time: the 07:00 class must stay at 07:00.
      const first = (await post("/api/single_class", classBody({ class_date: "2032-03-02T07:00" }))).json();
      const id = first.single_class.single_class_id;
      const res = await post("/api/single_class/repeat", { single_class_id: id, until: "2032-03-23" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ skipped: 0 });
      expect(res.json().created).toHaveLength(3);
      const dates = await t.app.db
        .select()
        .from(single_classes)
        .where(eq(single_classes.class_type_id, studio.cycling.class_type_id));
      const repeated = dates
        .filter((d) => res.json().created.includes(d.single_class_id))
        .map((d) => d.class_date.toISOString())
        .sort();
      expect(repeated).toEqual([
        "2032-03-09T12:00:00.000Z",
        "2032-03-16T11:00:00.000Z",
        "2032-03-23T11:00:00.000Z",
      ]);
      const again = await post("/api/single_class/repeat", { single_class_id: id, until: "2032-03-30" });
      expect(again.json().created).toHaveLength(1);
      expect(again.json().skipped).toBe(3);
    } finally {
      await setConfig(t.app, { timezone: "America/Mexico_City" });
    }
  });

  it("refuses an end date before the next week or more than a year away", async () => {
    const first = (await post("/api/single_class", classBody({ class_date: "2031-05-05T08:00" }))).json();
    const id = first.single_class.single_class_id;
    for (const until of ["2031-05-06", "2032-06-01"]) {
      const res = await post("/api/single_class/repeat", { single_class_id: id, until });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.repeatUntilInvalid);
    }
  });
});

describe("POST /api/single_class/copy-week", () => {
  it("copies the week's classes day by day and skips the ones already there", async () => {
    const monday = "2031-09-01";
    await post("/api/single_class", classBody({ class_date: `${monday}T07:00`, tag_ids: [] }));
    await post(
      "/api/single_class",
      classBody({ class_date: "2031-09-07T18:30", class_type_id: studio.yoga.class_type_id }),
    );
    await post("/api/single_class", classBody({ class_date: "2031-09-08T07:00" })); // next week: not copied
    const res = await post("/api/single_class/copy-week", {
      from_start_date: monday,
      to_start_date: "2031-09-15",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toHaveLength(2);
    expect((await classesOn("2031-09-15")).map((c) => c.class_date)).toEqual(["2031-09-15T13:00:00.000Z"]);
    expect((await classesOn("2031-09-21")).map((c) => c.class_date)).toEqual(["2031-09-22T00:30:00.000Z"]);
    const again = await post("/api/single_class/copy-week", {
      from_start_date: monday,
      to_start_date: "2031-09-15",
    });
    expect(again.json()).toMatchObject({
      created: [],
      skipped: 2,
      message: expect.stringContaining("Clases creadas: 0."),
    });
    const same = await post("/api/single_class/copy-week", {
      from_start_date: monday,
      to_start_date: monday,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(messages.copyWeekSame);
  });
});

describe("DELETE /api/single_class/{id}", () => {
  it("cancels every booking, returns the credits without counting a cancellation and emails the customers", async () => {
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * 3_600_000), capacity: 10 });
    const ana = await makeCustomer(t, { credits: 3 });
    const unlimited = await makeCustomer(t, { buckets: [{ available_classes: -1 }] });
    expect(
      (await book(t, ana.headers, { single_class_id: c.single_class_id, guest: "Sofía" })).statusCode,
    ).toBe(200);
    expect((await book(t, unlimited.headers, { single_class_id: c.single_class_id })).statusCode).toBe(200);
    expect((await bucketAmount(t.app, firstOf(ana.buckets).available_class_id)).available_classes).toBe(1);

    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/single_class/${c.single_class_id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: messages.classCancelled,
      cancelled_classes: 1,
      cancelled_reservations: 3,
      refunded_credits: 3,
      notified: 2,
    });
    // Inside the customers' own cancellation window or not, the studio's cancellation refunds.
    expect(await bucketAmount(t.app, firstOf(ana.buckets).available_class_id)).toMatchObject({
      available_classes: 3,
      cancels_used: 0,
    });
    expect((await bucketAmount(t.app, firstOf(unlimited.buckets).available_class_id)).available_classes).toBe(
      -1,
    );
    const rows = await t.app.db
      .select()
      .from(class_reservations)
      .where(eq(class_reservations.single_class_id, c.single_class_id));
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);

    const row = firstOf(
      await t.app.db
        .select()
        .from(single_classes)
        .where(eq(single_classes.single_class_id, c.single_class_id)),
    );
    expect(row.cancelledAt).not.toBeNull();

    const outbox = await t.app.inject({ url: "/api/admin/outbox", headers: admin });
    const emails = (outbox.json().emails as { to: string; subject: string; text: string }[]).filter((e) =>
      e.subject.startsWith("Tu clase Cycling fue cancelada"),
    );
    expect(emails.length).toBeGreaterThanOrEqual(2);
    expect(emails.some((e) => e.text.includes("Te devolvimos 2 créditos para"))).toBe(true);

    const twice = await t.app.inject({
      method: "DELETE",
      url: `/api/single_class/${c.single_class_id}`,
      headers: admin,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(messages.classAlreadyCancelled);
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/single_class/999999", headers: admin })).statusCode,
    ).toBe(404);
  });

  it("refunds only the seats still booked and tells each customer their own refund", async () => {
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 5 * DAY), capacity: 10 });
    const left = await makeCustomer(t, { credits: 2 });
    const stays = await makeCustomer(t, { credits: 2 });
    const mine = await book(t, left.headers, { single_class_id: c.single_class_id });
    expect((await book(t, stays.headers, { single_class_id: c.single_class_id })).statusCode).toBe(200);
    const own = await t.app.inject({
      method: "DELETE",
      url: `/api/class_reservations/${mine.json().class_reservation.class_reservation_id}`,
      headers: left.headers,
    });
    expect(own.json().refunded).toBe(true);

    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/single_class/${c.single_class_id}`,
      headers: admin,
    });
    expect(res.json()).toMatchObject({ cancelled_reservations: 1, refunded_credits: 1, notified: 1 });
    // The seat cancelled earlier was refunded then (one cancellation counted), not a second time.
    expect(await bucketAmount(t.app, firstOf(left.buckets).available_class_id)).toMatchObject({
      available_classes: 2,
      cancels_used: 1,
    });
    expect(await bucketAmount(t.app, firstOf(stays.buckets).available_class_id)).toMatchObject({
      available_classes: 2,
      cancels_used: 0,
    });

    const [stayer, leaver] = await Promise.all(
      [stays, left].map(async ({ customerId }) => {
        const row = firstOf(
          await t.app.db.select().from(customers).where(eq(customers.customer_id, customerId)),
        );
        return row.email;
      }),
    );
    const outbox = await t.app.inject({ url: "/api/admin/outbox", headers: admin });
    const cancelled = (outbox.json().emails as { to: string; subject: string; text: string }[]).filter((e) =>
      e.subject.startsWith("Tu clase Cycling fue cancelada"),
    );
    expect(
      cancelled.filter((e) => e.to === stayer).map((e) => e.text.includes("Te devolvimos 1 crédito para")),
    ).toEqual([true]);
    expect(cancelled.some((e) => e.to === leaver)).toBe(false);
  });

  it("leaves a customer's own cancellation rules alone: a cancelled class cannot be edited", async () => {
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 5 * DAY) });
    await t.app.inject({ method: "DELETE", url: `/api/single_class/${c.single_class_id}`, headers: admin });
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/single_class",
      headers: admin,
      payload: { single_class_id: c.single_class_id, capacity: 3 },
    });
    expect(put.statusCode).toBe(409);
    const repeat = await post("/api/single_class/repeat", {
      single_class_id: c.single_class_id,
      until: "2040-01-01",
    });
    expect(repeat.statusCode).toBe(409);
  });
});

describe("GET /api/admin/single_class/{id}/reservations", () => {
  it("lists the roster with customers, guests, check-in state and cancelled rows; admin only", async () => {
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 4 * DAY) });
    const ana = await makeCustomer(t, { credits: 2 });
    await book(t, ana.headers, { single_class_id: c.single_class_id, guest: "Sofía" });
    const res = await t.app.inject({
      url: `/api/admin/single_class/${c.single_class_id}/reservations`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const { reservations, single_class } = res.json();
    expect(single_class.single_class_id).toBe(c.single_class_id);
    expect(reservations).toHaveLength(2);
    expect(reservations[0]).toMatchObject({
      customer_id: ana.customerId,
      attend: false,
      deletedAt: null,
      guest: null,
    });
    expect(reservations[1]).toMatchObject({
      guest: "Sofía",
      guest_of_id: reservations[0].class_reservation_id,
    });
    const asCustomer = await t.app.inject({
      url: `/api/admin/single_class/${c.single_class_id}/reservations`,
      headers: ana.headers,
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});
