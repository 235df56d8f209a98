import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { customerLogin, newKey, type Shop, seedShop } from "../../test/commerce";
import { sellAtDesk } from "../admin-customers/admin-customers.service";
import { confirmCashPurchaseAudited } from "../purchases/cash-confirmation";
import { refundDeps } from "../purchases/refund-app";
import { refundPurchase } from "../purchases/refunds.service";
import { closeDay } from "./cash-close.service";

// The cash close (docs/product-rules.md#cash-close, decision 0063). Every movement is made with a
// fixed clock on 2026-03-10 (Mexico City, UTC-6) and read back through the routes.

const TZ = "America/Mexico_City";
const at = (iso: string) => new Date(iso);

let t: TestApp;
let shop: Shop;
let studio: Studio;
let owner: Awaited<ReturnType<TestApp["signUp"]>>;
let desk: Awaited<ReturnType<TestApp["signUp"]>>;
let manager: Awaited<ReturnType<TestApp["signUp"]>>;

const call = (method: "GET" | "POST", url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  shop = await seedShop(t);
  studio = await makeStudio(t.app);
  owner = await t.signUp({ role: "admin", name: "Olga Dueña" });
  desk = await t.signUp({ role: "front_desk", name: "Diana Recepción" });
  manager = await t.signUp({ role: "manager", name: "Mario Gerente" });
  const buyer = await customerLogin(t, "Carla");
  const roma = studio.roma.location_id;
  const polanco = studio.polanco.location_id;
  const five = shop.packages.five.class_package_id; // $750
  const sell = (
    who: { userId: string },
    payment: "cash" | "card" | "transfer",
    when: string,
    location = roma,
  ) =>
    sellAtDesk(
      t.app.db,
      TZ,
      { user_id: who.userId },
      buyer.customer_id,
      {
        class_package_id: five,
        payment,
        reference: payment === "cash" ? null : "482913",
        amount: 750,
        location_id: location,
      },
      at(when),
    );
  // The day before, one millisecond before its midnight: not the 10th.
  await sell(desk, "cash", "2026-03-10T05:59:59.999Z");
  // The 10th from its first millisecond to its last.
  const cashSale = await sell(desk, "cash", "2026-03-10T06:00:00.000Z");
  await sell(desk, "card", "2026-03-10T17:00:00.000Z");
  await sell(owner, "transfer", "2026-03-10T18:00:00.000Z");
  await sell(owner, "cash", "2026-03-11T05:59:59.999Z");
  // Another location the same day.
  await sell(desk, "cash", "2026-03-10T19:00:00.000Z", polanco);
  // The 11th, just after midnight.
  await sell(desk, "cash", "2026-03-11T06:00:00.000Z");
  // A cash order the customer placed, confirmed at the desk on the 10th.
  const order = await call("POST", "/api/checkout", buyer.headers, {
    class_package_id: five,
    payment_method_id: shop.methods.cash.payment_method_id,
    idempotency_key: newKey(),
  });
  expect(order.statusCode, order.body).toBe(200);
  const confirmed = await confirmCashPurchaseAudited(
    t.app.db,
    TZ,
    { user_id: manager.userId },
    order.json().purchase_id,
    at("2026-03-10T20:00:00.000Z"),
    roma,
  );
  expect(confirmed.granted).toBe(true);
  // $200 of the first cash sale handed back in cash by the manager on the 10th.
  await refundPurchase(
    await refundDeps(t.app),
    { user_id: manager.userId },
    {
      purchase_id: cashSale.purchase_id,
      amount: 200,
      reason: "Cambio de paquete",
      idempotency_key: newKey(),
      location_id: roma,
    },
    at("2026-03-10T21:00:00.000Z"),
  );
});
afterAll(() => t.close());

const day = (d: string, location = studio.roma.location_id, headers = desk.headers) =>
  call("GET", `/api/corte-de-caja?location_id=${location}&day=${d}`, headers);

