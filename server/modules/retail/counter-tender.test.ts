import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { balance_movements, gift_cards } from "../../db/schema/balances";
import { locations } from "../../db/schema/calendar";
import { retail_sales } from "../../db/schema/retail";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { customerLogin, newKey, type Shop, seedShop } from "../../test/commerce";
import { testDriver } from "../../test/test-driver";

/**
 * Gift cards sold at the counter and gift cards or saldo a favor as tender of a counter sale
 * (decision 0123): one transaction, a balance spent once under races, the drawer's part in the
 * cash close, bad input a Spanish 4xx with nothing written.
 */
let t: TestApp;
let shop: Shop;
let owner: Record<string, string>;
let desk: Record<string, string>;
let manager: Record<string, string>;
let roma: number;
let socks: number;

const call = (method: "GET" | "POST", url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const sellCard = async (headers: Record<string, string>, amount: number, payment = "cash") =>
  call("POST", "/gift-cards/admin", headers, {
    amount,
    buyer_name: "Mostrador",
    recipient_name: "Luz",
    payment,
    location_id: roma,
    idempotency_key: newKey(),
  });

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" });
const drawer = async () => {
  const res = await call("GET", `/corte-de-caja?location_id=${roma}&day=${today()}`, owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    expected_cash: number;
    totals: { card: number };
    movements: { title: string; amount: number }[];
  };
};
const cardRow = async (id: number) =>
  (await t.app.db.select().from(gift_cards).where(eq(gift_cards.gift_card_id, id)))[0]!;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await seedShop(t);
  owner = (await t.signUp({ role: "admin" })).headers;
  desk = (await t.signUp({ role: "front_desk" })).headers;
  manager = (await t.signUp({ role: "manager" })).headers;
  const [a] = await t.app.db.insert(locations).values({ name: "Roma" }).returning();
  roma = a!.location_id;
  const made = await call("POST", "/retail/products", owner, {
    name: "Calcetas",
    variants: [{ size: "M", colour: "Negro", price: 150 }],
  });
  socks = made.json().product.variants[0].variant_id;
  await call("POST", "/retail/stock", owner, {
    variant_id: socks,
    delta: 60,
    reason: "restock",
    location_id: roma,
  });
});
afterAll(() => t.close());

