import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, localDay } from "../../../domain/booking";
import type { PaypalFake } from "../../../test/doubles/payments/paypal-fake";
import type { StripeFake } from "../../../test/doubles/payments/stripe-fake";
import { email_outbox } from "../../db/schema/mail";
import { purchases, refunds } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import {
  customerLogin,
  newKey,
  purchaseReads,
  type Shop,
  startPaypalSuite,
  startStripeSuite,
} from "../../test/commerce";

/**
 * Refunds through Stripe and PayPal (their official SDKs against the in-process fakes): the
 * processor's idempotency, its refusal, and the refund webhooks applied once, ours and those
 * made in the processor's dashboard (decision 0027).
 */

const refundsOf = (t: TestApp, purchaseId: number) =>
  t.app.db.select().from(refunds).where(eq(refunds.purchase_id, purchaseId)).orderBy(refunds.refund_id);

function refundCall(t: TestApp, admin: Record<string, string>) {
  return (purchaseId: number, body: { amount?: number; idempotency_key?: string }) =>
    t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${purchaseId}/refund`,
      headers: admin,
      payload: { idempotency_key: newKey(), ...body },
    });
}

const unused = async (reads: ReturnType<typeof purchaseReads>, purchaseId: number) =>
  (await reads.creditsOf(purchaseId)).reduce((sum, b) => sum + Math.max(0, b.available_classes), 0);

describe("Stripe refunds", () => {
  let t: TestApp;
  let shop: Shop;
  let stripe: StripeFake;
  let close: () => Promise<void>;
  let admin: Record<string, string>;
  const reads = purchaseReads(() => t);
  let events = 0;

  beforeAll(async () => {
    ({ t, shop, fake: stripe, close } = await startStripeSuite());
    admin = (await t.signUp({ role: "admin" })).headers;
  });
  afterAll(() => close());

  /** A paid Stripe purchase of the 10-class package (1,350.00): its id and payment intent. */
  async function paid() {
    const { headers, email } = await customerLogin(t);
    const attempt = await t.app.inject({
      method: "POST",
      url: "/api/checkout/attempt",
      headers,
      payload: { class_package_id: shop.packages.ten.class_package_id, idempotency_key: newKey() },
    });
    const body = attempt.json();
    const pi = (body.clientSecret as string).split("_secret_")[0]!;
    stripe.succeed(pi);
    const done = await t.app.inject({
      method: "POST",
      url: "/api/checkout/confirm",
      headers,
      payload: { purchase_id: body.purchase_id, client_secret: body.clientSecret },
    });
    expect(done.statusCode).toBe(200);
    return { purchaseId: body.purchase_id as number, pi, email };
  }

  function deliver(object: unknown) {
    const signed = stripe.signed({ id: `evt_refund_${++events}`, type: "charge.refunded", object });
    return t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": signed.signature },
      payload: signed.payload,
    });
  }
  const charge = (pi: string, amountRefunded: number, list?: unknown[]) => ({
    id: `ch_${pi}`,
    object: "charge",
    payment_intent: pi,
    amount: 135_000,
    amount_refunded: amountRefunded,
    metadata: {},
    ...(list ? { refunds: { object: "list", data: list } } : {}),
  });

  it("refunds through refunds.create with our key and refund id; a retry is the same refund; its webhook changes nothing more", async () => {
    const { purchaseId, pi, email } = await paid();
    const refund = refundCall(t, admin);
    const key = newKey();
    const first = await refund(purchaseId, { amount: 405, idempotency_key: key });
    expect(first.statusCode).toBe(200);
    const body = first.json().refund;
    expect(body).toMatchObject({
      amount: 405,
      status: "succeeded",
      provider: "stripe",
      credits_withdrawn: 3,
    });
    expect(body.provider_ref).toMatch(/^re_/);
    const call = stripe.requests.find((r) => r.path === "/v1/refunds")!;
    expect(call.form).toMatchObject({
      payment_intent: pi,
      amount: "40500",
      "metadata[refund_id]": String(body.refund_id),
    });
    expect(call.headers["idempotency-key"]).toBe(`refund_${key}`);
    expect((await refund(purchaseId, { amount: 405, idempotency_key: key })).json().refund.refund_id).toBe(
      body.refund_id,
    );
    expect(stripe.refundedOn(pi)).toBe(40_500);

    // Stripe tells us of our own refund, twice: nothing changes.
    const ours = stripe.refunds.get(body.provider_ref)!;
    for (let i = 0; i < 2; i++) expect((await deliver(charge(pi, 40_500, [ours]))).statusCode).toBe(200);
    expect(await refundsOf(t, purchaseId)).toHaveLength(1);
    expect(await unused(reads, purchaseId)).toBe(7);
    const mails = (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, email))).filter(
      (m) => m.template === "purchase-refund",
    );
    expect(mails).toHaveLength(1);
  });

  it("a refund made in Stripe's dashboard is recorded once from charge.refunded, with its credits and email", async () => {
    const { purchaseId, pi, email } = await paid();
    // Listed refunds (older API versions) …
    const listed = {
      id: "re_dashboard_1",
      object: "refund",
      amount: 67_500,
      status: "succeeded",
      metadata: {},
    };
    const event = charge(pi, 67_500, [listed]);
    expect((await deliver(event)).json().result).toBe("applied");
    expect((await deliver(event)).json().result).toBe("applied");
    let rows = await refundsOf(t, purchaseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "provider", provider_ref: "re_dashboard_1", amount: "675.00" });
    expect(rows[0]!.credits_withdrawn).toBe(5);
    // … and only the refunded total (current ones): the rest of the money, recorded once.
    expect((await deliver(charge(pi, 135_000))).statusCode).toBe(200);
    expect((await deliver(charge(pi, 135_000))).statusCode).toBe(200);
    rows = await refundsOf(t, purchaseId);
    expect(rows.map((r) => r.amount)).toEqual(["675.00", "675.00"]);
    expect(await reads.purchaseRow(purchaseId)).toMatchObject({ refunded_total: "1350.00" });
    expect(await unused(reads, purchaseId)).toBe(0);
    expect((await reads.invoicesOf(purchaseId)).map((i) => i.status)).toEqual(["refunded"]);
    const mails = (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, email))).filter(
      (m) => m.template === "purchase-refund",
    );
    expect(mails).toHaveLength(2);
  });

  it("a refund Stripe refuses is 402 with its reason, recorded as failed, and changes nothing", async () => {
    const { purchaseId } = await paid();
    stripe.failRefunds("expired_or_canceled_card");
    try {
      const res = await refundCall(t, admin)(purchaseId, {});
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe("REFUND_FAILED");
      expect(res.json().message).toContain("expired_or_canceled_card");
    } finally {
      stripe.failRefunds(null);
    }
    expect((await refundsOf(t, purchaseId)).map((r) => r.status)).toEqual(["failed"]);
    expect(await reads.purchaseRow(purchaseId)).toMatchObject({ refunded_total: "0.00" });
    expect(await unused(reads, purchaseId)).toBe(10);
    // The studio can try again (a new request): it goes through now.
    expect((await refundCall(t, admin)(purchaseId, {})).statusCode).toBe(200);
  });
});

describe("Stripe: freezing a subscription pauses its collection", () => {
  let t: TestApp;
  let shop: Shop;
  let stripe: StripeFake;
  let close: () => Promise<void>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    ({ t, shop, fake: stripe, close } = await startStripeSuite());
    admin = (await t.signUp({ role: "admin" })).headers;
  });
  afterAll(() => close());

  it("sends subscriptions.update pause_collection { behavior: void, resumes_at: the freeze's end }", async () => {
    const { customer_id } = await customerLogin(t);
    const now = new Date();
    const month = new Date(now.getTime() + 30 * 86_400_000);
    // A Stripe-billed subscription as its webhooks leave it (active, paid until next month).
    const [purchase] = await t.app.db
      .insert(purchases)
      .values({
        customer_id,
        class_package_id: shop.packages.unlimited.class_package_id,
        title: "Ilimitado Mensual",
        status: "active",
        amount: "2400.00",
        total_payment: "2400.00",
        provider: "stripe",
        provider_ref: "pi_sub_first",
        subscription_id: "sub_freeze_1",
        subscription_interval: 1,
        subscription_period: "month",
        expiration_date: month,
        next_billing_date: month,
        credits_granted_at: now,
      })
      .returning();
    const from = addLocalDays(localDay(now, "America/Mexico_City"), 2);
    const to = addLocalDays(from, 6);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${purchase!.purchase_id}/freeze`,
      headers: admin,
      payload: { from, to },
    });
    expect(res.statusCode).toBe(200);
    const endsAt = new Date(res.json().freeze.ends_at);
    expect(stripe.pauses.get("sub_freeze_1")).toEqual({
      behavior: "void",
      resumes_at: String(Math.floor(endsAt.getTime() / 1000)),
    });
    const [after] = await t.app.db
      .select()
      .from(purchases)
      .where(eq(purchases.purchase_id, purchase!.purchase_id));
    expect(Math.round((after!.next_billing_date!.getTime() - month.getTime()) / 86_400_000)).toBe(7);
  });
});

