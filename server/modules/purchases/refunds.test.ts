import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { creditsToWithdraw } from "../../../domain/refunds";
import { email_outbox } from "../../db/schema/mail";
import { refunds } from "../../db/schema/purchases";
import { book, DAY, makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, buyWithCard, newKey, purchaseReads } from "../../test/commerce";

// Runs on PostgreSQL too: the refund's money path (docs/decisions/0061).

/** Refunds (issue 21.4, decision 0027) with the sandbox processor and at the desk. */

let t: TestApp;
let studio: Studio;
let admin: Record<string, string>;
let packages: { five: number; ten: number; one: number };

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  admin = (await t.signUp({ role: "admin" })).headers;
  const five = await addPackage(t, {
    title: "5 Clases",
    price: "750.00",
    class_amount: 5,
    expiration_days: 30,
  });
  const ten = await addPackage(t, {
    title: "10 Clases",
    price: "1000.00",
    class_amount: 10,
    expiration_days: 60,
  });
  const one = await addPackage(t, {
    title: "Clase suelta",
    price: "150.00",
    class_amount: 1,
    expiration_days: 30,
  });
  packages = { five: five.class_package_id, ten: ten.class_package_id, one: one.class_package_id };
});
afterAll(() => t.close());

const { purchaseRow, creditsOf, invoicesOf } = purchaseReads(() => t);

/** A customer who can book (complete profile, no credits) and bought `pkg` with the sandbox card. */
async function buyer(pkg: number) {
  const customer = await makeCustomer(t);
  const { confirm } = await buyWithCard(t, customer.headers, pkg);
  expect(confirm.statusCode).toBe(200);
  const purchaseId = confirm.json().purchase_id as number;
  return { ...customer, purchaseId };
}

const refund = (purchaseId: number, body: { amount?: number; reason?: string; idempotency_key?: string }) =>
  t.app.inject({
    method: "POST",
    url: `/api/purchases/admin/${purchaseId}/refund`,
    headers: admin,
    payload: { idempotency_key: newKey(), ...body },
  });

const unused = async (purchaseId: number) =>
  (await creditsOf(purchaseId)).reduce((sum, b) => sum + Math.max(0, b.available_classes), 0);

async function mailsOf(email: string) {
  return (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, email))).filter(
    (m) => m.template === "purchase-refund",
  );
}

describe("the credits a refund withdraws (domain rule)", () => {
  it("full: every unused one; partial: the refunded share rounded half up, counted over all refunds, never a used one", () => {
    const base = { used: 0, total_cents: 100_000, withdrawn_before: 0 };
    expect(creditsToWithdraw({ ...base, unused: 7, used: 3, refunded_cents: 100_000 })).toBe(7);
    expect(creditsToWithdraw({ ...base, unused: 10, refunded_cents: 30_000 })).toBe(3);
    // 10 × 25 % = 2.5 → 3 (half up); then 10 × 55 % = 5.5 → 6, of which 3 went already.
    expect(creditsToWithdraw({ ...base, unused: 10, refunded_cents: 25_000 })).toBe(3);
    expect(creditsToWithdraw({ ...base, unused: 7, refunded_cents: 55_000, withdrawn_before: 3 })).toBe(3);
    // 9 of 10 used: half the money back still takes only the one left.
    expect(creditsToWithdraw({ ...base, unused: 1, used: 9, refunded_cents: 50_000 })).toBe(1);
    expect(creditsToWithdraw({ ...base, unused: 0, used: 10, refunded_cents: 100_000 })).toBe(0);
  });
});

