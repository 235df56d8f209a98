import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import type { StripeFake } from "../../../test/doubles/payments/stripe-fake";
import { email_outbox } from "../../db/schema/mail";
import { discount_redemptions } from "../../db/schema/payments";
import { webhook_events } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import {
  customerLogin,
  customerRow,
  newKey,
  purchaseReads,
  type Shop,
  startStripeSuite,
} from "../../test/commerce";

let t: TestApp;
let shop: Shop;
let stripe: StripeFake;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, shop, fake: stripe, close } = await startStripeSuite());
});
afterAll(() => close());

const { purchaseRow, creditsOf, invoicesOf } = purchaseReads(() => t);

function deliver(event: { id: string; type: string; object: unknown }, signature?: string) {
  const signed = stripe.signed(event);
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature ?? signed.signature },
    payload: signed.payload,
  });
}
let events = 0;
const eventId = () => `evt_test_${++events}`;

async function attempt(headers: Record<string, string>, classPackageId: number, extra: object = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/checkout/attempt",
    headers,
    payload: { class_package_id: classPackageId, idempotency_key: newKey(), ...extra },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { purchase_id: number; clientSecret?: string; session?: { id: string; url: string } };
}
const intentIdOf = (secret: string) => secret.split("_secret_")[0]!;
const confirm = (headers: Record<string, string>, body: { purchase_id: number; clientSecret?: string }) =>
  t.app.inject({
    method: "POST",
    url: "/api/checkout/confirm",
    headers,
    payload: { purchase_id: body.purchase_id, client_secret: body.clientSecret },
  });
const piEvent = (type: string, intent: object | undefined) => ({ id: eventId(), type, object: intent });

describe("stripe one-off payments (PaymentIntents)", () => {
  it("creates the intent with our idempotency key, confirms after Stripe.js, grants once", async () => {
    const { headers, email } = await customerLogin(t);
    const body = await attempt(headers, shop.packages.five.class_package_id);
    const pi = intentIdOf(body.clientSecret!);
    const created = stripe.requests.find((r) => r.path === "/v1/payment_intents" && r.method === "POST")!;
    expect(created.form).toMatchObject({
      amount: "75000",
      currency: "mxn",
      "metadata[purchase_id]": String(body.purchase_id),
    });
    expect(String(created.headers["idempotency-key"])).toMatch(/^test-key-/);

    // Before the browser confirmed: not paid, not failed either.
    const early = await confirm(headers, body);
    expect(early.statusCode).toBe(402);
    expect(early.json().code).toBe("REQUIRES_ACTION");
    expect((await purchaseRow(body.purchase_id)).status).toBe("pending");

    stripe.succeed(pi);
    const done = await confirm(headers, body);
    expect(done.statusCode).toBe(200);
    const event = piEvent("payment_intent.succeeded", stripe.intents.get(pi));
    for (let i = 0; i < 3; i++) expect((await deliver(event)).statusCode).toBe(200);
    expect(await creditsOf(body.purchase_id)).toHaveLength(1);
    expect(await purchaseRow(body.purchase_id)).toMatchObject({ status: "completed", provider: "stripe" });
    // The confirmation and three webhook deliveries: one receipt (decision 0051).
    const receipts = (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, email))).filter(
      (m) => m.template === "purchase-receipt",
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Total pagado: $750.00 MXN");
  });

  it("a webhook delivered ten times (five at once) grants once; the late confirmation changes nothing", async () => {
    const { headers } = await customerLogin(t);
    const body = await attempt(headers, shop.packages.ten.class_package_id);
    const pi = intentIdOf(body.clientSecret!);
    stripe.succeed(pi);
    const event = piEvent("payment_intent.succeeded", stripe.intents.get(pi));
    const parallel = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    const serial = [];
    for (let i = 0; i < 5; i++) serial.push(await deliver(event));
    const results = [...parallel, ...serial].map((r) => r.json().result);
    expect(results.filter((r) => r === "applied")).toHaveLength(1);
    expect(results.filter((r) => r === "duplicate")).toHaveLength(9);
    const credits = await creditsOf(body.purchase_id);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.available_classes).toBe(10);
    expect((await confirm(headers, body)).statusCode).toBe(200);
    expect(await creditsOf(body.purchase_id)).toHaveLength(1);
    const stored = await t.app.db.select().from(webhook_events).where(eq(webhook_events.event_id, event.id));
    expect(stored).toHaveLength(1);
  });

  it("out of order: a failure after the success changes nothing; a success after a failure grants", async () => {
    const { headers } = await customerLogin(t);
    const a = await attempt(headers, shop.packages.five.class_package_id);
    const piA = intentIdOf(a.clientSecret!);
    stripe.succeed(piA);
    await deliver(piEvent("payment_intent.succeeded", stripe.intents.get(piA)));
    await deliver(
      piEvent("payment_intent.payment_failed", {
        ...stripe.intents.get(piA),
        last_payment_error: { decline_code: "insufficient_funds" },
      }),
    );
    expect(await purchaseRow(a.purchase_id)).toMatchObject({ status: "completed" });

    const other = await customerLogin(t);
    const b = await attempt(other.headers, shop.packages.five.class_package_id);
    const piB = intentIdOf(b.clientSecret!);
    stripe.decline(piB, "insufficient_funds");
    await deliver(piEvent("payment_intent.payment_failed", stripe.intents.get(piB)));
    expect((await purchaseRow(b.purchase_id)).status).toBe("failed");
    stripe.succeed(piB);
    await deliver(piEvent("payment_intent.succeeded", stripe.intents.get(piB)));
    expect(await purchaseRow(b.purchase_id)).toMatchObject({ status: "completed" });
    expect(await creditsOf(b.purchase_id)).toHaveLength(1);
  });

  it("a success after a failure records the discount use again, once, and the invoice as paid", async () => {
    const { headers } = await customerLogin(t);
    const body = await attempt(headers, shop.packages.five.class_package_id, { discountCode: "100PESOS" });
    const pi = intentIdOf(body.clientSecret!);
    const uses = () =>
      t.app.db
        .select()
        .from(discount_redemptions)
        .where(eq(discount_redemptions.purchase_id, body.purchase_id));
    stripe.decline(pi, "insufficient_funds");
    await deliver(piEvent("payment_intent.payment_failed", stripe.intents.get(pi)));
    expect(await uses()).toHaveLength(0); // a failed payment gives the use back
    stripe.succeed(pi);
    const late = piEvent("payment_intent.succeeded", stripe.intents.get(pi));
    await deliver(late);
    await deliver(late);
    await deliver({ ...late, id: eventId() });
    expect(await purchaseRow(body.purchase_id)).toMatchObject({ status: "completed" });
    expect(await uses()).toHaveLength(1);
    expect((await invoicesOf(body.purchase_id)).map((i) => [i.status, i.total_payment])).toEqual([
      ["paid", "650.00"],
    ]);
  });

  it("a declined card answers 402 with the Spanish message of its decline code", async () => {
    const { headers } = await customerLogin(t);
    const body = await attempt(headers, shop.packages.five.class_package_id);
    stripe.decline(intentIdOf(body.clientSecret!), "insufficient_funds");
    const res = await confirm(headers, body);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: "CARD_DECLINED",
      decline_code: "insufficient_funds",
      message: messages.cardInsufficientFunds,
    });
    expect((await purchaseRow(body.purchase_id)).status).toBe("failed");
  });
});