describe("PayPal refunds", () => {
  let t: TestApp;
  let shop: Shop;
  let paypal: PaypalFake;
  let close: () => Promise<void>;
  let admin: Record<string, string>;
  const reads = purchaseReads(() => t);
  let events = 0;

  beforeAll(async () => {
    ({ t, shop, fake: paypal, close } = await startPaypalSuite({ webhooks: true }));
    admin = (await t.signUp({ role: "admin" })).headers;
  });
  afterAll(() => close());

  async function paid() {
    const { headers } = await customerLogin(t);
    const start = await t.app.inject({
      method: "POST",
      url: "/api/checkout/paypal",
      headers,
      payload: { class_package_id: shop.packages.five.class_package_id, idempotency_key: newKey() },
    });
    const { orderID, purchase_id } = start.json();
    paypal.approve(orderID);
    const captured = await t.app.inject({
      method: "POST",
      url: "/api/checkout/capture",
      headers,
      payload: { orderID },
    });
    expect(captured.statusCode).toBe(200);
    return { purchaseId: purchase_id as number, capture: `CAP-${orderID}` };
  }

  function deliver(refund: { id: string; value: string; capture: string; custom_id?: string }) {
    const signed = paypal.signed({
      id: `WH-REFUND-${++events}`,
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: refund.id,
        status: "COMPLETED",
        amount: { currency_code: "MXN", value: refund.value },
        ...(refund.custom_id ? { custom_id: refund.custom_id } : {}),
        links: [{ rel: "up", href: `https://api-m.paypal.com/v2/payments/captures/${refund.capture}` }],
      },
    });
    return t.app.inject({
      method: "POST",
      url: "/api/webhooks/paypal",
      headers: signed.headers,
      payload: signed.payload,
    });
  }

  it("refunds the order's capture with PayPal-Request-Id and our refund id; its webhook is applied once", async () => {
    const { purchaseId, capture } = await paid();
    const key = newKey();
    const res = await refundCall(t, admin)(purchaseId, { amount: 300, idempotency_key: key });
    expect(res.statusCode).toBe(200);
    const refund = res.json().refund;
    expect(refund).toMatchObject({ amount: 300, provider: "paypal", credits_withdrawn: 2 });
    const call = paypal.requests.find((r) => r.path === `/v2/payments/captures/${capture}/refund`)!;
    expect(call.headers["paypal-request-id"]).toBe(`refund_${key}`);
    expect(call.json).toMatchObject({
      amount: { currency_code: "MXN", value: "300.00" },
      custom_id: `refund:${refund.refund_id}`,
    });
    const again = await deliver({
      id: refund.provider_ref,
      value: "300.00",
      capture,
      custom_id: `refund:${refund.refund_id}`,
    });
    expect(again.statusCode).toBe(200);
    expect(await refundsOf(t, purchaseId)).toHaveLength(1);
    expect(await unused(reads, purchaseId)).toBe(3);
  });

  it("a refund made in PayPal is recorded once from PAYMENT.CAPTURE.REFUNDED", async () => {
    const { purchaseId, capture } = await paid();
    const event = { id: "REF-DASHBOARD-1", value: "750.00", capture };
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    const rows = await refundsOf(t, purchaseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "provider", amount: "750.00", credits_withdrawn: 5 });
    expect(await reads.purchaseRow(purchaseId)).toMatchObject({ refunded_total: "750.00" });
  });
});
