import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidClabe } from "../../../domain/clabe";
import type { StripeFake } from "../../../test/doubles/payments/stripe-fake";
import { email_outbox } from "../../db/schema/mail";
import { payment_vouchers } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import {
  addPackage,
  buyOffline,
  customerLogin,
  purchaseReads,
  type Shop,
  startStripeSuite,
} from "../../test/commerce";
import { expireOverdueVouchers } from "./offline-payments.service";

let t: TestApp;
let shop: Shop;
let stripe: StripeFake;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, shop, fake: stripe, close } = await startStripeSuite());
  await t.app.appConfig.update([
    { key: "oxxo_enabled", value: true },
    { key: "spei_enabled", value: true },
    { key: "oxxo_expires_after_days", value: 3 },
  ]);
});
afterAll(() => close());

const { purchaseRow, creditsOf, invoicesOf } = purchaseReads(() => t);
let events = 0;
const eventId = () => `evt_offline_${++events}`;

function deliver(type: string, intentId: string, id = eventId()) {
  const signed = stripe.signed({ id, type, object: stripe.intents.get(intentId) });
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signed.signature },
    payload: signed.payload,
  });
}

const voucherRow = async (purchaseId: number) =>
  (await t.app.db.select().from(payment_vouchers).where(eq(payment_vouchers.purchase_id, purchaseId)))[0]!;
const mailsTo = (email: string) => t.app.db.select().from(email_outbox).where(eq(email_outbox.to, email));

