import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { single_classes } from "../../db/schema/calendar";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { invoices, purchases, refunds } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import { makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage } from "../../test/commerce";
import { only } from "../../test/fixtures";

// Runs on PostgreSQL too: grouped counts and the period's instants at the edges of studio days in Mexico City (docs/decisions/0061).

/**
 * The reports over a small studio whose answers were worked out by hand (the pure arithmetic is
 * checked case by case in domain/reports/reports.test.ts). The period is Oct–Nov 2022 in Mexico
 * City: a class and a charge at 23:30 on 31 Oct (1 Nov in UTC) are October's, one at 00:30 on
 * 1 Dec is outside, as is one at 23:30 on 30 Sep (04:30 UTC on 1 Oct: daylight time then).
 */
let t: TestApp;
let owner: Record<string, string>;
let studio: Studio;
const period = "from=2022-10-01&to=2022-11-30";

beforeAll(async () => {
  t = await buildTestApp();
  owner = (await t.signUp({ role: "admin" })).headers;
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());

async function get(url: string, headers = owner) {
  return t.app.inject({ method: "GET", url, headers });
}

describe("reports: who may read them", () => {
  it("owner and manager read them; the desk and coaches get 403; a reversed period is a Spanish 400", async () => {
    const manager = (await t.signUp({ role: "manager" })).headers;
    const desk = (await t.signUp({ role: "front_desk" })).headers;
    const coach = (await t.signUp({ role: "coach" })).headers;
    expect((await get(`/api/reportes/utilizacion?${period}`, manager)).statusCode).toBe(200);
    expect((await get(`/api/reportes/ingresos?${period}`, desk)).statusCode).toBe(403);
    expect((await get("/api/reportes/pasivo/detalle?key=all", coach)).statusCode).toBe(403);
    const bad = await get("/api/reportes/ingresos?from=2022-11-30&to=2022-10-01");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/periodo válido/);
  });
});

