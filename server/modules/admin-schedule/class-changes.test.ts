import { eq, inArray, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../../domain/booking";
import { classChangeTexts } from "../../../domain/class-changes";
import {
  type ClassChangeLine,
  class_change_notices,
  instructors,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { available_classes } from "../../db/schema/credits";
import { customers as customersTable } from "../../db/schema/customers";
import { email_outbox } from "../../db/schema/mail";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";
import {
  bucketAmount,
  makeClass,
  makeCustomer,
  makeStudio,
  type Studio,
  setConfig,
} from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { exactly, firstOf, must, only } from "../../test/fixtures";
import { type ChangeDeps, updateClasses } from "./class-changes.service";
import { createClass, repeatWeekly } from "./schedule.service";

// Every date here is fixed (2031 for what the API must accept, 2020-2022 for the past), so the
// tests read the same whatever day and zone they run in (UTC and Pacific/Auckland in CI).

let t: TestApp;
let studio: Studio;
let admin: Record<string, string>;
let sub: { instructor_id: number };

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  sub = only(await t.app.db.insert(instructors).values({ name: "Leo", last_name: "Sánchez" }).returning());
  admin = (await t.signUp({ role: "admin" })).headers;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: Json, payload?: Json) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

function classBody(class_date: string, extra: Json = {}) {
  return {
    class_type_id: studio.cycling.class_type_id,
    location_id: studio.roma.location_id,
    class_date,
    duration_minutes: 45,
    capacity: 1,
    instructor_ids: [studio.coach.instructor_id],
    ...extra,
  };
}

async function createAt(class_date: string, extra: Json = {}) {
  const res = await inject("POST", "/api/single_class", admin, classBody(class_date, extra));
  expect(res.statusCode).toBe(201);
  return res.json().single_class as { single_class_id: number; class_date: string };
}

/** Every VEVENT of an iCalendar text, read by ical.js with the text's own VTIMEZONEs. */
function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return {
    method: calendar.getFirstPropertyValue("method"),
    events: calendar.getAllSubcomponents("vevent").map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: Number(vevent.getFirstPropertyValue("sequence")),
        status: vevent.getFirstPropertyValue("status"),
        tzid: vevent.getFirstProperty("dtstart")?.getParameter("tzid"),
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
      };
    }),
  };
}

async function emailsTo(email: string) {
  // The outbox worker renders queued emails after the answer (decision 0084).
  await t.app.mailer.drain();
  return t.app.db.select().from(email_outbox).where(eq(email_outbox.to, email));
}

async function feedOf(headers: Json) {
  const { url } = (await inject("GET", "/api/class_reservations/calendar-feed", headers)).json();
  const feed = await t.app.inject({ url: new URL(url).pathname });
  expect(feed.statusCode).toBe(200);
  return parseEvents(feed.body);
}

type Customer = Awaited<ReturnType<typeof makeCustomer>>;

/**
 * A seat paid with the customer's first credit, written as the booking service writes it (these
 * tests are about what happens to booked seats, not about booking).
 */
async function seat(customer: Customer, classId: number): Promise<number> {
  const bucket = firstOf(customer.buckets);
  const row = only(
    await t.app.db
      .insert(class_reservations)
      .values({
        single_class_id: classId,
        customer_id: customer.customerId,
        paid_with: "credit",
        available_class_id: bucket.available_class_id,
      })
      .returning(),
  );
  await t.app.db
    .update(available_classes)
    .set({ available_classes: sql`${available_classes.available_classes} - 1` })
    .where(eq(available_classes.available_class_id, bucket.available_class_id));
  return row.class_reservation_id;
}

async function wait(customer: Customer, classId: number) {
  await t.app.db.insert(waitlists).values({ single_class_id: classId, customer_id: customer.customerId });
}

const noticesOf = async (headers: Json) =>
  (await inject("GET", "/api/class_change_notices", headers)).json().notices as {
    class_change_notice_id: number;
    kind: string;
    changes: ClassChangeLine[];
    can_cancel_free: boolean;
    refunded_credits: number;
    single_class: { single_class_id: number; cancelled: boolean };
  }[];

