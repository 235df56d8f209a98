import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { available_classes } from "../../db/schema/credits";
import { purchases } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import { addPackage, buyWithCard, customerLogin, newKey, type Shop, token } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";

// Runs on PostgreSQL too: the checkout's money path (docs/decisions/0061).

let t: TestApp;
let shop: Shop;
let admin: { headers: Record<string, string> };

withShopApp((booted) => {
  ({ t, shop, admin } = booted);
});

const creditsOf = (purchaseId: number) =>
  t.app.db.select().from(available_classes).where(eq(available_classes.purchase_id, purchaseId));

describe("card checkout (sandbox)", () => {
  it("buys the 5-class package: client secret, confirmation, one 5-credit bucket", async () => {
    const { headers } = await customerLogin(t);
    const { attempt, confirm } = await buyWithCard(t, headers, shop.packages.five.class_package_id);
    expect(attempt.statusCode).toBe(200);
    expect(attempt.json()).toMatchObject({ total: 750, completed: false });
    expect(attempt.json().clientSecret).toMatch(/^pi_sandbox_\w+_secret_\w+$/);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ message: messages.purchaseSuccess });
    const id = confirm.json().purchase_id;
    const credits = await creditsOf(id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ available_classes: 5, class_type_id: null, class_types: null });
    const days = (credits[0]!.expiration_date!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const [purchase] = await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, id));
    expect(purchase).toMatchObject({ status: "completed", total_payment: "750.00", provider: "sandbox" });
  });

  it("a double click (same idempotency key) makes one purchase; a repeated confirmation grants once", async () => {
    const { headers } = await customerLogin(t);
    const key = newKey();
    const payload = { class_package_id: shop.packages.five.class_package_id, idempotency_key: key };
    const [a, b] = await Promise.all([
      t.app.inject({ method: "POST", url: "/api/checkout/attempt", headers, payload }),
      t.app.inject({ method: "POST", url: "/api/checkout/attempt", headers, payload }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().purchase_id).toBe(a.json().purchase_id);
    expect(b.json().clientSecret).toBe(a.json().clientSecret);
    const confirm = () =>
      t.app.inject({
        method: "POST",
        url: "/api/checkout/confirm",
        headers,
        payload: {
          purchase_id: a.json().purchase_id,
          client_secret: a.json().clientSecret,
          payment_method: token("4242424242424242"),
        },
      });
    const results = await Promise.all([confirm(), confirm(), confirm()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await creditsOf(a.json().purchase_id)).toHaveLength(1);
    const mine = await t.app.inject({ method: "GET", url: "/api/purchases", headers });
    expect(mine.json().purchases).toHaveLength(1);
  });

  it("a key reused for another request is refused (409)", async () => {
    const { headers } = await customerLogin(t);
    const key = newKey();
    const first = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers,
      payload: { class_package_id: shop.packages.five.class_package_id, idempotency_key: key },
    });
    expect(first.statusCode).toBe(200);
    const other = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers,
      payload: { class_package_id: shop.packages.ten.class_package_id, idempotency_key: key },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("without an idempotency key the request is refused (400), with the header it is accepted", async () => {
    const { headers } = await customerLogin(t);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers,
      payload: { class_package_id: shop.packages.five.class_package_id },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const viaHeader = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers: { ...headers, "idempotency-key": newKey() },
      payload: { class_package_id: shop.packages.five.class_package_id },
    });
    expect(viaHeader.statusCode).toBe(200);
  });

  it.each([
    ["4000000000009995", "insufficient_funds", messages.cardInsufficientFunds],
    ["4000000000000002", "card_declined", messages.cardInsufficientFunds],
    ["4000000000009987", "lost_card", messages.cardLostOrStolen],
    ["4000000000009979", "stolen_card", messages.cardLostOrStolen],
    ["4000000000000069", "expired_card", messages.cardExpired],
    ["4000000000000127", "incorrect_cvc", messages.cardIncorrectCvc],
    ["4242424242424241", "incorrect_number", messages.cardIncorrectNumber],
    ["4000000000000119", "processing_error", messages.cardDeclinedByBank],
  ])("card %s is declined with %s (402) and grants nothing", async (card, code, message) => {
    const { headers } = await customerLogin(t);
    const { attempt, confirm } = await buyWithCard(t, headers, shop.packages.five.class_package_id, { card });
    expect(confirm.statusCode).toBe(402);
    expect(confirm.json()).toMatchObject({ code: "CARD_DECLINED", decline_code: code, message });
    const purchaseId = attempt.json().purchase_id;
    const [row] = await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, purchaseId));
    expect(row!.status).toBe("failed");
    expect(await creditsOf(purchaseId)).toHaveLength(0);
    // A declined attempt is not a purchase in Mis Compras; Mis Cargos shows it declined.
    expect((await t.app.inject({ method: "GET", url: "/api/purchases", headers })).json().purchases).toEqual(
      [],
    );
    const charges = (await t.app.inject({ method: "GET", url: "/api/invoices", headers })).json().invoices;
    expect(charges).toMatchObject([{ purchase_id: purchaseId, status: "failed" }]);
  });

  it("an expired card by date is declined as expired_card", async () => {
    const { headers } = await customerLogin(t);
    const attempt = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers,
      payload: { class_package_id: shop.packages.five.class_package_id, idempotency_key: newKey() },
    });
    const confirm = await t.app.inject({
      method: "POST",
      url: "/api/checkout/confirm",
      headers,
      payload: {
        purchase_id: attempt.json().purchase_id,
        client_secret: attempt.json().clientSecret,
        payment_method: token("4242424242424242", 2020),
      },
    });
    expect(confirm.json()).toMatchObject({ decline_code: "expired_card", message: messages.cardExpired });
  });

  it("a forged client secret or token is refused; another customer cannot confirm my purchase", async () => {
    const a = await customerLogin(t);
    const b = await customerLogin(t);
    const attempt = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers: a.headers,
      payload: { class_package_id: shop.packages.five.class_package_id, idempotency_key: newKey() },
    });
    const id = attempt.json().purchase_id;
    const byB = await t.app.inject({
      method: "POST",
      url: "/api/checkout/confirm",
      headers: b.headers,
      payload: {
        purchase_id: id,
        client_secret: attempt.json().clientSecret,
        payment_method: token("4242424242424242"),
      },
    });
    expect(byB.statusCode).toBe(404);
    const noCard = await t.app.inject({
      method: "POST",
      url: "/api/checkout/confirm",
      headers: a.headers,
      payload: { purchase_id: id, client_secret: attempt.json().clientSecret },
    });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().message).toBe(messages.noPaymentMethod);
    const savedMissing = await t.app.inject({
      method: "POST",
      url: "/api/checkout/confirm",
      headers: a.headers,
      payload: { purchase_id: id, client_secret: attempt.json().clientSecret, payment_source_id: 999999 },
    });
    expect(savedMissing.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/checkout/confirm",
      headers: a.headers,
      payload: {
        purchase_id: id,
        client_secret: `${attempt.json().clientSecret}x`,
        payment_method: token("4242424242424242"),
      },
    });
    expect(forged.statusCode).toBe(402);
    expect(await creditsOf(id)).toHaveLength(0);
  });

  it("visitors must sign in (401); unknown and unavailable packages are 404 with its Spanish text", async () => {
    const visitor = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      payload: { class_package_id: shop.packages.five.class_package_id, idempotency_key: newKey() },
    });
    expect(visitor.statusCode).toBe(401);
    const { headers } = await customerLogin(t);
    for (const id of [999999, shop.packages.hidden.class_package_id]) {
      const r = await t.app.inject({
        method: "POST",
        url: "/api/checkout/attempt",
        headers,
        payload: { class_package_id: id, idempotency_key: newKey() },
      });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: "PACKAGE_NOT_FOUND", message: messages.packageNotFound });
    }
  });
});