describe("utilisation", () => {
  beforeAll(async () => {
    const db = t.app.db;
    const a = await makeCustomer(t);
    const b = await makeCustomer(t);
    const c = await makeCustomer(t);
    // Monday 31 Oct 07:00 (after daylight saving ended: 13:00 UTC), Roma, 10 seats.
    const monday = await makeClass(t.app, studio, { at: new Date("2022-10-31T13:00:00Z") });
    const host = only(
      await db
        .insert(class_reservations)
        .values({ single_class_id: monday.single_class_id, customer_id: a.customerId, attend: true })
        .returning(),
    );
    await db.insert(class_reservations).values([
      // A's guest takes a seat and did not come.
      {
        single_class_id: monday.single_class_id,
        customer_id: a.customerId,
        guest: "Invitada",
        guest_of_id: host.class_reservation_id,
      },
      { single_class_id: monday.single_class_id, customer_id: b.customerId, attend: true },
      // Late cancellation (kept the credit) and an ordinary one: neither is a seat.
      {
        single_class_id: monday.single_class_id,
        customer_id: c.customerId,
        deletedAt: new Date(),
        late_cancel: true,
      },
    ]);
    // Monday 31 Oct 23:30 in the studio (Tuesday 05:30 UTC): yoga in Polanco, 5 seats, A did not come.
    const late = await makeClass(t.app, studio, {
      at: new Date("2022-11-01T05:30:00Z"),
      type: "yoga",
      location: "polanco",
      capacity: 5,
    });
    await db
      .insert(class_reservations)
      .values({ single_class_id: late.single_class_id, customer_id: a.customerId });
    // Saturday 29 Oct 07:00 (daylight time, 12:00 UTC), cancelled.
    const cancelled = await makeClass(t.app, studio, { at: new Date("2022-10-29T12:00:00Z") });
    await db.update(single_classes).set({ cancelledAt: new Date() }).where(eqId(cancelled.single_class_id));
    // Outside the period on the studio's calendar, inside it in UTC.
    for (const at of ["2022-12-01T06:30:00Z", "2022-10-01T04:30:00Z"]) {
      const out = await makeClass(t.app, studio, { at: new Date(at) });
      await db
        .insert(class_reservations)
        .values({ single_class_id: out.single_class_id, customer_id: b.customerId });
    }
  });

  it("fills, no-shows and late cancels of the period, by location and on the studio's clock", async () => {
    const res = await get(`/api/reportes/utilizacion?${period}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      classes: 2,
      cancelled_classes: 1,
      capacity: 15,
      seats: 4, // A, A's guest, B; A in yoga
      guests: 1,
      fill_rate: 26.7,
      ended_seats: 4,
      no_shows: 2, // the guest, A at 23:30
      no_show_rate: 50,
      late_cancels: 1,
      late_cancel_rate: 20, // 1 / (4 + 1)
    });
    expect(body.heatmap.map((c: { weekday: number; hour: number }) => `${c.weekday}-${c.hour}`)).toEqual([
      "1-7",
      "1-23",
      "6-7",
    ]);
    expect(body.by_location.map((g: { key: string; seats: number }) => [g.key, g.seats])).toEqual([
      ["Roma", 3],
      ["Polanco", 1],
    ]);

    const polanco = (
      await get(`/api/reportes/utilizacion?${period}&location_id=${studio.polanco.location_id}`)
    ).json();
    expect(polanco.totals).toMatchObject({ classes: 1, seats: 1, no_shows: 1 });

    const detail = (await get(`/api/reportes/utilizacion/detalle?${period}&dimension=slot&key=1-23`)).json();
    expect(detail.classes).toHaveLength(1);
    expect(detail.classes[0]).toMatchObject({
      class_type: "Yoga",
      location: "Polanco",
      seats: 1,
      fill_rate: 20,
    });

    const csv = await get(`/api/reportes/utilizacion/csv?${period}`);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body.split("\r\n")[1]).toBe("Total,,2,1,15,4,1,26.7,2,50,1,20");
    const classesCsv = await get(`/api/reportes/utilizacion/detalle/csv?${period}&dimension=all&key=all`);
    expect(classesCsv.body).toContain("2022-10-31 23:30,Yoga,Polanco");
  });
});

describe("revenue and liability", () => {
  beforeAll(async () => {
    const db = t.app.db;
    const a = await makeCustomer(t);
    const b = await makeCustomer(t);
    const ten = await addPackage(t, { title: "10 Clases", price: "1160.00", class_amount: 10 });
    const drop = await addPackage(t, {
      title: "Clase suelta",
      price: "200.00",
      class_amount: 1,
      iva_rate: "exento",
    });
    const monthly = await addPackage(t, { title: "Mensualidad", price: "1160.00", class_amount: -1 });
    const purchase = async (
      values: Partial<typeof purchases.$inferInsert> & { pkg: typeof ten; total: string },
    ) => {
      const { pkg, total, ...rest } = values;
      return only(
        await db
          .insert(purchases)
          .values({
            customer_id: a.customerId,
            class_package_id: pkg.class_package_id,
            title: pkg.title,
            amount: total,
            total_payment: total,
            status: "completed",
            class_amount: pkg.class_amount,
            ...rest,
          })
          .returning(),
      );
    };
    // Paid online at 23:30 on 31 Oct in the studio; half refunded on 20 Nov.
    const p1 = await purchase({
      pkg: ten,
      total: "1160.00",
      provider: "stripe",
      iva_rate: "16",
      refunded_total: "580.00",
    });
    await db.insert(invoices).values({
      purchase_id: p1.purchase_id,
      customer_id: a.customerId,
      total_payment: "1160.00",
      status: "paid",
      createdAt: new Date("2022-11-01T05:30:00Z"),
    });
    await db.insert(refunds).values({
      purchase_id: p1.purchase_id,
      customer_id: a.customerId,
      amount: "580.00",
      status: "succeeded",
      provider: "stripe",
      updatedAt: new Date("2022-11-20T18:00:00Z"),
    });
    // Sold at the Roma desk in cash, exempt.
    const p2 = await purchase({
      pkg: drop,
      total: "200.00",
      provider: "admin",
      provider_ref: "desk:cash",
      iva_rate: "exento",
    });
    await db.insert(invoices).values({
      purchase_id: p2.purchase_id,
      customer_id: a.customerId,
      total_payment: "200.00",
      status: "paid",
      collected_location_id: studio.roma.location_id,
      collected_at: new Date("2022-11-15T18:00:00Z"),
      createdAt: new Date("2022-11-15T18:00:00Z"),
    });
    // A pending charge is no revenue.
    await db.insert(invoices).values({
      purchase_id: p2.purchase_id,
      customer_id: a.customerId,
      total_payment: "200.00",
      status: "pending",
      createdAt: new Date("2022-11-16T18:00:00Z"),
    });
    // An active monthly subscription charged on 10 Nov.
    const p3 = await purchase({
      pkg: monthly,
      total: "1160.00",
      status: "active",
      customer_id: b.customerId,
      provider: "stripe",
      subscription_id: "sub_1",
      subscription_period: "month",
      subscription_interval: 1,
      iva_rate: "16",
    });
    await db.insert(invoices).values({
      purchase_id: p3.purchase_id,
      customer_id: b.customerId,
      total_payment: "1160.00",
      status: "paid",
      createdAt: new Date("2022-11-10T18:00:00Z"),
    });
    // Credits owed: 4 of p1's 10 (it kept 580: 232.00), a courtesy pair that never expires, an expired trio.
    await db.insert(available_classes).values([
      {
        customer_id: a.customerId,
        purchase_id: p1.purchase_id,
        available_classes: 4,
        expiration_date: new Date("2030-01-15T18:00:00Z"),
      },
      { customer_id: b.customerId, available_classes: 2 },
      { customer_id: b.customerId, available_classes: 3, expiration_date: new Date("2022-01-01T18:00:00Z") },
    ]);
  });

  it("revenue nets refunds, splits IVA and counts months and methods as the studio does", async () => {
    const res = await get(`/api/reportes/ingresos?${period}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      charged: 2520,
      refunded: 580,
      net: 1940,
      subtotal: 1700, // 1,000 + 200 + 1,000 − 500
      iva: 240, // 160 + 0 + 160 − 80
      charges: 3,
      refunds: 1,
    });
    expect(body.by_month.map((m: { key: string; net: number }) => [m.key, m.net])).toEqual([
      ["2022-10", 1160],
      ["2022-11", 780],
    ]);
    expect(body.by_method.map((m: { label: string; net: number }) => [m.label, m.net])).toEqual([
      ["Tarjeta en línea", 1740],
      ["Efectivo", 200],
    ]);
    expect(body.recurring).toMatchObject({ active_subscriptions: 1, mrr: 1160 });
    expect(body.iva_by_month).toContainEqual({
      month: "2022-11",
      rate: "16",
      base: 500,
      iva: 80,
      total: 580,
    });

    const roma = (
      await get(`/api/reportes/ingresos?${period}&location_id=${studio.roma.location_id}`)
    ).json();
    expect(roma.totals.net).toBe(200);

    const october = (
      await get(`/api/reportes/ingresos/detalle?${period}&dimension=month&key=2022-10`)
    ).json();
    expect(october.movements).toHaveLength(1);
    expect(october.movements[0]).toMatchObject({ kind: "charge", amount: 1160, subtotal: 1000, iva: 160 });
    const tenMoves = (
      await get(`/api/reportes/ingresos/detalle?${period}&dimension=package&key=10 Clases`)
    ).json();
    expect(tenMoves.movements.map((m: { amount: number }) => m.amount)).toEqual([1160, -580]);

    const csv = await get(`/api/reportes/ingresos/csv?${period}`);
    expect(csv.body.split("\r\n")[1]).toBe("Total,,2520,580,1940,1700,240,3,1");
  });

  it("liability: classes left and their value by the month they expire", async () => {
    const body = (await get("/api/reportes/pasivo")).json();
    expect(body.totals).toEqual({ credits: 6, value: 232, customers: 2, unlimited_buckets: 0 });
    expect(
      body.by_expiry_month.map((m: { key: string; credits: number; value: number }) => [
        m.key,
        m.credits,
        m.value,
      ]),
    ).toEqual([
      ["2030-01", 4, 232],
      ["sin-vencimiento", 2, 0],
    ]);
    const detail = (await get("/api/reportes/pasivo/detalle?key=2030-01")).json();
    expect(detail.buckets).toHaveLength(1);
    expect(detail.buckets[0]).toMatchObject({ credits: 4, value: 232, title: "10 Clases" });
    const csv = await get("/api/reportes/pasivo/csv");
    expect(csv.body).toContain("Sin vencimiento,2,0,1,1");
  });
});

