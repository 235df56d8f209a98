import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidClabe } from "../../../domain/clabe";
import { webhook_events } from "../../db/schema/purchases";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import {
  addPackage,
  buyOffline,
  customerLogin,
  newKey,
  purchaseReads,
  type Shop,
  seedShop,
} from "../../test/commerce";
import { expireOverdueVouchers } from "./offline-payments.service";

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await seedShop(t);
  await t.app.appConfig.update([
    { key: "oxxo_enabled", value: true },
    { key: "spei_enabled", value: true },
  ]);
});
afterAll(() => t.close());

const { purchaseRow, creditsOf } = purchaseReads(() => t);

const buy = (
  headers: Record<string, string>,
  classPackageId: number,
  method: "oxxo" | "spei",
  key?: string,
) => buyOffline(t, headers, classPackageId, method, key);
const simulate = (headers: Record<string, string>, purchaseId: number) =>
  t.app.inject({ method: "POST", url: `/api/payments/sandbox/vouchers/${purchaseId}/pay`, headers });

describe("OXXO and SPEI in the sandbox (the demo, no keys)", () => {
  it("a sandbox voucher and a sandbox CLABE with a valid check digit, the same for a retried request", async () => {
    const { headers } = await customerLogin(t);
    const key = newKey();
    const first = await buy(headers, shop.packages.five.class_package_id, "oxxo", key);
    expect(first.statusCode).toBe(200);
    const voucher = first.json().voucher;
    expect(voucher).toMatchObject({ method: "oxxo", status: "pending", amount: 750, sandbox: true });
    expect(voucher.reference).toMatch(/^\d{18}$/);
    const again = await buy(headers, shop.packages.five.class_package_id, "oxxo", key);
    expect(again.json()).toEqual(first.json());

    const spei = (await buy(headers, shop.packages.ten.class_package_id, "spei")).json().voucher;
    expect(spei).toMatchObject({ method: "spei", bank_name: "STP (sandbox)", sandbox: true });
    expect(spei.clabe).toMatch(/^646180\d{12}$/);
    expect(isValidClabe(spei.clabe)).toBe(true);
  });

  it("'simulate payment' is the purchase's customer's, goes through the webhook path once", async () => {
    const { headers } = await customerLogin(t);
    const body = (await buy(headers, shop.packages.five.class_package_id, "oxxo")).json();
    expect(await creditsOf(body.purchase_id)).toHaveLength(0);

    const stranger = await customerLogin(t, "Extraña");
    expect((await simulate(stranger.headers, body.purchase_id)).statusCode).toBe(404);
    expect((await purchaseRow(body.purchase_id)).status).toBe("pending");

    const paid = await simulate(headers, body.purchase_id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ result: "applied", voucher: { status: "paid" } });
    expect((await simulate(headers, body.purchase_id)).json().result).toBe("duplicate");
    expect((await purchaseRow(body.purchase_id)).status).toBe("completed");
    const credits = await creditsOf(body.purchase_id);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.available_classes).toBe(5);
    const recorded = await t.app.db
      .select()
      .from(webhook_events)
      .where(eq(webhook_events.provider, "sandbox"));
    expect(recorded.filter((e) => e.type === "payment_succeeded").length).toBeGreaterThanOrEqual(1);
  });

  it("our job expires an unpaid voucher after its end plus the grace; simulating it then is refused", async () => {
    const { headers } = await customerLogin(t);
    const body = (await buy(headers, shop.packages.five.class_package_id, "spei")).json();
    const end = new Date(body.voucher.expires_at).getTime();
    await expireOverdueVouchers(t.app, new Date(end - 60_000));
    expect((await purchaseRow(body.purchase_id)).status).toBe("pending");
    await expireOverdueVouchers(t.app, new Date(end + 49 * 3_600_000));
    expect((await purchaseRow(body.purchase_id)).status).toBe("failed");
    const late = await simulate(headers, body.purchase_id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("VOUCHER_NOT_PENDING");
    expect(await creditsOf(body.purchase_id)).toHaveLength(0);
  });

  it("a free package (nothing to pay) is granted at once, without a voucher", async () => {
    const { headers } = await customerLogin(t);
    const res = await buy(headers, shop.packages.free.class_package_id, "oxxo");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ completed: true });
    expect(res.json().voucher).toBeUndefined();
  });

  it("the sign-up fee paid in the same voucher shows that voucher; paying it grants both", async () => {
    const fee = await addPackage(t, { title: "Inscripción", price: "300.00", class_amount: 0, order: 30 });
    await t.app.appConfig.update([{ key: "signup_fee_package_id", value: fee.class_package_id }]);
    try {
      const { headers } = await customerLogin(t);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/checkout/offline",
        headers,
        payload: {
          class_package_id: shop.packages.five.class_package_id,
          method: "oxxo",
          include_signup_fee: true,
          idempotency_key: newKey(),
        },
      });
      const body = res.json();
      expect(body.voucher.amount).toBe(1050);
      const ofFee = await t.app.inject({
        method: "GET",
        url: `/api/checkout/offline/${body.signup_fee_purchase_id}`,
        headers,
      });
      expect(ofFee.json().voucher.reference).toBe(body.voucher.reference);
      await simulate(headers, body.purchase_id);
      expect((await purchaseRow(body.signup_fee_purchase_id)).status).toBe("completed");
      expect((await purchaseRow(body.purchase_id)).status).toBe("completed");
    } finally {
      await t.app.appConfig.update([{ key: "signup_fee_package_id", value: 0 }]);
    }
  });
});
