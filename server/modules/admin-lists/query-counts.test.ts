import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";
import { DAY, makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { type Shop, seedShop } from "../../test/commerce";

/**
 * The admin lists join in SQL: a page of 25 rows costs the same statements as a page of one
 * (no query per row), and the statements are few (the session, the page, its count or totals).
 */
let t: TestApp;
let studio: Studio;
let shop: Shop;
let admin: { headers: Record<string, string> };
let counting = false;
let statements = 0;

beforeAll(async () => {
  t = await buildTestApp({}, { onQuery: () => void (counting && statements++) });
  studio = await makeStudio(t.app);
  shop = await seedShop(t);
  admin = await t.signUp({ role: "admin" });
});
afterAll(() => t.close());

const LISTS = [
  "/api/admin/lists/classes",
  "/api/admin/lists/reservations?query=cliente",
  "/api/admin/lists/purchases?query=cliente",
  "/api/admin/lists/invoices",
  "/api/admin/lists/waitlists?status=active",
];

/**
 * The statements of one answer, with the caches the request may use warm: the fewest of three
 * answers in a row. On a loaded machine a second can pass between two requests, and a remembered
 * session or class card read again adds statements that have nothing to do with the rows; a query
 * per row would show in all three.
 */
async function statementsFor(url: string) {
  await t.app.inject({ url, headers: admin.headers });
  let fewest = Number.POSITIVE_INFINITY;
  let rows = 0;
  for (let i = 0; i < 3; i++) {
    statements = 0;
    counting = true;
    const response = await t.app.inject({ url, headers: admin.headers });
    counting = false;
    expect(response.statusCode, response.body).toBe(200);
    fewest = Math.min(fewest, statements);
    rows = (response.json().rows as unknown[]).length;
  }
  return { statements: fewest, rows };
}

/** One more class with a seat, a waitlist entry, and a purchase with its charge. */
async function addRowToEveryList(i: number) {
  const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + DAY + i * 60_000), capacity: 1 });
  const seat = await makeCustomer(t);
  const waiting = await makeCustomer(t);
  await t.app.db
    .insert(class_reservations)
    .values({ single_class_id: klass.single_class_id, customer_id: seat.customerId, paid_with: "admin" });
  await t.app.db
    .insert(waitlists)
    .values({ single_class_id: klass.single_class_id, customer_id: waiting.customerId });
  const [purchase] = await t.app.db
    .insert(purchases)
    .values({
      customer_id: seat.customerId,
      class_package_id: shop.packages.five.class_package_id,
      title: "5 Clases",
      amount: "750.00",
      total_payment: "750.00",
      provider: "cash",
    })
    .returning();
  await t.app.db
    .insert(invoices)
    .values({ purchase_id: purchase!.purchase_id, customer_id: seat.customerId, total_payment: "750.00" });
}

describe("admin lists do not query once per row", () => {
  it("answers one row and twelve rows with the same few statements", async () => {
    await addRowToEveryList(0);
    const few = [];
    for (const url of LISTS) {
      const measured = await statementsFor(url);
      expect(measured.rows, url).toBe(1);
      few.push(measured.statements);
    }
    for (let i = 1; i < 12; i++) await addRowToEveryList(i);
    for (const [index, url] of LISTS.entries()) {
      const measured = await statementsFor(url);
      expect(measured.rows, url).toBe(12);
      expect(measured.statements, url).toBe(few[index]);
      expect(measured.statements, url).toBeLessThanOrEqual(4);
    }
  });
});
