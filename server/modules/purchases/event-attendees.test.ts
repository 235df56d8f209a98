import { describe, expect, it } from "vitest";
import type { TestApp } from "../../test/build-test-app";
import { buyWithCard, customerLogin, newKey, type Shop } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";

let t: TestApp;
let shop: Shop;
let admin: { headers: Record<string, string> };
withShopApp((booted) => {
  ({ t, shop, admin } = booted);
});

const asistentes = (id: number, headers = admin.headers) =>
  t.app.inject({ method: "GET", url: `/api/class_packages/especiales/${id}/asistentes`, headers });

describe("GET /api/class_packages/especiales/{id}/asistentes", () => {
  it("lists who bought the special event (paid, and cash awaiting confirmation), not declined cards", async () => {
    const special = shop.packages.special.class_package_id;
    const paid = await customerLogin(t, "Ana");
    expect((await buyWithCard(t, paid.headers, special)).confirm.statusCode).toBe(200);
    const declined = await customerLogin(t, "Beto");
    expect(
      (await buyWithCard(t, declined.headers, special, { card: "4000000000009995" })).confirm.statusCode,
    ).toBe(402);
    const cash = await customerLogin(t, "Carla");
    const cashRes = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: cash.headers,
      payload: { class_package_id: special, idempotency_key: newKey() },
    });
    expect(cashRes.statusCode).toBe(200);

    const res = await asistentes(special);
    expect(res.statusCode).toBe(200);
    const rows = res.json().asistentes;
    expect(rows.map((r: { name: string; status_text: string }) => [r.name, r.status_text])).toEqual([
      ["Ana", "Completada"],
      ["Carla", "Pendiente"],
    ]);
    expect(rows[0]).toMatchObject({ email: paid.email, customer_id: paid.customer_id, total_payment: 450 });
  });

  it("is admin-only and answers 404 for a package that is not a special event", async () => {
    const customer = await customerLogin(t);
    expect((await asistentes(shop.packages.special.class_package_id, customer.headers)).statusCode).toBe(403);
    expect((await asistentes(shop.packages.special.class_package_id, {})).statusCode).toBe(401);
    expect((await asistentes(shop.packages.five.class_package_id)).statusCode).toBe(404);
    expect((await asistentes(999_999)).statusCode).toBe(404);
  });
});