describe("limits", () => {
  it("a customer who left a card payment unfinished can try again at once, and is still held to the limit", async () => {
    const pkg = await addPackage(t, { title: "Clase privada", price: "350.00", limit_per_customer: 1 });
    const { headers } = await customerLogin(t);
    const abandoned = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers,
      payload: { class_package_id: pkg.class_package_id, idempotency_key: newKey() },
    });
    expect(abandoned.statusCode).toBe(200);
    const retry = await buyWithCard(t, headers, pkg.class_package_id);
    expect(retry.attempt.statusCode, retry.attempt.body).toBe(200);
    expect(retry.confirm.statusCode).toBe(200);
    const third = await buyWithCard(t, headers, pkg.class_package_id);
    expect(third.attempt.json()).toMatchObject({ code: "PURCHASE_LIMIT" });
  });

  it("limit per customer answers 409; people limit answers 412; a declined payment frees its place", async () => {
    const id = shop.packages.special.class_package_id;
    const a = await customerLogin(t);
    expect((await buyWithCard(t, a.headers, id)).confirm.statusCode).toBe(200);
    const again = await buyWithCard(t, a.headers, id);
    expect(again.attempt.statusCode).toBe(409);
    expect(again.attempt.json()).toMatchObject({
      code: "PURCHASE_LIMIT",
      message: messages.packagePurchaseLimit,
    });

    const declined = await customerLogin(t);
    expect(
      (await buyWithCard(t, declined.headers, id, { card: "4000000000009995" })).confirm.statusCode,
    ).toBe(402);
    const b = await customerLogin(t);
    expect((await buyWithCard(t, b.headers, id)).confirm.statusCode).toBe(200);
    const c = await customerLogin(t);
    const full = await buyWithCard(t, c.headers, id);
    expect(full.attempt.statusCode).toBe(412);
    expect(full.attempt.json()).toMatchObject({ code: "PEOPLE_LIMIT", message: messages.packagePeopleLimit });
  });

  it("with a sign-up fee package configured, other packages need it first (412); trials do not", async () => {
    const fee = await addPackage(t, { title: "Inscripción", price: "300.00", limit_per_customer: 1 });
    const trial = await addPackage(t, { title: "Prueba", price: "150.00", class_amount: 1, is_trial: true });
    await t.app.appConfig.update([{ key: "signup_fee_package_id", value: fee.class_package_id }]);
    try {
      const { headers } = await customerLogin(t);
      const blocked = await buyWithCard(t, headers, shop.packages.five.class_package_id);
      expect(blocked.attempt.statusCode).toBe(412);
      expect(blocked.attempt.json()).toMatchObject({
        code: "SIGNUP_FEE_REQUIRED",
        signup_fee_package_id: fee.class_package_id,
      });
      expect((await buyWithCard(t, headers, trial.class_package_id)).confirm.statusCode).toBe(200);
      expect((await buyWithCard(t, headers, fee.class_package_id)).confirm.statusCode).toBe(200);
      expect((await buyWithCard(t, headers, shop.packages.five.class_package_id)).confirm.statusCode).toBe(
        200,
      );
    } finally {
      // 0 means "no sign-up fee" (a stored null is not allowed).
      await t.app.appConfig.update([{ key: "signup_fee_package_id", value: 0 }]);
    }
  });
});