describe("GET /api/corte-de-caja", () => {
  it("counts a location's day per staff member and method: cash, terminal, transfer, a cash order, a cash refund", async () => {
    const res = await day("2026-03-10");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.staff).toEqual([
      {
        staff_user_id: desk.userId,
        staff_name: "Diana Recepción",
        cash: 750,
        card: 750,
        transfer: 0,
        total: 1500,
      },
      {
        staff_user_id: manager.userId,
        staff_name: "Mario Gerente",
        cash: 550,
        card: 0,
        transfer: 0,
        total: 550,
      },
      {
        staff_user_id: owner.userId,
        staff_name: "Olga Dueña",
        cash: 750,
        card: 0,
        transfer: 750,
        total: 1500,
      },
    ]);
    // 750 (00:00) + 750 (23:59:59.999) + 750 (cash order) − 200 (refund).
    expect(body.expected_cash).toBe(2050);
    expect(body.totals).toEqual({ cash: 2050, card: 750, transfer: 750, total: 3550 });
    expect(
      body.movements.map((m: { kind: string; method: string; amount: number }) => [
        m.kind,
        m.method,
        m.amount,
      ]),
    ).toEqual([
      ["sale", "cash", 750],
      ["sale", "card", 750],
      ["sale", "transfer", 750],
      ["order", "cash", 750],
      ["refund", "cash", -200],
      ["sale", "cash", 750],
    ]);
    expect(body.movements[1].reference).toBe("482913");
    expect(body.close).toBeNull();
    expect(body.can_reopen).toBe(false);
  });

  it.each([
    ["the day before (its last millisecond)", "2026-03-09", "roma", 750],
    ["the day after (its first millisecond)", "2026-03-11", "roma", 750],
    ["another location the same day", "2026-03-10", "polanco", 750],
    ["a day with nothing", "2026-03-12", "roma", 0],
  ] as const)("%s", async (_, d, where, cash) => {
    const res = await day(d, studio[where].location_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().expected_cash).toBe(cash);
  });

  it("answers Spanish 4xx for a bad day, a future day, an unknown location; 403 to a customer and a coach", async () => {
    for (const bad of ["2026-13-01", "ayer", "2999-01-01"]) {
      const res = await day(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        code: "CASH_CLOSE_DAY_INVALID",
        message: messages.cashCloseDayInvalid,
      });
    }
    const missing = await day("2026-03-10", 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.locationNotFound);
    const customer = await customerLogin(t, "Curiosa");
    expect((await day("2026-03-10", studio.roma.location_id, customer.headers)).statusCode).toBe(403);
    const coach = await t.signUp({ role: "coach" });
    expect((await day("2026-03-10", studio.roma.location_id, coach.headers)).statusCode).toBe(403);
  });
});

describe("closing and reopening a day", () => {
  const close = (payload: object, headers = desk.headers) =>
    call("POST", "/api/corte-de-caja", headers, payload);

  it("refuses a negative or sub-centavo count and an unknown location, and writes nothing", async () => {
    for (const counted_cash of [-1, 10.005]) {
      const res = await close({ location_id: studio.roma.location_id, day: "2026-03-10", counted_cash });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "CASH_CLOSE_AMOUNT_INVALID",
        message: messages.cashCloseAmountInvalid,
      });
    }
    const text = await close({
      location_id: studio.roma.location_id,
      day: "2026-03-10",
      counted_cash: "mucho",
    });
    expect(text.statusCode).toBe(400);
    expect((await close({ location_id: 999_999, day: "2026-03-10", counted_cash: 1 })).statusCode).toBe(404);
    expect((await day("2026-03-10")).json().close).toBeNull();
  });

  it("records expected, counted and difference once, audited; a second close is 409; the desk cannot reopen; a manager reopens with a reason and the day closes again", async () => {
    const first = await close({
      location_id: studio.roma.location_id,
      day: "2026-03-10",
      counted_cash: 2000,
      note: "Faltan 50",
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(messages.cashClosed);
    const record = first.json().close;
    expect(record).toMatchObject({
      day: "2026-03-10",
      location_name: "Roma",
      expected_cash: 2050,
      counted_cash: 2000,
      difference: -50,
      card: 750,
      transfer: 750,
      note: "Faltan 50",
      closed_by_name: "Diana Recepción",
      reopened_at: null,
    });
    expect((await day("2026-03-10")).json().close).toMatchObject({ cash_close_id: record.cash_close_id });

    const again = await close({
      location_id: studio.roma.location_id,
      day: "2026-03-10",
      counted_cash: 2050,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "CASH_CLOSE_ALREADY_CLOSED",
      message: messages.cashCloseAlreadyClosed,
    });

    const reopen = (payload: object, headers: Record<string, string>, id = record.cash_close_id) =>
      call("POST", `/api/corte-de-caja/${id}/reopen`, headers, payload);
    expect((await reopen({ reason: "Recontar el cajón" }, desk.headers)).statusCode).toBe(403);
    const noReason = await reopen({ reason: " no " }, manager.headers);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(messages.cashCloseReopenReason);
    expect((await reopen({ reason: "Recontar el cajón" }, manager.headers, 999_999)).statusCode).toBe(404);
    const reopened = await reopen({ reason: "Recontar el cajón" }, manager.headers);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().close).toMatchObject({
      reopened_by_name: "Mario Gerente",
      reopen_reason: "Recontar el cajón",
    });
    expect((await reopen({ reason: "Recontar el cajón" }, owner.headers)).json().code).toBe(
      "CASH_CLOSE_ALREADY_REOPENED",
    );
    expect((await day("2026-03-10", studio.roma.location_id, manager.headers)).json()).toMatchObject({
      close: null,
      can_reopen: true,
    });

    const second = await close({
      location_id: studio.roma.location_id,
      day: "2026-03-10",
      counted_cash: 2050,
    });
    expect(second.json().close).toMatchObject({ expected_cash: 2050, counted_cash: 2050, difference: 0 });

    const history = await call(
      "GET",
      `/api/corte-de-caja/historial?location_id=${studio.roma.location_id}`,
      desk.headers,
    );
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .closes.map((c: { counted_cash: number; reopen_reason: string | null }) => [
          c.counted_cash,
          c.reopen_reason,
        ]),
    ).toEqual([
      [2050, null],
      [2000, "Recontar el cajón"],
    ]);

    const entries = await t.app.db.select().from(audit_log).where(eq(audit_log.entity, "cash_close"));
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ["cash_close.close", desk.userId],
      ["cash_close.reopen", manager.userId],
      ["cash_close.close", desk.userId],
    ]);
    expect(entries[0]!.details).toMatchObject({
      expected_cash: 2050,
      counted_cash: 2000,
      difference: -50,
      day: "2026-03-10",
    });
  });
});

