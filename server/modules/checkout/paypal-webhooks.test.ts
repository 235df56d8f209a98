import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { PAYPAL_TEST_KEYS, type PaypalFake } from "../../../test/doubles/payments/paypal-fake";
import { ConfigError, loadConfig } from "../../config";
import type { class_packages } from "../../db/schema/packages";
import { discount_redemptions } from "../../db/schema/payments";
import { webhook_events } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import {
  addPackage,
  customerLogin,
  customerRow,
  newKey,
  purchaseReads,
  type Shop,
  startPaypalSuite,
} from "../../test/commerce";

/**
 * PayPal's subscription events (POST /api/webhooks/paypal) against an in-test HTTP fake of
 * PayPal's API, which also answers verify-webhook-signature for the deliveries it signs.
 */

let t: TestApp;
let shop: Shop;
let paypal: PaypalFake;
let close: () => Promise<void>;
let monthly: typeof class_packages.$inferSelect;

beforeAll(async () => {
  ({ t, shop, fake: paypal, close } = await startPaypalSuite({ webhooks: true }));
  monthly = await addPackage(t, {
    title: "8 Clases Mensual",
    price: "1200.00",
    class_amount: 8,
    is_subscription: true,
    subscription_period: "month",
    subscription_interval: 1,
    order: 9,
  });
});
afterAll(() => close());

const { purchaseRow, creditsOf, invoicesOf } = purchaseReads(() => t);
const redemptionsOf = (id: number) =>
  t.app.db.select().from(discount_redemptions).where(eq(discount_redemptions.purchase_id, id));
const storedEvents = (id: string) =>
  t.app.db
    .select()
    .from(webhook_events)
    .where(and(eq(webhook_events.provider, "paypal"), eq(webhook_events.event_id, id)));

function deliver(event: object, tamper?: (signed: ReturnType<PaypalFake["signed"]>) => void) {
  const signed = paypal.signed(event);
  tamper?.(signed);
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/paypal",
    headers: signed.headers,
    payload: signed.payload,
  });
}

let events = 0;
const eventId = () => `WH-TEST-${process.pid}-${++events}`;
const money = (value: string) => ({ currency_code: "MXN", value });

const activated = (sub: string, plan: string) => ({
  id: eventId(),
  event_type: "BILLING.SUBSCRIPTION.ACTIVATED",
  resource_type: "subscription",
  resource: { id: sub, plan_id: plan, status: "ACTIVE" },
});
const ended = (
  kind: "CANCELLED" | "SUSPENDED" | "EXPIRED",
  sub: string,
  plan: string,
  failedPayments = 0,
) => ({
  id: eventId(),
  event_type: `BILLING.SUBSCRIPTION.${kind}`,
  resource_type: "subscription",
  resource: { id: sub, plan_id: plan, status: kind, billing_info: { failed_payments_count: failedPayments } },
});
const sale = (sub: string, saleId: string, total: string, at: Date) => ({
  id: eventId(),
  event_type: "PAYMENT.SALE.COMPLETED",
  resource_type: "sale",
  resource: {
    id: saleId,
    state: "completed",
    amount: { total, currency: "MXN" },
    billing_agreement_id: sub,
    create_time: at.toISOString(),
  },
});
const paymentFailed = (sub: string, plan: string, value: string, at: Date, count: number) => ({
  id: eventId(),
  event_type: "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
  resource_type: "subscription",
  resource: {
    id: sub,
    plan_id: plan,
    status: "ACTIVE",
    billing_info: {
      failed_payments_count: count,
      last_failed_payment: { amount: money(value), time: at.toISOString() },
    },
  },
});

/** A PayPal subscription checkout up to the buyer's approval in PayPal's window. */
async function subscribe(classPackageId: number, extra: object = {}) {
  const login = await customerLogin(t);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/checkout/paypal",
    headers: login.headers,
    payload: { class_package_id: classPackageId, idempotency_key: newKey(), ...extra },
  });
  expect(res.statusCode).toBe(200);
  const { plan_id, purchase_id } = res.json() as { plan_id: string; purchase_id: number };
  return { login, plan_id, purchase_id, sub: paypal.subscribe(plan_id) };
}

/** Subscribed and activated (by PayPal's ACTIVATED event, as if the buyer closed the window). */
async function activeSubscription(classPackageId = monthly.class_package_id) {
  const s = await subscribe(classPackageId);
  expect((await deliver(activated(s.sub, s.plan_id))).statusCode).toBe(200);
  expect(await purchaseRow(s.purchase_id)).toMatchObject({ status: "active", subscription_id: s.sub });
  return s;
}

