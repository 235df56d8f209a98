import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balance_movements, gift_cards } from "../../db/schema/balances";
import { customers } from "../../db/schema/customers";
import { email_outbox } from "../../db/schema/mail";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, buyWithCard, customerLogin, newKey, token } from "../../test/commerce";
import { testDriver } from "../../test/test-driver";
import { deliverDueGiftCards } from "./gift-cards.service";

// Runs on PostgreSQL too: 50 spenders of one balance at once on the pool's many connections (decision 0061).

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  // The race checks who wins, not capacity: on a loaded CI machine (four suites on two cores) one of
  // the 50 redemptions waited over the pool's 5 s for a connection and answered 503, as the
  // reservations' race did (reservations/concurrency.test.ts).
  t = await buildTestApp({}, { acquireTimeoutMs: 60_000 });
  admin = (await t.signUp({ role: "admin" })).headers;
});
afterAll(() => t.close());

const sellAtDesk = async (amount: number, extra: object = {}) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/gift-cards/admin",
    headers: admin,
    payload: {
      amount,
      buyer_name: "Mostrador",
      recipient_name: "Luz",
      payment: "cash",
      idempotency_key: newKey(),
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { code: string; gift_card: { gift_card_id: number; balance: number } };
};

const movementsOf = (giftCardId: number) =>
  t.app.db.select().from(balance_movements).where(eq(balance_movements.gift_card_id, giftCardId));
const sumCents = (rows: { amount: string }[]) =>
  rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);

