import { describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import type { TestApp } from "../../test/build-test-app";
import { customerLogin, type Shop } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";

let t: TestApp;
let shop: Shop;
let admin: { headers: Record<string, string> };
withShopApp((booted) => {
  ({ t, shop, admin } = booted);
});

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

describe("packages", () => {
  it("GET /class_packages lists available packages in order with the contract's keys, money as numbers", async () => {
    const list = (await get("/api/class_packages")).json().class_packages;
    expect(list.map((p: { title: string }) => p.title)).not.toContain("Oculto");
    const ten = list.find((p: { title: string }) => p.title === "10 Clases");
    expect(ten).toMatchObject({
      price: 1500,
      sale_price: 1350,
      class_amount: 10,
      expiration_days: 60,
      is_subscription: false,
    });
    for (const key of [
      "class_package_id",
      "description",
      "short_description",
      "image",
      "subscription_period",
      "subscription_interval",
      "is_trial",
      "is_special_event",
      "is_online",
    ]) {
      expect(ten).toHaveProperty(key);
    }
    const reformer = list.find((p: { title: string }) => p.title === "Reformer x4");
    expect(reformer.class_package_types).toEqual([
      expect.objectContaining({ class_type_id: shop.types.reformer.class_type_id, class_amount: 4 }),
    ]);
  });

  it("GET /class_packages/{id} reads class_package; unknown and unavailable ones are 404 except for admins", async () => {
    expect(
      (await get(`/api/class_packages/${shop.packages.five.class_package_id}`)).json().class_package.title,
    ).toBe("5 Clases");
    const missing = await get("/api/class_packages/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.packageNotFound);
    expect((await get(`/api/class_packages/${shop.packages.hidden.class_package_id}`)).statusCode).toBe(404);
    expect(
      (await get(`/api/class_packages/${shop.packages.hidden.class_package_id}`, admin.headers)).statusCode,
    ).toBe(200);
    expect((await get("/api/class_packages/abc")).statusCode).toBe(400);
  });

  it("lists by kind: online and in-person read paquetes, special events read class_packages", async () => {
    const online = (await get("/api/class_packages/online/all")).json().paquetes;
    expect(online.map((p: { title: string }) => p.title)).toEqual(["Online"]);
    const presenciales = (await get("/api/class_packages/presenciales/all")).json().paquetes;
    expect(presenciales.map((p: { title: string }) => p.title)).not.toContain("Masterclass");
    expect(presenciales.map((p: { title: string }) => p.title)).toContain("5 Clases");
    const especiales = (await get("/api/class_packages/especiales/all")).json().class_packages;
    expect(especiales.map((p: { title: string }) => p.title)).toEqual(["Masterclass"]);
  });

  it("admins add to and remove from the home lists; customers and visitors cannot", async () => {
    const customer = await customerLogin(t);
    const body = { class_package_id: shop.packages.five.class_package_id };
    expect(
      (await t.app.inject({ method: "POST", url: "/api/class_packages/presenciales/home", payload: body }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/class_packages/presenciales/home",
          headers: customer.headers,
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    const added = await t.app.inject({
      method: "POST",
      url: "/api/class_packages/presenciales/home",
      headers: admin.headers,
      payload: body,
    });
    expect(added.json().message).toBe(messages.packageAddedHome);
    await t.app.inject({
      method: "POST",
      url: "/api/class_packages/presenciales/home",
      headers: admin.headers,
      payload: { class_package_id: shop.packages.ten.class_package_id },
    });
    expect(
      (await get("/api/class_packages/presenciales/home"))
        .json()
        .paquetes.map((p: { title: string }) => p.title),
    ).toEqual(["5 Clases", "10 Clases"]);
    await t.app.inject({
      method: "POST",
      url: "/api/class_packages/especiales/home",
      headers: admin.headers,
      payload: { class_package_id: shop.packages.special.class_package_id },
    });
    expect((await get("/api/class_packages/especiales/home")).json().class_packages).toHaveLength(1);
    expect((await get("/api/class_packages/online/home")).json().paquetes).toEqual([]);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/class_packages/presenciales/home/${shop.packages.five.class_package_id}`,
      headers: admin.headers,
    });
    expect(removed.json().message).toBe(messages.packageRemovedHome);
    expect((await get("/api/class_packages/presenciales/home")).json().paquetes).toHaveLength(1);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/class_packages/presenciales/home/${shop.packages.five.class_package_id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    const badList = await t.app.inject({
      method: "POST",
      url: "/api/class_packages/otra/home",
      headers: admin.headers,
      payload: body,
    });
    expect(badList.statusCode).toBe(400);
  });

  it("GET /class_packages/admin/all is admin-only and includes unavailable packages", async () => {
    const customer = await customerLogin(t);
    expect((await get("/api/class_packages/admin/all", customer.headers)).statusCode).toBe(403);
    const all = (await get("/api/class_packages/admin/all", admin.headers)).json().class_packages;
    expect(all.map((p: { title: string }) => p.title)).toContain("Oculto");
  });
});
