import { describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import type { TestApp } from "../../test/build-test-app";
import { customerLogin, type Shop, token } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";

let t: TestApp;
let shop: Shop;
let admin: { headers: Record<string, string> };
withShopApp((booted) => {
  ({ t, shop, admin } = booted);
});

describe("checkout options (/payment_methods)", () => {
  it("anyone reads the available options; writes are admin-only and instructions are sanitised", async () => {
    const list = (await t.app.inject({ method: "GET", url: "/api/payment_methods" })).json().payment_methods;
    expect(list.map((m: { name: string }) => m.name)).toEqual(["Tarjeta de crédito o débito", "Efectivo"]);
    expect(list[1].instructions).not.toMatch(/script|javascript/);
    const customer = await customerLogin(t);
    const body = {
      name: "Transferencia",
      provider: "cash",
      instructions: '<p onclick="x()">Hola<img src=x onerror=alert(1)></p>',
    };
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/payment_methods",
          headers: customer.headers,
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/payment_methods",
      headers: admin.headers,
      payload: body,
    });
    expect(created.json()).toMatchObject({
      message: messages.paymentMethodSaved,
      payment_method: { instructions: "<p>Hola</p>" },
    });
    const id = created.json().payment_method.payment_method_id;
    const off = await t.app.inject({
      method: "PUT",
      url: "/api/payment_methods",
      headers: admin.headers,
      payload: { payment_method_id: id, available: false },
    });
    expect(off.json().payment_method.available).toBe(false);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/payment_methods" })).json().payment_methods,
    ).toHaveLength(2);
    expect(
      (
        await t.app.inject({ method: "GET", url: "/api/payment_methods?all=1", headers: admin.headers })
      ).json().payment_methods,
    ).toHaveLength(3);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/payment_methods/${id}`,
      headers: admin.headers,
    });
    expect(del.json().message).toBe(messages.paymentMethodDeleted);
    expect((await t.app.inject({ method: "GET", url: `/api/payment_methods/${id}` })).statusCode).toBe(404);
    expect(shop.methods.cash.provider).toBe("cash");
  });
});

describe("saved cards (/metodosPago)", () => {
  it("saves a browser token, lists metodos_pago, deletes only my own", async () => {
    const a = await customerLogin(t);
    const b = await customerLogin(t);
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/metodosPago",
      headers: a.headers,
      payload: {
        token_id: token("5555555555554444"),
        card_type: "visa",
        last_digits: "0000",
        saveCard: true,
      },
    });
    expect(saved.statusCode).toBe(200);
    // Brand and digits come from the token, not from what the body claims.
    expect(saved.json()).toMatchObject({
      message: messages.paymentSourceSaved,
      metodo_pago: { card_type: "mastercard", last_digits: "4444" },
    });
    const id = saved.json().metodo_pago.payment_source_id;
    expect(
      (await t.app.inject({ method: "GET", url: "/api/metodosPago", headers: a.headers })).json()
        .metodos_pago,
    ).toHaveLength(1);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/metodosPago", headers: b.headers })).json()
        .metodos_pago,
    ).toHaveLength(0);
    const byB = await t.app.inject({ method: "DELETE", url: `/api/metodosPago/${id}`, headers: b.headers });
    expect(byB.statusCode).toBe(404);
    expect(byB.json()).toEqual({ code: "PAYMENT_SOURCE_NOT_FOUND", message: messages.paymentSourceNotFound });
    const byA = await t.app.inject({ method: "DELETE", url: `/api/metodosPago/${id}`, headers: a.headers });
    expect(byA.json().message).toBe(messages.paymentSourceDeleted);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/metodosPago", headers: a.headers })).json()
        .metodos_pago,
    ).toHaveLength(0);
  });

  it("a malformed token is 400 with the card-format text; a declined test card is 402", async () => {
    const { headers } = await customerLogin(t);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/metodosPago",
      headers,
      payload: { token_id: "4242424242424242" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.cardFormatInvalid);
    const declined = await t.app.inject({
      method: "POST",
      url: "/api/metodosPago",
      headers,
      payload: { token_id: token("4000000000009987") },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(messages.cardLostOrStolen);
  });
});
