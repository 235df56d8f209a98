import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { single_classes } from "../../db/schema/calendar";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { purchases } from "../../db/schema/purchases";
import {
  book,
  bucketAmount,
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

let t: TestApp;
let studio: Studio;
let admin: { headers: Record<string, string> };

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  admin = await t.signUp({ role: "admin" });
});
afterAll(() => t.close());

const setStatus = (id: number, status: string, headers = admin.headers) =>
  t.app.inject({
    method: "PUT",
    url: `/api/admin/class_reservations/${id}/check_in`,
    headers,
    payload: { status },
  });
const list = async (classId: number) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/admin/single_class/${classId}/attendance`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** Moves a class so that it started `hoursAgo` hours ago (booking refuses classes that started). */
const startClass = (classId: number, hoursAgo: number) =>
  t.app.db
    .update(single_classes)
    .set({ class_date: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(single_classes.single_class_id, classId));

describe("check-in states", () => {
  it("marks Asistió, No asistió (after the start) and Cancelación tardía, with counts", async () => {
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + DAY), capacity: 6 });
    const people = [
      await makeCustomer(t, { credits: 1 }),
      await makeCustomer(t, { credits: 1 }),
      await makeCustomer(t, { credits: 1 }),
    ];
    const ids: number[] = [];
    for (const p of people) {
      const res = await book(t, p.headers, { single_class_id: klass.single_class_id });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().class_reservation.class_reservation_id);
    }
    expect((await list(klass.single_class_id)).counts).toEqual({
      pending: 3,
      attended: 0,
      no_show: 0,
      late_cancel: 0,
    });

    const attended = await setStatus(ids[0]!, "attended");
    expect(attended.json()).toMatchObject({
      message: "Asistencia actualizada.",
      class_reservation: { status: "attended", attend: true },
    });
    // A no-show before the class starts is refused, in Spanish.
    const early = await setStatus(ids[1]!, "no_show");
    expect(early.statusCode).toBe(412);
    expect(early.json().message).toBe(
      "La clase aún no empieza: la inasistencia se marca cuando haya empezado.",
    );

    const late = await setStatus(ids[2]!, "late_cancel");
    expect(late.json()).toMatchObject({
      message: "Cancelación tardía registrada. El crédito no se devuelve.",
      class_reservation: { status: "late_cancel", cancelled: true },
    });
    // The credit is not given back, and the cancelled seat cannot change any more.
    expect((await bucketAmount(t.app, people[2]!.buckets[0]!.available_class_id)).available_classes).toBe(0);
    expect((await setStatus(ids[2]!, "attended")).statusCode).toBe(409);

    await startClass(klass.single_class_id, 0.5);
    expect((await setStatus(ids[1]!, "no_show")).json().class_reservation.status).toBe("no_show");
    const after = await list(klass.single_class_id);
    expect(after.counts).toEqual({ pending: 0, attended: 1, no_show: 1, late_cancel: 1 });
    expect(after.reservations).toHaveLength(3);
    expect((await setStatus(ids[1]!, "attended")).json().class_reservation.status).toBe("attended");

    expect((await setStatus(ids[0]!, "tarde")).statusCode).toBe(400);
    expect((await setStatus(999_999, "attended")).statusCode).toBe(404);
  });

  it("a no-show marked at the desk feeds the penalty rule at once", async () => {
    await setConfig(t.app, {
      unlimited_membership_penalties_enabled: true,
      unlimited_max_no_shows_for_penalty: 2,
      penalty_days: 7,
    });
    const member = await makeCustomer(t, { unlimitedUntil: new Date(Date.now() + 60 * DAY) });
    for (const hoursAgo of [50, 1]) {
      const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + DAY), capacity: 5 });
      const res = await book(t, member.headers, { single_class_id: klass.single_class_id });
      expect(res.statusCode).toBe(200);
      await startClass(klass.single_class_id, hoursAgo);
      const put = await setStatus(res.json().class_reservation.class_reservation_id, "no_show");
      expect(put.statusCode).toBe(200);
    }
    const penalties = await t.app.db
      .select()
      .from(class_reservation_penalties)
      .where(eq(class_reservation_penalties.customer_id, member.customerId));
    expect(penalties).toHaveLength(1);
    expect(penalties[0]!.no_shows).toBe(2);
    await setConfig(t.app, { unlimited_membership_penalties_enabled: false });
  });

  it("Marcar a todos checks in every seat not marked yet", async () => {
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + DAY), capacity: 6 });
    for (let i = 0; i < 3; i++) {
      const p = await makeCustomer(t, { credits: 1 });
      expect((await book(t, p.headers, { single_class_id: klass.single_class_id })).statusCode).toBe(200);
    }
    const url = `/api/admin/single_class/${klass.single_class_id}/check_in_all`;
    const res = await t.app.inject({ method: "POST", url, headers: admin.headers });
    expect(res.json()).toEqual({ message: "Marcamos la asistencia de todos los pendientes.", marked: 3 });
    expect((await list(klass.single_class_id)).counts.attended).toBe(3);
    const again = await t.app.inject({ method: "POST", url, headers: admin.headers });
    expect(again.json().marked).toBe(0);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/admin/single_class/999999/check_in_all",
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("walk-ins", () => {
  it("adds an existing customer on their credit, checked in, past the booking rules", async () => {
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + DAY), capacity: 6 });
    const regular = await makeCustomer(t, { credits: 2 });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/single_class/${klass.single_class_id}/walk_in`,
      headers: admin.headers,
      payload: { customer_id: regular.customerId, payment: "credit" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Cliente agregado a la clase con su asistencia registrada.",
      customer_id: regular.customerId,
    });
    expect((await bucketAmount(t.app, firstOf(regular.buckets)!.available_class_id)).available_classes).toBe(
      1,
    );
    const seats = (await list(klass.single_class_id)).reservations;
    expect(seats).toMatchObject([{ customer_id: regular.customerId, status: "attended" }]);

    // Twice is the seat rules' 409; without credits the desk's Spanish refusal; nothing written.
    const twice = await t.app.inject({
      method: "POST",
      url: `/api/admin/single_class/${klass.single_class_id}/walk_in`,
      headers: admin.headers,
      payload: { customer_id: regular.customerId, payment: "credit" },
    });
    expect(twice.statusCode).toBe(409);
    const broke = await makeCustomer(t);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/admin/single_class/${klass.single_class_id}/walk_in`,
      headers: admin.headers,
      payload: { customer_id: broke.customerId, payment: "credit" },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().message).toMatch(/Este cliente/);
  });

  it("registers a new customer with name and phone who pays a package in cash", async () => {
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + DAY), capacity: 6 });
    const [pkg] = await t.app.db
      .insert(class_packages)
      .values({ title: "Clase suelta", price: "180.00", class_amount: 1, expiration_days: 30 })
      .returning();
    const url = `/api/admin/single_class/${klass.single_class_id}/walk_in`;
    const noPackage = await t.app.inject({
      method: "POST",
      url,
      headers: admin.headers,
      payload: { customer: { name: "Paola", phone: "5512340001" }, payment: "cash" },
    });
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.json().message).toBe("Elige el paquete que se pagó en efectivo.");
    const neither = await t.app.inject({
      method: "POST",
      url,
      headers: admin.headers,
      payload: { payment: "credit" },
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe("Elige un cliente o escribe el nombre y el teléfono de uno nuevo.");
    const badPhone = await t.app.inject({
      method: "POST",
      url,
      headers: admin.headers,
      payload: {
        customer: { name: "Paola", phone: "55" },
        payment: "cash",
        class_package_id: pkg!.class_package_id,
      },
    });
    expect(badPhone.statusCode).toBe(400);

    const res = await t.app.inject({
      method: "POST",
      url,
      headers: admin.headers,
      payload: {
        customer: { name: "Paola", last_name: "Ríos", phone: "5512340001" },
        payment: "cash",
        class_package_id: pkg!.class_package_id,
      },
    });
    expect(res.statusCode).toBe(200);
    const customerId = res.json().customer_id as number;
    const [row] = await t.app.db.select().from(customers).where(eq(customers.customer_id, customerId));
    expect(row).toMatchObject({ name: "Paola", last_name: "Ríos", phone: "5512340001", uid: null });
    const [sale] = await t.app.db.select().from(purchases).where(eq(purchases.customer_id, customerId));
    expect(sale).toMatchObject({ title: "Clase suelta", total_payment: "180.00", status: "completed" });
    const [bucket] = await t.app.db
      .select()
      .from(available_classes)
      .where(and(eq(available_classes.customer_id, customerId)));
    expect(bucket!.available_classes).toBe(0);
    expect((await list(klass.single_class_id)).reservations).toMatchObject([
      { customer_id: customerId, name: "Paola Ríos", status: "attended" },
    ]);

    // The same phone again: refused with the sign-up's message, and nothing half-written.
    const again = await t.app.inject({
      method: "POST",
      url,
      headers: admin.headers,
      payload: {
        customer: { name: "Otra", phone: "5512340001" },
        payment: "cash",
        class_package_id: pkg!.class_package_id,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Ya existe una cuenta con ese número de teléfono");
  });
});

describe("who may use the check-in routes", () => {
  it("answers 401 to visitors and 403 to customers", async () => {
    const customer = await makeCustomer(t, { credits: 1 });
    const routes = [
      {
        method: "PUT" as const,
        url: "/api/admin/class_reservations/1/check_in",
        payload: { status: "attended" },
      },
      { method: "POST" as const, url: "/api/admin/single_class/1/check_in_all" },
      { method: "POST" as const, url: "/api/admin/single_class/1/walk_in", payload: { payment: "credit" } },
      { method: "GET" as const, url: "/api/admin/single_class/1/attendance" },
    ];
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode).toBe(401);
      expect((await t.app.inject({ ...route, headers: customer.headers })).statusCode).toBe(403);
    }
  });
});
