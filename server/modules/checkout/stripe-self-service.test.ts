import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import type { StripeFake } from "../../../test/doubles/payments/stripe-fake";
import type { TestApp } from "../../test/build-test-app";
import {
  addPackage,
  customerLogin,
  newKey,
  purchaseReads,
  type Shop,
  startStripeSuite,
  token,
} from "../../test/commerce";

/**
 * Self-service checkout with Stripe (its in-process fake): saved cards through Stripe's setup, the
 * fee in one payment.
 */
let t: TestApp;
let shop: Shop;
let stripe: StripeFake;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, shop, fake: stripe, close } = await startStripeSuite());
});
afterAll(() => close());

const { purchaseRow } = purchaseReads(() => t);
const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url, headers, payload });

describe("saved cards with Stripe", () => {
  it("Agregar goes through Stripe's setup page; the card comes back as a pm_ reference only", async () => {
    const { headers, customer_id } = await customerLogin(t);
    const setup = await post("/api/metodosPago/setup", headers, { idempotency_key: newKey() });
    expect(setup.statusCode).toBe(200);
    expect(setup.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const created = stripe.requests.find(
      (r) => r.path === "/v1/checkout/sessions" && r.form.mode === "setup",
    )!;
    expect(created.form).toMatchObject({ "metadata[customer_id]": String(customer_id) });
    expect(created.form.success_url).toMatch(/\/mystudio\/metodos\?setup=\{CHECKOUT_SESSION_ID\}$/);

    // Back before finishing on Stripe's page: nothing saved.
    const early = await post("/api/metodosPago/setup/complete", headers, { setup_id: setup.json().id });
    expect(early.statusCode).toBe(402);
    expect(early.json().message).toBe(messages.cardSetupNotCompleted);

    stripe.completeSetup(setup.json().id, "pm_saved_mc");
    // Someone else cannot claim this setup's card.
    const other = await customerLogin(t);
    expect(
      (await post("/api/metodosPago/setup/complete", other.headers, { setup_id: setup.json().id }))
        .statusCode,
    ).toBe(402);
    const done = await post("/api/metodosPago/setup/complete", headers, { setup_id: setup.json().id });
    expect(done.json()).toMatchObject({
      message: messages.paymentSourceSaved,
      metodo_pago: {
        provider: "stripe",
        source_id: "pm_saved_mc",
        card_type: "mastercard",
        last_digits: "4444",
      },
    });
    // Coming back twice (a reload) keeps one card.
    expect(
      (await post("/api/metodosPago/setup/complete", headers, { setup_id: setup.json().id })).statusCode,
    ).toBe(200);
    const cards = (await t.app.inject({ method: "GET", url: "/api/metodosPago", headers })).json()
      .metodos_pago;
    expect(cards).toHaveLength(1);

    // One tap: the saved card pays; the payment is put on the card's Stripe customer first.
    const start = await post("/api/checkout/attempt", headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
    });
    const paid = await post("/api/checkout/confirm", headers, {
      purchase_id: start.json().purchase_id,
      client_secret: start.json().clientSecret,
      payment_source_id: cards[0].payment_source_id,
    });
    expect(paid.statusCode).toBe(200);
    expect((await purchaseRow(start.json().purchase_id)).status).toBe("completed");
    const pi = start.json().clientSecret.split("_secret_")[0];
    const update = stripe.requests.find((r) => r.path === `/v1/payment_intents/${pi}` && r.form.customer);
    expect(update?.form.customer).toMatch(/^cus_/);
  });

  it("a sandbox token is refused with Stripe (a card Stripe could not charge)", async () => {
    const { headers } = await customerLogin(t);
    const r = await post("/api/metodosPago", headers, {
      token_id: token("4242424242424242"),
      saveCard: true,
    });
    expect(r.statusCode).toBe(400);
  });

  it("there is no simulated wallet beside real card payments", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/checkout/providers" })).json()).toEqual({
      card: "stripe",
      wallet: null,
    });
    const { headers } = await customerLogin(t);
    const r = await post("/api/checkout/paypal", headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
    });
    expect(r.statusCode).toBe(412);
  });
});

describe("sign-up fee with Stripe", () => {
  it("one PaymentIntent for the sum; its webhook pays both purchases", async () => {
    const fee = await addPackage(t, { title: "Inscripción", price: "300.00" });
    await t.app.appConfig.update([{ key: "signup_fee_package_id", value: fee.class_package_id }]);
    try {
      const { headers } = await customerLogin(t);
      const start = await post("/api/checkout/attempt", headers, {
        class_package_id: shop.packages.five.class_package_id,
        idempotency_key: newKey(),
        include_signup_fee: true,
      });
      const { purchase_id, clientSecret, signup_fee_purchase_id } = start.json();
      const pi = clientSecret.split("_secret_")[0];
      expect(stripe.intents.get(pi)?.amount).toBe(105000);
      stripe.succeed(pi);
      const signed = stripe.signed({
        id: `evt_fee_${purchase_id}`,
        type: "payment_intent.succeeded",
        object: { ...stripe.intents.get(pi), object: "payment_intent" },
      });
      const hook = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: { "content-type": "application/json", "stripe-signature": signed.signature },
        payload: signed.payload,
      });
      expect(hook.statusCode).toBe(200);
      expect((await purchaseRow(purchase_id)).status).toBe("completed");
      expect((await purchaseRow(signup_fee_purchase_id)).status).toBe("completed");
      // The browser's confirmation afterwards checks the sum and answers the same success.
      expect(
        (await post("/api/checkout/confirm", headers, { purchase_id, client_secret: clientSecret }))
          .statusCode,
      ).toBe(200);
    } finally {
      await t.app.appConfig.update([{ key: "signup_fee_package_id", value: 0 }]);
    }
  });
});