describe("cash checkout", () => {
  it("creates a pending purchase with the bank details and sanitised instructions; an admin confirms once", async () => {
    const { headers } = await customerLogin(t);
    const r = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers,
      payload: {
        class_package_id: shop.packages.ten.class_package_id,
        customer_id: 1,
        discountCode: null,
        idempotency_key: newKey(),
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ completed: false });
    const id = r.json().payment_id;
    const detail = await t.app.inject({ method: "GET", url: `/api/purchases/${id}`, headers });
    expect(detail.json().purchase).toMatchObject({
      status: "pending",
      status_text: "Pendiente",
      total_payment: 1350,
    });
    expect(detail.json().purchase.payment_method.bank).toMatchObject({ clabe: "012180001234567890" });
    expect(detail.json().purchase.payment_method.instructions).toContain("<strong>BBVA</strong>");
    expect(detail.json().purchase.payment_method.instructions).not.toMatch(/script|javascript/);
    expect(await creditsOf(id)).toHaveLength(0);

    const asCustomer = await t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${id}/confirm`,
      headers,
    });
    expect(asCustomer.statusCode).toBe(403);
    const first = await t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${id}/confirm`,
      headers: admin.headers,
    });
    expect(first.json()).toMatchObject({ granted: true });
    const second = await t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${id}/confirm`,
      headers: admin.headers,
    });
    expect(second.json()).toMatchObject({ granted: false });
    expect(await creditsOf(id)).toHaveLength(1);
  });

  it("a free package ('Obtener Oferta') is granted at once without a payment method", async () => {
    const { headers } = await customerLogin(t);
    const r = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers,
      payload: { class_package_id: shop.packages.free.class_package_id, idempotency_key: newKey() },
    });
    expect(r.json()).toMatchObject({ completed: true });
    expect(await creditsOf(r.json().purchase_id)).toHaveLength(1);
  });

  it("without a cash option the server answers 400 'No has seleccionado un método de pago.'", async () => {
    const { headers } = await customerLogin(t);
    const r = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers,
      payload: {
        class_package_id: shop.packages.five.class_package_id,
        payment_method_id: shop.methods.card.payment_method_id,
        idempotency_key: newKey(),
      },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: "NO_PAYMENT_METHOD", message: messages.noPaymentMethod });
  });
});