describe(`gift cards (${testDriver()})`, () => {
  it("50 checkouts at once spend one card's balance exactly: 3 in full, 1 in part, the rest refused", async () => {
    const pkg = await addPackage(t, { title: "Clase 300", price: "300.00", class_amount: 1 });
    const { code, gift_card } = await sellAtDesk(1000);
    const buyer = await customerLogin(t, "Carrera");
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/checkout/attempt",
          headers: buyer.headers,
          payload: {
            class_package_id: pkg.class_package_id,
            idempotency_key: newKey(),
            gift_card_code: code,
          },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json());
    expect(ok.filter((b) => b.completed)).toHaveLength(3);
    const partial = ok.filter((b) => !b.completed);
    expect(partial).toHaveLength(1);
    expect(partial[0].total).toBe(200);
    const refused = results.filter((r) => r.statusCode === 412);
    expect(refused).toHaveLength(46);
    expect(refused.every((r) => r.json().code === "GIFT_CARD_SPENT")).toBe(true);
    const moves = await movementsOf(gift_card.gift_card_id);
    expect(sumCents(moves)).toBe(0); // issued 1000, spent 1000
    const [card] = await t.app.db
      .select()
      .from(gift_cards)
      .where(eq(gift_cards.gift_card_id, gift_card.gift_card_id));
    expect(card!.balance).toBe("0.00");
  }, 120_000);

  it("50 desk redemptions at once never take more than the balance", async () => {
    const { code, gift_card } = await sellAtDesk(1000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/gift-cards/admin/redeem",
          headers: admin,
          payload: { code, amount: 30 },
        }),
      ),
    );
    const spent = results
      .filter((r) => r.statusCode === 200)
      .reduce((s, r) => s + Math.round(r.json().spent * 100), 0);
    expect(spent).toBe(100_000);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(34); // 33 × $30 and the last $10
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 412)).toBe(true);
    expect(sumCents(await movementsOf(gift_card.gift_card_id))).toBe(0);
  }, 120_000);

  it("bought online for someone: emailed on its date, spent in part online and the rest at the desk", async () => {
    const buyer = await customerLogin(t, "Regala");
    const bought = await t.app.inject({
      method: "POST",
      url: "/api/gift-cards",
      headers: buyer.headers,
      payload: {
        amount: 500,
        recipient_name: "Mamá",
        recipient_email: "mama@example.com",
        message: "Feliz día",
        deliver_on: "2099-05-10",
        idempotency_key: newKey(),
        payment_method: token("4242424242424242"),
      },
    });
    // A date more than a year ahead is refused in Spanish, nothing charged or written.
    expect(bought.statusCode).toBe(400);
    expect(bought.json().code).toBe("GIFT_CARD_DELIVERY_INVALID");
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/gift-cards",
      headers: buyer.headers,
      payload: {
        amount: 500,
        recipient_name: "Mamá",
        recipient_email: "mama@example.com",
        message: "Feliz día",
        deliver_on: tomorrow,
        idempotency_key: newKey(),
        payment_method: token("4242424242424242"),
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { code, gift_card } = ok.json();
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(gift_card.code).toBe(`••••-••••-••••-${code.slice(-4)}`);
    const mailTo = () => t.app.db.select().from(email_outbox).where(eq(email_outbox.to, "mama@example.com"));
    expect(await mailTo()).toHaveLength(0);
    expect(await deliverDueGiftCards(t.app, new Date(Date.now() + 3 * 86_400_000))).toBe(1);
    expect(await deliverDueGiftCards(t.app, new Date(Date.now() + 3 * 86_400_000))).toBe(0);
    const mails = await mailTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("$500.00");

    // The recipient pays a $300 package with it, then the desk takes the remaining $200.
    const pkg = await addPackage(t, { title: "Paquete 300", price: "300.00", class_amount: 3 });
    const mama = await customerLogin(t, "Mamá");
    const paid = await buyWithCard(t, mama.headers, pkg.class_package_id);
    expect(paid.attempt.statusCode).toBe(200);
    const attempt = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers: mama.headers,
      payload: {
        class_package_id: pkg.class_package_id,
        idempotency_key: newKey(),
        gift_card_code: code.toLowerCase(),
      },
    });
    expect(attempt.json()).toMatchObject({ completed: true, total: 0 });
    const check = await t.app.inject({ method: "GET", url: `/api/gift-cards/balance?code=${code}` });
    expect(check.json()).toMatchObject({ balance: 200, status: "active", status_label: "Vigente" });
    const desk = await t.app.inject({
      method: "POST",
      url: "/api/gift-cards/admin/redeem",
      headers: admin,
      payload: { code, amount: 250 },
    });
    expect(desk.json()).toMatchObject({ spent: 200, balance: 0 });
    const after = await t.app.inject({ method: "GET", url: `/api/gift-cards/balance?code=${code}` });
    expect(after.json()).toMatchObject({ balance: 0, status: "spent" });
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/gift-cards/admin/${gift_card.gift_card_id}`,
      headers: admin,
    });
    expect(detail.json().movements.map((m: { kind: string }) => m.kind)).toEqual([
      "desk_spend",
      "spend",
      "issue",
    ]);
    // Partly spent: no refund to the buyer.
    const refund = await t.app.inject({
      method: "POST",
      url: `/api/gift-cards/admin/${gift_card.gift_card_id}/refund`,
      headers: admin,
      payload: {},
    });
    expect(refund.statusCode).toBe(409);
  });

  it("a wrong code is a Spanish 404; the list and CSV show balance, expiry and status", async () => {
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/gift-cards/balance?code=AAAA-BBBB-CCCC-DDDD",
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toMatch(/no existe/);
    const list = await t.app.inject({ method: "GET", url: "/api/gift-cards/admin", headers: admin });
    expect(list.json().total).toBeGreaterThan(0);
    const csv = await t.app.inject({ method: "GET", url: "/api/gift-cards/admin/csv", headers: admin });
    expect(csv.body).toContain("Código,Estado,Monto,Saldo,Vence");
  });

  it("an unused card is refunded to its buyer; then it cannot be spent", async () => {
    const { code, gift_card } = await sellAtDesk(300);
    const refund = await t.app.inject({
      method: "POST",
      url: `/api/gift-cards/admin/${gift_card.gift_card_id}/refund`,
      headers: admin,
      payload: {},
    });
    expect(refund.json().gift_card).toMatchObject({ status: "refunded", balance: 0 });
    const spend = await t.app.inject({
      method: "POST",
      url: "/api/gift-cards/admin/redeem",
      headers: admin,
      payload: { code, amount: 10 },
    });
    expect(spend.statusCode).toBe(404);
  });
});

describe(`account credit (${testDriver()})`, () => {
  it("a refund to credit becomes saldo a favor that pays a purchase in full; a declined card gives it back", async () => {
    const pkg = await addPackage(t, { title: "Paquete 400", price: "400.00", class_amount: 4 });
    const cheap = await addPackage(t, { title: "Clase 150", price: "150.00", class_amount: 1 });
    const c = await customerLogin(t, "Saldo");
    const paid = await buyWithCard(t, c.headers, pkg.class_package_id);
    const purchaseId = paid.attempt.json().purchase_id;
    const refund = await t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${purchaseId}/refund`,
      headers: admin,
      payload: { amount: 250, idempotency_key: newKey(), to_credit: true, reason: "Cambio de plan" },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const mine = await t.app.inject({ method: "GET", url: "/api/gift-cards/me", headers: c.headers });
    expect(mine.json()).toMatchObject({
      balance: 250,
      movements: [{ kind: "refund_to_credit", amount: 250 }],
    });

    const full = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers: c.headers,
      payload: { class_package_id: cheap.class_package_id, idempotency_key: newKey(), use_credit: true },
    });
    expect(full.json()).toMatchObject({ completed: true, total: 0 });

    // $100 left: a $400 package takes it and charges $300; the card is declined and the $100 comes back.
    const part = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers: c.headers,
      payload: { class_package_id: pkg.class_package_id, idempotency_key: newKey(), use_credit: true },
    });
    expect(part.json()).toMatchObject({ completed: false, total: 300 });
    const declined = await t.app.inject({
      method: "POST",
      url: "/api/checkout/confirm",
      headers: c.headers,
      payload: {
        purchase_id: part.json().purchase_id,
        client_secret: part.json().clientSecret,
        payment_method: token("4000000000000002"),
      },
    });
    expect(declined.statusCode).toBe(402);
    const staff = await t.app.inject({
      method: "GET",
      url: `/api/gift-cards/admin/customers/${c.customer_id}/credit`,
      headers: admin,
    });
    expect(staff.json().balance).toBe(100);
    expect(staff.json().movements.map((m: { kind: string }) => m.kind)).toEqual([
      "release",
      "spend",
      "spend",
      "refund_to_credit",
    ]);

    // Never below zero: a correction larger than the balance is refused and changes nothing.
    const adjust = await t.app.inject({
      method: "POST",
      url: `/api/gift-cards/admin/customers/${c.customer_id}/credit`,
      headers: admin,
      payload: { amount: -150, note: "Error" },
    });
    expect(adjust.statusCode).toBe(412);
  });
});

