import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPeriod } from "../../../domain/billing";
import { audit_log } from "../../db/schema/audit";
import { available_classes } from "../../db/schema/credits";
import { email_outbox } from "../../db/schema/mail";
import { payment_sources } from "../../db/schema/payments";
import { invoices, purchases } from "../../db/schema/purchases";
import { sandboxGateway } from "../../payments/gateways";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import {
  addPackage,
  buyWithCard,
  customerLogin,
  customerRow,
  newKey,
  type Shop,
  seedShop,
  token,
} from "../../test/commerce";
import { RENEWAL_JOB, renewDueSubscriptions } from "./renewals";

// Runs on PostgreSQL too: renewals run as jobs on the pool (docs/decisions/0061).

let t: TestApp;
let shop: Shop;
let admin: { headers: Record<string, string>; userId: string };
let monthly8: { class_package_id: number };
const TZ = "America/Mexico_City";

beforeAll(async () => {
  t = await buildTestApp();
  shop = await seedShop(t);
  admin = await t.signUp({ role: "admin" });
  monthly8 = await addPackage(t, {
    title: "8 Clases al mes",
    price: "1200.00",
    class_amount: 8,
    is_subscription: true,
    subscription_period: "month",
    subscription_interval: 1,
  });
  // Two retries, one and two days after the first failure (dunning: decision 0128).
  await t.app.appConfig.update([
    { key: "renewal_retry_days", value: "1, 2" },
    { key: "renewal_grace_days", value: 1 },
  ]);
});
afterAll(() => t.close());

const renew = (now: Date) =>
  renewDueSubscriptions(
    { db: t.app.db, appConfig: t.app.appConfig, mailer: t.app.mailer, gateway: sandboxGateway(t.app) },
    now,
  );
const purchaseRow = async (id: number) =>
  (await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, id)))[0]!;
const invoicesOf = (id: number) =>
  t.app.db.select().from(invoices).where(eq(invoices.purchase_id, id)).orderBy(invoices.invoice_id);
const creditsOf = (id: number) =>
  t.app.db
    .select()
    .from(available_classes)
    .where(eq(available_classes.purchase_id, id))
    .orderBy(available_classes.available_class_id);
const minuteAfter = (d: Date | null) => new Date(d!.getTime() + 60_000);

async function subscribe(classPackageId: number, options: { discountCode?: string } = {}) {
  const login = await customerLogin(t);
  const { confirm } = await buyWithCard(t, login.headers, classPackageId, options);
  expect(confirm.statusCode).toBe(200);
  const id = confirm.json().purchase_id as number;
  return { ...login, id, purchase: await purchaseRow(id) };
}

/** Replaces the customer's saved card by one whose test number declines. */
async function makeCardDecline(customerId: number) {
  await t.app.db
    .update(payment_sources)
    .set({ source_id: token("4000000000009995").replace(/^tok_/, "src_") })
    .where(eq(payment_sources.customer_id, customerId));
}