describe("refunds at the back office (sandbox card)", () => {
  it("a full refund gives the money back once, withdraws the unused credits, marks the charges and emails the customer", async () => {
    const c = await buyer(packages.five);
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * DAY), capacity: 10 });
    const booked = await book(t, c.headers, { single_class_id: klass.single_class_id });
    expect(booked.statusCode).toBe(200);
    expect(await unused(c.purchaseId)).toBe(4);

    const key = newKey();
    // A double click: the same key twice at once, then once more later.
    const [a, b] = await Promise.all([
      refund(c.purchaseId, { idempotency_key: key, reason: "Se mudó de ciudad" }),
      refund(c.purchaseId, { idempotency_key: key, reason: "Se mudó de ciudad" }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refund.refund_id).toBe(b.json().refund.refund_id);
    const again = await refund(c.purchaseId, { idempotency_key: key, reason: "Se mudó de ciudad" });
    expect(again.json().refund.refund_id).toBe(a.json().refund.refund_id);
    expect(again.json()).toMatchObject({
      message: messages.refundSaved,
      refund: { amount: 750, status: "succeeded", provider: "sandbox", credits_withdrawn: 4 },
    });
    expect(again.json().refund.provider_ref).toMatch(/^re_sandbox_/);

    const rows = await t.app.db.select().from(refunds).where(eq(refunds.purchase_id, c.purchaseId));
    expect(rows).toHaveLength(1);
    expect(await unused(c.purchaseId)).toBe(0);
    expect(await purchaseRow(c.purchaseId)).toMatchObject({ refunded_total: "750.00" });
    expect((await invoicesOf(c.purchaseId)).map((i) => i.status)).toEqual(["refunded"]);

    const mails = await mailsOf(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Te reembolsamos un pago");
    expect(mails[0]!.text).toContain("te reembolsamos $750.00 MXN de tu compra 5 Clases");
    expect(mails[0]!.text).toContain("Se retiraron de tu cuenta 4 clases sin usar de esta compra.");

    // Nothing left: another refund is refused with the amount left.
    const more = await refund(c.purchaseId, { amount: 1 });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({ code: "REFUND_AMOUNT_INVALID" });
    expect(more.json().message).toContain("$0.00 MXN");

    const list = await t.app.inject({
      method: "GET",
      url: `/api/purchases/admin/${c.purchaseId}/refunds`,
      headers: admin,
    });
    expect(list.json().refunds).toHaveLength(1);
    // Customers cannot refund.
    const denied = await t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${c.purchaseId}/refund`,
      headers: c.headers,
      payload: { idempotency_key: newKey() },
    });
    expect(denied.statusCode).toBe(403);
  });

  it("partial refunds withdraw the refunded share of the credits, rounded, and never more than what is left", async () => {
    const c = await buyer(packages.ten);
    const first = await refund(c.purchaseId, { amount: 250 });
    expect(first.json().refund).toMatchObject({ amount: 250, credits_withdrawn: 3 });
    expect(await unused(c.purchaseId)).toBe(7);
    const second = await refund(c.purchaseId, { amount: 300 });
    expect(second.json().refund).toMatchObject({ amount: 300, credits_withdrawn: 3 });
    expect(await unused(c.purchaseId)).toBe(4);
    expect(await purchaseRow(c.purchaseId)).toMatchObject({ refunded_total: "550.00" });
    // A partial refund leaves the charge paid.
    expect((await invoicesOf(c.purchaseId)).map((i) => i.status)).toEqual(["paid"]);

    const tooMuch = await refund(c.purchaseId, { amount: 450.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(messages.refundAmountInvalid.replace("{left}", "$450.00 MXN"));
    const badKey = await refund(c.purchaseId, { amount: 10, idempotency_key: "x" });
    expect(badKey.statusCode).toBe(400);
    const reused = await refund(c.purchaseId, {
      amount: 20,
      idempotency_key: (
        await t.app.db.select().from(refunds).where(eq(refunds.purchase_id, c.purchaseId))
      )[0]!.idempotency_key!,
    });
    expect(reused.statusCode).toBe(409);
    expect((await refund(999_999, { amount: 10 })).statusCode).toBe(404);
  });

  it("a desk sale is recorded as refunded (no processor) and the dashboard's revenue is net of refunds", async () => {
    const customer = await makeCustomer(t);
    const before = (
      await t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: admin })
    ).json();
    const sale = await t.app.inject({
      method: "POST",
      url: "/api/customer/giveAccess",
      headers: admin,
      payload: { customer_id: customer.customerId, class_package_id: packages.five, bill: 750 },
    });
    expect(sale.statusCode).toBe(200);
    const purchaseId = sale.json().purchase_id as number;
    const res = await refund(purchaseId, { amount: 150 });
    expect(res.statusCode).toBe(200);
    expect(res.json().refund).toMatchObject({ provider: "admin", provider_ref: null, status: "succeeded" });
    expect(res.json().refund.credits_withdrawn).toBe(1);
    const after = (await t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: admin })).json();
    expect(Math.round((after.revenue.total - before.revenue.total) * 100)).toBe(75_000 - 15_000);
    expect(Math.round((after.revenue.refunds - before.revenue.refunds) * 100)).toBe(15_000);

    // A gift has nothing to refund.
    const gift = await t.app.inject({
      method: "POST",
      url: "/api/customer/giveAccess",
      headers: admin,
      payload: { customer_id: customer.customerId, class_package_id: packages.one, is_gift: true },
    });
    const refused = await refund(gift.json().purchase_id, {});
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toMatchObject({
      code: "NOTHING_TO_REFUND",
      message: messages.refundNothingToRefund,
    });
  });
});

describe("a refund racing a booking for the last credit of the purchase", () => {
  it("ends one consistent way every time: booked and nothing withdrawn, or refused and the credit withdrawn", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const c = await buyer(packages.one);
      const klass = await makeClass(t.app, studio, {
        at: new Date(Date.now() + (3 + round) * DAY),
        capacity: 10,
      });
      const [booking, refunded] = await Promise.all([
        book(t, c.headers, { single_class_id: klass.single_class_id }),
        refund(c.purchaseId, {}),
      ]);
      expect(refunded.statusCode).toBe(200);
      const withdrawn = refunded.json().refund.credits_withdrawn as number;
      const [bucket] = await creditsOf(c.purchaseId);
      expect(bucket!.available_classes).toBe(0);
      if (booking.statusCode === 200) {
        expect(withdrawn).toBe(0);
        outcomes.add("booked");
      } else {
        expect(booking.statusCode).toBe(412);
        expect(booking.json().code).toBe("NO_CREDITS");
        expect(withdrawn).toBe(1);
        outcomes.add("refunded");
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
