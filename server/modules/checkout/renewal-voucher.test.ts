import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPeriod } from "../../../domain/billing";
import { email_outbox } from "../../db/schema/mail";
import { payment_sources } from "../../db/schema/payments";
import { renewal_vouchers } from "../../db/schema/purchases";
import { sandboxGateway } from "../../payments/gateways";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, buyWithCard, customerLogin, newKey, purchaseReads, token } from "../../test/commerce";
import { renewDueSubscriptions } from "../purchases/renewals";
import { applyGatewayEvent } from "./webhooks.service";

// A failed renewal period paid by OXXO or SPEI (decision 0134), here beside the webhook path that
// pays it (a purchases test may not use checkout: modules depend one way): the voucher belongs to the period,
// whichever payment of it comes first wins (decision 0128), a later one is refunded, never applied.
// The clock: each subscription's own due date (a month after it is bought), so any hour passes.

let t: TestApp;
let admin: { headers: Record<string, string> };
let monthly: { class_package_id: number };
const TZ = "America/Mexico_City";
const DECLINED = "4000000000009995";

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: "admin" });
  monthly = await addPackage(t, {
    title: "8 Clases al mes (ficha)",
    price: "1200.00",
    class_amount: 8,
    is_subscription: true,
    subscription_period: "month",
    subscription_interval: 1,
  });
  await t.app.appConfig.update([
    { key: "oxxo_enabled", value: true },
    { key: "spei_enabled", value: true },
  ]);
});
afterAll(() => t.close());

const renew = (now: Date) =>
  renewDueSubscriptions(
    {
      db: t.app.db,
      appConfig: t.app.appConfig,
      mailer: t.app.mailer,
      gateway: sandboxGateway(t.app),
      publicUrl: "https://estudio.test",
    },
    now,
  );
const { purchaseRow, invoicesOf } = purchaseReads(() => t);
const voucherRow = async (id: number) =>
  (await t.app.db.select().from(renewal_vouchers).where(eq(renewal_vouchers.renewal_voucher_id, id)))[0]!;
const later = (d: Date | null, ms = 60_000) => new Date(d!.getTime() + ms);

/** A subscription whose first renewal was declined: in grace, its period due. */
async function failedSubscription() {
  const login = await customerLogin(t);
  const { confirm } = await buyWithCard(t, login.headers, monthly.class_package_id);
  expect(confirm.statusCode).toBe(200);
  const id = confirm.json().purchase_id as number;
  await t.app.db
    .update(payment_sources)
    .set({ source_id: token(DECLINED).replace(/^tok_/, "src_") })
    .where(eq(payment_sources.customer_id, login.customer_id));
  const due = (await purchaseRow(id)).next_billing_date!;
  expect(await renew(later(due))).toMatchObject({ retry: 1 });
  return { ...login, id, due, periodRef: `renewal_${id}_${due.toISOString()}` };
}

const askVoucher = (sub: { id: number; headers: Record<string, string> }, method: "oxxo" | "spei") =>
  t.app.inject({
    method: "POST",
    url: `/api/purchases/${sub.id}/renewal-voucher`,
    headers: sub.headers,
    payload: { method, idempotency_key: newKey() },
  });
const simulatePay = (voucherId: number, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: `/api/payments/sandbox/renewal-vouchers/${voucherId}/pay`, headers });
/** The processor's word that the store took the voucher (Stripe's webhook, or a late report). */
async function storePaid(voucher: { renewal_voucher_id: number }) {
  const { provider_ref } = await voucherRow(voucher.renewal_voucher_id);
  const event = { id: `evt_store_${provider_ref}`, type: "payment_succeeded" as const, provider_ref };
  return applyGatewayEvent(t.app, "sandbox", event, event);
}

