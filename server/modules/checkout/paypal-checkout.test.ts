import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import type { PaypalFake } from "../../../test/doubles/payments/paypal-fake";
import { paypalClient } from "../../payments/gateways";
import type { TestApp } from "../../test/build-test-app";
import { customerLogin, newKey, purchaseReads, type Shop, startPaypalSuite } from "../../test/commerce";
import { runInterruptedCharges } from "./checkout.jobs";

let t: TestApp;
let shop: Shop;
let paypal: PaypalFake;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, shop, fake: paypal, close } = await startPaypalSuite({ webhooks: false }));
});
afterAll(() => close());

const { purchaseRow, creditsOf } = purchaseReads(() => t);
const start = (headers: Record<string, string>, classPackageId: number, extra: object = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/checkout/paypal",
    headers,
    payload: { class_package_id: classPackageId, idempotency_key: newKey(), ...extra },
  });
const capture = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/checkout/capture", headers, payload });

describe("paypal one-off payments (Orders v2)", () => {
  it("creates one order per idempotency key, captures once after approval and grants once", async () => {
    const { headers } = await customerLogin(t);
    const key = newKey();
    const [a, b] = await Promise.all([
      start(headers, shop.packages.five.class_package_id, { idempotency_key: key }),
      start(headers, shop.packages.five.class_package_id, { idempotency_key: key }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const { orderID, purchase_id } = a.json();
    expect(orderID).toMatch(/^ORDER-/);
    expect(paypal.orders.get(orderID)).toMatchObject({
      amount: { currency_code: "MXN", value: "750.00" },
      custom_id: String(purchase_id),
    });
    const created = paypal.requests.filter((r) => r.path === "/v2/checkout/orders");
    expect(created.every((r) => r.headers["paypal-request-id"] === key)).toBe(true);

    const early = await capture(headers, { orderID });
    expect(early.statusCode).toBe(402);
    expect(early.json()).toMatchObject({
      code: "PAYPAL_NOT_COMPLETED",
      message: messages.paypalNotCompleted,
    });
    expect((await purchaseRow(purchase_id)).status).toBe("pending");

    paypal.approve(orderID);
    const results = await Promise.all([1, 2, 3].map(() => capture(headers, { orderID })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.every((r) => r.json().purchase_id === purchase_id)).toBe(true);
    expect((await capture(headers, { orderID })).statusCode).toBe(200);
    const credits = await creditsOf(purchase_id);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.available_classes).toBe(5);
    expect(await purchaseRow(purchase_id)).toMatchObject({ status: "completed", provider: "paypal" });
  });

  it("a capture whose answer was lost is found and granted once by the job; an order only approved is left (decision 0109)", async () => {
    const { headers } = await customerLogin(t);
    const lost = (await start(headers, shop.packages.five.class_package_id)).json();
    const approved = (await start(headers, shop.packages.five.class_package_id)).json();
    paypal.approve(lost.orderID);
    paypal.approve(approved.orderID);
    // Our capture reached PayPal, and its answer never reached the purchase (a crash between).
    await paypalClient(t.app)!.captureOrder(lost.orderID);
    expect((await purchaseRow(lost.purchase_id)).status).toBe("pending");

    // Too recent: the customer's own capture may still be on its way.
    expect(await runInterruptedCharges(t.app)).toEqual([]);
    const later = new Date(Date.now() + 15 * 60_000);
    const [first, again] = [
      await runInterruptedCharges(t.app, later),
      await runInterruptedCharges(t.app, later),
    ];
    expect(first).toContain((await purchaseRow(lost.purchase_id)).customer_id);
    expect(again).toEqual([]);
    expect(await creditsOf(lost.purchase_id)).toHaveLength(1);
    expect((await purchaseRow(lost.purchase_id)).status).toBe("completed");
    // Approved, never captured: nobody is charged on the studio's initiative.
    expect((await purchaseRow(approved.purchase_id)).status).toBe("pending");
    expect(paypal.orders.get(approved.orderID)).not.toMatchObject({ status: "COMPLETED" });
  });

  it("another customer cannot capture someone else's order", async () => {
    const owner = await customerLogin(t);
    const { orderID, purchase_id } = (await start(owner.headers, shop.packages.five.class_package_id)).json();
    paypal.approve(orderID);
    const other = await customerLogin(t);
    expect((await capture(other.headers, { orderID })).statusCode).toBe(404);
    expect(await creditsOf(purchase_id)).toHaveLength(0);
  });

  it("validates the capture body and the package (4xx with a Spanish message)", async () => {
    const { headers } = await customerLogin(t);
    expect((await capture(headers, {})).statusCode).toBe(400);
    expect((await capture(headers, { orderID: "../x" })).statusCode).toBe(400);
    // Well-formed text PayPal does not know (decision 0056 §4): a Spanish 404, never a 502.
    for (const body of [{ subscriptionID: "no-existe" }, { orderID: "NO-EXISTE-123" }]) {
      const unknown = await capture(headers, body);
      expect(unknown.statusCode, JSON.stringify(body)).toBe(404);
      expect(unknown.json()).toMatchObject({
        code: "PURCHASE_NOT_FOUND",
        message: messages.purchaseNotFound,
      });
    }
    const missing = await start(headers, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("PACKAGE_NOT_FOUND");
  });
});

describe("paypal subscriptions (Billing v1)", () => {
  it("a plan with the first-invoice discount as a trial cycle; the approved subscription grants once", async () => {
    const { headers } = await customerLogin(t);
    const res = await start(headers, shop.packages.unlimited.class_package_id, { discountCode: "DIEZ" });
    expect(res.statusCode).toBe(200);
    const { plan_id, purchase_id } = res.json();
    const plan = paypal.plans.get(plan_id)!.body as { billing_cycles: Array<Record<string, unknown>> };
    expect(plan.billing_cycles).toEqual([
      expect.objectContaining({
        tenure_type: "TRIAL",
        total_cycles: 1,
        pricing_scheme: { fixed_price: { currency_code: "MXN", value: "2160.00" } },
      }),
      expect.objectContaining({
        tenure_type: "REGULAR",
        total_cycles: 0,
        frequency: { interval_unit: "MONTH", interval_count: 1 },
        pricing_scheme: { fixed_price: { currency_code: "MXN", value: "2400.00" } },
      }),
    ]);
    const subscriptionID = paypal.subscribe(plan_id);
    const [a, b] = await Promise.all([
      capture(headers, { subscriptionID }),
      capture(headers, { subscriptionID }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await purchaseRow(purchase_id)).toMatchObject({
      status: "active",
      subscription_id: subscriptionID,
    });

    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/purchases/cancel/${purchase_id}`,
      headers,
      payload: { reason: "Ya no voy" },
    });
    expect(cancel.statusCode).toBe(200);
    expect(paypal.subscriptions.get(subscriptionID)!.status).toBe("CANCELLED");
  });

  it("a free trial is a trial cycle without price; a subscription not approved yet is not granted", async () => {
    const { headers } = await customerLogin(t);
    const { plan_id, purchase_id } = (await start(headers, shop.packages.online.class_package_id)).json();
    const plan = paypal.plans.get(plan_id)!.body as { billing_cycles: Array<Record<string, unknown>> };
    expect(plan.billing_cycles[0]).toMatchObject({
      tenure_type: "TRIAL",
      frequency: { interval_unit: "DAY", interval_count: 7 },
    });
    expect(plan.billing_cycles[0]).not.toHaveProperty("pricing_scheme");
    const pending = paypal.subscribe(plan_id, "APPROVAL_PENDING");
    expect((await capture(headers, { subscriptionID: pending })).statusCode).toBe(402);
    expect((await purchaseRow(purchase_id)).status).toBe("pending");
  });
});
