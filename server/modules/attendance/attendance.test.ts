import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { book, DAY, makeClass, makeCustomer, makeStudio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("check-in", () => {
  it("shows the QR's reservation and the class list to staff, and toggles attendance", async () => {
    const studio = await makeStudio(t.app);
    const admin = await t.signUp({ role: "admin" });
    const customer = await makeCustomer(t, { credits: 2 });
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + DAY), capacity: 5 });
    const res = await book(t, customer.headers, {
      single_class_id: klass.single_class_id,
      guest: "Ana López",
      spot: "2",
      guest_spot: "3",
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().class_reservation.class_reservation_id;

    const page = await t.app.inject({
      method: "GET",
      url: `/api/admin/class_reservations/${id}`,
      headers: admin.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      class_reservation: {
        class_reservation_id: id,
        spot: "2",
        attend: false,
        is_paid: true,
        name: "Cliente Prueba",
      },
      guests: [{ guest: "Ana López", spot: "3" }],
      single_class: { single_class_id: klass.single_class_id },
    });

    const url = `/api/admin/class_reservations/${id}/attend`;
    expect(
      (await t.app.inject({ method: "PUT", url, headers: customer.headers, payload: { attend: true } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: "PUT", url, headers: admin.headers, payload: { attend: "sí" } }))
        .statusCode,
    ).toBe(400);
    const put = await t.app.inject({ method: "PUT", url, headers: admin.headers, payload: { attend: true } });
    expect(put.json()).toMatchObject({
      message: "Asistencia actualizada.",
      class_reservation: { attend: true },
    });

    const list = await t.app.inject({
      method: "GET",
      url: `/api/admin/single_class/${klass.single_class_id}/attendance`,
      headers: admin.headers,
    });
    expect(list.json().reservations).toHaveLength(2);
    expect(list.json().attended).toBe(1);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/admin/class_reservations/999999",
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/admin/class_reservations/${id}`,
          headers: customer.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});
