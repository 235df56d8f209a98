import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { email_outbox } from "../../db/schema/mail";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";
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
import { firstOf } from "../../test/fixtures";
import { promoteClass, sweepWaitlists } from "./promotion.service";

let t: TestApp;
let studio: Studio;

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());
beforeEach(() =>
  setConfig(t.app, { waitlist_mode: "auto", waitlist_enabled: true, waitlist_cutoff_minutes: 120 }),
);

const join = (headers: Record<string, string>, single_class_id: number) =>
  t.app.inject({ method: "POST", url: "/api/waitlist", headers, payload: { single_class_id } });

/** A class of `capacity` seats filled by fresh customers; returns the class and the holders. */
async function fullClass(at: Date, capacity = 1) {
  const klass = await makeClass(t.app, studio, { at, capacity });
  const holders = [];
  for (let i = 0; i < capacity; i++) {
    const holder = await makeCustomer(t, { credits: 1 });
    const res = await book(t, holder.headers, { single_class_id: klass.single_class_id });
    expect(res.statusCode).toBe(200);
    holders.push({ ...holder, reservationId: res.json().class_reservation.class_reservation_id as number });
  }
  return { klass, holders };
}

async function seatsOf(classId: number) {
  return t.app.db
    .select()
    .from(class_reservations)
    .where(and(eq(class_reservations.single_class_id, classId), isNull(class_reservations.deletedAt)));
}

async function mailsTo(customerId: number, template: string) {
  // The outbox worker renders queued emails after the answer (decision 0084).
  await t.app.mailer.drain();
  const rows = await t.app.db.select().from(email_outbox);
  const { customers } = await import("../../db/schema/customers");
  const c = firstOf(await t.app.db.select().from(customers).where(eq(customers.customer_id, customerId)));
  return rows.filter((r) => r.to === c.email && r.template?.startsWith(template));
}

describe("joining and leaving", () => {
  it("joins a full class once, shows the position, refuses booked customers and classes with seats", async () => {
    const { klass, holders } = await fullClass(new Date(Date.now() + 2 * DAY));
    const a = await makeCustomer(t, { credits: 1 });
    const b = await makeCustomer(t, { credits: 1 });

    const first = await join(a.headers, klass.single_class_id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: "Anotada en lista de espera.", waitlist: { position: 1 } });
    expect((await join(b.headers, klass.single_class_id)).json().waitlist.position).toBe(2);

    const again = await join(a.headers, klass.single_class_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("ALREADY_ON_WAITLIST");

    const booked = await join(firstOf(holders).headers, klass.single_class_id);
    expect(booked.statusCode).toBe(409);
    expect(booked.json().code).toBe("ALREADY_BOOKED");

    const open = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY), capacity: 5 });
    const notFull = await join(a.headers, open.single_class_id);
    expect(notFull.statusCode).toBe(412);
    expect(notFull.json().code).toBe("CLASS_HAS_SEATS");

    expect((await join(a.headers, 999_999)).statusCode).toBe(404);
    const bad = await t.app.inject({ method: "POST", url: "/api/waitlist", headers: a.headers, payload: {} });
    expect(bad.statusCode).toBe(400);

    const list = await t.app.inject({ method: "GET", url: "/api/waitlist", headers: b.headers });
    expect(list.json().waitlists).toHaveLength(1);
    expect(list.json().waitlists[0]).toMatchObject({
      position: 2,
      status: "waiting",
      single_class: { single_class_id: klass.single_class_id, class_type: { name: "Cycling" } },
    });
    const mine = await t.app.inject({
      method: "GET",
      url: `/api/waitlist/class/${klass.single_class_id}`,
      headers: a.headers,
    });
    expect(mine.json().waitlist.position).toBe(1);
  });

  it("keeps each customer to their own entries and leaves with its message", async () => {
    const { klass } = await fullClass(new Date(Date.now() + 2 * DAY));
    const a = await makeCustomer(t, { credits: 1 });
    const b = await makeCustomer(t, { credits: 1 });
    const entry = (await join(a.headers, klass.single_class_id)).json().waitlist;
    await join(b.headers, klass.single_class_id);

    const url = `/api/waitlist/${entry.waitlist_id}`;
    expect((await t.app.inject({ method: "GET", url, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url, headers: b.headers })).statusCode).toBe(404);
    const accept = await t.app.inject({
      method: "PUT",
      url: "/api/waitlist",
      headers: b.headers,
      payload: { waitlist_id: entry.waitlist_id, accept: true },
    });
    expect(accept.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url, headers: a.headers })).statusCode).toBe(200);

    const left = await t.app.inject({ method: "DELETE", url, headers: a.headers });
    expect(left.json()).toEqual({ message: "Eliminada de lista de espera." });
    expect((await t.app.inject({ method: "GET", url, headers: a.headers })).statusCode).toBe(404);
    // B moves up; A may join again, at the end of the line.
    const bList = await t.app.inject({ method: "GET", url: "/api/waitlist", headers: b.headers });
    expect(bList.json().waitlists[0].position).toBe(1);
    expect((await join(a.headers, klass.single_class_id)).json().waitlist.position).toBe(2);
  });

  it("is closed when waitlist_enabled is off", async () => {
    const { klass } = await fullClass(new Date(Date.now() + 2 * DAY));
    await setConfig(t.app, { waitlist_enabled: false });
    const a = await makeCustomer(t, { credits: 1 });
    const res = await join(a.headers, klass.single_class_id);
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe("WAITLIST_DISABLED");
  });
});

