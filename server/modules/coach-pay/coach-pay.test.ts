import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instructors, single_class_instructors, single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import { makeClass, makeStudio, type Studio, setConfig } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage } from "../../test/commerce";
import { only } from "../../test/fixtures";

// Runs on PostgreSQL too: pay is money, and its classes are picked by the studio's days (docs/decisions/0061).

/**
 * Coach pay over November 2022 in Mexico City, worked by hand (domain/coach-pay.test.ts checks the
 * rules case by case). Vale: $300 a class + $20 a person checked in, $400 from 8 people, 50 % of a
 * workshop's takings. Santi: $250 a class; he substituted Vale on one class and is paid for it.
 */
let t: TestApp;
let owner: Record<string, string>;
let manager: Record<string, string>;
let coachLogin: { headers: Record<string, string>; userId: string };
let studio: Studio;
let santiId: number;
const period = "from=2022-11-01&to=2022-11-30";

async function seats(classId: number, booked: number, came: number) {
  const people = await t.app.db
    .insert(customers)
    .values(
      Array.from({ length: booked }, (_, i) => ({
        name: `Persona ${classId}-${i}`,
        email: `p${classId}.${i}@prueba.mx`,
      })),
    )
    .returning();
  await t.app.db
    .insert(class_reservations)
    .values(
      people.map((p, i) => ({ single_class_id: classId, customer_id: p.customer_id, attend: i < came })),
    );
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = (await t.signUp({ role: "admin" })).headers;
  manager = (await t.signUp({ role: "manager" })).headers;
  coachLogin = await t.signUp({ role: "coach" });
  studio = await makeStudio(t.app);
  const db = t.app.db;
  santiId = only(
    await db.insert(instructors).values({ name: "Santi", user_id: coachLogin.userId }).returning(),
  ).instructor_id;

  const c1 = await makeClass(t.app, studio, { at: new Date("2022-11-07T13:00:00Z") });
  await seats(c1.single_class_id, 5, 3); // 300 + 3 × 20 = 360
  const c2 = await makeClass(t.app, studio, { at: new Date("2022-11-08T13:00:00Z") });
  await seats(c2.single_class_id, 4, 4);
  // Santi substitutes Vale on c2: he is paid 250, Vale nothing for it.
  await db
    .update(single_class_instructors)
    .set({ instructor_id: santiId })
    .where(eq(single_class_instructors.single_class_id, c2.single_class_id));
  const c3 = await makeClass(t.app, studio, { at: new Date("2022-11-09T13:00:00Z") });
  await db
    .update(single_classes)
    .set({ cancelledAt: new Date() })
    .where(eq(single_classes.single_class_id, c3.single_class_id));
  // A workshop sold as its own package: two paid at 500, one 100 refunded → 900 kept, Vale's half 450.
  const workshop = await addPackage(t, {
    title: "Taller de respiración",
    price: "500.00",
    class_amount: 1,
    is_special_event: true,
  });
  const c4 = await makeClass(t.app, studio, { at: new Date("2022-11-12T16:00:00Z") });
  await db
    .update(single_classes)
    .set({ class_package_id: workshop.class_package_id })
    .where(eq(single_classes.single_class_id, c4.single_class_id));
  const buyer = only(
    await db.insert(customers).values({ name: "Compradora", email: "taller@prueba.mx" }).returning(),
  );
  for (const refunded of ["0", "100.00"]) {
    const p = only(
      await db
        .insert(purchases)
        .values({
          customer_id: buyer.customer_id,
          class_package_id: workshop.class_package_id,
          title: workshop.title,
          amount: "500.00",
          total_payment: "500.00",
          refunded_total: refunded,
          status: "completed",
        })
        .returning(),
    );
    await db.insert(invoices).values({
      purchase_id: p.purchase_id,
      customer_id: buyer.customer_id,
      total_payment: "500.00",
      status: "paid",
    });
  }
  // 30 Nov 23:30 in the studio (1 Dec in UTC): November's. 8 came → the 8+ tier: 400 + 8 × 20 = 560.
  const c5 = await makeClass(t.app, studio, { at: new Date("2022-12-01T05:30:00Z") });
  await seats(c5.single_class_id, 8, 8);
  // 1 Dec 00:30 in the studio: December's, not paid in November.
  const c6 = await makeClass(t.app, studio, { at: new Date("2022-12-01T06:30:00Z") });
  await seats(c6.single_class_id, 2, 2);
});
afterAll(() => t.close());

const put = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/nomina/tarifas", headers, payload });