function eqId(id: number) {
  return eq(single_classes.single_class_id, id);
}

describe("customer reports: intro to member, retention, value", () => {
  let ids: { intro: number; member: number; lapsed: number };
  beforeAll(async () => {
    const db = t.app.db;
    const trial = await addPackage(t, {
      title: "Clase de prueba",
      price: "99.00",
      class_amount: 1,
      is_trial: true,
    });
    const pack = await addPackage(t, { title: "5 Clases", price: "500.00", class_amount: 5 });
    const intro = await makeCustomer(t);
    const member = await makeCustomer(t);
    const lapsed = await makeCustomer(t);
    ids = { intro: intro.customerId, member: member.customerId, lapsed: lapsed.customerId };
    await db
      .update(customers)
      .set({ signup_reason: "Instagram", createdAt: new Date("2022-10-02T18:00:00Z") })
      .where(eq(customers.customer_id, intro.customerId));
    const paid = async (customerId: number, pkg: typeof trial, at: string) => {
      const p = only(
        await db
          .insert(purchases)
          .values({
            customer_id: customerId,
            class_package_id: pkg.class_package_id,
            title: pkg.title,
            amount: pkg.price,
            total_payment: pkg.price,
            status: "completed",
            createdAt: new Date(at),
          })
          .returning(),
      );
      await db.insert(invoices).values({
        purchase_id: p.purchase_id,
        customer_id: customerId,
        total_payment: pkg.price,
        status: "paid",
        createdAt: new Date(at),
      });
    };
    // The intro customer tries a class on 3 Oct and buys 5 classes 40 days later.
    await paid(intro.customerId, trial, "2022-10-03T18:00:00Z");
    await paid(intro.customerId, pack, "2022-11-12T18:00:00Z");
    // Visits: intro in Oct and Nov; member in Oct only (churned in Nov); lapsed in Sep and Nov (reactivated).
    const visit = async (customerId: number, at: string) => {
      const cls = await makeClass(t.app, studio, { at: new Date(at), type: "reformer" });
      await db
        .insert(class_reservations)
        .values({ single_class_id: cls.single_class_id, customer_id: customerId });
    };
    await visit(intro.customerId, "2022-10-04T14:00:00Z");
    await visit(intro.customerId, "2022-11-30T14:00:00Z");
    await visit(member.customerId, "2022-10-05T14:00:00Z");
    await visit(lapsed.customerId, "2022-09-15T14:00:00Z");
    // 30 Nov 23:30 in the studio (1 Dec in UTC): November's.
    await visit(lapsed.customerId, "2022-12-01T05:30:00Z");
  });

  it("intro to member: the trial customer bought again within 60 days", async () => {
    const body = (await get(`/api/reportes/intro?${period}`)).json();
    expect(body.by_offer.find((o: { key: string }) => o.key === "Clase de prueba")).toMatchObject({
      customers: 1,
      converted_30: 0,
      converted_60: 1,
      rate_60: 100,
    });
    const detail = (await get(`/api/reportes/intro/detalle?${period}&key=all&within=60`)).json();
    expect(detail.customers.map((c: { customer_id: number }) => c.customer_id)).toContain(ids.intro);
  });

  it("retention: November's churned and reactivated customers, on the studio's months", async () => {
    const res = await get(`/api/reportes/retencion?${period}`);
    expect(res.body).toContain("by_month");
    const body = res.json();
    const november = body.by_month.find((m: { key: string }) => m.key === "2022-11");
    expect(november.reactivated).toBeGreaterThanOrEqual(1);
    const churned = (await get(`/api/reportes/retencion/detalle?${period}&group=churned&key=2022-11`)).json();
    expect(churned.customers.map((c: { customer_id: number }) => c.customer_id)).toContain(ids.member);
    const back = (
      await get(`/api/reportes/retencion/detalle?${period}&group=reactivated&key=2022-11`)
    ).json();
    expect(back.customers.map((c: { customer_id: number }) => c.customer_id)).toEqual([ids.lapsed]);
    const csv = await get(`/api/reportes/retencion/csv?${period}`);
    expect(csv.body).toContain("Mes,Activos,Nuevos,Se fueron,Regresaron");
  });

  it("retention of one location: its own customers' figures and lists (decision 0135)", async () => {
    // Every visit of the period is at Roma: its figures and lists are the studio's; none of these
    // customers came to Polanco.
    const roma = `${period}&location_id=${studio.roma.location_id}`;
    const polanco = `${period}&location_id=${studio.polanco.location_id}`;
    const whole = (await get(`/api/reportes/retencion?${period}`)).json();
    const atRoma = (await get(`/api/reportes/retencion?${roma}`)).json();
    expect(atRoma.by_month).toEqual(whole.by_month);
    const listed = async (query: string, group: string, key: string) =>
      (await get(`/api/reportes/retencion/detalle?${query}&group=${group}&key=${key}`))
        .json()
        .customers.map((c: { customer_id: number }) => c.customer_id);
    for (const group of ["active", "churned", "reactivated", "cohort", "new"]) {
      for (const key of ["2022-10", "2022-11"])
        expect(await listed(roma, group, key)).toEqual(await listed(period, group, key));
    }
    const october = (await get(`/api/reportes/retencion/detalle?${roma}&group=active&key=2022-10`)).json();
    expect(october.customers.find((c: { customer_id: number }) => c.customer_id === ids.intro)).toMatchObject(
      {
        first_month: "2022-10",
        months_active: 2,
      },
    );
    for (const key of ["2022-10", "2022-11"]) {
      const atPolanco = await listed(polanco, "active", key);
      for (const id of Object.values(ids)) expect(atPolanco).not.toContain(id);
    }
  });

  it("customer value: what Instagram sign-ups paid and how many months they came", async () => {
    const body = (await get(`/api/reportes/valor-de-clientes?${period}`)).json();
    expect(body.by_reason).toContainEqual({
      key: "Instagram",
      customers: 1,
      paying: 1,
      revenue: 599,
      per_customer: 599,
      avg_months_active: 2,
    });
    const detail = (await get(`/api/reportes/valor-de-clientes/detalle?${period}&key=Instagram`)).json();
    expect(detail.customers).toEqual([
      {
        customer_id: ids.intro,
        customer: expect.any(String),
        signup_reason: "Instagram",
        net: 599,
        months_active: 2,
      },
    ]);
  });
});
