import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { available_classes } from "../../db/schema/credits";
import { payment_sources } from "../../db/schema/payments";
import { invoices, purchases } from "../../db/schema/purchases";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { customerLogin, newKey, type Shop, seedShop } from "../../test/commerce";

let t: TestApp;
let shop: Shop;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await seedShop(t);
});
afterAll(() => t.close());

async function session(classPackageId: number) {
  const login = await customerLogin(t);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/checkout/attempt",
    headers: login.headers,
    payload: { class_package_id: classPackageId, idempotency_key: newKey(), mode: "session" },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const url = new URL(body.session.url);
  return { ...login, purchase_id: body.purchase_id as number, path: `${url.pathname}${url.search}` };
}
const pay = (path: string, card: { number: string; exp?: string }) => {
  const [pathname, search] = path.split("?");
  return t.app.inject({
    method: "POST",
    url: `${pathname}/pay?${search}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ number: card.number, exp: card.exp ?? "12/2099", cvc: "123" }).toString(),
  });
};
const creditsOf = (id: number) =>
  t.app.db.select().from(available_classes).where(eq(available_classes.purchase_id, id));

describe("sandbox hosted session", () => {
  it("serves a script-free payment page with the amount, under the strict CSP", async () => {
    const s = await session(shop.packages.five.class_package_id);
    const page = await t.app.inject({ method: "GET", url: s.path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.body).toContain("5 Clases");
    expect(page.body).toMatch(/\$750\.00/);
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain(`/pay?`);
  });

  it("a declined test card shows the decline's message and keeps the purchase payable", async () => {
    const s = await session(shop.packages.five.class_package_id);
    const res = await pay(s.path, { number: "4000000000009995" });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain(messages.cardInsufficientFunds);
    const [row] = await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, s.purchase_id));
    expect(row!.status).toBe("pending");
    const ok = await pay(s.path, { number: "4242 4242 4242 4242" });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toMatch(new RegExp(`/gracias/${s.purchase_id}$`));
    expect(await creditsOf(s.purchase_id)).toHaveLength(1);
  });

  it("paying twice (a resubmitted form) grants once; a subscription keeps the card for renewals", async () => {
    const s = await session(shop.packages.unlimited.class_package_id);
    const [a, b] = await Promise.all([
      pay(s.path, { number: "4242424242424242" }),
      pay(s.path, { number: "4242424242424242" }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([303, 303]);
    const [row] = await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, s.purchase_id));
    expect(row!.status).toBe("active");
    const cards = await t.app.db
      .select()
      .from(payment_sources)
      .where(eq(payment_sources.customer_id, s.customer_id));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ provider: "sandbox", last_digits: "4242" });
    // The charge keeps the card's last 4 digits for the receipt (decision 0051).
    const [charge] = await t.app.db.select().from(invoices).where(eq(invoices.purchase_id, s.purchase_id));
    expect(charge).toMatchObject({ status: "paid", card_last4: "4242" });
  });

  it("a tampered link (another amount or purchase) is refused with 404", async () => {
    const s = await session(shop.packages.five.class_package_id);
    const cheaper = s.path.replace(/amount=\d+/, "amount=100");
    expect((await t.app.inject({ method: "GET", url: cheaper })).statusCode).toBe(404);
    expect((await pay(cheaper, { number: "4242424242424242" })).statusCode).toBe(404);
    const other = s.path.replace(/purchase_id=\d+/, "purchase_id=1");
    expect((await pay(other, { number: "4242424242424242" })).statusCode).toBe(404);
    expect(await creditsOf(s.purchase_id)).toHaveLength(0);
  });
});