describe("paypal webhooks: applied once", () => {
  it("a renewal delivered ten times (five at once) records one charge and grants its credits once", async () => {
    const s = await subscribe(monthly.class_package_id);
    // The buyer's browser completes the checkout; PayPal's own events for it change nothing more.
    const capture = await t.app.inject({
      method: "POST",
      url: "/api/checkout/capture",
      headers: s.login.headers,
      payload: { subscriptionID: s.sub },
    });
    expect(capture.statusCode).toBe(200);
    await deliver(activated(s.sub, s.plan_id));
    const first = sale(s.sub, `SALE-${s.purchase_id}-1`, "1200.00", new Date());
    expect((await deliver(first)).json()).toEqual({ received: true, result: "applied" });
    expect(await creditsOf(s.purchase_id)).toHaveLength(1);
    expect((await invoicesOf(s.purchase_id)).map((i) => [i.status, i.total_payment, i.provider_ref])).toEqual(
      [["paid", "1200.00", `paypal_sale_SALE-${s.purchase_id}-1`]],
    );

    const due = (await purchaseRow(s.purchase_id)).next_billing_date!;
    const renewal = sale(s.sub, `SALE-${s.purchase_id}-2`, "1200.00", due);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(renewal)));
    const sequential = [];
    for (let i = 0; i < 5; i++) sequential.push(await deliver(renewal));
    const results = [...concurrent, ...sequential];
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().result === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.json().result === "duplicate")).toHaveLength(9);
    expect(await storedEvents(renewal.id)).toHaveLength(1);
    // The same sale told again by another event id is still one charge.
    await deliver({ ...renewal, id: eventId() });

    const bills = await invoicesOf(s.purchase_id);
    expect(bills.map((b) => [b.status, b.total_payment])).toEqual([
      ["paid", "1200.00"],
      ["paid", "1200.00"],
    ]);
    expect(bills[1]!.period_start).toEqual(due);
    const credits = await creditsOf(s.purchase_id);
    expect(credits.map((c) => c.available_classes)).toEqual([8, 8]);
    const after = await purchaseRow(s.purchase_id);
    expect(after.status).toBe("active");
    expect(after.next_billing_date).toEqual(bills[1]!.period_end);
    expect(after.next_billing_date!.getTime()).toBeGreaterThan(due.getTime());
  });

  it("refuses a bad, missing or foreign signature with 400 and a Spanish message; applies nothing", async () => {
    const s = await subscribe(monthly.class_package_id);
    const event = activated(s.sub, s.plan_id);
    const attempts = [
      // The body changed after PayPal signed it.
      await deliver(event, (d) => {
        d.payload = d.payload.replace(s.plan_id, `${s.plan_id} `);
      }),
      await deliver(event, (d) => {
        d.headers["paypal-transmission-sig"] = "forged";
      }),
      await deliver(event, (d) => {
        d.headers["paypal-transmission-sig"] = "";
      }),
      await t.app.inject({
        method: "POST",
        url: "/api/webhooks/paypal",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "WEBHOOK_SIGNATURE_INVALID",
        message: messages.webhookSignatureInvalid,
      });
    }
    expect(await storedEvents(event.id)).toHaveLength(0);
    expect((await purchaseRow(s.purchase_id)).status).toBe("pending");
    // Each signed delivery was checked by PayPal's API with our webhook id.
    const checks = paypal.requests.filter((r) => r.path === "/v1/notifications/verify-webhook-signature");
    expect((checks.at(-1)!.json as { webhook_id: string }).webhook_id).toBe(PAYPAL_TEST_KEYS.webhookId);
  });

  it("an event for a subscription we do not know answers 409 so PayPal delivers it again", async () => {
    const res = await deliver(sale("I-UNKNOWN", "SALE-UNKNOWN", "10.00", new Date()));
    expect(res.statusCode).toBe(409);
    const ignored = await deliver({ id: eventId(), event_type: "CUSTOMER.DISPUTE.CREATED", resource: {} });
    expect(ignored.json()).toEqual({ received: true, result: "ignored" });
  });
});

