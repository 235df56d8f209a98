import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addPeriod } from "../../../domain/billing";
import { email_outbox } from "../../db/schema/mail";
import { payment_sources } from "../../db/schema/payments";
import { charge_intents, renewal_vouchers } from "../../db/schema/purchases";
import type { CardGateway } from "../../payments/gateway";
import { sandboxGateway } from "../../payments/gateways";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, buyWithCard, customerLogin, newKey, purchaseReads, token } from "../../test/commerce";
import { NOT_APPLIED_CHARGE_REASON } from "../purchases/renewal-charge";
import { payFailedRenewal } from "../purchases/renewal-payment";
import { expireOverdueRenewalVouchers, notAppliedVoucherReason } from "../purchases/renewal-voucher";
import { renewDueSubscriptions } from "../purchases/renewals";
import { runInterruptedCharges } from "./checkout.jobs";
import { INTERRUPTED_CHARGE_AFTER_MS } from "./interrupted-charges";
import { applyGatewayEvent } from "./webhooks.service";

// A renewal's card charge is recorded before the processor is asked and confirmed after
// (decision 0137): money taken for a period a voucher (decision 0134) paid meanwhile is given
// back, never dropped; a process that dies between the two is finished by the charges job; a
// refund the processor refuses is a failed refund of the subscription; renewal vouchers past their
// end expire. Here beside the webhook and the job that drive it (a purchases test may not use
// checkout). The clock: each subscription's own due date (a month after it is bought).

let t: TestApp;
let monthly: { class_package_id: number };
const TZ = "America/Mexico_City";
const DECLINED = "4000000000009995";

