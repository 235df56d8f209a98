import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { email_outbox } from "../../db/schema/mail";
import { refunds } from "../../db/schema/purchases";
import type { CardGateway } from "../../payments/gateway";
import { cardGateway } from "../../payments/gateways";
import type { TestApp } from "../../test/build-test-app";
import {
  afterInterruption,
  crashingAfterCall as crashingAfterCall_,
  recoveryRows,
} from "../../test/charge-recovery";
import { addPackage, customerLogin, newKey, type Shop, token } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";
import { runInterruptedCharges } from "./checkout.jobs";
import { confirmCardCheckout } from "./checkout.service";
import { LATE_FEE_REASON } from "./fee-give-back";
import {
  ABANDON_CHARGE_AFTER_MS,
  finishInterruptedCharges,
  INTERRUPTED_CHARGE_AFTER_MS,
} from "./interrupted-charges";

// Runs on PostgreSQL too: the card charge's money path (docs/decisions/0061).

/**
 * A charge is recorded with its key before the processor is asked and confirmed after, and a
 * crash between the two is found and finished by finish-interrupted-charges (decision 0066): the
 * card checkout's confirmation (the desk's charge of a saved card: admin-customers/desk-card-recovery.test.ts).
 */
let t: TestApp;
let shop: Shop;
let _admin: { headers: Record<string, string>; userId: string };
withShopApp((booted) => {
  ({ t, shop } = booted);
});

const crashingAfterCall = (charged: string[]) => crashingAfterCall_(() => t.app, charged);
const later = () => afterInterruption(INTERRUPTED_CHARGE_AFTER_MS);
const { purchaseRow, intentsOf, bucketsOf, receiptsOf } = recoveryRows(() => t.app);

async function attempt(c: Awaited<ReturnType<typeof customerLogin>>, classPackageId: number) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/checkout/attempt",
    headers: c.headers,
    payload: { class_package_id: classPackageId, idempotency_key: newKey() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { purchase_id: number; clientSecret: string; total: number };
}