describe(`referrals (${testDriver()})`, () => {
  it("a referred customer's first paid purchase rewards both once; a second account of the same mailbox earns nothing", async () => {
    await t.app.appConfig.update([
      { key: "referral_reward_kind", value: "credit" },
      { key: "referral_reward_amount", value: 80 },
    ]);
    const pkg = await addPackage(t, { title: "Clase 200", price: "200.00", class_amount: 1 });
    const ana = await customerLogin(t, "Ana");
    const mine = await t.app.inject({ method: "GET", url: "/api/referidos/me", headers: ana.headers });
    const { code, link } = mine.json();
    expect(link).toContain(`ref=${code}`);
    const self = await t.app.inject({
      method: "POST",
      url: "/api/referidos/me",
      headers: ana.headers,
      payload: { code },
    });
    expect(self.statusCode).toBe(404);

    const beto = await customerLogin(t, "Beto");
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/referidos/me",
          headers: beto.headers,
          payload: { code },
        })
      ).statusCode,
    ).toBe(200);
    await buyWithCard(t, beto.headers, pkg.class_package_id);
    await buyWithCard(t, beto.headers, pkg.class_package_id);
    const credit = async (h: Record<string, string>) =>
      (await t.app.inject({ method: "GET", url: "/api/gift-cards/me", headers: h })).json().balance;
    expect(await credit(ana.headers)).toBe(80);
    expect(await credit(beto.headers)).toBe(80);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/referidos/me",
      headers: beto.headers,
      payload: { code },
    });
    expect(again.statusCode).toBe(409);

    // Ana's own mailbox with a "+" tag: a second account of hers.
    const twin = await customerLogin(t, "Ana Dos");
    const [local, domain] = ana.email.split("@");
    await t.app.db
      .update(customers)
      .set({ email: `${local}+dos@${domain}` })
      .where(eq(customers.customer_id, twin.customer_id));
    await t.app.inject({
      method: "POST",
      url: "/api/referidos/me",
      headers: twin.headers,
      payload: { code },
    });
    await buyWithCard(t, twin.headers, pkg.class_package_id);
    expect(await credit(ana.headers)).toBe(80);
    const list = (
      await t.app.inject({ method: "GET", url: "/api/referidos/me", headers: ana.headers })
    ).json();
    expect(list.referrals.map((r: { status: string }) => r.status).sort()).toEqual(["refused", "rewarded"]);
  });
});