describe("a change of a booked class", () => {
  it("says how many people it tells, tells each one (account + email with the updated .ics) and keeps the calendar event's UID with a higher SEQUENCE", async () => {
    const c = await createAt("2031-03-04T07:00");
    const ana = await makeCustomer(t, { credits: 2 });
    const beto = await makeCustomer(t, { credits: 1 });
    const reservationId = await seat(ana, c.single_class_id);
    await wait(beto, c.single_class_id);

    const impact = await inject("GET", `/api/admin/single_class/${c.single_class_id}/change-impact`, admin);
    expect(impact.json()).toEqual({
      classes: 1,
      people: 2,
      booked: 1,
      waiting: 1,
      series: false,
      names: ["Cliente Prueba", "Cliente Prueba"],
      capacity_conflicts: [],
    });

    const put = await inject("PUT", "/api/single_class", admin, {
      single_class_id: c.single_class_id,
      class_date: "2031-03-04T08:30",
      instructor_ids: [sub.instructor_id],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ updated: 1, notified: 2 });
    expect(put.json().single_class.class_date).toBe("2031-03-04T14:30:00.000Z");

    const mine = firstOf(await noticesOf(ana.headers), "mine");
    expect(mine).toMatchObject({ kind: "changed", can_cancel_free: true });
    expect(mine.changes.map((l) => l.label)).toEqual(["Fecha y hora", "Coach"]);
    expect(mine.changes[1]).toEqual({ label: "Coach", before: "Vale", after: "Leo" });
    const [waiting] = await noticesOf(beto.headers);
    expect(waiting).toMatchObject({ kind: "changed", can_cancel_free: false });

    const mail = firstOf(
      (await emailsTo(ana.email)).filter((e) => e.template === "class_changed"),
      "mail",
    );
    expect(mail.subject).toContain("Cambio en tu clase Cycling");
    expect(mail.text).toContain("Coach: antes Vale, ahora Leo.");
    expect(mail.text).toContain("cancelar sin costo");
    const ics = parseEvents(Buffer.from(mail.attachments?.[0]?.content ?? "", "base64").toString());
    expect(ics.events).toEqual([
      {
        uid: expect.stringMatching(new RegExp(`^reservacion-${reservationId}@`)),
        sequence: 1,
        status: "CONFIRMED",
        tzid: "America/Mexico_City",
        start: "2031-03-04T14:30:00.000Z",
        end: "2031-03-04T15:15:00.000Z",
      },
    ]);
    const waitMail = firstOf(
      (await emailsTo(beto.email)).filter((e) => e.template === "class_changed"),
      "waitMail",
    );
    expect(waitMail.text).toContain(classChangeTexts.waitlistStill);
    expect(waitMail.attachments).toBeNull();

    const feed = await feedOf(ana.headers);
    expect(feed.events).toEqual([ics.events[0]]);

    // A description change tells nobody and leaves SEQUENCE alone.
    const quiet = await inject("PUT", "/api/single_class", admin, {
      single_class_id: c.single_class_id,
      description: "Rodada larga",
    });
    expect(quiet.json()).toMatchObject({ notified: 0 });
    expect((await noticesOf(ana.headers)).length).toBe(1);
    expect((await feedOf(ana.headers)).events[0]?.sequence).toBe(1);
  });

  it("gives a free cancellation inside the window when the change is ours: credit back, no cancellation counted; the feed keeps the event as CANCELLED", async () => {
    // A window longer than the years to 2031: every cancellation of this class is "too late".
    await setConfig(t.app, {
      cancel_timeframe_value: 200_000,
      cancel_timeframe_unit: "hour",
      allow_cancel_after_treshold: false,
    });
    try {
      const c = await createAt("2031-04-08T07:00");
      const ana = await makeCustomer(t, { credits: 1 });
      const reservationId = await seat(ana, c.single_class_id);
      const late = await inject("DELETE", `/api/class_reservations/${reservationId}`, ana.headers);
      expect(late.statusCode).toBe(412);
      expect(late.json().code).toBe("CANCEL_TOO_LATE");

      await inject("PUT", "/api/single_class", admin, {
        single_class_id: c.single_class_id,
        location_id: studio.polanco.location_id,
      });
      const notice = firstOf(await noticesOf(ana.headers), "notice");
      expect(notice.changes).toEqual([{ label: "Lugar", before: "Roma", after: "Polanco" }]);
      const free = await inject(
        "POST",
        `/api/class_change_notices/${notice.class_change_notice_id}/cancel-reservation`,
        ana.headers,
      );
      expect(free.statusCode).toBe(200);
      expect(free.json()).toEqual({ message: classChangeTexts.freeCancelDone, refunded: true });
      expect(await bucketAmount(t.app, firstOf(ana.buckets).available_class_id)).toMatchObject({
        available_classes: 1,
        cancels_used: 0,
      });
      // Once: the notice is gone and the seat already cancelled.
      expect(await noticesOf(ana.headers)).toEqual([]);
      const again = await inject(
        "POST",
        `/api/class_change_notices/${notice.class_change_notice_id}/cancel-reservation`,
        ana.headers,
      );
      expect(again.statusCode).toBe(409);

      const feed = await feedOf(ana.headers);
      expect(feed.events).toMatchObject([
        { status: "CANCELLED", sequence: 2, start: "2031-04-08T13:00:00.000Z" },
      ]);

      // Someone else's notice is not found; a waitlist notice has no free cancellation.
      const other = await makeCustomer(t);
      const stranger = await inject(
        "POST",
        `/api/class_change_notices/${notice.class_change_notice_id}/cancel-reservation`,
        other.headers,
      );
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().message).toBe(classChangeTexts.noticeNotFound);
    } finally {
      await setConfig(t.app, { cancel_timeframe_value: 12, allow_cancel_after_treshold: true });
    }
  });

  it("a customer's own cancellation: the email carries METHOD:CANCEL one SEQUENCE above the class, the feed keeps the event as CANCELLED", async () => {
    const c = await createAt("2031-04-15T07:00", { capacity: 5 });
    await inject("PUT", "/api/single_class", admin, {
      single_class_id: c.single_class_id,
      duration_minutes: 60,
    });
    const ana = await makeCustomer(t, { credits: 1 });
    const reservationId = await seat(ana, c.single_class_id);
    expect((await inject("DELETE", `/api/class_reservations/${reservationId}`, ana.headers)).statusCode).toBe(
      200,
    );
    const mail = firstOf(
      (await emailsTo(ana.email)).filter((e) => e.template === "reservation_cancelled"),
      "mail",
    );
    expect(mail.attachments?.[0]?.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    const ics = parseEvents(Buffer.from(mail.attachments?.[0]?.content ?? "", "base64").toString());
    expect(ics.method).toBe("CANCEL");
    const cancelled = {
      uid: expect.stringMatching(new RegExp(`^reservacion-${reservationId}@`)),
      status: "CANCELLED",
      // The length change made the class's counter 1; the reservation's cancellation is one more.
      sequence: 2,
      tzid: "America/Mexico_City",
      start: "2031-04-15T13:00:00.000Z",
      end: "2031-04-15T14:00:00.000Z",
    };
    expect(ics.events).toEqual([cancelled]);
    expect((await feedOf(ana.headers)).events).toEqual([cancelled]);
  });

  it("refuses to edit or cancel a class that already started, in Spanish", async () => {
    const past = await makeClass(t.app, studio, { at: new Date("2020-01-10T14:00:00Z") });
    const put = await inject("PUT", "/api/single_class", admin, {
      single_class_id: past.single_class_id,
      class_date: "2031-01-10T08:00",
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({ code: "CLASS_IN_PAST", message: classChangeTexts.classInPast });
    const del = await inject("DELETE", `/api/single_class/${past.single_class_id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe("CLASS_IN_PAST");
    // Nor moved into the past.
    const future = await createAt("2031-05-06T07:00");
    const back = await inject("PUT", "/api/single_class", admin, {
      single_class_id: future.single_class_id,
      class_date: "2020-05-06T07:00",
    });
    expect(back.statusCode).toBe(409);
  });

  it("is for admins only, and a customer sees only their own notices", async () => {
    const ana = await makeCustomer(t);
    expect((await inject("GET", "/api/admin/single_class/1/change-impact", ana.headers)).statusCode).toBe(
      403,
    );
    expect(
      (await inject("POST", "/api/admin/substitutions", ana.headers, { instructor_id: 1, changes: [] }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: "/api/class_change_notices" })).statusCode).toBe(401);
    expect(await noticesOf(ana.headers)).toEqual([]);
  });
});

describe("a weekly series", () => {
  it("moves 'esta y las siguientes' to the same wall-clock time across New York's DST change, then cancels 'toda la serie' with refunds, notices and METHOD:CANCEL", async () => {
    await setConfig(t.app, { timezone: "America/New_York" });
    try {
      const first = await createAt("2031-02-24T07:00", { capacity: 5 });
      const repeat = await inject("POST", "/api/single_class/repeat", admin, {
        single_class_id: first.single_class_id,
        until: "2031-03-31",
      });
      expect(repeat.json().created).toHaveLength(5);
      const [mar3, , mar17] = exactly(repeat.json().created as number[], 5);
      const ana = await makeCustomer(t, { credits: 1 });
      const reservationId = await seat(ana, mar17);

      const impact = await inject(
        "GET",
        `/api/admin/single_class/${mar3}/change-impact?scope=following`,
        admin,
      );
      expect(impact.json()).toMatchObject({ classes: 5, people: 1, series: true });

      // DST starts in New York on 2031-03-09: 08:00 is 13:00 UTC before and 12:00 UTC after.
      const put = await inject("PUT", "/api/single_class", admin, {
        single_class_id: mar3,
        scope: "following",
        class_date: "2031-03-03T08:00",
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ updated: 5, notified: 1 });
      const rows = await t.app.db
        .select()
        .from(single_classes)
        .where(inArray(single_classes.single_class_id, [first.single_class_id, ...repeat.json().created]))
        .orderBy(single_classes.class_date);
      expect(rows.map((r) => r.class_date.toISOString())).toEqual([
        "2031-02-24T12:00:00.000Z", // untouched: 07:00 EST
        "2031-03-03T13:00:00.000Z",
        "2031-03-10T12:00:00.000Z",
        "2031-03-17T12:00:00.000Z",
        "2031-03-24T12:00:00.000Z",
        "2031-03-31T12:00:00.000Z",
      ]);
      // "Esta y las siguientes" split the series: the first class is a series of its own now.
      expect(rows[1]?.series_id).not.toBe(rows[0]?.series_id);
      expect(new Set(rows.slice(1).map((r) => r.series_id)).size).toBe(1);
      expect(rows.slice(1).map((r) => r.sequence)).toEqual([1, 1, 1, 1, 1]);

      const feed = await feedOf(ana.headers);
      expect(feed.events).toMatchObject([
        { start: "2031-03-17T12:00:00.000Z", sequence: 1, status: "CONFIRMED" },
      ]);

      const cancel = await inject("DELETE", `/api/single_class/${mar17}?scope=all`, admin);
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json()).toMatchObject({
        cancelled_classes: 5,
        cancelled_reservations: 1,
        refunded_credits: 1,
        notified: 1,
      });
      expect((await bucketAmount(t.app, firstOf(ana.buckets).available_class_id)).available_classes).toBe(1);
      const first24 = firstOf(
        await t.app.db
          .select()
          .from(single_classes)
          .where(eq(single_classes.single_class_id, first.single_class_id)),
        "first24",
      );
      expect(first24.cancelledAt).toBeNull();

      const notices = await noticesOf(ana.headers);
      expect(notices[0]).toMatchObject({
        kind: "cancelled",
        refunded_credits: 1,
        can_cancel_free: false,
        single_class: { single_class_id: mar17, cancelled: true },
      });
      const mail = firstOf(
        (await emailsTo(ana.email)).filter((e) => e.template === "class-cancelled"),
        "mail",
      );
      expect(mail.text).toContain("Te devolvimos 1 crédito");
      const ics = parseEvents(Buffer.from(mail.attachments?.[0]?.content ?? "", "base64").toString());
      expect(ics.method).toBe("CANCEL");
      expect(ics.events).toMatchObject([
        {
          uid: expect.stringMatching(new RegExp(`^reservacion-${reservationId}@`)),
          status: "CANCELLED",
          sequence: 2,
          tzid: "America/New_York",
          start: "2031-03-17T12:00:00.000Z",
        },
      ]);
      expect((await feedOf(ana.headers)).events).toMatchObject([{ status: "CANCELLED", sequence: 2 }]);

      // The staff week still shows them, marked cancelled.
      const week = await inject(
        "GET",
        "/api/admin/single_class/cancelled?start_date=2031-03-10&end_date=2031-03-16",
        admin,
      );
      expect(week.json().single_classes).toMatchObject([{ cancelled_at: expect.any(String) }]);
    } finally {
      await setConfig(t.app, { timezone: "America/Mexico_City" });
    }
  });

  it("keeps the wall-clock time over Mexico City's last DST changes (2021 start, 2022 end), read with a fixed clock", async () => {
    const config = { ...(await t.app.appConfig.get()), timezone: "America/Mexico_City" };
    const deps: ChangeDeps = {
      db: t.app.db,
      mailer: t.app.mailer,
      config,
      publicUrl: t.app.config.publicUrl,
    };
    const now = new Date("2021-03-01T00:00:00Z");
    const spring = await createClass(t.app.db, config, null, classBody("2021-03-22T07:00"));
    await repeatWeekly(t.app.db, config, null, {
      single_class_id: spring.single_class_id,
      until: "2021-04-12",
    });
    // Mexico City's daylight time began on 2021-04-04 (UTC-6 → UTC-5).
    await updateClasses(
      deps,
      null,
      spring.single_class_id,
      { class_date: zonedInstant("2021-03-22", "06:15", config.timezone) },
      "all",
      now,
    );
    const springRows = await t.app.db
      .select()
      .from(single_classes)
      .where(eq(single_classes.series_id, (await seriesOf(spring.single_class_id)) as number))
      .orderBy(single_classes.class_date);
    expect(springRows.map((r) => r.class_date.toISOString())).toEqual([
      "2021-03-22T12:15:00.000Z",
      "2021-03-29T12:15:00.000Z",
      "2021-04-05T11:15:00.000Z",
      "2021-04-12T11:15:00.000Z",
    ]);

    // The last change ever: 2022-10-30 back to UTC-6, and no DST since.
    const autumn = await createClass(t.app.db, config, null, classBody("2022-10-17T19:00"));
    await repeatWeekly(t.app.db, config, null, {
      single_class_id: autumn.single_class_id,
      until: "2022-11-07",
    });
    const ana = await makeCustomer(t);
    const later = await t.app.db
      .select()
      .from(single_classes)
      .where(eq(single_classes.series_id, (await seriesOf(autumn.single_class_id)) as number))
      .orderBy(single_classes.class_date);
    // One of the classes has someone waiting: they are told, at the fixed clock of 2022-10-01.
    await wait(ana, must(later[2], "the third class").single_class_id);
    const result = await updateClasses(
      deps,
      null,
      must(later[1], "the second class").single_class_id,
      { class_date: zonedInstant("2022-10-25", "19:30", config.timezone) },
      "following",
      new Date("2022-10-01T00:00:00Z"),
    );
    expect(result).toMatchObject({ updated: 3, notified: 1 });
    const moved = await t.app.db
      .select()
      .from(single_classes)
      .where(
        inArray(
          single_classes.single_class_id,
          later.map((r) => r.single_class_id),
        ),
      )
      .orderBy(single_classes.class_date);
    // Monday → Tuesday 19:30 for the following ones, the first one untouched.
    expect(moved.map((r) => r.class_date.toISOString())).toEqual([
      "2022-10-18T00:00:00.000Z",
      "2022-10-26T00:30:00.000Z",
      "2022-11-02T01:30:00.000Z",
      "2022-11-09T01:30:00.000Z",
    ]);
    const notice = firstOf(
      await t.app.db
        .select()
        .from(class_change_notices)
        .where(eq(class_change_notices.customer_id, ana.customerId)),
      "notice",
    );
    expect(notice).toMatchObject({ kind: "changed", class_reservation_id: null });
    expect(notice.changes[0]?.label).toBe("Fecha y hora");
  });
});

async function seriesOf(id: number) {
  const row = firstOf(
    await t.app.db.select().from(single_classes).where(eq(single_classes.single_class_id, id)),
  );
  return row.series_id;
}

describe("a coach substitution", () => {
  it("lists the coach's classes of a date range and replaces them class by class, telling the people booked", async () => {
    const [a, b] = [await createAt("2031-06-02T07:00"), await createAt("2031-06-03T07:00")];
    const ana = await makeCustomer(t, { credits: 1 });
    await seat(ana, b.single_class_id);
    const list = await inject(
      "GET",
      `/api/admin/instructors/${studio.coach.instructor_id}/classes?start_date=2031-06-01&end_date=2031-06-07`,
      admin,
    );
    expect(list.statusCode).toBe(200);
    const classes = list.json().single_classes as { single_class_id: number; reserved: number }[];
    expect(classes.map((c) => [c.single_class_id, c.reserved])).toEqual([
      [a.single_class_id, 0],
      [b.single_class_id, 1],
    ]);
    const other = await makeClass(t.app, studio, { at: new Date("2031-06-04T13:00:00Z") });
    await t.app.db
      .delete(single_class_instructors)
      .where(eq(single_class_instructors.single_class_id, other.single_class_id));
    const wrong = await inject("POST", "/api/admin/substitutions", admin, {
      instructor_id: studio.coach.instructor_id,
      changes: [{ single_class_id: other.single_class_id, instructor_id: sub.instructor_id }],
    });
    expect(wrong.statusCode).toBe(409);

    const res = await inject("POST", "/api/admin/substitutions", admin, {
      instructor_id: studio.coach.instructor_id,
      changes: classes.map((c) => ({ single_class_id: c.single_class_id, instructor_id: sub.instructor_id })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: classChangeTexts.substitutionSaved(2), updated: 2, notified: 1 });
    const notice = firstOf(await noticesOf(ana.headers), "notice");
    expect(notice.changes).toEqual([{ label: "Coach", before: "Vale", after: "Leo" }]);
    const bad = await inject(
      "GET",
      `/api/admin/instructors/${studio.coach.instructor_id}/classes?start_date=2031-06-01&end_date=2031-12-31`,
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(classChangeTexts.rangeInvalid);
  });
});

describe("series edits with a preview (decision 0100)", () => {
  it("names who a scope reaches, lists the classes a smaller capacity cannot take, and refuses the whole change naming the class", async () => {
    const first = await createAt("2031-09-01T07:00", { capacity: 5 });
    const repeated = await inject("POST", "/api/single_class/repeat", admin, {
      single_class_id: first.single_class_id,
      until: "2031-09-22",
    });
    expect(repeated.statusCode).toBe(200);
    const ids = [first.single_class_id, ...(repeated.json().created as number[])];
    expect(ids).toHaveLength(4);
    const [ana, beto] = [await makeCustomer(t, { credits: 3 }), await makeCustomer(t, { credits: 3 })];
    await t.app.db
      .update(customersTable)
      .set({ name: "Ana", last_name: "Zúñiga" })
      .where(eq(customersTable.customer_id, ana.customerId));
    await t.app.db
      .update(customersTable)
      .set({ name: "Beto", last_name: "Álvarez" })
      .where(eq(customersTable.customer_id, beto.customerId));
    await seat(ana, must(ids[2], "third"));
    await seat(beto, must(ids[2], "third"));
    await wait(beto, must(ids[3], "fourth"));

    const one = (
      await inject("GET", `/api/admin/single_class/${ids[1]}/change-impact?scope=one`, admin)
    ).json();
    expect(one).toMatchObject({ classes: 1, people: 0, names: [], capacity_conflicts: [] });
    const following = await inject(
      "GET",
      `/api/admin/single_class/${ids[1]}/change-impact?scope=following&capacity=1`,
      admin,
    );
    expect(following.statusCode).toBe(200);
    expect(following.json()).toMatchObject({
      classes: 3,
      people: 2,
      booked: 2,
      waiting: 1,
      names: ["Ana Zúñiga", "Beto Álvarez"],
      capacity_conflicts: [{ single_class_id: ids[2], reserved: 2 }],
    });

    const refused = await inject("PUT", "/api/single_class", admin, {
      single_class_id: ids[1],
      scope: "following",
      capacity: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("CAPACITY_BELOW_BOOKED_ON");
    expect(refused.json().message).toMatch(
      /^La clase del .+ ya tiene 2 lugares reservados: el cupo no puede ser menor\. No se guardó ningún cambio\.$/,
    );
    const capacities = await t.app.db
      .select({ capacity: single_classes.capacity })
      .from(single_classes)
      .where(inArray(single_classes.single_class_id, ids));
    expect(capacities.map((c) => c.capacity)).toEqual([5, 5, 5, 5]);

    const saved = await inject("PUT", "/api/single_class", admin, {
      single_class_id: ids[1],
      scope: "following",
      capacity: 2,
      instructor_ids: [sub.instructor_id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ updated: 3, notified: 2 });
  });
});

describe("substitute requests (decision 0101)", () => {
  it("a coach asks, another takes it, the owner approves: both coaches and the people booked are told", async () => {
    const asker = await t.signUp({ role: "coach", name: "Vale Ruiz" });
    const taker = await t.signUp({ role: "coach", name: "Leo Sánchez" });
    await t.app.db
      .update(instructors)
      .set({ user_id: asker.userId })
      .where(eq(instructors.instructor_id, studio.coach.instructor_id));
    await t.app.db
      .update(instructors)
      .set({ user_id: taker.userId })
      .where(eq(instructors.instructor_id, sub.instructor_id));
    const klass = await createAt("2031-10-06T08:00");
    const ana = await makeCustomer(t, { credits: 1 });
    await seat(ana, klass.single_class_id);

    const asked = await inject("POST", "/api/substitute-requests", asker.headers, {
      single_class_id: klass.single_class_id,
      note: "Tengo cita médica",
    });
    expect(asked.statusCode).toBe(201);
    const id = asked.json().substitute_request_id as number;
    const twice = await inject("POST", "/api/substitute-requests", asker.headers, {
      single_class_id: klass.single_class_id,
    });
    expect(twice.json().code).toBe("SUBSTITUTE_ALREADY_ASKED");
    const askMail = await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, taker.email));
    expect(askMail.some((m) => m.template === "substitute-request")).toBe(true);

    expect((await inject("POST", `/api/substitute-requests/${id}/take`, asker.headers)).json().code).toBe(
      "SUBSTITUTE_OWN_REQUEST",
    );
    const list = (await inject("GET", "/api/substitute-requests", taker.headers)).json();
    expect(
      list.requests.find((r: { substitute_request_id: number }) => r.substitute_request_id === id),
    ).toMatchObject({
      status: "open",
      can_take: true,
      can_decide: false,
      note: "Tengo cita médica",
    });
    const took = await inject("POST", `/api/substitute-requests/${id}/take`, taker.headers);
    expect(took.json()).toMatchObject({ status: "taken" });
    // A coach cannot approve; the owner does.
    expect((await inject("POST", `/api/substitute-requests/${id}/approve`, taker.headers)).statusCode).toBe(
      403,
    );
    const approved = await inject("POST", `/api/substitute-requests/${id}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe("approved");

    const coaches = await t.app.db
      .select({ c: single_class_instructors.instructor_id })
      .from(single_class_instructors)
      .where(eq(single_class_instructors.single_class_id, klass.single_class_id));
    expect(coaches.map((r) => r.c)).toEqual([sub.instructor_id]);
    const mails = await t.app.db
      .select()
      .from(email_outbox)
      .where(inArray(email_outbox.to, [asker.email, taker.email]));
    const assigned = mails.filter((m) => m.template === "substitute-assigned");
    expect(assigned.map((m) => m.to).sort()).toEqual([asker.email, taker.email].sort());
    expect(assigned.find((m) => m.to === taker.email)?.text).toContain("en lugar de Vale");
    expect(firstOf(await noticesOf(ana.headers), "notice").changes).toEqual([
      { label: "Coach", before: "Vale", after: "Leo" },
    ]);
    expect((await inject("POST", `/api/substitute-requests/${id}/take`, taker.headers)).json().code).toBe(
      "SUBSTITUTE_REQUEST_CLOSED",
    );
  });

  it("without approval, taking makes the change at once", async () => {
    await setConfig(t.app, { substitute_approval_required: false });
    const [asker, taker] = [await t.signUp({ role: "coach" }), await t.signUp({ role: "coach" })];
    const [a, b] = [
      only(await t.app.db.insert(instructors).values({ name: "Rita", user_id: asker.userId }).returning()),
      only(await t.app.db.insert(instructors).values({ name: "Toño", user_id: taker.userId }).returning()),
    ];
    const klass = await createAt("2031-10-07T08:00", { instructor_ids: [a.instructor_id] });
    const id = (
      await inject("POST", "/api/substitute-requests", asker.headers, {
        single_class_id: klass.single_class_id,
      })
    ).json().substitute_request_id;
    const took = await inject("POST", `/api/substitute-requests/${id}/take`, taker.headers);
    expect(took.json()).toMatchObject({ status: "approved" });
    const coaches = await t.app.db
      .select({ c: single_class_instructors.instructor_id })
      .from(single_class_instructors)
      .where(eq(single_class_instructors.single_class_id, klass.single_class_id));
    expect(coaches.map((r) => r.c)).toEqual([b.instructor_id]);
    await setConfig(t.app, { substitute_approval_required: true });
  });
});
