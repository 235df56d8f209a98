import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { class_reservations } from "../db/schema/reservations";
import { DAY, makeClass, makeCustomer, makeStudio, type Studio } from "../test/booking";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { buyWithCard, customerLogin, type Shop, seedShop } from "../test/commerce";

/**
 * No N+1 on list endpoints: a list answers with the same number of SQL statements whether it
 * holds a few rows or many. Each case measures one request, grows the data, and measures again.
 * (bench/explain.ts shows the same on the large data set, with plans.)
 */
let t: TestApp;
let studio: Studio;
let shop: Shop;
let counting = false;
let statements = 0;

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      onQuery: () => {
        if (counting) statements++;
      },
    },
  );
  studio = await makeStudio(t.app);
  shop = await seedShop(t);
});
afterAll(() => t.close());

/**
 * The statements of one answer: the fewest of three in a row, each after the shared caches are
 * emptied. On a loaded machine a second can pass between two requests, and a remembered session
 * read again adds statements that have nothing to do with the rows (server/modules/admin-lists/
 * query-counts.test.ts does the same); a query per row would show in all three.
 */
async function statementsFor(url: string, headers: Record<string, string>): Promise<number> {
  // One warm-up so caches (session, app config, schedule) are the same in both measurements.
  await t.app.inject({ url, headers });
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    t.app.readCache.clear();
    t.app.viewerCache.clear();
    statements = 0;
    counting = true;
    const response = await t.app.inject({ url, headers });
    counting = false;
    expect(response.statusCode, response.body).toBe(200);
    expect(statements, "the observer saw the request's statements").toBeGreaterThan(0);
    fewest = Math.min(fewest, statements);
  }
  return fewest;
}

async function seatIn(customerId: number, dayOffset: number) {
  const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + dayOffset * DAY + 3_600_000) });
  await t.app.db
    .insert(class_reservations)
    .values({ single_class_id: klass.single_class_id, customer_id: customerId, paid_with: "admin" });
}

describe("list endpoints do not query once per row", () => {
  it("Mis Reservaciones and the calendar week", async () => {
    const me = await makeCustomer(t);
    await seatIn(me.customerId, 1);
    const week = `/api/single_class?start_date=${new Date().toISOString().slice(0, 10)}`;
    const fewList = await statementsFor("/api/class_reservations", me.headers);
    const fewWeek = await statementsFor(week, me.headers);
    for (let i = 0; i < 8; i++) await seatIn(me.customerId, 1 + (i % 5));
    expect(await statementsFor("/api/class_reservations", me.headers)).toBe(fewList);
    expect(await statementsFor(week, me.headers)).toBe(fewWeek);
  });

  it("Mis Compras and Mis Cargos", async () => {
    const { headers } = await customerLogin(t);
    await buyWithCard(t, headers, shop.packages.reformer4.class_package_id);
    const fewPurchases = await statementsFor("/api/purchases", headers);
    const fewInvoices = await statementsFor("/api/invoices", headers);
    for (let i = 0; i < 4; i++) await buyWithCard(t, headers, shop.packages.reformer4.class_package_id);
    expect(await statementsFor("/api/purchases", headers)).toBe(fewPurchases);
    expect(await statementsFor("/api/invoices", headers)).toBe(fewInvoices);
  });
});
