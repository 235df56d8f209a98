import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { MERCADOPAGO_TEST_KEYS, type MercadoPagoFake } from "../../../test/doubles/payments/mercadopago-fake";
import { ConfigError, loadConfig } from "../../config";
import { email_outbox } from "../../db/schema/mail";
import type { class_packages } from "../../db/schema/packages";
import { refunds, webhook_events } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import {
  addPackage,
  customerLogin,
  newKey,
  purchaseReads,
  type Shop,
  startMercadoPagoSuite,
} from "../../test/commerce";
import { MERCADOPAGO_WEBHOOK_TOLERANCE_MS, signedRecently } from "./mercadopago.routes";

/**
 * Mercado Pago (decision 0035) against an in-test HTTP fake of its API: Checkout Pro for
 * packages, preapprovals for subscriptions, signed notifications applied once, the customer's
 * return read back from Mercado Pago, and refunds through the back office's refund flow.
 */

let t: TestApp;
let shop: Shop;
let mp: MercadoPagoFake;
let close: () => Promise<void>;
let monthly: typeof class_packages.$inferSelect;
let admin: Record<string, string>;

beforeAll(async () => {
  ({ t, shop, fake: mp, close } = await startMercadoPagoSuite());
  monthly = await addPackage(t, {
    title: "8 Clases Mensual",
    price: "1200.00",
    class_amount: 8,
    is_subscription: true,
    subscription_period: "month",
    subscription_interval: 1,
    order: 9,
  });
  await t.app.appConfig.update([
    { key: "mercadopago_enabled", value: true },
    { key: "mercadopago_subscriptions_enabled", value: true },
  ]);
  admin = (await t.signUp({ role: "admin" })).headers;
});
afterAll(() => close());

const { purchaseRow, creditsOf, invoicesOf } = purchaseReads(() => t);
const start = (headers: Record<string, string>, classPackageId: number, extra: object = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/checkout/mercadopago",
    headers,
    payload: { class_package_id: classPackageId, idempotency_key: newKey(), ...extra },
  });
const deliver = (n: ReturnType<MercadoPagoFake["notification"]>) =>
  t.app.inject({ method: "POST", url: n.url, headers: n.headers, payload: n.payload });
const returnFrom = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/checkout/mercadopago/return", headers, payload });
const refundsOf = (purchaseId: number) =>
  t.app.db.select().from(refunds).where(eq(refunds.purchase_id, purchaseId)).orderBy(refunds.refund_id);

/** A one-off package bought up to Mercado Pago's page. */
async function checkout(classPackageId = shop.packages.five.class_package_id) {
  const login = await customerLogin(t);
  const res = await start(login.headers, classPackageId);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { purchase_id: number; preference_id: string; init_point: string };
  return { login, ...body };
}

/** Bought and paid, told by Mercado Pago's notification. */
async function paid(classPackageId = shop.packages.five.class_package_id) {
  const c = await checkout(classPackageId);
  const paymentId = mp.pay(c.preference_id);
  expect((await deliver(mp.notification("payment", paymentId))).statusCode).toBe(200);
  expect((await purchaseRow(c.purchase_id)).status).toBe("completed");
  return { ...c, paymentId };
}

describe("mercado pago: configuration", () => {
  it("needs the access token and the webhook secret together", () => {
    expect(() => loadConfig({ MERCADOPAGO_ACCESS_TOKEN: "APP_USR-x" })).toThrow(ConfigError);
    expect(() => loadConfig({ MERCADOPAGO_WEBHOOK_SECRET: "x" })).toThrow(/MERCADOPAGO_ACCESS_TOKEN/);
  });

  it("is offered when the studio turns it on; off, its checkout is a 404 in Spanish", async () => {
    const status = await t.app.inject({ method: "GET", url: "/api/checkout/mercadopago" });
    expect(status.json()).toEqual({ enabled: true, subscriptions: true });
    await t.app.appConfig.update([{ key: "mercadopago_enabled", value: false }]);
    try {
      const { headers } = await customerLogin(t);
      const res = await start(headers, shop.packages.five.class_package_id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.paymentProviderNotConfigured);
      expect((await t.app.inject({ method: "GET", url: "/api/checkout/mercadopago" })).json()).toEqual({
        enabled: false,
        subscriptions: false,
      });
    } finally {
      await t.app.appConfig.update([{ key: "mercadopago_enabled", value: true }]);
    }
  });
});