describe("a movement after the close (decision 0068)", () => {
  it("is taken, and shows the close as descuadrado with what moved, until a reopen and a new count", async () => {
    const buyer = await customerLogin(t, "Tardía");
    const roma = studio.roma.location_id;
    // The day closed again on its own evening (the clock fixed at 21:00 of the 10th).
    const standing = (await day("2026-03-10")).json().close;
    await call("POST", `/api/corte-de-caja/${standing.cash_close_id}/reopen`, owner.headers, {
      reason: "Cerrar a su hora",
    });
    await closeDay(
      t.app.db,
      TZ,
      { user_id: desk.userId },
      { location_id: roma, day: "2026-03-10", counted_cash: 2050 },
      at("2026-03-11T03:00:00.000Z"),
    );
    const before = (await day("2026-03-10")).json();
    expect(before).toMatchObject({
      close_status: "vigente",
      since_close: { cash: 0, card: 0, transfer: 0 },
    });
    // A late cash sale and a terminal sale at Roma on the closed 10th.
    for (const payment of ["cash", "card"] as const)
      await sellAtDesk(
        t.app.db,
        TZ,
        { user_id: desk.userId },
        buyer.customer_id,
        {
          class_package_id: shop.packages.five.class_package_id,
          payment,
          reference: payment === "cash" ? null : "771100",
          amount: 750,
          location_id: roma,
        },
        at("2026-03-11T04:00:00.000Z"),
      );
    const after = (await day("2026-03-10")).json();
    expect(after.close).toMatchObject({ expected_cash: 2050, counted_cash: 2050 });
    expect(after).toMatchObject({
      expected_cash: 2800,
      close_status: "descuadrado",
      since_close: { cash: 750, card: 750, transfer: 0 },
    });
    // Polanco's drawer is another close: untouched.
    expect((await day("2026-03-10", studio.polanco.location_id)).json().close_status).toBeNull();

    const reopened = await call(
      "POST",
      `/api/corte-de-caja/${after.close.cash_close_id}/reopen`,
      owner.headers,
      {
        reason: "Venta tardía",
      },
    );
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await day("2026-03-10")).json()).toMatchObject({
      close: null,
      close_status: null,
      since_close: null,
    });
    const again = await call("POST", "/api/corte-de-caja", desk.headers, {
      location_id: roma,
      day: "2026-03-10",
      counted_cash: 2800,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await day("2026-03-10")).json()).toMatchObject({
      close_status: "vigente",
      since_close: { cash: 0, card: 0, transfer: 0 },
    });
  });
});