describe(`gift cards at the counter (${testDriver()})`, () => {
  it("front desk, manager and owner sell a card; a customer cannot; the cash close shows it", async () => {
    const before = await drawer();
    for (const headers of [desk, manager, owner]) {
      const sold = await sellCard(headers, 500);
      expect(sold.statusCode, sold.body).toBe(200);
      expect(sold.json().code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(sold.json().gift_card.expires_label).toBeTruthy();
    }
    const customer = await customerLogin(t, "Curiosa");
    expect((await sellCard(customer.headers, 500)).statusCode).toBe(403);
    const byCard = await sellCard(desk, 300, "card");
    const after = await drawer();
    expect(after.expected_cash - before.expected_cash).toBe(1500);
    expect(after.totals.card - before.totals.card).toBe(300);
    expect(after.movements.filter((m) => m.title === "Tarjeta de regalo")).toHaveLength(4);
    // Handed back to its buyer: the refund leaves the drawer on its day.
    const refunded = await call(
      "POST",
      `/gift-cards/admin/${byCard.json().gift_card.gift_card_id}/refund`,
      owner,
      {},
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await drawer()).totals.card - before.totals.card).toBe(0);
  });

  it("a card pays part of a package and products; cash the rest; one transaction; the drawer holds the rest", async () => {
    const buyer = await customerLogin(t, "Paga Mixto");
    const { code, gift_card } = (await sellCard(desk, 500)).json();
    const before = await drawer();
    const res = await call("POST", "/retail/sales", desk, {
      customer_id: buyer.customer_id,
      location_id: roma,
      payment: "cash",
      package: { class_package_id: shop.packages.five.class_package_id },
      lines: [{ variant_id: socks, quantity: 2 }],
      gift_card_code: code.toLowerCase().replace(/-/g, " "),
    });
    expect(res.statusCode, res.body).toBe(200);
    // 750 package + 300 socks; the card's 500 pays the package first.
    expect(res.json()).toMatchObject({
      total: 1050,
      paid_by_gift_card: 500,
      paid_by_credit: 0,
      collected: 550,
    });
    expect((await cardRow(gift_card.gift_card_id)).balance).toBe("0.00");
    const lines = await t.app.db
      .select()
      .from(balance_movements)
      .where(eq(balance_movements.gift_card_id, gift_card.gift_card_id));
    expect(lines.filter((l) => l.kind === "spend")).toMatchObject([
      { amount: "-500.00", purchase_id: res.json().purchase_id },
    ]);
    const after = await drawer();
    expect(after.expected_cash - before.expected_cash).toBe(550);
    // The products were paid in cash: all of their price can come back in money.
    const [sale] = await t.app.db
      .select()
      .from(retail_sales)
      .where(eq(retail_sales.sale_id, res.json().sale_id));
    expect(sale!.balance_cents).toBe(0);
  });

  it("a card and saldo a favor pay products whole; a refund gives them back, not the drawer's money", async () => {
    const buyer = await customerLogin(t, "Con Saldo");
    const granted = await call("POST", `/gift-cards/admin/customers/${buyer.customer_id}/credit`, owner, {
      amount: 100,
      note: "Cortesía",
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const { code, gift_card } = (await sellCard(desk, 1000)).json();
    const res = await call("POST", "/retail/sales", desk, {
      customer_id: buyer.customer_id,
      location_id: roma,
      payment: "card",
      lines: [{ variant_id: socks, quantity: 2 }],
      gift_card_code: code,
      gift_card_amount: 200,
      credit_amount: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total: 300,
      paid_by_gift_card: 200,
      paid_by_credit: 100,
      collected: 0,
    });
    const credit = async () =>
      (await call("GET", `/gift-cards/admin/customers/${buyer.customer_id}/credit`, desk)).json().balance;
    expect(await credit()).toBe(0);
    const sale = (
      await t.app.db.select().from(retail_sales).where(eq(retail_sales.sale_id, res.json().sale_id))
    )[0]!;
    expect(sale.balance_cents).toBe(30_000);
    const listed = (
      await call("GET", `/retail/sales?location_id=${roma}&from=${today()}&to=${today()}`, desk)
    )
      .json()
      .sales.find((s: { sale_id: number }) => s.sale_id === sale.sale_id);
    expect(listed).toMatchObject({
      customer_id: buyer.customer_id,
      location_id: roma,
      paid_by_gift_card: 200,
      paid_by_credit: 100,
      collected: 0,
      status: "paid",
    });
    const line = listed.lines[0];
    const before = await drawer();
    // One unit (150) back: the drawer took nothing, so the saldo a favor gets its 100, the card 50.
    const one = await call("POST", `/retail/sales/${sale.sale_id}/refund`, owner, {
      lines: [{ line_id: line.line_id, quantity: 1 }],
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      amount: 150,
      to_credit: 100,
      to_gift_card: 50,
      sale: { status: "partly_refunded", refunded_to_credit: 100, refunded_to_gift_card: 50 },
    });
    expect(await credit()).toBe(100);
    expect((await cardRow(gift_card.gift_card_id)).balance).toBe("850.00");
    const two = await call("POST", `/retail/sales/${sale.sale_id}/refund`, owner, {
      lines: [{ line_id: line.line_id, quantity: 1 }],
    });
    expect(two.json()).toMatchObject({
      amount: 150,
      to_credit: 0,
      to_gift_card: 150,
      sale: { status: "refunded" },
    });
    expect((await cardRow(gift_card.gift_card_id)).balance).toBe("1000.00");
    // Nothing left the drawer: the cash close shows no refund line for it.
    const after = await drawer();
    expect(after.expected_cash).toBe(before.expected_cash);
    expect(after.totals.card).toBe(before.totals.card);
    const more = await call("POST", `/retail/sales/${sale.sale_id}/refund`, owner, {
      lines: [{ line_id: line.line_id, quantity: 1 }],
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe("RETAIL_REFUND_INVALID");
  });

  it("a sale saldo paid part of: the drawer hands back its cash first, then the saldo", async () => {
    const buyer = await customerLogin(t, "Medio Saldo");
    await call("POST", `/gift-cards/admin/customers/${buyer.customer_id}/credit`, owner, {
      amount: 100,
      note: "Cortesía",
    });
    const res = await call("POST", "/retail/sales", desk, {
      customer_id: buyer.customer_id,
      location_id: roma,
      payment: "cash",
      lines: [{ variant_id: socks, quantity: 2 }],
      credit_amount: 100,
    });
    expect(res.json()).toMatchObject({ total: 300, paid_by_credit: 100, collected: 200 });
    const sale = (await call("GET", `/retail/sales?location_id=${roma}`, desk))
      .json()
      .sales.find((s: { sale_id: number }) => s.sale_id === res.json().sale_id);
    const before = await drawer();
    const back = await call("POST", `/retail/sales/${sale.sale_id}/refund`, owner, {
      lines: [{ line_id: sale.lines[0].line_id, quantity: 2 }],
    });
    expect(back.json()).toMatchObject({ amount: 300, to_credit: 100, to_gift_card: 0 });
    expect((await drawer()).expected_cash).toBe(before.expected_cash - 200);
    const credit = await call("GET", `/gift-cards/admin/customers/${buyer.customer_id}/credit`, desk);
    expect(credit.json().balance).toBe(100);
    expect(credit.json().movements[0]).toMatchObject({ kind: "desk_refund", amount: 100 });
    // The list filters: another location, or a day without sales, shows none of it.
    const elsewhere = (await call("GET", `/retail/sales?location_id=${roma + 999}`, desk)).json().sales;
    expect(elsewhere).toEqual([]);
    const longAgo = (await call("GET", "/retail/sales?from=2020-01-01&to=2020-01-02", desk)).json().sales;
    expect(longAgo).toEqual([]);
    const bad = await call("GET", "/retail/sales?from=ayer", desk);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/AAAA-MM-DD|fecha/);
  });

  it("bad tender is a Spanish 4xx and writes nothing", async () => {
    const ana = await customerLogin(t, "Ana Saldo");
    const beto = await customerLogin(t, "Beto Sin Saldo");
    await call("POST", `/gift-cards/admin/customers/${ana.customer_id}/credit`, owner, {
      amount: 200,
      note: "Cortesía",
    });
    const { code } = (await sellCard(desk, 200)).json();
    const sale = (extra: object) =>
      call("POST", "/retail/sales", desk, {
        location_id: roma,
        payment: "cash",
        lines: [{ variant_id: socks, quantity: 2 }],
        ...extra,
      });
    const salesBefore = (await t.app.db.select().from(retail_sales)).length;
    const cases: [object, number, string][] = [
      [{ gift_card_code: "ABCD-EFGH-JKMN-PQRS" }, 404, "GIFT_CARD_INVALID"],
      [{ gift_card_code: code, gift_card_amount: 250 }, 412, "GIFT_CARD_BALANCE_SHORT"],
      [
        { gift_card_code: code, gift_card_amount: 200, credit_amount: 150, customer_id: ana.customer_id },
        400,
        "COUNTER_TENDER_INVALID",
      ],
      [{ gift_card_amount: 50 }, 400, "COUNTER_TENDER_INVALID"],
      [{ credit_amount: 50 }, 400, "RETAIL_CUSTOMER_REQUIRED"],
      // Ana's saldo cannot pay Beto's sale: the saldo is the sale's customer's.
      [{ credit_amount: 50, customer_id: beto.customer_id }, 412, "CREDIT_INSUFFICIENT"],
    ];
    for (const [extra, status, errorCode] of cases) {
      const res = await sale(extra);
      expect(res.statusCode, `${JSON.stringify(extra)} ${res.body}`).toBe(status);
      expect(res.json().code).toBe(errorCode);
      expect(res.json().message).toMatch(/[áéíóúñ]|[a-z] [a-z]/);
    }
    expect((await sale({ gift_card_code: code, gift_card_amount: 250 })).json().message).toBe(
      "La tarjeta de regalo solo tiene $200.00 MXN de saldo.",
    );
    expect((await t.app.db.select().from(retail_sales)).length).toBe(salesBefore);
    const credit = await call("GET", `/gift-cards/admin/customers/${ana.customer_id}/credit`, desk);
    expect(credit.json().balance).toBe(200);
    // Spent whole, the card is refused as spent.
    expect((await sale({ gift_card_code: code })).statusCode).toBe(200);
    const spent = await sale({ gift_card_code: code });
    expect(spent.statusCode).toBe(412);
    expect(spent.json()).toMatchObject({ code: "GIFT_CARD_SPENT", message: messages.giftCardSpent });
  });

  it("20 counter sales at once spend one card's balance exactly once", async () => {
    const { code, gift_card } = (await sellCard(desk, 1000)).json();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("POST", "/retail/sales", desk, {
          location_id: roma,
          payment: "cash",
          lines: [{ variant_id: socks, quantity: 1 }],
          gift_card_code: code,
          gift_card_amount: 150,
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    // 6 × 150 = 900; the seventh asks 150 of the 100 left and is refused whole.
    expect(ok).toHaveLength(6);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 412)).toBe(true);
    expect((await cardRow(gift_card.gift_card_id)).balance).toBe("100.00");
    const lines = await t.app.db
      .select()
      .from(balance_movements)
      .where(eq(balance_movements.gift_card_id, gift_card.gift_card_id));
    expect(lines.filter((l) => l.kind === "desk_spend")).toHaveLength(6);
    expect(new Set(lines.map((l) => l.retail_sale_id).filter(Boolean)).size).toBe(6);
  }, 120_000);
});
