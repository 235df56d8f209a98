import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { available_classes } from "../../db/schema/credits";
import { payment_sources } from "../../db/schema/payments";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { buyWithCard, customerLogin, customerRow, type Shop, seedShop } from "../../test/commerce";

let t: TestApp;
let shop: Shop;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await seedShop(t);
});
afterAll(() => t.close());

const creditsOf = (purchaseId: number) =>
  t.app.db.select().from(available_classes).where(eq(available_classes.purchase_id, purchaseId));
const days = (d: Date | null) => (d ? Math.round((d.getTime() - Date.now()) / 86_400_000) : null);

describe("what a purchase grants", () => {
  it("class_package_types: one bucket per class type with its amount, expiry and the package's times", async () => {
    const { headers } = await customerLogin(t);
    const { confirm } = await buyWithCard(t, headers, shop.packages.reformer4.class_package_id);
    const [bucket, ...rest] = await creditsOf(confirm.json().purchase_id);
    expect(rest).toHaveLength(0);
    const reformer = shop.types.reformer.class_type_id;
    expect(bucket).toMatchObject({
      class_type_id: reformer,
      class_types: String(reformer),
      available_classes: 4,
      allowed_times: "07:00,09:00",
    });
    expect(days(bucket!.expiration_date)).toBe(20);
  });

  it("an unlimited membership sets has_unlimited until the next charge, without a bucket", async () => {
    const login = await customerLogin(t);
    const { confirm } = await buyWithCard(t, login.headers, shop.packages.unlimited.class_package_id);
    expect(confirm.statusCode).toBe(200);
    expect(await creditsOf(confirm.json().purchase_id)).toHaveLength(0);
    const customer = await customerRow(t, login.customer_id);
    expect(customer.has_unlimited).toBe(true);
    expect([28, 29, 30, 31]).toContain(days(customer.unlimited_membership_expiration));
    const detail = (
      await t.app.inject({
        method: "GET",
        url: `/api/purchases/${confirm.json().purchase_id}`,
        headers: login.headers,
      })
    ).json().purchase;
    expect(detail).toMatchObject({ status: "active", status_text: "Activa" });
    expect(detail.subscription_id).toMatch(/^sub_sandbox_/);
    expect(detail.next_charge).toBe(detail.next_billing_date);
    // Subscriptions keep the card for renewals.
    const cards = await t.app.db
      .select()
      .from(payment_sources)
      .where(eq(payment_sources.customer_id, login.customer_id));
    expect(cards).toHaveLength(1);
  });

  it("a free trial charges 0 now, gives online access and bills at the end of the trial", async () => {
    const { headers } = await customerLogin(t);
    const { attempt, confirm } = await buyWithCard(t, headers, shop.packages.online.class_package_id);
    expect(attempt.json()).toMatchObject({ total: 0, completed: false });
    expect(confirm.statusCode).toBe(200);
    const detail = (
      await t.app.inject({ method: "GET", url: `/api/purchases/${confirm.json().purchase_id}`, headers })
    ).json().purchase;
    expect(days(new Date(detail.next_charge))).toBe(7);
    expect(days(new Date(detail.expiration_date))).toBe(7);
    const invoices = (await t.app.inject({ method: "GET", url: "/api/invoices", headers })).json().invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      total_payment: 0,
      status: "paid",
      class_package: { title: "Online" },
    });
  });
});

describe("Mis Compras", () => {
  it("lists only my purchases; another customer's ids are 404", async () => {
    const a = await customerLogin(t);
    const b = await customerLogin(t);
    const bought = (await buyWithCard(t, a.headers, shop.packages.unlimited.class_package_id)).confirm.json()
      .purchase_id;
    const mine = (await t.app.inject({ method: "GET", url: "/api/purchases", headers: a.headers })).json()
      .purchases;
    expect(mine.map((p: { purchase_id: number }) => p.purchase_id)).toEqual([bought]);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/purchases", headers: b.headers })).json().purchases,
    ).toEqual([]);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/purchases/${bought}`, headers: b.headers })).statusCode,
    ).toBe(404);
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/purchases/cancel/${bought}`,
      headers: b.headers,
      payload: { reason: "no" },
    });
    expect(cancel.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/invoices", headers: b.headers })).json().invoices,
    ).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/purchases" })).statusCode).toBe(401);
  });

  it("cancelling a subscription needs a reason, then shows 'Cancelada el {date}' and no next charge", async () => {
    const { headers } = await customerLogin(t);
    const id = (await buyWithCard(t, headers, shop.packages.unlimited.class_package_id)).confirm.json()
      .purchase_id;
    const noReason = await t.app.inject({
      method: "POST",
      url: `/api/purchases/cancel/${id}`,
      headers,
      payload: { reason: "  " },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      code: "CANCEL_REASON_REQUIRED",
      message: messages.cancelReasonRequired,
    });
    const ok = await t.app.inject({
      method: "POST",
      url: `/api/purchases/cancel/${id}`,
      headers,
      payload: { reason: "Me mudo" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(messages.subscriptionCancelled);
    const detail = (await t.app.inject({ method: "GET", url: `/api/purchases/${id}`, headers })).json()
      .purchase;
    expect(detail.status_text).toMatch(/^Cancelada el \d{2} [a-z]{3} \d{4}$/);
    expect(detail).toMatchObject({ status: "cancelled", next_charge: null, cancel_reason: "Me mudo" });
    const again = await t.app.inject({
      method: "POST",
      url: `/api/purchases/cancel/${id}`,
      headers,
      payload: { reason: "otra" },
    });
    expect(again.statusCode).toBe(412);
  });

  it("a one-off package cannot be cancelled as a subscription (412)", async () => {
    const { headers } = await customerLogin(t);
    const id = (await buyWithCard(t, headers, shop.packages.five.class_package_id)).confirm.json()
      .purchase_id;
    const r = await t.app.inject({
      method: "POST",
      url: `/api/purchases/cancel/${id}`,
      headers,
      payload: { reason: "x" },
    });
    expect(r.statusCode).toBe(412);
    expect(r.json().code).toBe("SUBSCRIPTION_NOT_ACTIVE");
  });
});
