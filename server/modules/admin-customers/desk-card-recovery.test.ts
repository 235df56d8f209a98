import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { invoices, purchases } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import {
  afterInterruption,
  crashingAfterCall as crashingAfterCall_,
  recoveryRows,
} from "../../test/charge-recovery";
import { customerLogin, newKey, type Shop, token } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";
import { runInterruptedCharges } from "../checkout/checkout.jobs";
import { INTERRUPTED_CHARGE_AFTER_MS } from "../checkout/interrupted-charges";
import { chargeSavedCardAtDesk } from "./desk-card-sale.service";

/**
 * The desk's charge of a saved card is recorded with its key before the processor is asked and
 * confirmed after (decision 0066): a crash after the processor charged is finished by the job or
 * by the desk's own retry with the same key, once, with its audit entry and a receipt naming the card.
 */
let t: TestApp;
let shop: Shop;
let admin: { headers: Record<string, string>; userId: string };
withShopApp((booted) => {
  ({ t, shop, admin } = booted);
});

const crashingAfterCall = (charged: string[]) => crashingAfterCall_(() => t.app, charged);
const later = () => afterInterruption(INTERRUPTED_CHARGE_AFTER_MS);
const { purchaseRow, intentsOf, bucketsOf, receiptsOf } = recoveryRows(() => t.app);

describe("a desk charge of a saved card interrupted after the processor charged it", () => {
  async function customerWithCard() {
    const c = await customerLogin(t);
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/metodosPago",
      headers: c.headers,
      payload: { token_id: token("4242424242424242") },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { c, source: saved.json().metodo_pago as { payment_source_id: number } };
  }

  it("answers a Spanish 502; the job grants it once, with its audit entry and a receipt naming the card", async () => {
    const { c, source } = await customerWithCard();
    const sale = {
      class_package_id: shop.packages.five.class_package_id,
      payment_source_id: source.payment_source_id,
      idempotency_key: newKey(),
    };
    const charged: string[] = [];
    await expect(
      chargeSavedCardAtDesk(
        t.app,
        crashingAfterCall(charged),
        { user_id: admin.userId },
        c.customer_id,
        sale,
      ),
    ).rejects.toMatchObject({ code: "CHARGE_PROCESSOR_UNREACHABLE", status: 502 });
    expect(messages.chargeProcessorUnreachable).toContain("no lo repitas");
    const [p] = await t.app.db.select().from(purchases).where(eq(purchases.customer_id, c.customer_id));
    expect(p).toMatchObject({ status: "pending" });
    const [intent] = await intentsOf(p!.purchase_id);
    expect(intent).toMatchObject({
      status: "pending",
      kind: "desk_saved_card",
      idempotency_key: `desk-${sale.idempotency_key}`,
      actor_user_id: admin.userId,
    });
    expect(charged).toEqual([`desk-${sale.idempotency_key}`]);

    expect(await runInterruptedCharges(t.app, later())).toEqual([c.customer_id]);
    expect(await purchaseRow(p!.purchase_id)).toMatchObject({ status: "completed" });
    expect(await bucketsOf(p!.purchase_id)).toHaveLength(1);
    const [charge] = await t.app.db.select().from(invoices).where(eq(invoices.purchase_id, p!.purchase_id));
    expect(charge).toMatchObject({ status: "paid", card_last4: "4242" });
    const receipts = await receiptsOf(c.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Tarjeta terminación 4242");
    const audit = await t.app.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.customer_id, c.customer_id), eq(audit_log.action, "access.sell")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(admin.userId);

    // The desk retries with the same key: the same sale, nothing charged or granted again.
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/customer/admin/${c.customer_id}/sell/saved-card`,
      headers: admin.headers,
      payload: sale,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().purchase_id).toBe(p!.purchase_id);
    expect(await bucketsOf(p!.purchase_id)).toHaveLength(1);
    expect(await receiptsOf(c.email)).toHaveLength(1);
  });

  it("the desk's own retry with the same key finishes it at once (the processor answers the charge it made)", async () => {
    const { c, source } = await customerWithCard();
    const sale = {
      class_package_id: shop.packages.five.class_package_id,
      payment_source_id: source.payment_source_id,
      idempotency_key: newKey(),
    };
    await expect(
      chargeSavedCardAtDesk(t.app, crashingAfterCall([]), { user_id: admin.userId }, c.customer_id, sale),
    ).rejects.toMatchObject({ code: "CHARGE_PROCESSOR_UNREACHABLE" });
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/customer/admin/${c.customer_id}/sell/saved-card`,
      headers: admin.headers,
      payload: sale,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await bucketsOf(retry.json().purchase_id)).toHaveLength(1);
    expect(await receiptsOf(c.email)).toHaveLength(1);
    expect(await runInterruptedCharges(t.app, later())).toEqual([]);
  });
});