describe("mercado pago: Checkout Pro for packages", () => {
  it("one preference per idempotency key: the package in MXN, our purchase id, back to /gracias", async () => {
    const { headers } = await customerLogin(t);
    const key = newKey();
    const [a, b] = await Promise.all([
      start(headers, shop.packages.ten.class_package_id, { idempotency_key: key }),
      start(headers, shop.packages.ten.class_package_id, { idempotency_key: key }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const { preference_id, purchase_id, init_point, total } = a.json();
    expect(total).toBe(1350);
    expect(init_point).toContain(`pref_id=${preference_id}`);
    const created = mp.preferences.get(preference_id)!.body;
    expect(created).toMatchObject({
      items: [{ title: "10 Clases", quantity: 1, unit_price: 1350, currency_id: "MXN" }],
      external_reference: String(purchase_id),
      auto_return: "approved",
    });
    expect((created.back_urls as Record<string, string>).success).toMatch(
      new RegExp(`/gracias/${purchase_id}$`),
    );
    const calls = mp.requests.filter((r) => r.path === "/checkout/preferences/");
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.every((r) => r.headers["x-idempotency-key"] === key)).toBe(true);
    expect(await purchaseRow(purchase_id)).toMatchObject({
      status: "pending",
      provider: "mercadopago",
      provider_ref: preference_id,
    });
  });

  it("approved: the notification grants once, however often and in whatever order it comes", async () => {
    const c = await checkout();
    const paymentId = mp.pay(c.preference_id);
    const n = mp.notification("payment", paymentId);
    const first = await deliver(n);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, result: "granted" });
    // The same notification again, and five at once: claimed once.
    const again = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(n)));
    expect(again.map((r) => r.json().result)).toEqual(Array(5).fill("duplicate"));
    // Another notification of the same payment (payment.created after payment.updated).
    expect((await deliver(mp.notification("payment", paymentId))).json().result).toBe("already");
    const credits = await creditsOf(c.purchase_id);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.available_classes).toBe(5);
    expect(await purchaseRow(c.purchase_id)).toMatchObject({
      status: "completed",
      provider_ref: String(paymentId),
    });
    // A stale "pending" read after the approval changes nothing.
    mp.setStatus(paymentId, "in_process");
    expect((await deliver(mp.notification("payment", paymentId))).statusCode).toBe(200);
    mp.setStatus(paymentId, "approved");
    expect(await creditsOf(c.purchase_id)).toHaveLength(1);
    expect((await purchaseRow(c.purchase_id)).status).toBe("completed");
    const stored = await t.app.db
      .select()
      .from(webhook_events)
      .where(eq(webhook_events.provider, "mercadopago"));
    // Stored once, under the signed data.id and x-request-id (decision 0056 §4).
    const signedId = `mp:${paymentId}:${n.headers["x-request-id"]}`;
    expect(stored.filter((e) => e.event_id === signedId)).toHaveLength(1);
  });

  it("rejected: the purchase fails with no credits; a later approved attempt of the same preference grants", async () => {
    const c = await checkout(shop.packages.ten.class_package_id);
    const rejected = mp.pay(c.preference_id, "rejected");
    const res = await deliver(mp.notification("payment", rejected));
    expect(res.json().result).toBe("failed");
    expect((await purchaseRow(c.purchase_id)).status).toBe("failed");
    expect(await creditsOf(c.purchase_id)).toHaveLength(0);
    // Pending (cash at OXXO through Mercado Pago): nothing yet.
    const pending = mp.pay(c.preference_id, "pending");
    expect((await deliver(mp.notification("payment", pending))).json().result).toBe("waiting");
    expect(await creditsOf(c.purchase_id)).toHaveLength(0);
    // The buyer tried another card on Mercado Pago's page.
    const approved = mp.pay(c.preference_id);
    expect((await deliver(mp.notification("payment", approved))).json().result).toBe("granted");
    expect(await purchaseRow(c.purchase_id)).toMatchObject({ status: "completed" });
    expect((await creditsOf(c.purchase_id))[0]!.available_classes).toBe(10);
    // The rejected attempt told again afterwards undoes nothing.
    expect((await deliver(mp.notification("payment", rejected))).json().result).toBe("already");
    expect((await purchaseRow(c.purchase_id)).status).toBe("completed");
  });

  it("a payment for another amount than the purchase owes never grants", async () => {
    const c = await checkout();
    const paymentId = mp.pay(c.preference_id, "approved", undefined, 1);
    expect((await deliver(mp.notification("payment", paymentId))).json().result).toBe("ignored");
    expect(await creditsOf(c.purchase_id)).toHaveLength(0);
  });

  it("refuses a notification without a valid signature with 401 in Spanish, and applies nothing", async () => {
    const c = await checkout();
    const paymentId = mp.pay(c.preference_id);
    const wrongSecret = mp.notification("payment", paymentId, { secret: "otro-secreto" });
    const tamperedId = mp.notification("payment", paymentId);
    tamperedId.url = tamperedId.url.replace(`data.id=${paymentId}`, `data.id=${paymentId + 1}`);
    const unsigned = mp.notification("payment", paymentId);
    const { "x-signature": _gone, ...noSignature } = unsigned.headers;
    const otherRequest = mp.notification("payment", paymentId);
    otherRequest.headers["x-request-id"] = "another-request";
    for (const [n, headers] of [
      [wrongSecret, wrongSecret.headers],
      [tamperedId, tamperedId.headers],
      [unsigned, noSignature],
      [otherRequest, otherRequest.headers],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url: n.url, headers, payload: n.payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: "MERCADOPAGO_SIGNATURE_INVALID",
        message: messages.webhookSignatureInvalid,
      });
    }
    expect((await purchaseRow(c.purchase_id)).status).toBe("pending");
  });

  it("refuses a genuine signature whose ts is outside the window (a year-old replay); the repeat id is the signed one", async () => {
    const c = await checkout();
    const paymentId = mp.pay(c.preference_id);
    const signedAt = (ts: string) => {
      const n = mp.notification("payment", paymentId);
      const manifest = `id:${paymentId};request-id:${n.headers["x-request-id"]};ts:${ts};`;
      const v1 = createHmac("sha256", MERCADOPAGO_TEST_KEYS.webhookSecret).update(manifest).digest("hex");
      n.headers["x-signature"] = `ts=${ts},v1=${v1}`;
      return n;
    };
    const yearAgo = String(Math.floor((Date.now() - 365 * 24 * 60 * 60 * 1000) / 1000));
    for (const n of [signedAt(yearAgo), signedAt(String(Math.floor(Date.now() / 1000) + 3600))]) {
      const res = await deliver(n);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("MERCADOPAGO_SIGNATURE_INVALID");
    }
    expect((await purchaseRow(c.purchase_id)).status).toBe("pending");
    // A fresh one in milliseconds (newer deliveries) passes; the same delivery with its body's
    // unsigned id rewritten is still the same delivery: a duplicate, not a new event.
    const fresh = signedAt(String(Date.now()));
    expect((await deliver(fresh)).json().result).toBe("granted");
    const rewritten = { ...fresh, payload: fresh.payload.replace(/"id":\d+/, '"id":987654321') };
    expect((await deliver(rewritten)).json().result).toBe("duplicate");
  });

  it("signedRecently: ts in seconds or milliseconds within the window; missing or malformed is refused", () => {
    const now = Date.UTC(2026, 10, 29, 12, 0, 0);
    const s = (ms: number) => String(Math.floor(ms / 1000));
    expect(signedRecently(`ts=${s(now)},v1=abc`, now)).toBe(true);
    expect(signedRecently(`ts=${now - MERCADOPAGO_WEBHOOK_TOLERANCE_MS + 1000},v1=abc`, now)).toBe(true);
    expect(signedRecently(`ts=${s(now - MERCADOPAGO_WEBHOOK_TOLERANCE_MS - 1000)},v1=abc`, now)).toBe(false);
    expect(signedRecently(`ts=${s(now + MERCADOPAGO_WEBHOOK_TOLERANCE_MS + 1000)},v1=abc`, now)).toBe(false);
    expect(signedRecently("v1=abc", now)).toBe(false);
    expect(signedRecently("ts=abc,v1=abc", now)).toBe(false);
    expect(signedRecently(undefined, now)).toBe(false);
  });

  it("a notification of a payment Mercado Pago does not know (its panel's test) is recorded and ignored", async () => {
    const res = await deliver(mp.notification("payment", 123456));
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe("ignored");
    expect((await deliver(mp.notification("merchant_order", 99))).json().result).toBe("ignored");
  });

  it("the return address grants without any notification, reading the payment from Mercado Pago", async () => {
    const c = await checkout();
    const paymentId = mp.pay(c.preference_id);
    const back = await returnFrom(c.login.headers, {
      purchase_id: c.purchase_id,
      payment_id: String(paymentId),
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ purchase_id: c.purchase_id, status: "completed", paid: true });
    // The notification that follows, and the page reloaded, grant nothing more.
    expect((await deliver(mp.notification("payment", paymentId))).json().result).toBe("already");
    expect(
      (await returnFrom(c.login.headers, { purchase_id: c.purchase_id, payment_id: String(paymentId) }))
        .statusCode,
    ).toBe(200);
    expect(await creditsOf(c.purchase_id)).toHaveLength(1);
    // One receipt, whichever of the return and the notification came first (decision 0051).
    const receipts = (
      await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, c.login.email))
    ).filter((m) => m.template === "purchase-receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Forma de pago: Mercado Pago · Tarjeta terminación 5678");
  });

  it("the return address cannot claim someone else's payment, and a rejection is a 402 in Spanish", async () => {
    const mine = await checkout();
    const theirs = await checkout();
    const theirPayment = mp.pay(theirs.preference_id);
    const steal = await returnFrom(mine.login.headers, {
      purchase_id: mine.purchase_id,
      payment_id: String(theirPayment),
    });
    expect(steal.statusCode).toBe(404);
    const other = await returnFrom(mine.login.headers, {
      purchase_id: theirs.purchase_id,
      payment_id: String(theirPayment),
    });
    expect(other.statusCode).toBe(404);
    expect(await creditsOf(theirs.purchase_id)).toHaveLength(0);
    expect(await creditsOf(mine.purchase_id)).toHaveLength(0);

    const rejected = mp.pay(mine.preference_id, "rejected");
    const res = await returnFrom(mine.login.headers, {
      purchase_id: mine.purchase_id,
      payment_id: String(rejected),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "MERCADOPAGO_REJECTED", message: messages.mercadopagoRejected });
    expect((await purchaseRow(mine.purchase_id)).status).toBe("failed");
    const bad = await returnFrom(mine.login.headers, { purchase_id: mine.purchase_id, payment_id: "../x" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("mercado pago: refunds through the back office", () => {
  const refund = (purchaseId: number, payload: object) =>
    t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${purchaseId}/refund`,
      headers: admin,
      payload: { idempotency_key: newKey(), reason: "Prueba", ...payload },
    });

  it("a partial refund, then the rest: Mercado Pago refunds each once, its notifications add nothing", async () => {
    const p = await paid(shop.packages.ten.class_package_id);
    const key = newKey();
    const [a, b] = await Promise.all([
      refund(p.purchase_id, { amount: 270, idempotency_key: key }),
      refund(p.purchase_id, { amount: 270, idempotency_key: key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // One of the two made it; the other, arriving while it was in flight, answers that same refund.
    expect(a.json().refund.refund_id).toBe(b.json().refund.refund_id);
    const [made] = await refundsOf(p.purchase_id);
    expect(made).toMatchObject({ status: "succeeded", amount: "270.00", provider: "mercadopago" });
    const payment = mp.payments.get(p.paymentId)!;
    expect(payment.refunds).toHaveLength(1);
    expect(payment.refunds[0]).toMatchObject({ amount: 270 });
    const refundCalls = mp.requests.filter((r) => r.path === `/v1/payments/${p.paymentId}/refunds`);
    expect(new Set(refundCalls.map((r) => r.headers["x-idempotency-key"])).size).toBe(1);
    // 10 classes for $1,350: $270 withdraws 2 (decision 0027).
    expect((await creditsOf(p.purchase_id))[0]!.available_classes).toBe(8);
    // Mercado Pago's notification of the refunded payment: already known.
    expect((await deliver(mp.notification("payment", p.paymentId))).json().result).toBe("refunds");
    expect(await refundsOf(p.purchase_id)).toHaveLength(1);

    const rest = await refund(p.purchase_id, {});
    expect(rest.statusCode).toBe(200);
    expect(rest.json().refund).toMatchObject({ status: "succeeded", amount: 1080 });
    expect(mp.payments.get(p.paymentId)!.status).toBe("refunded");
    await deliver(mp.notification("payment", p.paymentId));
    expect(await refundsOf(p.purchase_id)).toHaveLength(2);
    expect(await purchaseRow(p.purchase_id)).toMatchObject({ refunded_total: "1350.00" });
    expect((await creditsOf(p.purchase_id))[0]!.available_classes).toBe(0);

    const more = await refund(p.purchase_id, { amount: 1 });
    expect(more.statusCode).toBe(400);
    expect(more.json().code).toBe("REFUND_AMOUNT_INVALID");
  });

  it("a refund made in Mercado Pago's panel is recorded once from its notification", async () => {
    const p = await paid();
    mp.refundInPanel(p.paymentId, 15_000);
    const n = mp.notification("payment", p.paymentId);
    expect((await deliver(n)).json().result).toBe("refunds");
    expect((await deliver(n)).json().result).toBe("duplicate");
    expect((await deliver(mp.notification("payment", p.paymentId))).json().result).toBe("refunds");
    const rows = await refundsOf(p.purchase_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: "150.00", source: "provider", status: "succeeded" });
    // 5 classes for $750: $150 withdraws 1.
    expect((await creditsOf(p.purchase_id))[0]!.available_classes).toBe(4);
  });

  it("Mercado Pago refusing a refund (more than what it has left) is a 402, nothing changes", async () => {
    const p = await paid();
    mp.refundInPanel(p.paymentId, 75_000); // all of it, and we have not heard yet
    const res = await refund(p.purchase_id, { amount: 100 });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe("REFUND_FAILED");
    expect((await creditsOf(p.purchase_id))[0]!.available_classes).toBe(5);
  });
});

describe("mercado pago: subscriptions (preapproval)", () => {
  const notifyPreapproval = (id: string) => deliver(mp.notification("subscription_preapproval", id));

  it("a preapproval every month at the package's price; refused when the studio does not allow it or with a code", async () => {
    const { headers, email } = await customerLogin(t);
    const res = await start(headers, monthly.class_package_id);
    expect(res.statusCode).toBe(200);
    const { preapproval_id, purchase_id, init_point } = res.json();
    expect(init_point).toContain(preapproval_id);
    expect(mp.preapprovals.get(preapproval_id)).toMatchObject({
      status: "pending",
      payer_email: email,
      external_reference: String(purchase_id),
      auto_recurring: {
        frequency: 1,
        frequency_type: "months",
        transaction_amount: 1200,
        currency_id: "MXN",
      },
    });
    const trial = await start(headers, shop.packages.online.class_package_id);
    expect(mp.preapprovals.get(trial.json().preapproval_id)!.auto_recurring).toMatchObject({
      free_trial: { frequency: 7, frequency_type: "days" },
      transaction_amount: 399,
    });

    const withCode = await start(headers, shop.packages.unlimited.class_package_id, { discountCode: "DIEZ" });
    expect(withCode.statusCode).toBe(412);
    expect(withCode.json().message).toBe(messages.mercadopagoSubscriptionDiscount);
    await t.app.appConfig.update([{ key: "mercadopago_subscriptions_enabled", value: false }]);
    try {
      const off = await start(headers, monthly.class_package_id);
      expect(off.statusCode).toBe(412);
      expect(off.json()).toMatchObject({
        code: "MERCADOPAGO_SUBSCRIPTIONS_DISABLED",
        message: messages.mercadopagoSubscriptionsDisabled,
      });
    } finally {
      await t.app.appConfig.update([{ key: "mercadopago_subscriptions_enabled", value: true }]);
    }
  });

  it("authorised: the first period once; its charge is the checkout's; the next charge renews; cancel stops it at Mercado Pago", async () => {
    const { headers } = await customerLogin(t);
    const { preapproval_id, purchase_id } = (await start(headers, monthly.class_package_id)).json();
    // Not authorised yet: the return page changes nothing.
    const early = await returnFrom(headers, { purchase_id, preapproval_id });
    expect(early.json()).toMatchObject({ status: "pending", paid: false });

    mp.authorize(preapproval_id);
    const n = mp.notification("subscription_preapproval", preapproval_id);
    expect((await deliver(n)).json().result).toBe("granted");
    expect((await deliver(n)).json().result).toBe("duplicate");
    expect((await returnFrom(headers, { purchase_id, preapproval_id })).json()).toMatchObject({
      status: "active",
      paid: true,
    });
    const granted = await purchaseRow(purchase_id);
    expect(granted).toMatchObject({ status: "active", subscription_id: preapproval_id });
    expect(await creditsOf(purchase_id)).toHaveLength(1);

    // Mercado Pago charges the first period at once: the checkout's own invoice, no new period.
    const first = mp.charge(preapproval_id, new Date());
    const firstN = mp.notification("subscription_authorized_payment", first.authorized_payment_id);
    expect((await deliver(firstN)).statusCode).toBe(200);
    // The payment's own notification of the same charge: the same invoice.
    await deliver(mp.notification("payment", first.payment_id));
    expect(await invoicesOf(purchase_id)).toHaveLength(1);
    expect((await invoicesOf(purchase_id))[0]).toMatchObject({
      status: "paid",
      provider_ref: `mp_payment_${first.payment_id}`,
    });
    expect(await creditsOf(purchase_id)).toHaveLength(1);

    // A month later: a renewal, granted once whichever notification tells it.
    const renewal = mp.charge(preapproval_id, granted.expiration_date!);
    await deliver(mp.notification("payment", renewal.payment_id));
    await deliver(mp.notification("subscription_authorized_payment", renewal.authorized_payment_id));
    const invoices = await invoicesOf(purchase_id);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({
      status: "paid",
      total_payment: "1200.00",
      provider_ref: `mp_payment_${renewal.payment_id}`,
    });
    expect(await creditsOf(purchase_id)).toHaveLength(2);
    const renewed = await purchaseRow(purchase_id);
    expect(renewed.expiration_date!.getTime()).toBeGreaterThan(granted.expiration_date!.getTime());

    // A rejected charge later counts as a failed renewal, once.
    const failed = mp.charge(preapproval_id, renewed.expiration_date!, "rejected");
    await deliver(mp.notification("payment", failed.payment_id));
    await deliver(mp.notification("payment", failed.payment_id));
    expect((await purchaseRow(purchase_id)).renewal_failures).toBe(1);
    expect((await invoicesOf(purchase_id)).filter((i) => i.status === "failed")).toHaveLength(1);

    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/purchases/cancel/${purchase_id}`,
      headers,
      payload: { reason: "Me mudo" },
    });
    expect(cancel.statusCode).toBe(200);
    expect(mp.preapprovals.get(preapproval_id)!.status).toBe("cancelled");
    expect((await purchaseRow(purchase_id)).status).toBe("cancelled");
    const put = mp.requests.find((r) => r.method === "PUT" && r.path === `/preapproval/${preapproval_id}`);
    expect(put?.json).toEqual({ status: "cancelled" });
    // Mercado Pago's notification of the cancellation changes nothing more.
    expect((await notifyPreapproval(preapproval_id)).statusCode).toBe(200);
    expect((await purchaseRow(purchase_id)).status).toBe("cancelled");
  });

  it("cancelled at Mercado Pago before it was authorised: the purchase gives its place back", async () => {
    const { headers } = await customerLogin(t);
    const { preapproval_id, purchase_id } = (await start(headers, monthly.class_package_id)).json();
    mp.preapprovals.get(preapproval_id)!.status = "cancelled";
    expect((await notifyPreapproval(preapproval_id)).statusCode).toBe(200);
    expect((await purchaseRow(purchase_id)).status).toBe("cancelled");
    expect(await creditsOf(purchase_id)).toHaveLength(0);
    const events = await t.app.db
      .select()
      .from(webhook_events)
      .where(
        and(eq(webhook_events.provider, "mercadopago"), eq(webhook_events.type, "subscription_preapproval")),
      );
    expect(events.length).toBeGreaterThan(0);
  });
});