describe("paying a failed renewal period by OXXO or SPEI", () => {
  it("an OXXO voucher for the period pays it once: recovered invoice under the period's ref, receipt, the retry finds nothing due", async () => {
    const sub = await failedSubscription();
    const issues = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/purchases/payment-issues", headers: sub.headers })
      ).json().issues;
    expect(await issues()).toEqual([
      expect.objectContaining({ purchase_id: sub.id, offline_methods: ["oxxo", "spei"], voucher: null }),
    ]);

    const asked = await askVoucher(sub, "oxxo");
    expect(asked.statusCode).toBe(200);
    const voucher = asked.json().voucher;
    expect(voucher).toMatchObject({ method: "oxxo", status: "pending", amount: 1200, sandbox: true });
    expect(voucher.reference).toMatch(/^\d{18}$/);
    expect(new Date(voucher.expires_at).getTime()).toBeGreaterThan(Date.now());
    // A second tap answers the same open voucher; the banner shows it.
    expect((await askVoucher(sub, "oxxo")).json().voucher.renewal_voucher_id).toBe(
      voucher.renewal_voucher_id,
    );
    expect((await issues())[0].voucher).toMatchObject({ renewal_voucher_id: voucher.renewal_voucher_id });
    const row = await voucherRow(voucher.renewal_voucher_id);
    expect(row).toMatchObject({ period_ref: sub.periodRef, period_start: sub.due });
    const voucherMail = await t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, sub.email), eq(email_outbox.template, "offline-payment")));
    expect(voucherMail).toHaveLength(1);
    expect(voucherMail[0]!.text).toContain("(renovación)");
    expect(voucherMail[0]!.text).toContain("/mystudio/membresias");

    // Someone else cannot pay (nor see) it.
    const other = await customerLogin(t);
    expect((await simulatePay(voucher.renewal_voucher_id, other.headers)).statusCode).toBe(404);

    const paid = await simulatePay(voucher.renewal_voucher_id, sub.headers);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ result: "applied", voucher: { status: "paid" } });
    // The same report again is a duplicate: nothing more.
    expect((await simulatePay(voucher.renewal_voucher_id, sub.headers)).json().result).toBe("duplicate");

    const after = await purchaseRow(sub.id);
    expect(after).toMatchObject({ status: "active", renewal_failures: 0, renewal_failed_at: null });
    expect(after.next_billing_date).toEqual(addPeriod(sub.due, 1, "month", TZ));
    const bills = await invoicesOf(sub.id);
    expect(bills.map((i) => [i.status, i.recovered, i.provider_ref])).toEqual([
      ["paid", false, null],
      ["failed", false, `${sub.periodRef}_failed1`],
      ["paid", true, sub.periodRef],
    ]);
    expect((await voucherRow(voucher.renewal_voucher_id)).invoice_id).toBe(bills[2]!.invoice_id);
    const receipts = await t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, sub.email), eq(email_outbox.template, "purchase-receipt")));
    expect(receipts.at(-1)!.text).toContain("OXXO");
    expect(receipts.at(-1)!.text).toContain("(renovación)");
    expect(await issues()).toEqual([]);

    // The retry the schedule had set finds the period paid.
    expect(await renew(later(sub.due, 2 * 86_400_000))).toMatchObject({ renewed: 0, retry: 0, failed: 0 });
    expect(await invoicesOf(sub.id)).toHaveLength(3);
  });

  it("race: the card retry pays first, the voucher paid at the store later is refunded, never granted twice", async () => {
    const sub = await failedSubscription();
    const voucher = (await askVoucher(sub, "spei")).json().voucher;
    expect(voucher).toMatchObject({ method: "spei", amount: 1200 });
    expect(voucher.clabe).toMatch(/^646180\d{12}$/);

    await t.app.db
      .update(payment_sources)
      .set({ source_id: token("4242424242424242").replace(/^tok_/, "src_") })
      .where(eq(payment_sources.customer_id, sub.customer_id));
    const retryAt = (await purchaseRow(sub.id)).renewal_retry_at!;
    expect(await renew(later(retryAt))).toMatchObject({ renewed: 1 });
    // The period paid by card closed the voucher: "Simular pago" says why, in Spanish.
    expect(await voucherRow(voucher.renewal_voucher_id)).toMatchObject({
      status: "expired",
      cancel_reason: "period_paid",
    });
    const refused = await simulatePay(voucher.renewal_voucher_id, sub.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/periodo ya está pagado/);

    // The bank took the transfer anyway: recorded not applied, refunded in full, nothing granted.
    const credits = (await purchaseRow(sub.id)).expiration_date;
    expect(await storePaid(voucher)).toBe("applied");
    const late = await voucherRow(voucher.renewal_voucher_id);
    expect(late.status).toBe("not_applied");
    expect(late.refund_ref).toMatch(/^re_sandbox_/);
    expect(late.invoice_id).toBeNull();
    expect((await invoicesOf(sub.id)).filter((i) => i.status === "paid")).toHaveLength(2);
    expect((await purchaseRow(sub.id)).expiration_date).toEqual(credits);
  });

  it("race: the voucher's report and the card retry at once grant the period once; after the voucher the retry finds nothing due", async () => {
    const sub = await failedSubscription();
    const voucher = (await askVoucher(sub, "oxxo")).json().voucher;
    await t.app.db
      .update(payment_sources)
      .set({ source_id: token("4242424242424242").replace(/^tok_/, "src_") })
      .where(eq(payment_sources.customer_id, sub.customer_id));
    const retryAt = (await purchaseRow(sub.id)).renewal_retry_at!;
    // Both at once: the voucher's report and the scheduled retry.
    const [paid, run] = await Promise.all([storePaid(voucher), renew(later(retryAt))]);
    expect(paid).toBe("applied");
    const bills = await invoicesOf(sub.id);
    const paidBills = bills.filter(
      (i) => i.period_start?.getTime() === sub.due.getTime() && i.status === "paid",
    );
    expect(paidBills).toHaveLength(1);
    expect(paidBills[0]!.provider_ref).toBe(sub.periodRef);
    const settled = await voucherRow(voucher.renewal_voucher_id);
    // Whichever won, the other was not applied: a paid voucher made the invoice, else it is refunded.
    if (run.renewed === 1) expect(settled).toMatchObject({ status: "not_applied" });
    else expect(settled).toMatchObject({ status: "paid", invoice_id: paidBills[0]!.invoice_id });
    expect((await purchaseRow(sub.id)).next_billing_date).toEqual(addPeriod(sub.due, 1, "month", TZ));
    expect(await renew(later(retryAt, 60_000))).toMatchObject({ renewed: 0, retry: 0, failed: 0 });
    expect(await invoicesOf(sub.id)).toHaveLength(bills.length);
  });

  it("two vouchers for one period: the first paid wins, the other is closed, and paid anyway it is refunded", async () => {
    const sub = await failedSubscription();
    const oxxo = (await askVoucher(sub, "oxxo")).json().voucher;
    const spei = (await askVoucher(sub, "spei")).json().voucher;
    expect(oxxo.renewal_voucher_id).not.toBe(spei.renewal_voucher_id);

    // Both reports at once: one grants, the other is not applied.
    const results = await Promise.all([storePaid(oxxo), storePaid(spei)]);
    expect(results).toEqual(["applied", "applied"]);
    const rows = [await voucherRow(oxxo.renewal_voucher_id), await voucherRow(spei.renewal_voucher_id)];
    expect(rows.map((v) => v.status).sort()).toEqual(["not_applied", "paid"]);
    const refunded = rows.find((v) => v.status === "not_applied")!;
    expect(refunded.refund_ref).toMatch(/^re_sandbox_/);
    const paidBills = (await invoicesOf(sub.id)).filter((i) => i.status === "paid");
    expect(paidBills).toHaveLength(2);
    expect(paidBills[1]).toMatchObject({ provider_ref: sub.periodRef, recovered: true });
    // A repeated delivery of either changes nothing.
    expect(await storePaid(oxxo)).toBe("duplicate");
    expect((await invoicesOf(sub.id)).filter((i) => i.status === "paid")).toHaveLength(2);
  });

  it("the subscription ends with a voucher open: the voucher closes, paying it is refused in Spanish, paid anyway it is refunded", async () => {
    const sub = await failedSubscription();
    const voucher = (await askVoucher(sub, "oxxo")).json().voucher;
    for (let i = 0; i < 3; i++) {
      const at = (await purchaseRow(sub.id)).renewal_retry_at!;
      await renew(later(at));
    }
    expect(await purchaseRow(sub.id)).toMatchObject({ status: "failed" });
    expect(await voucherRow(voucher.renewal_voucher_id)).toMatchObject({
      status: "expired",
      cancel_reason: "subscription_ended",
    });
    const refused = await simulatePay(voucher.renewal_voucher_id, sub.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/suscripción terminó/);
    // Nothing half written: the refusal wrote nothing.
    expect(await voucherRow(voucher.renewal_voucher_id)).toMatchObject({
      status: "expired",
      settled_at: expect.any(Date),
    });

    expect(await storePaid(voucher)).toBe("applied");
    expect(await voucherRow(voucher.renewal_voucher_id)).toMatchObject({
      status: "not_applied",
      refund_ref: expect.stringMatching(/^re_sandbox_/),
    });
    expect(await purchaseRow(sub.id)).toMatchObject({ status: "failed", next_billing_date: null });
    expect((await invoicesOf(sub.id)).filter((i) => i.status === "paid")).toHaveLength(1);
    // And no new voucher for an ended subscription.
    expect((await askVoucher(sub, "spei")).statusCode).toBe(412);
  });

  it("refuses a voucher for a period that did not fail, someone else's subscription, or a method the studio does not take", async () => {
    const login = await customerLogin(t);
    const { confirm } = await buyWithCard(t, login.headers, monthly.class_package_id);
    const healthy = { id: confirm.json().purchase_id as number, headers: login.headers };
    const notFailed = await askVoucher(healthy, "oxxo");
    expect(notFailed.statusCode).toBe(412);
    expect(notFailed.json()).toMatchObject({
      code: "INVOICE_NOT_FAILED",
      message: "Este cargo no está pendiente de pago.",
    });

    const sub = await failedSubscription();
    expect((await askVoucher({ id: sub.id, headers: login.headers }, "oxxo")).statusCode).toBe(404);
    // Staff have no customer of their own: no subscription to pay.
    expect((await askVoucher({ id: sub.id, headers: admin.headers }, "oxxo")).statusCode).toBe(403);
    await t.app.appConfig.update([{ key: "spei_enabled", value: false }]);
    try {
      const off = await askVoucher(sub, "spei");
      expect(off.statusCode).toBe(412);
      expect(off.json().code).toBe("PAYMENT_METHOD_DISABLED");
      const issues = await t.app.inject({
        method: "GET",
        url: "/api/purchases/payment-issues",
        headers: sub.headers,
      });
      expect(issues.json().issues[0].offline_methods).toEqual(["oxxo"]);
    } finally {
      await t.app.appConfig.update([{ key: "spei_enabled", value: true }]);
    }
  });
});
