import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StripeFake } from "../../../test/doubles/payments/stripe-fake";
import { email_outbox } from "../../db/schema/mail";
import { payment_vouchers, purchases, refunds } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import {
  addPackage,
  customerLogin,
  newKey,
  purchaseReads,
  type Shop,
  startStripeSuite,
} from "../../test/commerce";
import { must } from "../../test/fixtures";
import { LATE_FEE_REASON } from "./fee-give-back";
import { cancelClosedVouchersAtProcessor } from "./signup-fee.service";

/**
 * An OXXO voucher that carried the sign-up fee, closed because the fee was paid by card, is
 * cancelled at Stripe too; one paid at the store before Stripe heard of it gets its package and
 * its fee back through Stripe: the fee is never charged twice (decision 0067).
 */
let t: TestApp;
let shop: Shop;
let stripe: StripeFake;
let close: () => Promise<void>;
let feeId: number;

beforeAll(async () => {
  ({ t, shop, fake: stripe, close } = await startStripeSuite());
  feeId = (await addPackage(t, { title: "Inscripción", price: "300.00" })).class_package_id;
  await t.app.appConfig.update([
    { key: "oxxo_enabled", value: true },
    { key: "signup_fee_package_id", value: feeId },
  ]);
});
afterAll(() => close());

const { purchaseRow, creditsOf } = purchaseReads(() => t);
let events = 0;
const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url, headers, payload });
const voucherOf = async (purchaseId: number) =>
  must(
    (await t.app.db.select().from(payment_vouchers).where(eq(payment_vouchers.purchase_id, purchaseId)))[0],
    "voucher",
  );

function deliver(type: string, intentId: string) {
  const signed = stripe.signed({ id: `evt_vc_${++events}`, type, object: stripe.intents.get(intentId) });
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signed.signature },
    payload: signed.payload,
  });
}

/**
 * A card attempt carrying the fee (nothing is carried by a card not yet paid), then an OXXO
 * voucher carrying it too; `beforeCard` runs before the card is paid.
 */
async function cardThenVoucher(beforeCard: (voucherPi: string) => void = () => {}) {
  const c = await customerLogin(t, "Vale Ruiz");
  const card = await post("/api/checkout/attempt", c.headers, {
    class_package_id: shop.packages.five.class_package_id,
    idempotency_key: newKey(),
    include_signup_fee: true,
  });
  expect(card.statusCode, card.body).toBe(200);
  const oxxo = await post("/api/checkout/offline", c.headers, {
    class_package_id: shop.packages.ten.class_package_id,
    method: "oxxo",
    idempotency_key: newKey(),
    include_signup_fee: true,
  });
  expect(oxxo.statusCode, oxxo.body).toBe(200);
  expect(oxxo.json().signup_fee_purchase_id).toBeDefined();
  const voucherPi = (await purchaseRow(oxxo.json().purchase_id)).provider_ref ?? "";
  expect(voucherPi).toMatch(/^pi_/);
  beforeCard(voucherPi);
  const cardPi = card.json().clientSecret.split("_secret_")[0];
  stripe.succeed(cardPi);
  const paid = await post("/api/checkout/confirm", c.headers, {
    purchase_id: card.json().purchase_id,
    client_secret: card.json().clientSecret,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { c, oxxo: oxxo.json() as { purchase_id: number; signup_fee_purchase_id: number }, voucherPi };
}

const paidFees = async (customerId: number) =>
  (
    await t.app.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.customer_id, customerId), eq(purchases.class_package_id, feeId)))
  ).filter((p) => ["completed", "active"].includes(p.status));

describe("a voucher closed because its fee was paid by card", () => {
  it("is cancelled at Stripe too, so the store can no longer take it", async () => {
    const { c, oxxo, voucherPi } = await cardThenVoucher();
    expect((await purchaseRow(oxxo.purchase_id)).status).toBe("failed");
    expect(stripe.intents.get(voucherPi)?.status).toBe("canceled");
    const voucher = await voucherOf(oxxo.purchase_id);
    expect(voucher).toMatchObject({ status: "expired", cancel_reason: "signup_fee_paid" });
    expect(voucher.processor_cancelled_at).not.toBeNull();
    const notices = (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, c.email))).filter(
      (m) => m.template === "signup-fee-order-cancelled",
    );
    expect(notices).toHaveLength(1);
    // Nothing left for the backstop.
    const asked = stripe.requests.length;
    await cancelClosedVouchersAtProcessor(t.app);
    expect(stripe.requests.filter((r) => r.path.endsWith("/cancel")).length).toBe(
      stripe.requests.slice(0, asked).filter((r) => r.path.endsWith("/cancel")).length,
    );
    expect(await paidFees(c.customer_id)).toHaveLength(1);
  });

  it("paid at the store before Stripe cancelled it: the package is granted and the fee given back through Stripe", async () => {
    const { c, oxxo, voucherPi } = await cardThenVoucher((pi) => stripe.payOffline(pi));
    // Stripe refused the cancel (already paid): the voucher waits for its payment event.
    expect((await voucherOf(oxxo.purchase_id)).processor_cancelled_at).toBeNull();
    const hook = await deliver("payment_intent.succeeded", voucherPi);
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await purchaseRow(oxxo.purchase_id)).status).toBe("completed");
    expect(await creditsOf(oxxo.purchase_id)).toHaveLength(1);
    // The second fee is recorded paid (the money arrived) and refunded in full through Stripe.
    const [given] = await t.app.db
      .select()
      .from(refunds)
      .where(eq(refunds.purchase_id, oxxo.signup_fee_purchase_id));
    expect(given).toMatchObject({ status: "succeeded", amount: "300.00", reason: LATE_FEE_REASON });
    expect(stripe.refundedOn(voucherPi)).toBe(30000);
    expect((await purchaseRow(oxxo.signup_fee_purchase_id)).refunded_total).toBe("300.00");
    const net = (await paidFees(c.customer_id)).filter((p) => p.refunded_total !== p.total_payment);
    expect(net).toHaveLength(1);
    // The event again changes nothing.
    expect((await deliver("payment_intent.succeeded", voucherPi)).statusCode).toBe(200);
    expect(stripe.refundedOn(voucherPi)).toBe(30000);
    const mails = (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, c.email))).map(
      (m) => m.template,
    );
    expect(mails.filter((m) => m === "purchase-refund")).toHaveLength(1);
  });
});