describe("coach pay", () => {
  it("the owner sets rates (a manager may not); bad amounts are a Spanish 400", async () => {
    const vale = {
      instructor_id: studio.coach.instructor_id,
      per_class: 300,
      per_attendee: 20,
      count_no_shows: false,
      tiers: [{ min_attendees: 8, amount: 400 }],
      workshop_share_percent: 50,
    };
    expect((await put(manager, vale)).statusCode).toBe(403);
    const saved = await put(owner, vale);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().rate).toMatchObject({
      per_class: 300,
      tiers: [{ min_attendees: 8, amount: 400 }],
      configured: true,
    });
    const santi = {
      ...vale,
      instructor_id: santiId,
      per_class: 250,
      per_attendee: 0,
      tiers: [],
      workshop_share_percent: 0,
    };
    expect((await put(owner, santi)).statusCode).toBe(200);
    const bad = await put(owner, { ...vale, per_class: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/negativo/);
    expect((await put(owner, { ...vale, instructor_id: 99_999 })).json().code).toBe("COACH_NOT_FOUND");
  });

  it("pays each class its coach taught on the studio's days: substitute, tiers, workshop share, nothing for a cancelled class", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/nomina?${period}`, headers: manager });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const vale = body.coaches.find(
      (c: { instructor_id: number }) => c.instructor_id === studio.coach.instructor_id,
    );
    expect(vale).toMatchObject({ classes: 3, total: 1370, approval: null });
    expect(vale.lines.map((l: { rule: string; total: number }) => [l.rule, l.total])).toEqual([
      ["per_class", 360],
      ["cancelled", 0],
      ["revenue_share", 450],
      ["tier", 560],
    ]);
    const santi = body.coaches.find((c: { instructor_id: number }) => c.instructor_id === santiId);
    expect(santi).toMatchObject({ classes: 1, total: 250 });
    expect(body.total).toBe(1620);

    const csv = await t.app.inject({ method: "GET", url: `/api/nomina/csv?${period}`, headers: owner });
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body).toContain("Vale,");
    expect(csv.body).toContain("2022-11-30 23:30");
  });

  it("the owner approves a period once; what was approved stays", async () => {
    const payload = { instructor_id: studio.coach.instructor_id, from: "2022-11-01", to: "2022-11-30" };
    const approve = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/nomina/aprobar", headers, payload });
    expect((await approve(manager)).statusCode).toBe(403);
    const ok = await approve(owner);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().approval).toMatchObject({ total: 1370, classes: 3 });
    const again = await approve(owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("COACH_PAY_ALREADY_APPROVED");
    const body = (await t.app.inject({ method: "GET", url: `/api/nomina?${period}`, headers: owner })).json();
    const vale = body.coaches.find(
      (c: { instructor_id: number }) => c.instructor_id === studio.coach.instructor_id,
    );
    expect(vale.approval).toMatchObject({ total: 1370, classes: 3 });
  });

  it("a coach sees only their own pay, and only when the studio shows it", async () => {
    const mine = () =>
      t.app.inject({ method: "GET", url: `/api/staff/me/pay?${period}`, headers: coachLogin.headers });
    const hidden = await mine();
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().code).toBe("COACH_PAY_HIDDEN");
    await setConfig(t.app, { coach_pay_visible: true });
    const shown = await mine();
    expect(shown.statusCode).toBe(200);
    expect(shown.json().pay).toMatchObject({ instructor_id: santiId, total: 250, classes: 1 });
    expect(
      (await t.app.inject({ method: "GET", url: `/api/nomina?${period}`, headers: coachLogin.headers }))
        .statusCode,
    ).toBe(403);
  });

  it("a rate from a date pays the classes from that studio day on; the ones before and an approved period keep theirs", async () => {
    const history = (headers: Record<string, string>, id: number) =>
      t.app.inject({ method: "GET", url: `/api/nomina/tarifas/${id}/historial`, headers });
    const add = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/nomina/tarifas/historial", headers, payload });
    const rate = {
      per_class: 400,
      per_attendee: 0,
      count_no_shows: false,
      tiers: [],
      workshop_share_percent: 0,
    };
    // Santi's one class is 8 Nov (07:00 in the studio): a change from 8 Nov reaches it, from 9 Nov does not.
    expect((await add(manager, { ...rate, instructor_id: santiId, from: "2022-11-08" })).statusCode).toBe(
      403,
    );
    const bad = await add(owner, { ...rate, instructor_id: santiId, from: "8/11/2022" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/AAAA-MM-DD/);
    expect((await add(owner, { ...rate, instructor_id: 99_999, from: "2022-11-08" })).json().code).toBe(
      "COACH_NOT_FOUND",
    );
    const late = await add(owner, { ...rate, instructor_id: santiId, from: "2022-11-09" });
    expect(late.statusCode).toBe(200);
    expect(late.json().history.history.map((r: { from: string | null }) => r.from)).toEqual([
      null,
      "2022-11-09",
    ]);
    const santiPay = async () =>
      (await t.app.inject({ method: "GET", url: `/api/nomina?${period}`, headers: manager }))
        .json()
        .coaches.find((c: { instructor_id: number }) => c.instructor_id === santiId).total;
    expect(await santiPay()).toBe(250);
    await add(owner, { ...rate, instructor_id: santiId, from: "2022-11-08" });
    expect(await santiPay()).toBe(400);
    // The same day again replaces that day's rate.
    await add(owner, { ...rate, per_class: 420, instructor_id: santiId, from: "2022-11-08" });
    expect(await santiPay()).toBe(420);
    const listed = await history(manager, santiId);
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json().history.map((r: { from: string | null; per_class: number }) => [r.from, r.per_class]),
    ).toEqual([
      [null, 250],
      ["2022-11-08", 420],
      ["2022-11-09", 400],
    ]);
    expect((await history(coachLogin.headers, santiId)).statusCode).toBe(403);
    // Vale's November was approved: a change inside it leaves the approval as it was.
    await add(owner, { ...rate, instructor_id: studio.coach.instructor_id, from: "2022-11-01" });
    const vale = (await t.app.inject({ method: "GET", url: `/api/nomina?${period}`, headers: owner }))
      .json()
      .coaches.find((c: { instructor_id: number }) => c.instructor_id === studio.coach.instructor_id);
    expect(vale.approval).toMatchObject({ total: 1370, classes: 3 });
  });

  it("the owner deletes a dated rate entered by mistake, unless an approved period would be paid otherwise", async () => {
    const remove = (headers: Record<string, string>, id: number, from: string) =>
      t.app.inject({ method: "DELETE", url: `/api/nomina/tarifas/${id}/historial/${from}`, headers });
    const add = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/nomina/tarifas/historial", headers: owner, payload });
    const payOf = async (id: number, query = period) =>
      (await t.app.inject({ method: "GET", url: `/api/nomina?${query}`, headers: owner }))
        .json()
        .coaches.find((c: { instructor_id: number }) => c.instructor_id === id);
    // From the test before: Santi 250 since always, 420 from 8 Nov, 400 from 9 Nov; Vale's
    // November approved at 1,370, and a flat 400 from 1 Nov added after the approval.
    expect((await remove(manager, santiId, "2022-11-09")).statusCode).toBe(403);
    expect((await remove(coachLogin.headers, santiId, "2022-11-09")).statusCode).toBe(403);
    const badDay = await remove(owner, santiId, "9-11-2022");
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toMatch(/AAAA-MM-DD/);
    const missing = await remove(owner, santiId, "2022-11-15");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: "COACH_RATE_CHANGE_NOT_FOUND",
      message: "Ese coach no tiene una tarifa desde esa fecha.",
    });
    expect((await remove(owner, 99_999, "2022-11-09")).json().code).toBe("COACH_NOT_FOUND");

    // Nothing approved: the rate goes, and from its day the one before pays.
    const removed = await remove(owner, santiId, "2022-11-08");
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe("Tarifa borrada: desde esa fecha se paga con la tarifa anterior.");
    expect(removed.json().history.history.map((r: { from: string | null }) => r.from)).toEqual([
      null,
      "2022-11-09",
    ]);
    expect((await payOf(santiId)).total).toBe(250);

    // Vale's approved November would be paid otherwise: refused, and the rate stays.
    const valeId = studio.coach.instructor_id;
    const before = await payOf(valeId);
    const refused = await remove(owner, valeId, "2022-11-01");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "COACH_RATE_CHANGE_APPROVED",
      message: expect.stringContaining("cambiaría el pago ya aprobado del 01 nov 2022 al 30 nov 2022"),
    });
    expect(await payOf(valeId)).toEqual(before);

    // An approved period the rate does not change (Santi taught nothing in December): allowed.
    const december = "from=2022-12-01&to=2022-12-31";
    const approved = await t.app.inject({
      method: "POST",
      url: "/api/nomina/aprobar",
      headers: owner,
      payload: { instructor_id: santiId, from: "2022-12-01", to: "2022-12-31" },
    });
    expect(approved.statusCode).toBe(200);
    const rate = {
      per_class: 900,
      per_attendee: 0,
      count_no_shows: false,
      tiers: [],
      workshop_share_percent: 0,
    };
    expect((await add({ ...rate, instructor_id: santiId, from: "2022-12-05" })).statusCode).toBe(200);
    expect((await remove(owner, santiId, "2022-12-05")).statusCode).toBe(200);
    expect(await payOf(santiId, december)).toBeUndefined();
  });
});