beforeAll(async () => {
  t = await buildTestApp();
  monthly = await addPackage(t, {
    title: "8 Clases al mes (cobro)",
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

const sandbox = () => sandboxGateway(t.app);
const renew = (now: Date, gateway: CardGateway = sandbox()) =>
  renewDueSubscriptions(
    { db: t.app.db, appConfig: t.app.appConfig, mailer: t.app.mailer, gateway, publicUrl: "https://e.test" },
    now,
  );
const { purchaseRow, invoicesOf } = purchaseReads(() => t);
const intentsOf = (purchaseId: number) =>
  t.app.db
    .select()
    .from(charge_intents)
    .where(and(eq(charge_intents.purchase_id, purchaseId), like(charge_intents.kind, "renewal_%")))
    .orderBy(charge_intents.charge_intent_id);
const voucherRow = async (id: number) =>
  (await t.app.db.select().from(renewal_vouchers).where(eq(renewal_vouchers.renewal_voucher_id, id)))[0]!;
const later = (d: Date | null, ms = 60_000) => new Date(d!.getTime() + ms);
const refundsOf = async (purchaseId: number, headers: Record<string, string>) =>
  (await t.app.inject({ method: "GET", url: `/api/purchases/admin/${purchaseId}/refunds`, headers })).json()
    .refunds as { status: string; amount: number; reason: string; failure_code: string }[];
const receiptsOf = async (email: string) =>
  t.app.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to, email), eq(email_outbox.template, "purchase-receipt")));

/** A subscription whose first renewal was declined (in grace, its period due), its card then good. */
async function failedSubscription() {
  const login = await customerLogin(t);
  const { confirm } = await buyWithCard(t, login.headers, monthly.class_package_id);
  expect(confirm.statusCode).toBe(200);
  const id = confirm.json().purchase_id as number;
  const setCard = (number: string) =>
    t.app.db
      .update(payment_sources)
      .set({ source_id: token(number).replace(/^tok_/, "src_") })
      .where(eq(payment_sources.customer_id, login.customer_id));
  await setCard(DECLINED);
  const due = (await purchaseRow(id)).next_billing_date!;
  expect(await renew(later(due))).toMatchObject({ retry: 1 });
  await setCard("4242424242424242");
  const retryAt = (await purchaseRow(id)).renewal_retry_at!;
  return { ...login, id, due, retryAt, periodRef: `renewal_${id}_${due.toISOString()}` };
}

async function openVoucher(sub: { id: number; headers: Record<string, string> }) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/purchases/${sub.id}/renewal-voucher`,
    headers: sub.headers,
    payload: { method: "oxxo", idempotency_key: newKey() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().voucher as { renewal_voucher_id: number; expires_at: string };
}

/** The processor's word that the store took the voucher. */
async function storePaid(voucherId: number) {
  const { provider_ref } = await voucherRow(voucherId);
  const event = { id: `evt_store_${provider_ref}`, type: "payment_succeeded" as const, provider_ref };
  return applyGatewayEvent(t.app, "sandbox", event, event);
}

/**
 * The real sandbox, but while it charges the subscription's card the store's report of its
 * voucher arrives (the other subscriptions the run finds due are charged as usual).
 */
function voucherPaidDuringCharge(sub: { id: number }, voucherId: number): CardGateway {
  const real = sandbox();
  return {
    ...real,
    chargeSaved: async (input) => {
      if (input.metadata.purchase_id === String(sub.id)) expect(await storePaid(voucherId)).toBe("applied");
      return real.chargeSaved(input);
    },
  };
}

/** The real sandbox, which dies after it charges the subscription: our confirmation is never written. */
function crashingAfterCharge(sub: { id: number }): CardGateway {
  const real = sandbox();
  return {
    ...real,
    chargeSaved: async (input) => {
      const outcome = await real.chargeSaved(input);
      if (input.metadata.purchase_id !== String(sub.id)) return outcome;
      throw new Error(`process killed (${outcome.status})`);
    },
  };
}

describe("a renewal's card charge, recorded before the processor and confirmed after", () => {
  it("the scheduler's charge for a period a voucher paid meanwhile is kept not applied and refunded; the period is granted once", async () => {
    const sub = await failedSubscription();
    const voucher = await openVoucher(sub);
    const run = await renew(later(sub.retryAt), voucherPaidDuringCharge(sub, voucher.renewal_voucher_id));
    expect(run).toMatchObject({ skipped: 1, errors: 0 });

    // The voucher paid the period; the card's money is on record and went back in full.
    expect(await voucherRow(voucher.renewal_voucher_id)).toMatchObject({ status: "paid" });
    const paid = (await invoicesOf(sub.id)).filter((i) => i.status === "paid");
    expect(paid.map((i) => i.provider_ref)).toEqual([null, sub.periodRef]);
    // The first attempt's decline, then the retry's charge.
    const [declined, intent] = await intentsOf(sub.id);
    expect(declined).toMatchObject({ status: "failed", outcome_code: "insufficient_funds" });
    expect(intent).toMatchObject({
      kind: "renewal_card",
      status: "succeeded",
      outcome_code: "not_applied",
      amount: "1200.00",
      period_ref: sub.periodRef,
      idempotency_key: `${sub.periodRef}_try1`,
    });
    expect(intent!.refund_ref).toMatch(/^re_sandbox_/);
    const after = await purchaseRow(sub.id);
    expect(after).toMatchObject({ renewal_failures: 0 });
    expect(after.next_billing_date).toEqual(addPeriod(sub.due, 1, "month", TZ));
    // The job has nothing left: no pending intent, nothing to give back again.
    expect(await runInterruptedCharges(t.app, later(new Date(), INTERRUPTED_CHARGE_AFTER_MS + 1000))).toEqual(
      [],
    );
    expect((await intentsOf(sub.id))[1]!.refund_ref).toBe(intent!.refund_ref);
  });

  it("the customer's own card payment for a period a voucher paid meanwhile answers paid: false and is refunded", async () => {
    const sub = await failedSubscription();
    const voucher = await openVoucher(sub);
    const result = await payFailedRenewal(
      { db: t.app.db, gateway: voucherPaidDuringCharge(sub, voucher.renewal_voucher_id), timeZone: TZ },
      sub.customer_id,
      { purchase_id: sub.id, payment_method: token("4242424242424242"), idempotency_key: newKey() },
    );
    expect(result).toEqual({ paid: false });
    const intent = (await intentsOf(sub.id)).at(-1);
    expect(intent).toMatchObject({
      kind: "renewal_customer",
      status: "succeeded",
      outcome_code: "not_applied",
    });
    expect(intent!.refund_ref).toMatch(/^re_sandbox_/);
    expect((await invoicesOf(sub.id)).filter((i) => i.status === "paid")).toHaveLength(2);
  });

  it("the customer's payment interrupted after the processor charged: 502, then the job grants the period once with one receipt", async () => {
    const sub = await failedSubscription();
    const key = newKey();
    const pay = (gateway: CardGateway) =>
      payFailedRenewal({ db: t.app.db, gateway, timeZone: TZ }, sub.customer_id, {
        purchase_id: sub.id,
        payment_method: token("4242424242424242"),
        idempotency_key: key,
      });
    await expect(pay(crashingAfterCharge(sub))).rejects.toMatchObject({
      code: "CHARGE_PROCESSOR_UNREACHABLE",
      status: 502,
    });
    expect((await intentsOf(sub.id)).at(-1)).toMatchObject({
      status: "pending",
      kind: "renewal_customer",
      period_ref: sub.periodRef,
    });
    const receiptsBefore = (await receiptsOf(sub.email)).length;
    // Too soon: the charge may still be in flight.
    expect(await runInterruptedCharges(t.app, new Date())).toEqual([]);
    const jobAt = later(new Date(), INTERRUPTED_CHARGE_AFTER_MS + 1000);
    expect(await runInterruptedCharges(t.app, jobAt)).toEqual([sub.customer_id]);
    const paid = (await invoicesOf(sub.id)).filter((i) => i.status === "paid");
    expect(paid.at(-1)).toMatchObject({ provider_ref: sub.periodRef, recovered: true, card_last4: "4242" });
    expect((await intentsOf(sub.id)).at(-1)).toMatchObject({ status: "succeeded", outcome_code: null });
    expect(await receiptsOf(sub.email)).toHaveLength(receiptsBefore + 1);

    // The job again, the customer's retry with the same key, the scheduled retry: nothing more.
    expect(await runInterruptedCharges(t.app, jobAt)).toEqual([]);
    // The customer's retry: the period is paid, nothing is due ("Este cargo no está pendiente de pago.").
    await expect(pay(sandbox())).rejects.toMatchObject({ code: "INVOICE_NOT_FAILED", status: 412 });
    await renew(later(sub.retryAt));
    expect((await invoicesOf(sub.id)).filter((i) => i.status === "paid")).toHaveLength(2);
    expect(await intentsOf(sub.id)).toHaveLength(2);
  });

  it("the scheduler's charge interrupted, then the period paid by voucher: the job keeps the charge not applied and refunds it", async () => {
    const sub = await failedSubscription();
    const run = await renew(later(sub.retryAt), crashingAfterCharge(sub));
    expect(run).toMatchObject({ errors: 1 });
    expect((await intentsOf(sub.id)).at(-1)).toMatchObject({ status: "pending", kind: "renewal_card" });
    const voucher = await openVoucher(sub);
    expect(await storePaid(voucher.renewal_voucher_id)).toBe("applied");

    expect(await runInterruptedCharges(t.app, later(new Date(), INTERRUPTED_CHARGE_AFTER_MS + 1000))).toEqual(
      [],
    );
    const intent = (await intentsOf(sub.id)).at(-1);
    expect(intent).toMatchObject({ status: "succeeded", outcome_code: "not_applied" });
    expect(intent!.refund_ref).toMatch(/^re_sandbox_/);
    expect((await invoicesOf(sub.id)).filter((i) => i.status === "paid")).toHaveLength(2);
  });
});

describe("give-backs the processor refuses are failed refunds of the subscription", () => {
  it("a late voucher's and a not-applied charge's refused refunds are listed with the purchase's refunds", async () => {
    const admin = await t.signUp({ role: "admin" });
    const sub = await failedSubscription();
    const voucher = await openVoucher(sub);
    // The card retry pays the period first; the store's report of the voucher comes after.
    await renew(later(sub.retryAt));
    expect((await purchaseRow(sub.id)).renewal_failures).toBe(0);
    const refund = vi
      .spyOn(sandbox(), "refund")
      .mockResolvedValue({ status: "failed", failure_code: "charge_already_refunded" });
    try {
      expect(await storePaid(voucher.renewal_voucher_id)).toBe("applied");
      const late = await voucherRow(voucher.renewal_voucher_id);
      expect(late).toMatchObject({ status: "not_applied", refund_ref: null });

      // The customer's own payment, with another key, for the period just paid: refused too.
      const second = await failedSubscription();
      const v2 = await openVoucher(second);
      expect(
        await payFailedRenewal(
          { db: t.app.db, gateway: voucherPaidDuringCharge(second, v2.renewal_voucher_id), timeZone: TZ },
          second.customer_id,
          { purchase_id: second.id, payment_method: token("4242424242424242"), idempotency_key: newKey() },
        ),
      ).toEqual({ paid: false });

      expect(await refundsOf(sub.id, admin.headers)).toEqual([
        expect.objectContaining({
          status: "failed",
          amount: 1200,
          failure_code: "charge_already_refunded",
          reason: notAppliedVoucherReason("oxxo"),
        }),
      ]);
      expect(await refundsOf(second.id, admin.headers)).toEqual([
        expect.objectContaining({ status: "failed", amount: 1200, reason: NOT_APPLIED_CHARGE_REASON }),
      ]);
      // The customer's record at the desk lists it with the purchase's title (decision 0142).
      const record = await t.app.inject({
        url: `/api/customer/admin/${second.customer_id}`,
        headers: admin.headers,
      });
      expect(record.json().refunds).toEqual([
        expect.objectContaining({
          purchase_id: second.id,
          title: expect.any(String),
          status: "failed",
          source: "not_applied",
          amount: 1200,
        }),
      ]);
      // A refused give-back is not asked again by the job, and changes no total of the purchase.
      expect(
        await runInterruptedCharges(t.app, later(new Date(), INTERRUPTED_CHARGE_AFTER_MS + 1000)),
      ).toEqual([]);
      expect(await refundsOf(second.id, admin.headers)).toHaveLength(1);
      expect(await purchaseRow(second.id)).toMatchObject({ refunded_total: "0.00", status: "active" });
    } finally {
      refund.mockRestore();
    }
  });

  it("a give-back the processor could not be reached for is asked again by the job", async () => {
    const sub = await failedSubscription();
    const voucher = await openVoucher(sub);
    const refund = vi.spyOn(sandbox(), "refund").mockRejectedValue(new Error("ECONNRESET"));
    try {
      expect(
        await renew(later(sub.retryAt), voucherPaidDuringCharge(sub, voucher.renewal_voucher_id)),
      ).toMatchObject({ skipped: 1 });
    } finally {
      refund.mockRestore();
    }
    expect((await intentsOf(sub.id)).at(-1)).toMatchObject({ outcome_code: "not_applied", refund_ref: null });
    await runInterruptedCharges(t.app, new Date());
    expect((await intentsOf(sub.id)).at(-1)!.refund_ref).toMatch(/^re_sandbox_/);
  });
});

describe("renewal vouchers past their end", () => {
  it("expire with the vouchers job's run; the banner then offers a new one", async () => {
    const sub = await failedSubscription();
    const voucher = await openVoucher(sub);
    const end = new Date(voucher.expires_at);
    expect(await expireOverdueRenewalVouchers(t.app.db, later(end, -60_000))).toBe(0);
    expect(await voucherRow(voucher.renewal_voucher_id)).toMatchObject({ status: "pending" });
    expect(await expireOverdueRenewalVouchers(t.app.db, later(end))).toBeGreaterThanOrEqual(1);
    expect(await voucherRow(voucher.renewal_voucher_id)).toMatchObject({
      status: "expired",
      cancel_reason: null,
      settled_at: later(end),
    });
    // Again: nothing more.
    expect(await expireOverdueRenewalVouchers(t.app.db, later(end))).toBe(0);
    const issues = await t.app.inject({
      method: "GET",
      url: "/api/purchases/payment-issues",
      headers: sub.headers,
    });
    expect(issues.json().issues[0]).toMatchObject({
      purchase_id: sub.id,
      voucher: null,
      offline_methods: ["oxxo", "spei"],
    });
    const fresh = await openVoucher(sub);
    expect(fresh.renewal_voucher_id).not.toBe(voucher.renewal_voucher_id);
  });
});
