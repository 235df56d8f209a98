import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import type { StripeFake } from "../../../test/doubles/payments/stripe-fake";
import { audit_log } from "../../db/schema/audit";
import { available_classes } from "../../db/schema/credits";
import { email_outbox } from "../../db/schema/mail";
import { payment_sources } from "../../db/schema/payments";
import { purchases } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import { customerLogin, newKey, type Shop, startStripeSuite, token } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";

/**
 * "Tarjeta guardada del cliente": the desk charges a package to a card the
 * customer saved in Mis Métodos de Pago (the sandbox processor), decision 0022's addendum.
 */
let t: TestApp;
let shop: Shop;
let admin: { headers: Record<string, string>; userId: string };
withShopApp((booted) => {
  ({ t, shop, admin } = booted);
});

type Customer = Awaited<ReturnType<typeof customerLogin>>;

/** The customer saves a card themselves, as Mis Métodos de Pago → Agregar does with the sandbox. */
async function saveCard(customer: Customer, number = "4242424242424242") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/metodosPago",
    headers: customer.headers,
    payload: { token_id: token(number) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().metodo_pago as { payment_source_id: number; last_digits: string };
}

const sell = (customerId: number, body: object, headers = admin.headers) =>
  t.app.inject({
    method: "POST",
    url: `/api/customer/admin/${customerId}/sell/saved-card`,
    headers,
    payload: { class_package_id: shop.packages.five.class_package_id, idempotency_key: newKey(), ...body },
  });

const purchasesOf = (customerId: number) =>
  t.app.db.select().from(purchases).where(eq(purchases.customer_id, customerId));
const creditsOf = (customerId: number) =>
  t.app.db.select().from(available_classes).where(eq(available_classes.customer_id, customerId));

describe("selling at the counter with the customer's saved card", () => {
  it("lists the customer's saved cards, charges one, grants the package, emails a receipt and audits it", async () => {
    const c = await customerLogin(t);
    const card = await saveCard(c);
    const cards = await t.app.inject({
      method: "GET",
      url: `/api/customer/admin/${c.customer_id}/cards`,
      headers: admin.headers,
    });
    expect(cards.json().tarjetas).toMatchObject([
      { payment_source_id: card.payment_source_id, card_type: "visa", last_digits: "4242" },
    ]);

    const key = newKey();
    const res = await sell(c.customer_id, {
      payment_source_id: card.payment_source_id,
      idempotency_key: key,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.deskCardCharged);
    const { purchase_id } = res.json();
    const [row] = await purchasesOf(c.customer_id);
    expect(row).toMatchObject({ purchase_id, status: "completed", provider: "sandbox" });
    expect(Number(row!.total_payment)).toBeGreaterThan(0);
    expect(await creditsOf(c.customer_id)).toMatchObject([{ purchase_id, available_classes: 5 }]);

    // The same request again (a double click) charges and grants nothing more.
    const again = await sell(c.customer_id, {
      payment_source_id: card.payment_source_id,
      idempotency_key: key,
    });
    expect(again.json().purchase_id).toBe(purchase_id);
    expect(await purchasesOf(c.customer_id)).toHaveLength(1);
    expect(await creditsOf(c.customer_id)).toHaveLength(1);

    const mails = await t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, c.email), eq(email_outbox.template, "purchase-receipt")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Forma de pago: Tarjeta");
    const [entry] = await t.app.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.customer_id, c.customer_id), eq(audit_log.action, "access.sell")));
    expect(entry).toMatchObject({ actor_user_id: admin.userId, entity_id: String(purchase_id) });
    expect(entry!.details).toMatchObject({ last4: "4242", bill: Number(row!.total_payment) });
  });

  it("a card the bank now declines answers 402 with its reason; the purchase is failed, no credits", async () => {
    const c = await customerLogin(t);
    // Saved when it was good; the bank refuses it today (the sandbox's insufficient-funds card).
    const [saved] = await t.app.db
      .insert(payment_sources)
      .values({
        customer_id: c.customer_id,
        provider: "sandbox",
        source_id: token("4000000000009995").replace(/^tok_/, "src_"),
        card_type: "visa",
        last_digits: "9995",
        exp_month: 12,
        exp_year: 2099,
      })
      .returning();
    const res = await sell(c.customer_id, { payment_source_id: saved!.payment_source_id });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(messages.cardInsufficientFunds);
    expect((await purchasesOf(c.customer_id)).map((p) => p.status)).toEqual(["failed"]);
    expect(await creditsOf(c.customer_id)).toHaveLength(0);
    const mails = await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, c.email));
    expect(mails.filter((m) => m.template === "purchase-receipt")).toHaveLength(0);
  });

  it("another customer's card is not found, and nothing is sold", async () => {
    const owner = await customerLogin(t);
    const card = await saveCard(owner);
    const other = await customerLogin(t);
    const res = await sell(other.customer_id, { payment_source_id: card.payment_source_id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.deskCardNotFound);
    expect(await purchasesOf(other.customer_id)).toHaveLength(0);
    expect(await purchasesOf(owner.customer_id)).toHaveLength(0);
  });

  it("a customer cannot charge anyone's card at the counter, not even their own", async () => {
    const c = await customerLogin(t);
    const card = await saveCard(c);
    const res = await sell(c.customer_id, { payment_source_id: card.payment_source_id }, c.headers);
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/customer/admin/${c.customer_id}/cards`,
      headers: c.headers,
    });
    expect(list.statusCode).toBe(403);
    expect(await purchasesOf(c.customer_id)).toHaveLength(0);
  });
});

describe("with Stripe (its in-process fake)", () => {
  let st: TestApp;
  let stripeShop: Shop;
  let stripe: StripeFake;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t: st, shop: stripeShop, fake: stripe, close } = await startStripeSuite());
  });
  afterAll(() => close());

  it("charges a card saved through Stripe's setup off-session, on the card's Stripe customer", async () => {
    const stripeAdmin = await st.signUp({ role: "admin" });
    const c = await customerLogin(st);
    const post = (url: string, headers: Record<string, string>, payload: object) =>
      st.app.inject({ method: "POST", url, headers, payload });
    const setup = await post("/api/metodosPago/setup", c.headers, { idempotency_key: newKey() });
    stripe.completeSetup(setup.json().id, "pm_desk_mc");
    const saved = await post("/api/metodosPago/setup/complete", c.headers, { setup_id: setup.json().id });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await post(`/api/customer/admin/${c.customer_id}/sell/saved-card`, stripeAdmin.headers, {
      class_package_id: stripeShop.packages.five.class_package_id,
      payment_source_id: saved.json().metodo_pago.payment_source_id,
      idempotency_key: newKey(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await st.app.db.select().from(purchases).where(eq(purchases.customer_id, c.customer_id));
    expect(row).toMatchObject({ status: "completed", provider: "stripe" });
    const charge = stripe.requests.find(
      (r) => r.path === "/v1/payment_intents" && r.form.payment_method === "pm_desk_mc",
    )!;
    expect(charge.form).toMatchObject({
      off_session: "true",
      confirm: "true",
      customer: expect.stringMatching(/^cus_/),
    });
    expect(charge.headers["idempotency-key"]).toMatch(/^desk-/);
  });
});