describe("stripe webhooks: signature", () => {
  it("refuses a bad or missing signature with 400 and applies nothing", async () => {
    const event = piEvent("payment_intent.succeeded", { id: "pi_x", object: "payment_intent", metadata: {} });
    const bad = await deliver(event, "t=1,v1=deadbeef");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("WEBHOOK_SIGNATURE_INVALID");
    const none = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(none.statusCode).toBe(400);
    const signedByOther = stripe.signed(event, "whsec_other");
    const forged = await deliver(event, signedByOther.signature);
    expect(forged.statusCode).toBe(400);
    expect(
      await t.app.db.select().from(webhook_events).where(eq(webhook_events.event_id, event.id)),
    ).toHaveLength(0);
  });

  it("an event for a purchase that does not exist (yet) answers 409 so Stripe retries it", async () => {
    const res = await deliver(
      piEvent("payment_intent.succeeded", {
        id: "pi_zz",
        object: "payment_intent",
        metadata: { purchase_id: "999999" },
      }),
    );
    expect(res.statusCode).toBe(409);
  });

  it("events we do not use are acknowledged", async () => {
    const res = await deliver({
      id: eventId(),
      type: "customer.created",
      object: { id: "cus_1", object: "customer" },
    });
    expect(res.json()).toEqual({ received: true, result: "ignored" });
  });
});

