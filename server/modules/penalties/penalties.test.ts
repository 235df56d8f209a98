import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { single_classes } from "../../db/schema/calendar";
import { class_reservation_penalties } from "../../db/schema/credits";
import { class_reservations } from "../../db/schema/reservations";
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
import { consecutiveNoShows, runNoShowJob } from "./penalties.service";

let t: TestApp;
let studio: Studio;
let admin: { headers: Record<string, string> };

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  admin = await t.signUp({ role: "admin" });
  await setConfig(t.app, {
    unlimited_membership_penalties_enabled: true,
    unlimited_max_no_shows_for_penalty: 2,
    penalty_days: 7,
  });
});
afterAll(() => t.close());

/** Books a class tomorrow, then moves it into the past (booking refuses past classes). */
async function pastSeat(headers: Record<string, string>, daysAgo: number, attend = false) {
  const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + DAY), capacity: 5 });
  const res = await book(t, headers, { single_class_id: klass.single_class_id });
  expect(res.statusCode).toBe(200);
  const id = res.json().class_reservation.class_reservation_id as number;
  await t.app.db
    .update(single_classes)
    .set({ class_date: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(single_classes.single_class_id, klass.single_class_id));
  if (attend) {
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/admin/class_reservations/${id}/attend`,
      headers: admin.headers,
      payload: { attend: true },
    });
    expect(put.statusCode).toBe(200);
  }
  return id;
}

const penaltiesOf = (customerId: number) =>
  t.app.db
    .select()
    .from(class_reservation_penalties)
    .where(eq(class_reservation_penalties.customer_id, customerId));

describe("no-shows and penalties", () => {
  it("counts consecutive no-shows, latest first, until an attended class", () => {
    expect(
      consecutiveNoShows([{ attend: false }, { attend: false }, { attend: true }, { attend: false }]),
    ).toBe(2);
    expect(consecutiveNoShows([{ attend: true }, { attend: false }])).toBe(0);
  });

  it("marks ended seats processed once and penalises N consecutive no-shows of an unlimited member", async () => {
    const member = await makeCustomer(t, { unlimitedUntil: new Date(Date.now() + 60 * DAY) });
    const first = await pastSeat(member.headers, 3);
    await runNoShowJob(t.app);
    const row = firstOf(
      await t.app.db
        .select()
        .from(class_reservations)
        .where(eq(class_reservations.class_reservation_id, first)),
    );
    expect(row.no_show_processed).toBe(true);
    expect(await penaltiesOf(member.customerId)).toHaveLength(0);

    await pastSeat(member.headers, 2);
    const created = await runNoShowJob(t.app);
    expect(created.map((p) => p.customer_id)).toEqual([member.customerId]);
    const penalty = firstOf(await penaltiesOf(member.customerId), "penalty");
    expect(penalty.no_shows).toBe(2);
    expect(Math.round((penalty.end_date.getTime() - penalty.start_date.getTime()) / DAY)).toBe(7);
    // Running again creates nothing more.
    expect(await runNoShowJob(t.app)).toEqual([]);

    // Booking is blocked with the penalty's message, count and date; the customer was emailed.
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * DAY) });
    const blocked = await book(t, member.headers, { single_class_id: klass.single_class_id });
    expect(blocked.statusCode).toBe(412);
    expect(blocked.json()).toMatchObject({
      code: "PENALTY_ACTIVE",
      message: "Lo sentimos, no puedes reservar clases porque cuentas con una penalización.",
      no_shows: 2,
      end_date: penalty.end_date.toISOString(),
    });
    const outbox = await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: admin.headers });
    if (outbox.statusCode === 200) expect(outbox.body).toContain("penalty_notice");

    // Admin lifts it: booking works again. Customers may not lift.
    const url = `/api/class_reservation_penaltys/${penalty.class_reservation_penalty_id}/lift`;
    expect((await t.app.inject({ method: "PUT", url, headers: member.headers })).statusCode).toBe(403);
    const lift = await t.app.inject({ method: "PUT", url, headers: admin.headers });
    expect(lift.statusCode).toBe(200);
    expect((await book(t, member.headers, { single_class_id: klass.single_class_id })).statusCode).toBe(200);
  });

  it("an attended class in between resets the count", async () => {
    const member = await makeCustomer(t, { unlimitedUntil: new Date(Date.now() + 60 * DAY) });
    await pastSeat(member.headers, 5);
    await pastSeat(member.headers, 4, true);
    await pastSeat(member.headers, 3);
    await runNoShowJob(t.app);
    expect(await penaltiesOf(member.customerId)).toHaveLength(0);
    await pastSeat(member.headers, 2);
    await runNoShowJob(t.app);
    expect(await penaltiesOf(member.customerId)).toHaveLength(1);
  });

  it("does not penalise credit customers, nor anyone when penalties are off", async () => {
    const credits = await makeCustomer(t, { credits: 5 });
    for (const d of [4, 3, 2]) await pastSeat(credits.headers, d);
    await runNoShowJob(t.app);
    expect(await penaltiesOf(credits.customerId)).toHaveLength(0);

    await setConfig(t.app, { unlimited_membership_penalties_enabled: false });
    const member = await makeCustomer(t, { unlimitedUntil: new Date(Date.now() + 60 * DAY) });
    for (const d of [4, 3]) await pastSeat(member.headers, d);
    await runNoShowJob(t.app);
    expect(await penaltiesOf(member.customerId)).toHaveLength(0);
    await setConfig(t.app, { unlimited_membership_penalties_enabled: true });
  });

  it("leaves classes that have not ended alone", async () => {
    const member = await makeCustomer(t, { unlimitedUntil: new Date(Date.now() + 60 * DAY) });
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + HOUR) });
    const id = (await book(t, member.headers, { single_class_id: klass.single_class_id })).json()
      .class_reservation.class_reservation_id;
    await t.app.db
      .update(single_classes)
      .set({ class_date: new Date(Date.now() - 10 * 60_000) })
      .where(eq(single_classes.single_class_id, klass.single_class_id));
    await runNoShowJob(t.app);
    const row = firstOf(
      await t.app.db.select().from(class_reservations).where(eq(class_reservations.class_reservation_id, id)),
    );
    expect(row.no_show_processed).toBe(false); // still in class (50 minutes)
  });
});