describe("a card confirmation interrupted between the processor's charge and ours", () => {
  it("is recorded before the call; the job asks again with the same intent and grants once, with one receipt", async () => {
    const c = await customerLogin(t);
    const opened = await attempt(c, shop.packages.five.class_package_id);
    const charged: string[] = [];
    const card = token("4242424242424242");
    await expect(
      confirmCardCheckout(t.app, crashingAfterCall(charged), {
        customer_id: c.customer_id,
        purchase_id: opened.purchase_id,
        client_secret: opened.clientSecret,
        payment_method: card,
      }),
    ).rejects.toMatchObject({ code: "CHARGE_PROCESSOR_UNREACHABLE", status: 502 });
    expect(charged).toHaveLength(1);
    // The intent is there with its key; nothing was granted.
    const [intent] = await intentsOf(opened.purchase_id);
    expect(intent).toMatchObject({ status: "pending", kind: "card_confirm", amount: "750.00" });
    expect(intent!.idempotency_key).toContain(intent!.payment_ref!);
    expect(await purchaseRow(opened.purchase_id)).toMatchObject({
      status: "pending",
      credits_granted_at: null,
    });
    expect(await bucketsOf(opened.purchase_id)).toHaveLength(0);

    // Too soon: a confirmation may still be in flight.
    expect(await runInterruptedCharges(t.app, new Date())).toEqual([]);
    expect(await runInterruptedCharges(t.app, later())).toEqual([c.customer_id]);
    expect(await purchaseRow(opened.purchase_id)).toMatchObject({ status: "completed" });
    expect(await bucketsOf(opened.purchase_id)).toHaveLength(1);
    expect((await intentsOf(opened.purchase_id))[0]).toMatchObject({ status: "succeeded" });
    const receipts = await receiptsOf(c.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Tarjeta terminación 4242");

    // Run again, or the browser retries its confirmation: nothing more.
    expect(await runInterruptedCharges(t.app, later())).toEqual([]);
    const retry = await t.app.inject({
      method: "POST",
      url: "/api/checkout/confirm",
      headers: c.headers,
      payload: { purchase_id: opened.purchase_id, client_secret: opened.clientSecret, payment_method: card },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await bucketsOf(opened.purchase_id)).toHaveLength(1);
    expect(await receiptsOf(c.email)).toHaveLength(1);
  });

  it("a declined card found by the job fails the purchase and frees it; no receipt", async () => {
    const c = await customerLogin(t);
    const opened = await attempt(c, shop.packages.five.class_package_id);
    await expect(
      confirmCardCheckout(t.app, crashingAfterCall([]), {
        customer_id: c.customer_id,
        purchase_id: opened.purchase_id,
        client_secret: opened.clientSecret,
        payment_method: token("4000000000000002"),
      }),
    ).rejects.toMatchObject({ code: "CHARGE_PROCESSOR_UNREACHABLE" });
    expect(await runInterruptedCharges(t.app, later())).toEqual([]);
    expect(await purchaseRow(opened.purchase_id)).toMatchObject({ status: "failed" });
    expect((await intentsOf(opened.purchase_id))[0]).toMatchObject({
      status: "failed",
      outcome_code: "card_declined",
    });
    expect(await receiptsOf(c.email)).toHaveLength(0);
  });

  it("one the processor still holds for the bank's step after a day is abandoned; an unreachable one waits", async () => {
    const c = await customerLogin(t);
    const opened = await attempt(c, shop.packages.five.class_package_id);
    await expect(
      confirmCardCheckout(t.app, crashingAfterCall([]), {
        customer_id: c.customer_id,
        purchase_id: opened.purchase_id,
        client_secret: opened.clientSecret,
        payment_method: token("4242424242424242"),
      }),
    ).rejects.toMatchObject({ code: "CHARGE_PROCESSOR_UNREACHABLE" });
    const real = cardGateway(t.app);
    const unreachable: CardGateway = {
      ...real,
      confirmIntent: async () => {
        throw new Error("ECONNRESET");
      },
    };
    const inTwoDays = new Date(Date.now() + 2 * ABANDON_CHARGE_AFTER_MS);
    // Money may have been taken: never abandoned blind, however old.
    expect((await finishInterruptedCharges(t.app, () => unreachable, inTwoDays)).paid).toEqual([]);
    expect((await intentsOf(opened.purchase_id))[0]).toMatchObject({ status: "pending" });
    const waiting: CardGateway = {
      ...real,
      confirmIntent: async () => ({ status: "requires_action", client_secret: opened.clientSecret }),
    };
    // Within the day it waits for the customer's bank step.
    expect((await finishInterruptedCharges(t.app, () => waiting, later())).paid).toEqual([]);
    expect((await intentsOf(opened.purchase_id))[0]).toMatchObject({ status: "pending" });
    expect((await finishInterruptedCharges(t.app, () => waiting, inTwoDays)).paid).toEqual([]);
    expect((await intentsOf(opened.purchase_id))[0]).toMatchObject({
      status: "abandoned",
      outcome_code: "requires_action",
    });
    expect(await purchaseRow(opened.purchase_id)).toMatchObject({
      status: "failed",
      credits_granted_at: null,
    });
  });

  it("the fee it carried, paid meanwhile by a voucher, is given back once the job grants the card", async () => {
    const fee = await addPackage(t, { title: "Inscripción", price: "300.00" });
    await t.app.appConfig.update([
      { key: "signup_fee_package_id", value: fee.class_package_id },
      { key: "oxxo_enabled", value: true },
    ]);
    try {
      const c = await customerLogin(t);
      const card = await t.app.inject({
        method: "POST",
        url: "/api/checkout/attempt",
        headers: c.headers,
        payload: {
          class_package_id: shop.packages.five.class_package_id,
          idempotency_key: newKey(),
          include_signup_fee: true,
        },
      });
      const opened = card.json();
      await expect(
        confirmCardCheckout(t.app, crashingAfterCall([]), {
          customer_id: c.customer_id,
          purchase_id: opened.purchase_id,
          client_secret: opened.clientSecret,
          payment_method: token("4242424242424242"),
        }),
      ).rejects.toMatchObject({ code: "CHARGE_PROCESSOR_UNREACHABLE" });
      // Meanwhile the customer pays the fee with an OXXO voucher (a card in flight carries nothing).
      const oxxo = await t.app.inject({
        method: "POST",
        url: "/api/checkout/offline",
        headers: c.headers,
        payload: {
          class_package_id: shop.packages.ten.class_package_id,
          method: "oxxo",
          idempotency_key: newKey(),
          include_signup_fee: true,
        },
      });
      expect(oxxo.json().signup_fee_purchase_id).toBeDefined();
      const paid = await t.app.inject({
        method: "POST",
        url: `/api/payments/sandbox/vouchers/${oxxo.json().purchase_id}/pay`,
        headers: c.headers,
      });
      expect(paid.statusCode, paid.body).toBe(200);

      expect(await runInterruptedCharges(t.app, later())).toEqual([c.customer_id]);
      // The card's payment is granted (the money was taken) and its fee refunded in full.
      expect(await purchaseRow(opened.purchase_id)).toMatchObject({ status: "completed" });
      expect(await purchaseRow(opened.signup_fee_purchase_id)).toMatchObject({ refunded_total: "300.00" });
      const [given] = await t.app.db
        .select()
        .from(refunds)
        .where(eq(refunds.purchase_id, opened.signup_fee_purchase_id));
      expect(given).toMatchObject({ status: "succeeded", reason: LATE_FEE_REASON, amount: "300.00" });
      expect(await runInterruptedCharges(t.app, later())).toEqual([]);
      const refundMails = (
        await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, c.email))
      ).filter((m) => m.template === "purchase-refund");
      expect(refundMails).toHaveLength(1);
    } finally {
      await t.app.appConfig.update([{ key: "signup_fee_package_id", value: 0 }]);
    }
  });
});