describe("automatic promotion", () => {
  it("a cancellation books the first in line with a credit, skipping (and telling once) those without", async () => {
    const { klass, holders } = await fullClass(new Date(Date.now() + 2 * DAY));
    const broke = await makeCustomer(t, { credits: 0 });
    const second = await makeCustomer(t, { credits: 1 });
    const third = await makeCustomer(t, { credits: 1 });
    for (const c of [broke, second, third]) await join(c.headers, klass.single_class_id);

    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/class_reservations/${firstOf(holders).reservationId}`,
      headers: firstOf(holders).headers,
    });
    expect(cancel.statusCode).toBe(200);

    const seats = await seatsOf(klass.single_class_id);
    expect(seats.map((s) => s.customer_id)).toEqual([second.customerId]);
    const [entry] = await t.app.db
      .select()
      .from(waitlists)
      .where(eq(waitlists.customer_id, second.customerId));
    expect(entry).toMatchObject({
      status: "promoted",
      class_reservation_id: firstOf(seats).class_reservation_id,
    });
    // Sees it in Mis Reservaciones and got the confirmation with the .ics.
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/class_reservations?filter=upcoming",
      headers: second.headers,
    });
    expect(mine.json().reservations.map((r: { single_class_id: number }) => r.single_class_id)).toContain(
      klass.single_class_id,
    );
    const mail = firstOf(await mailsTo(second.customerId, "waitlist_promoted"), "mail");
    expect(mail.attachments?.[0]?.filename).toMatch(/\.ics$/);
    expect(mail.text).toContain("Se liberó un lugar");
    expect(mail.html).toContain("#d6336c"); // branded with the studio colour
    // The one without credits was told why, once, and is still in line (now first).
    expect(await mailsTo(broke.customerId, "waitlist_skipped")).toHaveLength(1);
    await promoteClass(t.app, klass.single_class_id);
    expect(await mailsTo(broke.customerId, "waitlist_skipped")).toHaveLength(1);
    const brokeList = await t.app.inject({ method: "GET", url: "/api/waitlist", headers: broke.headers });
    expect(brokeList.json().waitlists[0]).toMatchObject({ status: "waiting", position: 1 });
    // The promoted entry no longer counts in the line.
    const thirdList = await t.app.inject({ method: "GET", url: "/api/waitlist", headers: third.headers });
    expect(thirdList.json().waitlists[0].position).toBe(2);
  });

  it("promotes in joining order when several seats free (capacity raised)", async () => {
    const { klass } = await fullClass(new Date(Date.now() + 2 * DAY), 1);
    const people = [];
    for (let i = 0; i < 3; i++) {
      const c = await makeCustomer(t, { credits: 1 });
      await join(c.headers, klass.single_class_id);
      people.push(c);
    }
    const { single_classes } = await import("../../db/schema/calendar");
    await t.app.db
      .update(single_classes)
      .set({ capacity: 3 })
      .where(eq(single_classes.single_class_id, klass.single_class_id));
    const result = await promoteClass(t.app, klass.single_class_id);
    expect(result.promoted.map((p) => p.customer_id)).toEqual(people.slice(0, 2).map((p) => p.customerId));
    expect((await seatsOf(klass.single_class_id)).length).toBe(3);
  });

  it("gives nothing inside the cutoff window", async () => {
    const { klass, holders } = await fullClass(new Date(Date.now() + 90 * 60_000));
    const waiting = await makeCustomer(t, { credits: 1 });
    await join(waiting.headers, klass.single_class_id);
    await t.app.db
      .update(class_reservations)
      .set({ deletedAt: new Date() })
      .where(eq(class_reservations.class_reservation_id, firstOf(holders).reservationId));
    const result = await promoteClass(t.app, klass.single_class_id);
    expect(result.promoted).toEqual([]);
    const list = await t.app.inject({ method: "GET", url: "/api/waitlist", headers: waiting.headers });
    expect(list.json().waitlists[0]).toMatchObject({ status: "waiting", closed: true });
    // A shorter window lets the same seat go.
    await setConfig(t.app, { waitlist_cutoff_minutes: 60 });
    expect((await promoteClass(t.app, klass.single_class_id)).promoted).toHaveLength(1);
  });

  it("never books into a class overlapping one the person has booked", async () => {
    const at = new Date(Date.now() + 3 * DAY);
    const { klass, holders } = await fullClass(at);
    const busy = await makeCustomer(t, { credits: 2 });
    const other = await makeClass(t.app, studio, { at: new Date(at.getTime() + 30 * 60_000), capacity: 5 });
    expect((await book(t, busy.headers, { single_class_id: other.single_class_id })).statusCode).toBe(200);
    const free = await makeCustomer(t, { credits: 1 });
    await join(busy.headers, klass.single_class_id);
    await join(free.headers, klass.single_class_id);
    await t.app.inject({
      method: "DELETE",
      url: `/api/class_reservations/${firstOf(holders).reservationId}`,
      headers: firstOf(holders).headers,
    });
    const seats = await seatsOf(klass.single_class_id);
    expect(seats.map((s) => s.customer_id)).toEqual([free.customerId]);
    const busyList = await t.app.inject({ method: "GET", url: "/api/waitlist", headers: busy.headers });
    expect(busyList.json().waitlists[0].status).toBe("waiting");
  });

  it("the sweep job retries classes with a free seat and people in line", async () => {
    const { klass, holders } = await fullClass(new Date(Date.now() + 2 * DAY));
    const waiting = await makeCustomer(t, { credits: 1 });
    await join(waiting.headers, klass.single_class_id);
    await t.app.db
      .update(class_reservations)
      .set({ deletedAt: new Date() })
      .where(eq(class_reservations.class_reservation_id, firstOf(holders).reservationId));
    await sweepWaitlists(t.app);
    expect((await seatsOf(klass.single_class_id)).map((s) => s.customer_id)).toEqual([waiting.customerId]);
  });
});

describe("offer mode", () => {
  it("offers the seat to everyone in line; the first to accept takes it; late and expired offers are refused", async () => {
    await setConfig(t.app, { waitlist_mode: "offer", waitlist_offer_minutes: 30 });
    const { klass, holders } = await fullClass(new Date(Date.now() + 2 * DAY));
    const a = await makeCustomer(t, { credits: 1 });
    const b = await makeCustomer(t, { credits: 1 });
    const c = await makeCustomer(t, { credits: 1 });
    const ids = [];
    for (const x of [a, b, c])
      ids.push((await join(x.headers, klass.single_class_id)).json().waitlist.waitlist_id);

    await t.app.inject({
      method: "DELETE",
      url: `/api/class_reservations/${firstOf(holders).reservationId}`,
      headers: firstOf(holders).headers,
    });
    expect(await seatsOf(klass.single_class_id)).toHaveLength(0);
    const offered = (await t.app.inject({ method: "GET", url: "/api/waitlist", headers: a.headers })).json()
      .waitlists[0];
    expect(offered.status).toBe("offered");
    const minutes = (Date.parse(offered.offer_expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await mailsTo(b.customerId, "waitlist_offer")).toHaveLength(1);
    expect(t.app.jobs.sent.some((j) => j.name === "waitlist.sweep")).toBe(true);

    const accept = (h: Record<string, string>, waitlist_id: number) =>
      t.app.inject({
        method: "PUT",
        url: "/api/waitlist",
        headers: h,
        payload: { waitlist_id, accept: true },
      });
    const bWins = await accept(b.headers, ids[1]);
    expect(bWins.statusCode).toBe(200);
    expect((await seatsOf(klass.single_class_id)).map((s) => s.customer_id)).toEqual([b.customerId]);
    const aLate = await accept(a.headers, ids[0]);
    expect(aLate.statusCode).toBe(412);
    expect(aLate.json().code).toBe("WAITLIST_NO_OFFER");

    // C's offer ran out: the sweep returns C to the line and accepting is refused.
    await t.app.db
      .update(waitlists)
      .set({ status: "offered", offer_expires_at: new Date(Date.now() - 1000) })
      .where(eq(waitlists.waitlist_id, ids[2]));
    const expired = await accept(c.headers, ids[2]);
    expect(expired.json().code).toBe("WAITLIST_OFFER_EXPIRED");
    await sweepWaitlists(t.app);
    const cEntry = firstOf(
      await t.app.db.select().from(waitlists).where(eq(waitlists.waitlist_id, ids[2])),
      "cEntry",
    );
    expect(cEntry.status).toBe("waiting");
  });
});

describe("offer expiry timing", () => {
  it("never offers past the cutoff", async () => {
    await setConfig(t.app, { waitlist_mode: "offer", waitlist_offer_minutes: 60 });
    const at = new Date(Date.now() + 2 * HOUR + 20 * 60_000);
    const { klass, holders } = await fullClass(at);
    const a = await makeCustomer(t, { credits: 1 });
    await join(a.headers, klass.single_class_id);
    await t.app.db
      .update(class_reservations)
      .set({ deletedAt: new Date() })
      .where(eq(class_reservations.class_reservation_id, firstOf(holders).reservationId));
    const result = await promoteClass(t.app, klass.single_class_id);
    expect(result.offered).toHaveLength(1);
    expect(firstOf(result.offered).expires_at.getTime()).toBe(at.getTime() - 120 * 60_000);
  });
});