describe("OXXO through Stripe", () => {
  it("answers the voucher of a confirmed OXXO payment intent; pending, no credits until the webhook", async () => {
    const { headers, email } = await customerLogin(t, "Ana López");
    const res = await buyOffline(t, headers, shop.packages.five.class_package_id, "oxxo");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const created = stripe.requests
      .filter((r) => r.path === "/v1/payment_intents" && r.method === "POST")
      .at(-1)!;
    expect(created.form).toMatchObject({
      amount: "75000",
      currency: "mxn",
      confirm: "true",
      "allowed_payment_method_types[0]": "oxxo",
      "payment_method_data[type]": "oxxo",
      "payment_method_data[billing_details][name]": "Ana López",
      "payment_method_data[billing_details][email]": email,
      "payment_method_options[oxxo][expires_after_days]": "3",
      "metadata[purchase_id]": String(body.purchase_id),
    });
    const pi = stripe.intents.get((await purchaseRow(body.purchase_id)).provider_ref!)!;
    const details = (pi.next_action as { oxxo_display_details: { number: string; expires_after: number } })
      .oxxo_display_details;
    expect(body).toMatchObject({
      completed: false,
      total: 750,
      voucher: {
        method: "oxxo",
        status: "pending",
        amount: 750,
        reference: details.number,
        expires_at: new Date(details.expires_after * 1000).toISOString(),
        hosted_url: expect.stringContaining("oxxo/voucher"),
        sandbox: false,
      },
    });
    // The voucher ends at 23:59:59 Mexico City time, three calendar days on.
    expect(new Date(body.voucher.expires_at).toISOString()).toMatch(/T05:59:59\.000Z$/);
    expect((await purchaseRow(body.purchase_id)).status).toBe("pending");
    expect(await creditsOf(body.purchase_id)).toHaveLength(0);
    expect((await invoicesOf(body.purchase_id)).map((i) => i.status)).toEqual(["pending"]);
    const mail = (await mailsTo(email)).find((m) => m.template === "offline-payment")!;
    expect(mail.subject).toContain("Tu ficha de pago OXXO");
    expect(mail.text).toContain(details.number);
    expect(mail.text).toContain("$750.00");

    // Her own voucher; nobody else's.
    const own = await t.app.inject({
      method: "GET",
      url: `/api/checkout/offline/${body.purchase_id}`,
      headers,
    });
    expect(own.json().voucher.reference).toBe(details.number);
    const other = await customerLogin(t, "Otra");
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/checkout/offline/${body.purchase_id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("grants once when paid, whatever the repeats and the order of events", async () => {
    const { headers, email } = await customerLogin(t);
    const body = (await buyOffline(t, headers, shop.packages.five.class_package_id, "oxxo")).json();
    const pi = (await purchaseRow(body.purchase_id)).provider_ref!;

    // Stripe's own intermediate events change nothing.
    expect((await deliver("payment_intent.requires_action", pi)).json().result).toBe("ignored");
    expect((await purchaseRow(body.purchase_id)).status).toBe("pending");

    stripe.payOffline(pi);
    const paid = await deliver("payment_intent.succeeded", pi, "evt_paid_once");
    expect(paid.json()).toEqual({ received: true, result: "applied" });
    expect((await deliver("payment_intent.succeeded", pi, "evt_paid_once")).json().result).toBe("duplicate");
    // The same payment told again under another event id: still one grant.
    expect((await deliver("payment_intent.succeeded", pi)).statusCode).toBe(200);
    // Late, out of order: processing and a failure after the payment change nothing.
    expect((await deliver("payment_intent.processing", pi)).statusCode).toBe(200);
    expect((await deliver("payment_intent.payment_failed", pi)).statusCode).toBe(200);

    const row = await purchaseRow(body.purchase_id);
    expect(row.status).toBe("completed");
    const credits = await creditsOf(body.purchase_id);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.available_classes).toBe(5);
    expect((await invoicesOf(body.purchase_id)).map((i) => i.status)).toEqual(["paid"]);
    expect((await voucherRow(body.purchase_id)).status).toBe("paid");
    const receipts = (await mailsTo(email)).filter((m) => m.template === "purchase-receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("OXXO");
  });

  it("an expired voucher (Stripe's payment_failed) cancels the purchase cleanly; a late payment still grants", async () => {
    const { headers } = await customerLogin(t);
    const body = (await buyOffline(t, headers, shop.packages.five.class_package_id, "oxxo")).json();
    const pi = (await purchaseRow(body.purchase_id)).provider_ref!;
    stripe.expireOffline(pi);
    expect((await deliver("payment_intent.payment_failed", pi)).json().result).toBe("applied");
    expect((await purchaseRow(body.purchase_id)).status).toBe("failed");
    expect((await voucherRow(body.purchase_id)).status).toBe("expired");
    expect((await invoicesOf(body.purchase_id)).map((i) => i.status)).toEqual(["failed"]);
    expect(await creditsOf(body.purchase_id)).toHaveLength(0);

    // Money arrived after all (paid at the till at 23:58, reported late): the customer gets it.
    stripe.payOffline(pi);
    await deliver("payment_intent.succeeded", pi);
    expect((await purchaseRow(body.purchase_id)).status).toBe("completed");
    expect((await voucherRow(body.purchase_id)).status).toBe("paid");
    expect(await creditsOf(body.purchase_id)).toHaveLength(1);
  });

  it("our job expires a voucher whose webhook never came, only after its end plus the grace", async () => {
    const { headers } = await customerLogin(t);
    const body = (await buyOffline(t, headers, shop.packages.ten.class_package_id, "oxxo")).json();
    const end = new Date(body.voucher.expires_at).getTime();
    await expireOverdueVouchers(t.app, new Date(end + 47 * 3_600_000));
    expect((await purchaseRow(body.purchase_id)).status).toBe("pending");
    await expireOverdueVouchers(t.app, new Date(end + 49 * 3_600_000));
    expect((await purchaseRow(body.purchase_id)).status).toBe("failed");
    expect((await voucherRow(body.purchase_id)).status).toBe("expired");
    // Stripe's own failure afterwards is nothing new.
    const pi = (await purchaseRow(body.purchase_id)).provider_ref!;
    stripe.expireOffline(pi);
    expect((await deliver("payment_intent.payment_failed", pi)).statusCode).toBe(200);
    expect((await purchaseRow(body.purchase_id)).status).toBe("failed");
  });
});

describe("SPEI through Stripe", () => {
  it("creates a bank-transfer payment for a Stripe customer and answers its CLABE, bank and reference", async () => {
    const { headers } = await customerLogin(t);
    const res = await buyOffline(t, headers, shop.packages.ten.class_package_id, "spei");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const created = stripe.requests
      .filter((r) => r.path === "/v1/payment_intents" && r.method === "POST")
      .at(-1)!;
    expect(created.form).toMatchObject({
      amount: "135000",
      "allowed_payment_method_types[0]": "customer_balance",
      "payment_method_options[customer_balance][funding_type]": "bank_transfer",
      "payment_method_options[customer_balance][bank_transfer][type]": "mx_bank_transfer",
      customer: expect.stringMatching(/^cus_/),
    });
    expect(body.voucher).toMatchObject({
      method: "spei",
      bank_name: "BANAMEX",
      amount: 1350,
      sandbox: false,
    });
    expect(isValidClabe(body.voucher.clabe)).toBe(true);
    expect(body.voucher.reference).toMatch(/^REF/);
    // Stripe sets no end for a transfer: ours is the voucher's number of days.
    expect(body.voucher.expires_at).not.toBeNull();
    expect(await creditsOf(body.purchase_id)).toHaveLength(0);

    const pi = (await purchaseRow(body.purchase_id)).provider_ref!;
    stripe.payOffline(pi);
    await deliver("payment_intent.succeeded", pi);
    expect((await creditsOf(body.purchase_id))[0]!.available_classes).toBe(10);
  });
});

describe("refusals", () => {
  it("subscriptions, OXXO above MXN 10,000, a method the studio has off, the sandbox's simulation", async () => {
    const { headers } = await customerLogin(t);
    const sub = await buyOffline(t, headers, shop.packages.unlimited.class_package_id, "oxxo");
    expect(sub.statusCode).toBe(412);
    expect(sub.json()).toMatchObject({
      code: "OFFLINE_SUBSCRIPTION",
      message: expect.stringContaining("tarjeta"),
    });

    const big = await addPackage(t, { title: "Anual", price: "12000.00", class_amount: 200, order: 20 });
    const tooMuch = await buyOffline(t, headers, big.class_package_id, "oxxo");
    expect(tooMuch.statusCode).toBe(412);
    expect(tooMuch.json().message).toContain("$10,000.00");
    // A transfer has no such limit.
    expect((await buyOffline(t, headers, big.class_package_id, "spei")).statusCode).toBe(200);

    await t.app.appConfig.update([{ key: "oxxo_enabled", value: false }]);
    const off = await buyOffline(t, headers, shop.packages.five.class_package_id, "oxxo");
    expect(off.statusCode).toBe(412);
    expect(off.json().code).toBe("PAYMENT_METHOD_DISABLED");
    await t.app.appConfig.update([{ key: "oxxo_enabled", value: true }]);

    const spei = (await buyOffline(t, headers, shop.packages.five.class_package_id, "spei")).json();
    const simulate = await t.app.inject({
      method: "POST",
      url: `/api/payments/sandbox/vouchers/${spei.purchase_id}/pay`,
      headers,
    });
    expect(simulate.statusCode).toBe(404);
    expect(await creditsOf(spei.purchase_id)).toHaveLength(0);
  });
});