describe("stripe subscriptions and hosted sessions", () => {
  const invoiceEvent = (
    type: string,
    subscription: string,
    extra: { id?: string; reason?: string; amount?: number; start?: Date; end?: Date } = {},
  ) => ({
    id: eventId(),
    type,
    object: {
      id: extra.id ?? `in_${eventId()}`,
      object: "invoice",
      billing_reason: extra.reason ?? "subscription_cycle",
      amount_paid: extra.amount ?? 240000,
      amount_due: extra.amount ?? 240000,
      parent: { type: "subscription_details", subscription_details: { subscription } },
      lines: {
        object: "list",
        data: [
          {
            period: {
              start: Math.floor((extra.start ?? new Date()).getTime() / 1000),
              end: Math.floor((extra.end ?? new Date()).getTime() / 1000),
            },
          },
        ],
      },
    },
  });

  it("a subscription with a first-invoice discount; renewals arrive as invoice.paid, each period once", async () => {
    const login = await customerLogin(t);
    const body = await attempt(login.headers, shop.packages.unlimited.class_package_id, {
      discountCode: "DIEZ",
    });
    const sub = stripe.requests.filter((r) => r.path === "/v1/subscriptions").at(-1)!;
    expect(sub.form).toMatchObject({
      "items[0][price_data][unit_amount]": "240000",
      "items[0][price_data][recurring][interval]": "month",
      payment_behavior: "default_incomplete",
    });
    const coupon = stripe.requests.filter((r) => r.path === "/v1/coupons").at(-1)!;
    expect(coupon.form).toMatchObject({ amount_off: "24000", duration: "once" });
    const purchase = await purchaseRow(body.purchase_id);
    expect(purchase.subscription_id).toMatch(/^sub_fake/);
    const subscription = purchase.subscription_id!;

    // The first invoice is the checkout's own payment: granted once, however often it arrives.
    stripe.succeed(intentIdOf(body.clientSecret!));
    expect((await confirm(login.headers, body)).statusCode).toBe(200);
    const first = invoiceEvent("invoice.paid", subscription, {
      reason: "subscription_create",
      amount: 216000,
    });
    await deliver(first);
    await deliver({ ...first, id: eventId() });
    expect(await invoicesOf(body.purchase_id)).toHaveLength(1);

    const start = (await purchaseRow(body.purchase_id)).next_billing_date!;
    const end = new Date(start.getTime() + 30 * 86_400_000);
    const renewal = invoiceEvent("invoice.paid", subscription, { start, end });
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(renewal)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const bills = await invoicesOf(body.purchase_id);
    expect(bills.map((b) => [b.status, b.total_payment])).toEqual([
      ["paid", "2160.00"],
      ["paid", "2400.00"],
    ]);
    const after = await purchaseRow(body.purchase_id);
    expect(after.next_billing_date).toEqual(new Date(Math.floor(end.getTime() / 1000) * 1000));
    expect((await customerRow(t, login.customer_id)).unlimited_membership_expiration).toEqual(
      after.next_billing_date,
    );

    // An older period's invoice arriving late is recorded but does not move the next charge back.
    const late = invoiceEvent("invoice.paid", subscription, {
      start: new Date(start.getTime() - 86_400_000),
      end: start,
    });
    await deliver(late);
    expect((await purchaseRow(body.purchase_id)).next_billing_date).toEqual(after.next_billing_date);

    // Stripe gives up after its retries: the purchase fails and the membership ends.
    await deliver({
      id: eventId(),
      type: "customer.subscription.deleted",
      object: {
        id: subscription,
        object: "subscription",
        cancellation_details: { reason: "payment_failed" },
      },
    });
    expect((await purchaseRow(body.purchase_id)).status).toBe("failed");
    expect((await customerRow(t, login.customer_id)).has_unlimited).toBe(false);
  });

  it("a free trial collects the card with a SetupIntent and charges nothing now", async () => {
    const { headers } = await customerLogin(t);
    const body = await attempt(headers, shop.packages.online.class_package_id);
    expect(body.clientSecret).toMatch(/^seti_/);
    const sub = stripe.requests.filter((r) => r.path === "/v1/subscriptions").at(-1)!;
    const days = (Number(sub.form.trial_end) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    stripe.succeed(intentIdOf(body.clientSecret!));
    expect((await confirm(headers, body)).statusCode).toBe(200);
    expect(await purchaseRow(body.purchase_id)).toMatchObject({ status: "active" });
  });

  it("customer cancellation stops the Stripe subscription", async () => {
    const { headers } = await customerLogin(t);
    const body = await attempt(headers, shop.packages.unlimited.class_package_id);
    stripe.succeed(intentIdOf(body.clientSecret!));
    await confirm(headers, body);
    const subscription = (await purchaseRow(body.purchase_id)).subscription_id!;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/purchases/cancel/${body.purchase_id}`,
      headers,
      payload: { reason: "Me mudo" },
    });
    expect(res.statusCode).toBe(200);
    expect(
      stripe.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscription}`),
    ).toBe(true);
  });

  it("hosted mode: a Checkout Session, granted by checkout.session.completed once, its receipt with the card", async () => {
    const { headers, email } = await customerLogin(t);
    const body = await attempt(headers, shop.packages.five.class_package_id, { mode: "session" });
    expect(body.session!.url).toMatch(/^https:\/\/checkout\.stripe\.test\/cs_/);
    const created = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(created.form).toMatchObject({
      mode: "payment",
      client_reference_id: String(body.purchase_id),
      "line_items[0][price_data][unit_amount]": "75000",
    });
    expect(created.form.success_url).toMatch(new RegExp(`/gracias/${body.purchase_id}$`));
    const event = {
      id: eventId(),
      type: "checkout.session.completed",
      object: {
        id: body.session!.id,
        object: "checkout.session",
        payment_status: "paid",
        client_reference_id: String(body.purchase_id),
        metadata: { purchase_id: String(body.purchase_id) },
      },
    };
    // The customer paid on Stripe's page with a card: the event names none, Stripe is asked.
    stripe.succeed(String(stripe.sessions.get(body.session!.id)!.payment_intent));
    await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(await creditsOf(body.purchase_id)).toHaveLength(1);
    expect((await purchaseRow(body.purchase_id)).status).toBe("completed");
    const receipts = (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, email))).filter(
      (m) => m.template === "purchase-receipt",
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Tarjeta terminación 4242");
  });
});