describe("paypal webhooks: out of order, cancellation and failures", () => {
  it("a charge arriving after the cancellation is recorded and granted but does not re-activate", async () => {
    const s = await activeSubscription();
    const due = (await purchaseRow(s.purchase_id)).next_billing_date!;
    await deliver(ended("CANCELLED", s.sub, s.plan_id));
    const cancelled = await purchaseRow(s.purchase_id);
    expect(cancelled).toMatchObject({ status: "cancelled", next_billing_date: null });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);

    // PayPal charged the period before the cancellation; its event comes after it.
    await deliver(sale(s.sub, `SALE-${s.purchase_id}-late`, "1200.00", due));
    const after = await purchaseRow(s.purchase_id);
    expect(after).toMatchObject({ status: "cancelled", next_billing_date: null });
    expect(after.cancelledAt).toEqual(cancelled.cancelledAt);
    expect((await invoicesOf(s.purchase_id)).filter((i) => i.status === "paid")).toHaveLength(2);
    expect(await creditsOf(s.purchase_id)).toHaveLength(2);
    expect(after.expiration_date!.getTime()).toBeGreaterThan(due.getTime());

    // A repeated cancellation or a second ACTIVATED changes nothing either.
    await deliver(ended("EXPIRED", s.sub, s.plan_id));
    await deliver(activated(s.sub, s.plan_id));
    expect(await purchaseRow(s.purchase_id)).toMatchObject({ status: "cancelled", next_billing_date: null });
    expect(await creditsOf(s.purchase_id)).toHaveLength(2);
  });

  it("cancellation stops renewals: no next charge shown, and the customer's list says so", async () => {
    const s = await activeSubscription();
    await deliver(ended("SUSPENDED", s.sub, s.plan_id)); // suspended by hand, not for non-payment
    const list = await t.app.inject({ method: "GET", url: "/api/purchases", headers: s.login.headers });
    const { purchases: mine } = list.json() as {
      purchases: Array<{ purchase_id: number; status: string; next_charge: string | null }>;
    };
    expect(mine.find((p) => p.purchase_id === s.purchase_id)).toMatchObject({
      status: "cancelled",
      next_charge: null,
    });
    // What was paid stays: the period's credits are still there.
    expect(await creditsOf(s.purchase_id)).toHaveLength(1);
  });

  it("payment failures count like failed renewals; past renewal_max_retries the purchase fails", async () => {
    const s = await activeSubscription();
    const due = (await purchaseRow(s.purchase_id)).next_billing_date!;
    const failure = (n: number) =>
      paymentFailed(s.sub, s.plan_id, "1200.00", new Date(due.getTime() + n * 1000), n);
    for (const n of [1, 2, 3]) {
      const event = failure(n);
      await deliver(event);
      await deliver(event); // repeated delivery: counted once
      expect(await purchaseRow(s.purchase_id)).toMatchObject({ status: "active", renewal_failures: n });
    }
    await deliver(failure(4));
    const failed = await purchaseRow(s.purchase_id);
    expect(failed).toMatchObject({ status: "failed", renewal_failures: 4, next_billing_date: null });
    const credits = await creditsOf(s.purchase_id);
    expect(credits.every((c) => c.expiration_date !== null && c.expiration_date <= new Date())).toBe(true);
    expect((await invoicesOf(s.purchase_id)).filter((i) => i.status === "failed")).toHaveLength(4);
    // PayPal then suspends it: it stays failed.
    await deliver(ended("SUSPENDED", s.sub, s.plan_id, 4));
    expect((await purchaseRow(s.purchase_id)).status).toBe("failed");
  });

  it("a failure delivered after the retry that paid is not counted; suspension for non-payment fails", async () => {
    const s = await activeSubscription(shop.packages.unlimited.class_package_id);
    const due = (await purchaseRow(s.purchase_id)).next_billing_date!;
    await deliver(sale(s.sub, `SALE-${s.purchase_id}-2`, "2400.00", new Date(due.getTime() + 86_400_000)));
    await deliver(paymentFailed(s.sub, s.plan_id, "2400.00", due, 1));
    expect(await purchaseRow(s.purchase_id)).toMatchObject({ status: "active", renewal_failures: 0 });

    await deliver(ended("SUSPENDED", s.sub, s.plan_id, 3));
    expect((await purchaseRow(s.purchase_id)).status).toBe("failed");
    expect((await customerRow(t, s.login.customer_id)).has_unlimited).toBe(false);
  });

  it("cancelled before activated stays cancelled; the late activation grants and records the discount once", async () => {
    const s = await subscribe(shop.packages.unlimited.class_package_id, { discountCode: "DIEZ" });
    expect(await redemptionsOf(s.purchase_id)).toHaveLength(1);
    await deliver(ended("CANCELLED", s.sub, s.plan_id));
    expect(await purchaseRow(s.purchase_id)).toMatchObject({ status: "cancelled", credits_granted_at: null });
    expect(await redemptionsOf(s.purchase_id)).toHaveLength(0); // nothing paid: the use is given back

    // PayPal had activated and charged it: the late success grants the paid period once.
    await deliver(activated(s.sub, s.plan_id));
    await deliver(activated(s.sub, s.plan_id));
    await deliver(sale(s.sub, `SALE-${s.purchase_id}-1`, "2160.00", new Date()));
    const after = await purchaseRow(s.purchase_id);
    expect(after).toMatchObject({ status: "cancelled", next_billing_date: null, subscription_id: s.sub });
    expect(after.credits_granted_at).toBeInstanceOf(Date);
    expect(await redemptionsOf(s.purchase_id)).toHaveLength(1);
    expect((await invoicesOf(s.purchase_id)).map((i) => [i.status, i.total_payment])).toEqual([
      ["paid", "2160.00"],
    ]);
    expect((await customerRow(t, s.login.customer_id)).has_unlimited).toBe(true);
  });
});

describe("paypal webhook configuration", () => {
  it("PAYMENT_GATEWAY=paypal requires PAYPAL_WEBHOOK_ID, and it must look like one", () => {
    const base = { PAYMENT_GATEWAY: "paypal", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" };
    expect(() => loadConfig(base)).toThrow(/PAYPAL_WEBHOOK_ID: obligatorio con PAYMENT_GATEWAY=paypal/);
    expect(() => loadConfig({ ...base, PAYPAL_WEBHOOK_ID: "no válido!" })).toThrow(ConfigError);
    expect(loadConfig({ ...base, PAYPAL_WEBHOOK_ID: "8PT597110X687430LKGECATA" }).PAYPAL_WEBHOOK_ID).toBe(
      "8PT597110X687430LKGECATA",
    );
  });
});
