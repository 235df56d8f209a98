import { describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import type { TestApp } from "../../test/build-test-app";
import { buyWithCard, customerLogin, type Shop } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";

let t: TestApp;
let shop: Shop;
let admin: { headers: Record<string, string> };
withShopApp((booted) => {
  ({ t, shop, admin } = booted);
});

const check = (code: string, pkg: number, headers?: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/discounts/code/${code}?class_package_id=${pkg}`, headers });

const create = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/discounts", headers: admin.headers, payload });

describe("discount codes", () => {
  it("validates a code for a package with its totals (case-insensitive); signed-in only", async () => {
    const { headers } = await customerLogin(t);
    expect((await check("DIEZ", shop.packages.five.class_package_id)).statusCode).toBe(401);
    const r = await check("diez", shop.packages.five.class_package_id, headers);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      discount: { code: "DIEZ", amount: 10, is_percent: true },
      totals: { amount: 750, discount_total: 75, total: 675 },
    });
    const onSale = await check("100PESOS", shop.packages.ten.class_package_id, headers);
    // Fixed 100 off the list price (1500 → 1400) is dearer than the sale price: the sale price stays.
    expect(onSale.json().totals).toEqual({ amount: 1350, discount_total: 0, total: 1350 });
  });

  it("unknown, expired, inactive or other-package codes are 412 'no es válido'", async () => {
    const { headers } = await customerLogin(t);
    await create({ code: "VIEJO", amount: 10, is_percent: true, ends_at: "2020-01-01T00:00:00Z" });
    await create({ code: "APAGADO", amount: 10, available: false });
    await create({ code: "SOLO10", amount: 10, class_package_id: shop.packages.ten.class_package_id });
    for (const code of ["NOEXISTE", "VIEJO", "APAGADO", "SOLO10"]) {
      const r = await check(code, shop.packages.five.class_package_id, headers);
      expect(r.statusCode).toBe(412);
      expect(r.json()).toMatchObject({ code: "DISCOUNT_INVALID", message: messages.discountInvalid });
    }
  });

  it("the purchase stores the discounted total; per-customer and total limits answer 412 'agotado'", async () => {
    const a = await customerLogin(t);
    const bought = await buyWithCard(t, a.headers, shop.packages.five.class_package_id, {
      discountCode: "DIEZ",
    });
    expect(bought.attempt.json().total).toBe(675);
    const detail = (
      await t.app.inject({
        method: "GET",
        url: `/api/purchases/${bought.confirm.json().purchase_id}`,
        headers: a.headers,
      })
    ).json().purchase;
    expect(detail).toMatchObject({ amount: 750, discount_total: 75, total_payment: 675 });
    const used = await check("DIEZ", shop.packages.five.class_package_id, a.headers);
    expect(used.statusCode).toBe(412);
    expect(used.json()).toMatchObject({ code: "DISCOUNT_USED_UP", message: messages.discountUsedUp });
    const secondBuy = await buyWithCard(t, a.headers, shop.packages.five.class_package_id, {
      discountCode: "DIEZ",
    });
    expect(secondBuy.attempt.statusCode).toBe(412);

    await create({ code: "DOS", amount: 50, max_uses: 2 });
    const buyers = [await customerLogin(t), await customerLogin(t), await customerLogin(t)];
    const declined = await buyWithCard(t, buyers[0]!.headers, shop.packages.five.class_package_id, {
      discountCode: "DOS",
      card: "4000000000000002",
    });
    expect(declined.confirm.statusCode).toBe(402);
    // A failed payment gives the use back: two more customers can still use it, the third cannot.
    expect(
      (await buyWithCard(t, buyers[1]!.headers, shop.packages.five.class_package_id, { discountCode: "DOS" }))
        .confirm.statusCode,
    ).toBe(200);
    expect(
      (await buyWithCard(t, buyers[2]!.headers, shop.packages.five.class_package_id, { discountCode: "DOS" }))
        .confirm.statusCode,
    ).toBe(200);
    const late = await buyWithCard(t, buyers[0]!.headers, shop.packages.five.class_package_id, {
      discountCode: "DOS",
    });
    expect(late.attempt.statusCode).toBe(412);
    expect(late.attempt.json().code).toBe("DISCOUNT_USED_UP");
  });

  it("discounts switched off in the app config: a code is not valid at checkout", async () => {
    const { headers } = await customerLogin(t);
    await t.app.appConfig.update([{ key: "discounts_enabled", value: false }]);
    try {
      const r = await buyWithCard(t, headers, shop.packages.five.class_package_id, {
        discountCode: "100PESOS",
      });
      expect(r.attempt.statusCode).toBe(412);
    } finally {
      await t.app.appConfig.update([{ key: "discounts_enabled", value: true }]);
    }
  });

  it("admin CRUD: list (descuentos), get, update, delete; 'Descuento no encontrado.'; customers get 403", async () => {
    const customer = await customerLogin(t);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/discounts/admin/all", headers: customer.headers }))
        .statusCode,
    ).toBe(403);
    const created = (await create({ code: "NUEVO", amount: 15.5 })).json().discount;
    expect(created.amount).toBe(15.5);
    const list = (
      await t.app.inject({ method: "GET", url: "/api/discounts/admin/all", headers: admin.headers })
    ).json().descuentos;
    expect(list.map((d: { code: string }) => d.code)).toContain("NUEVO");
    const updated = await t.app.inject({
      method: "PUT",
      url: "/api/discounts",
      headers: admin.headers,
      payload: { discount_id: created.discount_id, code: "NUEVO", amount: 20 },
    });
    expect(updated.json().discount.amount).toBe(20);
    const badPercent = await create({ code: "MUCHO", amount: 150, is_percent: true });
    expect(badPercent.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/discounts/${created.discount_id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(200);
    const gone = await t.app.inject({
      method: "GET",
      url: `/api/discounts/${created.discount_id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(messages.discountNotFound);
  });
});
