import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { locations } from "../../db/schema/calendar";
import { invoices, purchases } from "../../db/schema/purchases";
import { retail_sales, retail_stock_movements } from "../../db/schema/retail";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { customerLogin, type Shop, seedShop } from "../../test/commerce";

/** Retail at the counter (docs/product-rules.md#retail, decision 0094). */
let t: TestApp;
let shop: Shop;
let owner: Record<string, string>;
let desk: Record<string, string>;
let roma: number;
let polanco: number;
let socksM: number;
let socksL: number;
let water: number;

const call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  shop = await seedShop(t);
  owner = (await t.signUp({ role: "admin" })).headers;
  desk = (await t.signUp({ role: "front_desk" })).headers;
  const [a, b] = await t.app.db
    .insert(locations)
    .values([{ name: "Roma" }, { name: "Polanco" }])
    .returning();
  roma = a!.location_id;
  polanco = b!.location_id;
  const socks = await call("POST", "/retail/products", owner, {
    name: "Calcetas antiderrapantes",
    low_stock_threshold: 2,
    variants: [
      { size: "M", colour: "Negro", price: 150 },
      { size: "L", colour: "Negro", price: 150 },
    ],
  });
  expect(socks.statusCode, socks.body).toBe(200);
  [socksM, socksL] = socks.json().product.variants.map((v: { variant_id: number }) => v.variant_id);
  const agua = await call("POST", "/retail/products", owner, {
    name: "Agua 600 ml",
    iva_rate: "0",
    variants: [{ price: 25 }],
  });
  water = agua.json().product.variants[0].variant_id;
  for (const [variant_id, delta] of [
    [socksM, 5],
    [socksL, 2],
    [water, 10],
  ] as const) {
    expect(
      (
        await call("POST", "/retail/stock", owner, {
          variant_id,
          delta,
          reason: "restock",
          location_id: roma,
        })
      ).statusCode,
    ).toBe(200);
  }
});
afterAll(() => t.close());

const stockAt = async (variantId: number, locationId = roma) => {
  const products = (await call("GET", "/retail/products", desk)).json().products;
  for (const p of products)
    for (const v of p.variants)
      if (v.variant_id === variantId)
        return v.stock.find((s: { location_id: number }) => s.location_id === locationId).quantity;
  throw new Error("variant not listed");
};