describe("sandbox card renewals", () => {
  it("charges the saved card when due, grants the next period once and moves the next charge", async () => {
    const sub = await subscribe(monthly8.class_package_id);
    const due = sub.purchase.next_billing_date!;
    expect(await renew(new Date(due.getTime() - 60_000))).toMatchObject({ renewed: 0 });

    const at = minuteAfter(due);
    const results = await Promise.all([renew(at), renew(at), renew(at)]);
    expect(results.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    expect(await renew(at)).toMatchObject({ renewed: 0 });

    const after = await purchaseRow(sub.id);
    const nextEnd = addPeriod(due, 1, "month", TZ);
    expect(after).toMatchObject({ status: "active", renewal_failures: 0 });
    expect(after.next_billing_date).toEqual(nextEnd);
    expect(after.expiration_date).toEqual(nextEnd);
    const bills = await invoicesOf(sub.id);
    expect(bills.map((b) => [b.status, b.total_payment])).toEqual([
      ["paid", "1200.00"],
      ["paid", "1200.00"],
    ]);
    expect(bills[1]!.period_start).toEqual(due);
    expect(bills[1]!.period_end).toEqual(nextEnd);
    const credits = await creditsOf(sub.id);
    expect(credits).toHaveLength(2);
    expect(credits[1]).toMatchObject({ available_classes: 8, expiration_date: nextEnd });
  });

  it("the job registered on the app runs the same handler (nothing due: no change)", async () => {
    await expect(t.app.jobs.run(RENEWAL_JOB)).resolves.toBeUndefined();
  });

  it("a discount applies to the first invoice only: the renewal charges the full price", async () => {
    const sub = await subscribe(shop.packages.unlimited.class_package_id, { discountCode: "DIEZ" });
    expect(sub.purchase.total_payment).toBe("2160.00");
    await renew(minuteAfter(sub.purchase.next_billing_date));
    const bills = await invoicesOf(sub.id);
    expect(bills.map((b) => b.total_payment)).toEqual(["2160.00", "2400.00"]);
    const customer = await customerRow(t, sub.customer_id);
    expect(customer.unlimited_membership_expiration).toEqual(
      addPeriod(sub.purchase.next_billing_date!, 1, "month", TZ),
    );
  });

  it("free trial first: nothing is charged until the trial ends, then the first period", async () => {
    const sub = await subscribe(shop.packages.online.class_package_id);
    const trialEnd = sub.purchase.next_billing_date!;
    const days = (trialEnd.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(await renew(new Date(Date.now() + 6 * 86_400_000))).toMatchObject({ renewed: 0 });
    expect((await invoicesOf(sub.id)).map((b) => b.total_payment)).toEqual(["0.00"]);

    await renew(minuteAfter(trialEnd));
    const bills = await invoicesOf(sub.id);
    expect(bills.map((b) => [b.status, b.total_payment])).toEqual([
      ["paid", "0.00"],
      ["paid", "399.00"],
    ]);
    expect((await purchaseRow(sub.id)).next_billing_date).toEqual(addPeriod(trialEnd, 1, "month", TZ));
  });

  it("a declined renewal is retried on the studio's schedule, a later success resets the count", async () => {
    const sub = await subscribe(monthly8.class_package_id);
    const due = sub.purchase.next_billing_date!;
    await makeCardDecline(sub.customer_id);
    expect(await renew(minuteAfter(due))).toMatchObject({ retry: 1 });
    expect(await purchaseRow(sub.id)).toMatchObject({
      status: "active",
      renewal_failures: 1,
      next_billing_date: due,
    });
    // The customer saves a working card; the next run charges the same period.
    await t.app.db
      .update(payment_sources)
      .set({ source_id: token("4242424242424242").replace(/^tok_/, "src_") })
      .where(eq(payment_sources.customer_id, sub.customer_id));
    // Not before the retry the schedule set (one day after the failure).
    expect(await renew(new Date(due.getTime() + 86_400_000))).toMatchObject({ renewed: 0, retry: 0 });
    expect(await renew(new Date(due.getTime() + 86_400_000 + 120_000))).toMatchObject({ renewed: 1 });
    const after = await purchaseRow(sub.id);
    expect(after).toMatchObject({ status: "active", renewal_failures: 0 });
    expect(after.next_billing_date).toEqual(addPeriod(due, 1, "month", TZ));
    expect((await invoicesOf(sub.id)).map((b) => b.status)).toEqual(["paid", "failed", "paid"]);
  });

  it("after the last retry the purchase fails and booking with it stops (credits, unlimited)", async () => {
    const sub = await subscribe(shop.packages.unlimited.class_package_id);
    const other = await subscribe(monthly8.class_package_id);
    const due = sub.purchase.next_billing_date!;
    await makeCardDecline(sub.customer_id);
    await makeCardDecline(other.customer_id);
    const day = (n: number) => new Date(due.getTime() + n * 86_400_000 + 60_000);
    expect(await renew(day(0))).toMatchObject({ retry: 2 });
    expect(await renew(day(1))).toMatchObject({ retry: 2 });
    expect(await renew(day(2))).toMatchObject({ failed: 2 });
    expect(await renew(day(3))).toMatchObject({ failed: 0, retry: 0 });

    const failed = await purchaseRow(sub.id);
    expect(failed).toMatchObject({ status: "failed", renewal_failures: 3, next_billing_date: null });
    const customer = await customerRow(t, sub.customer_id);
    expect(customer.has_unlimited).toBe(false);
    const credits = await creditsOf(other.id);
    expect(credits.every((c) => c.expiration_date! <= day(2))).toBe(true);
    const statuses = (await invoicesOf(sub.id)).map((b) => b.status);
    expect(statuses).toEqual(["paid", "failed", "failed", "failed"]);
  });

  it("a cancelled subscription is not charged", async () => {
    const sub = await subscribe(monthly8.class_package_id);
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/purchases/cancel/${sub.id}`,
      headers: sub.headers,
      payload: { reason: "Me mudo" },
    });
    expect(cancel.statusCode).toBe(200);
    await renew(minuteAfter(sub.purchase.next_billing_date));
    expect(await invoicesOf(sub.id)).toHaveLength(1);
  });
});

describe("cash renewals", () => {
  async function cashSubscription() {
    const login = await customerLogin(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: login.headers,
      payload: { class_package_id: monthly8.class_package_id, idempotency_key: newKey() },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().purchase_id as number;
    const confirm = await t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${id}/confirm`,
      headers: admin.headers,
    });
    expect(confirm.statusCode).toBe(200);
    return { ...login, id, purchase: await purchaseRow(id) };
  }
  const confirmInvoice = (invoiceId: number, headers = admin.headers) =>
    t.app.inject({ method: "POST", url: `/api/purchases/admin/invoices/${invoiceId}/confirm`, headers });

  it("issues one pending invoice with an email of the bank details; the admin's confirmation grants once", async () => {
    const sub = await cashSubscription();
    const due = sub.purchase.next_billing_date!;
    expect(await renew(minuteAfter(due))).toMatchObject({ invoiced: 1 });
    const pending = (await invoicesOf(sub.id)).at(-1)!;
    expect(pending).toMatchObject({ status: "pending", total_payment: "1200.00", period_start: due });
    const mails = await t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, sub.email), eq(email_outbox.template, "subscription-renewal-cash")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("CLABE: 012180001234567890");
    expect(mails[0]!.html).not.toContain("<script>");
    expect(await creditsOf(sub.id)).toHaveLength(1);

    const customer = await customerLogin(t);
    expect((await confirmInvoice(pending.invoice_id, customer.headers)).statusCode).toBe(403);
    const [a, b] = await Promise.all([
      confirmInvoice(pending.invoice_id),
      confirmInvoice(pending.invoice_id),
    ]);
    expect([a.json().granted, b.json().granted].sort()).toEqual([false, true]);
    expect(await creditsOf(sub.id)).toHaveLength(2);
    const after = await purchaseRow(sub.id);
    expect(after.next_billing_date).toEqual(addPeriod(due, 1, "month", TZ));
    expect((await confirmInvoice(999_999)).statusCode).toBe(404);
    // Both desk confirmations are in the audit log once each, under the admin who made them
    // (the second, concurrent confirmation granted nothing and logged nothing).
    const log = await t.app.db.select().from(audit_log).where(eq(audit_log.customer_id, after.customer_id));
    expect(log.map((e) => [e.action, e.entity_id, e.actor_user_id]).sort()).toEqual(
      [
        ["invoice.confirm_cash", String(pending.invoice_id), admin.userId],
        ["purchase.confirm_cash", String(sub.id), admin.userId],
      ].sort(),
    );
    const mailsAfter = await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, sub.email));
    expect(mailsAfter.filter((m) => m.template === "subscription-renewal-cash")).toHaveLength(1);
  });

  it("an unpaid cash renewal counts as a failure on each later run and ends the subscription", async () => {
    const sub = await cashSubscription();
    const due = sub.purchase.next_billing_date!;
    const day = (n: number) => new Date(due.getTime() + n * 86_400_000 + 60_000);
    expect(await renew(day(0))).toMatchObject({ invoiced: 1 });
    expect(await renew(day(1))).toMatchObject({ retry: 1 });
    expect(await renew(day(2))).toMatchObject({ retry: 1 });
    expect(await renew(day(3))).toMatchObject({ failed: 1 });
    expect(await purchaseRow(sub.id)).toMatchObject({ status: "failed", next_billing_date: null });
    const pending = (await invoicesOf(sub.id)).at(-1)!;
    expect(pending.status).toBe("failed");
    expect((await confirmInvoice(pending.invoice_id)).statusCode).toBe(412);
  });
});
