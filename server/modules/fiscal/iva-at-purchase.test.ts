import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { purchases } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import { buyWithCard, customerLogin, type Shop } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";

/**
 * The IVA rate is the package's at purchase time (decision 0032): checkout and the desk copy it
 * into the purchase, so a later change of the package's rate does not change old receipts.
 */

let t: TestApp;
let shop: Shop;
let admin: Record<string, string>;

withShopApp((booted) => {
  ({ t, shop } = booted);
  admin = booted.admin.headers;
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("IVA rate kept on the purchase", () => {
  it("bought at 16 %, the package then at 8 %: old purchases stay at 16 %, new ones are at 8 %", async () => {
    const send = (method: "POST" | "PUT", payload: object) =>
      t.app.inject({ method, url: "/api/class_packages", headers: admin, payload });
    const created = await send("POST", {
      class_package_id: "nuevo",
      title: "Paquete tasa fija",
      price: 1160,
      class_amount: 4,
      iva_rate: "16",
    });
    expect(created.statusCode, created.body).toBe(201);
    const pkg = created.json().class_package;

    const dora = await customerLogin(t, "Dora Tasa");
    const { confirm } = await buyWithCard(t, dora.headers, pkg.class_package_id);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const desk = await t.app.inject({
      method: "POST",
      url: "/api/customer/giveAccess",
      headers: admin,
      payload: {
        customer_id: dora.customer_id,
        class_package_id: pkg.class_package_id,
        package_days: null,
        is_gift: false,
        payment_method_id: shop.methods.cash.payment_method_id,
        bill: 1160,
      },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const stored = await t.app.db
      .select({ id: purchases.purchase_id, rate: purchases.iva_rate })
      .from(purchases)
      .where(eq(purchases.customer_id, dora.customer_id));
    expect(stored.map((p) => p.rate)).toEqual(["16", "16"]);
    const old = stored.map((p) => p.id);

    const changed = await send("PUT", { ...pkg, iva_rate: "8" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().class_package.iva_rate).toBe("8");
    const later = await buyWithCard(t, dora.headers, pkg.class_package_id);
    expect(later.confirm.statusCode, later.confirm.body).toBe(200);

    const sixteen = { iva_rate: "16", subtotal: 1000, iva: 160, total_payment: 1160 };
    const eight = { iva_rate: "8", subtotal: 1074.07, iva: 85.93, total_payment: 1160 };
    const parts = (rows: Record<string, unknown>[]) =>
      Object.fromEntries(
        rows.map((p) => [
          p.purchase_id,
          { iva_rate: p.iva_rate, subtotal: p.subtotal, iva: p.iva, total_payment: p.total_payment },
        ]),
      );
    const newId = later.attempt.json().purchase_id as number;
    const want = { [old[0]!]: sixteen, [old[1]!]: sixteen, [newId]: eight };

    const mine = await t.app.inject({ method: "GET", url: "/api/purchases", headers: dora.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(parts(mine.json().purchases)).toEqual(want);

    const list = await t.app.inject({
      method: "GET",
      url: `/api/admin/lists/purchases?query=${encodeURIComponent("Dora Tasa")}&from=${day(-2)}&to=${day(2)}`,
      headers: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(parts(list.json().rows)).toEqual(want);
  });
});