describe("the catalogue", () => {
  it("shows variants by size and colour with the price with IVA and stock per location", async () => {
    const products = (await call("GET", "/retail/products", desk)).json().products;
    const socks = products.find((p: { name: string }) => p.name === "Calcetas antiderrapantes");
    expect(socks.variants[0]).toMatchObject({ title: "Calcetas antiderrapantes · M · Negro", price: 150 });
    expect(socks.variants[0].stock).toEqual([
      { location_id: roma, location_name: "Roma", quantity: 5, low: false },
      { location_id: polanco, location_name: "Polanco", quantity: 0, low: true },
    ]);
  });

  it("refuses a repeated variant, a bad price, and the front desk editing it", async () => {
    const dup = await call("POST", "/retail/products/1/variants", owner, {
      size: "M",
      colour: "Negro",
      price: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(messages.retailVariantDuplicate);
    expect(
      (await call("POST", "/retail/products", owner, { name: "X", variants: [{ price: -1 }] })).statusCode,
    ).toBe(400);
    expect((await call("POST", "/retail/products", desk, { name: "X" })).statusCode).toBe(403);
    expect(
      (await call("POST", "/retail/stock", desk, { variant_id: socksM, delta: 5, reason: "restock" }))
        .statusCode,
    ).toBe(403);
  });

  it("never takes stock below zero by an adjustment", async () => {
    const r = await call("POST", "/retail/stock", owner, {
      variant_id: socksL,
      delta: -3,
      reason: "adjust",
      location_id: roma,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      "No hay suficientes unidades de Calcetas antiderrapantes · L · Negro en esta sucursal (quedan 2).",
    );
    expect(await stockAt(socksL)).toBe(2);
  });
});

describe("a counter sale", () => {
  it("sells a package and socks in one payment, one transaction; the cash close shows both", async () => {
    const buyer = await customerLogin(t, "Mostrador");
    const r = await call("POST", "/retail/sales", desk, {
      customer_id: buyer.customer_id,
      location_id: roma,
      payment: "card",
      reference: "482913",
      package: { class_package_id: shop.packages.five.class_package_id },
      lines: [
        { variant_id: socksM, quantity: 1 },
        { variant_id: water, quantity: 2 },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    // 750 package + 150 socks + 2 × 25 water, one payment.
    expect(r.json()).toMatchObject({ message: messages.retailSaleDone, total: 950 });
    const [sale] = await t.app.db
      .select()
      .from(retail_sales)
      .where(eq(retail_sales.sale_id, r.json().sale_id));
    expect(sale).toMatchObject({ purchase_id: r.json().purchase_id, total_cents: 20_000, payment: "card" });
    const [invoice] = await t.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.purchase_id, r.json().purchase_id));
    expect(invoice).toMatchObject({ total_payment: "750.00", status: "paid", collected_location_id: roma });
    expect(await stockAt(socksM)).toBe(4);
    expect(await stockAt(water)).toBe(8);

    const close = (await call("GET", `/corte-de-caja?location_id=${roma}`, desk)).json();
    expect(close.totals.card).toBe(950);
    expect(close.movements.map((m: { title: string; amount: number }) => [m.title, m.amount])).toEqual(
      expect.arrayContaining([
        ["5 Clases", 750],
        ["Productos de mostrador", 200],
      ]),
    );

    const sales = (await call("GET", "/retail/sales", desk)).json().sales;
    expect(sales[0]).toMatchObject({
      sale_id: r.json().sale_id,
      total: 200,
      iva: 20.69,
      customer_name: "Mostrador",
    });
  });

  it("short of stock: 409 saying what is left, and nothing is written (not even the package)", async () => {
    const buyer = await customerLogin(t, "Sinstock");
    const before = await t.app.db.select().from(retail_stock_movements);
    const r = await call("POST", "/retail/sales", desk, {
      customer_id: buyer.customer_id,
      payment: "cash",
      location_id: roma,
      package: { class_package_id: shop.packages.five.class_package_id },
      lines: [
        { variant_id: socksM, quantity: 1 },
        { variant_id: socksL, quantity: 3 },
      ],
    });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: "RETAIL_OUT_OF_STOCK" });
    expect(
      await t.app.db.select().from(purchases).where(eq(purchases.customer_id, buyer.customer_id)),
    ).toEqual([]);
    expect(await t.app.db.select().from(retail_stock_movements)).toHaveLength(before.length);
    expect(await stockAt(socksM)).toBe(4);
  });

  it("refuses an empty cart, a package without a customer, a hidden variant", async () => {
    expect((await call("POST", "/retail/sales", desk, { payment: "cash", lines: [] })).json().code).toBe(
      "RETAIL_CART_INVALID",
    );
    const noCustomer = await call("POST", "/retail/sales", desk, {
      payment: "cash",
      package: { class_package_id: shop.packages.five.class_package_id },
    });
    expect(noCustomer.json().code).toBe("RETAIL_CUSTOMER_REQUIRED");
    expect(
      (
        await call("POST", "/retail/sales", desk, {
          payment: "cash",
          lines: [{ variant_id: 999_999, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it("five desks selling the last two units at once: two sell, three get 409, stock ends at 0", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("POST", "/retail/sales", desk, {
          payment: "cash",
          location_id: roma,
          lines: [{ variant_id: socksL, quantity: 1 }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(await stockAt(socksL)).toBe(0);
    const low = (await call("GET", "/retail/low-stock", desk)).json().items;
    expect(low).toContainEqual(
      expect.objectContaining({ variant_id: socksL, location_id: roma, quantity: 0, threshold: 2 }),
    );
  });

  it("a refund gives the money back at the drawer and the units back to stock, never twice", async () => {
    const sold = await call("POST", "/retail/sales", desk, {
      payment: "cash",
      location_id: roma,
      lines: [{ variant_id: socksM, quantity: 2 }],
    });
    const saleId = sold.json().sale_id;
    const line = (await call("GET", "/retail/sales", desk))
      .json()
      .sales.find((s: { sale_id: number }) => s.sale_id === saleId).lines[0];
    expect(await stockAt(socksM)).toBe(2);
    expect(
      (
        await call("POST", `/retail/sales/${saleId}/refund`, desk, {
          lines: [{ line_id: line.line_id, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(403);
    const both = await Promise.all(
      [0, 1].map(() =>
        call("POST", `/retail/sales/${saleId}/refund`, owner, {
          lines: [{ line_id: line.line_id, quantity: 2 }],
        }),
      ),
    );
    expect(both.map((b) => b.statusCode).sort()).toEqual([200, 409]);
    const ok = both.find((b) => b.statusCode === 200)!.json();
    expect(ok).toMatchObject({ amount: 300, sale: { refunded: 300 } });
    expect(await stockAt(socksM)).toBe(4);
    const close = (await call("GET", `/corte-de-caja?location_id=${roma}`, desk)).json();
    expect(
      close.movements.some((m: { kind: string; amount: number }) => m.kind === "refund" && m.amount === -300),
    ).toBe(true);
  });
});
