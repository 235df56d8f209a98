import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { creditsToWithdraw } from "../../../domain/refunds";
import { email_outbox } from "../../db/schema/mail";
import { discounts, payment_methods } from "../../db/schema/payments";
import { purchases, refunds } from "../../db/schema/purchases";
import { book, DAY, makeClass, makeCustomer, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, buyOffline, buyWithCard, newKey, purchaseReads } from "../../test/commerce";
import { runInterruptedRefunds } from "./purchases.jobs";
import { refundDeps } from "./refund-app";
import { INTERRUPTED_REFUND_AFTER_MS, refundPurchase } from "./refunds.service";

// Runs on PostgreSQL too: the refund's money path (docs/decisions/0061).

/** Refunds (decision 0027) with the sandbox processor and at the desk. */

let t: TestApp;
let studio: Studio;
let admin: Record<string, string>;
let adminActor: { user_id: string };
let packages: { five: number; ten: number; one: number };
/** One package of each kind the refunds table below buys (decision 0027, "every purchase kind"). */
let kinds: {
  fee: number;
  trial: number;
  endless: number;
  monthly: number;
  iva8: number;
  unlimited: number;
};

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  const adminLogin = await t.signUp({ role: "admin" });
  admin = adminLogin.headers;
  adminActor = { user_id: adminLogin.userId };
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
  const add = async (values: Parameters<typeof addPackage>[1]) =>
    (await addPackage(t, values)).class_package_id;
  kinds = {
    // The sign-up fee: no classes, no expiry (what answered 500 "No values to set" before).
    fee: await add({ title: "Inscripción", price: "300.00", class_amount: 0, expiration_days: null }),
    trial: await add({ title: "Clase de prueba", price: "99.00", class_amount: 1, is_trial: true }),
    endless: await add({ title: "Sin vigencia", price: "500.00", class_amount: 4, expiration_days: null }),
    monthly: await add({
      title: "Mensual",
      price: "900.00",
      class_amount: 8,
      is_subscription: true,
      subscription_period: "month",
      subscription_interval: 1,
    }),
    iva8: await add({
      title: "Frontera",
      price: "540.00",
      class_amount: 3,
      iva_rate: "8",
      expiration_days: 30,
    }),
    unlimited: await add({
      title: "Ilimitado 30 días",
      price: "1200.00",
      class_amount: -1,
      is_unlimited_membership: true,
      expiration_days: 30,
    }),
  };
  await t.app.db.insert(payment_methods).values({ name: "Efectivo", provider: "cash", order: 1 });
  await t.app.db.insert(discounts).values({ code: "REEMBOLSO20", amount: "20.00", is_percent: true });
  await t.app.appConfig.update([
    { key: "oxxo_enabled", value: true },
    { key: "spei_enabled", value: true },
  ]);
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

/** A customer and a paid purchase of one kind, made the way a customer or the desk makes it. */
type Kind = {
  kind: string;
  buy: () => Promise<{ purchaseId: number; email: string }>;
  /** The refund email's method line, and what it says of the credits on a full refund. */
  method?: string;
  credits?: string;
};
const byCard =
  (pkg: () => number, options: { discountCode?: string } = {}) =>
  async () => {
    const customer = await makeCustomer(t);
    const { confirm } = await buyWithCard(t, customer.headers, pkg(), options);
    expect(confirm.statusCode).toBe(200);
    return { purchaseId: confirm.json().purchase_id as number, email: customer.email };
  };
const offline = (method: "oxxo" | "spei") => async () => {
  const customer = await makeCustomer(t);
  const opened = await buyOffline(t, customer.headers, packages.five, method);
  expect(opened.statusCode).toBe(200);
  const purchaseId = opened.json().purchase_id as number;
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/payments/sandbox/vouchers/${purchaseId}/pay`,
    headers: customer.headers,
  });
  expect(paid.statusCode).toBe(200);
  return { purchaseId, email: customer.email };
};
const atDesk = (payment: "cash" | "card" | "transfer") => async () => {
  const customer = await makeCustomer(t);
  const sale = await t.app.inject({
    method: "POST",
    url: `/api/customer/admin/${customer.customerId}/sell`,
    headers: admin,
    payload: { class_package_id: packages.five, payment, reference: payment === "cash" ? null : "482913" },
  });
  expect(sale.statusCode).toBe(200);
  return { purchaseId: sale.json().purchase_id as number, email: customer.email };
};
const KINDS: Kind[] = [
  { kind: "sign-up fee (no classes, no expiry)", buy: byCard(() => kinds.fee), method: "Tarjeta" },
  { kind: "trial class", buy: byCard(() => kinds.trial) },
  { kind: "package with no expiry", buy: byCard(() => kinds.endless) },
  {
    kind: "expired package",
    buy: async () => {
      const bought = await byCard(() => packages.five)();
      const past = new Date(Date.now() - 3 * DAY);
      await t.app.db
        .update(purchases)
        .set({ expiration_date: past })
        .where(eq(purchases.purchase_id, bought.purchaseId));
      return bought;
    },
  },
  { kind: "subscription (sandbox card)", buy: byCard(() => kinds.monthly) },
  {
    kind: "unlimited membership",
    buy: byCard(() => kinds.unlimited),
    credits: "Tu acceso ilimitado de esta compra terminó hoy.",
  },
  { kind: "discounted (20 %)", buy: byCard(() => packages.ten, { discountCode: "REEMBOLSO20" }) },
  { kind: "IVA 8 %", buy: byCard(() => kinds.iva8) },
  { kind: "paid at OXXO", buy: offline("oxxo"), method: "OXXO" },
  { kind: "paid by SPEI", buy: offline("spei"), method: "Transferencia SPEI" },
  {
    kind: "cash order confirmed by the desk",
    buy: async () => {
      const customer = await makeCustomer(t);
      const order = await t.app.inject({
        method: "POST",
        url: "/api/checkout",
        headers: customer.headers,
        payload: { class_package_id: packages.five, idempotency_key: newKey() },
      });
      expect(order.statusCode).toBe(200);
      const purchaseId = order.json().purchase_id as number;
      const confirmed = await t.app.inject({
        method: "PUT",
        url: "/api/customer/confirmCash",
        headers: admin,
        payload: { purchase_id: purchaseId },
      });
      expect(confirmed.statusCode).toBe(200);
      return { purchaseId, email: customer.email };
    },
  },
  { kind: "counter sale in cash", buy: atDesk("cash"), method: "Efectivo (mostrador)" },
  { kind: "counter sale on the terminal", buy: atDesk("card"), method: "Tarjeta (terminal) (mostrador)" },
  { kind: "counter sale by transfer", buy: atDesk("transfer") },
];

describe("every purchase kind can be refunded, full and partial, with a clear answer", () => {
  it.each(
    KINDS.flatMap((k) => [
      { ...k, full: true },
      { ...k, full: false },
    ]),
  )("$kind, full: $full", async ({ buy, full, method, credits }) => {
    const { purchaseId, email } = await buy();
    const before = await purchaseRow(purchaseId);
    const paidCents = Math.round(Number(before.total_payment) * 100);
    expect(paidCents).toBeGreaterThan(0);
    const half = Math.floor(paidCents / 2) / 100;
    const res = await refund(purchaseId, full ? { reason: "Prueba" } : { amount: half, reason: "Prueba" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund.status).toBe("succeeded");
    const after = await purchaseRow(purchaseId);
    expect(after.refunded_total).toBe(full ? before.total_payment : half.toFixed(2));
    if (full) {
      expect(await unused(purchaseId)).toBe(0);
      // Nothing left: a second refund is a clear 400 with what is left, never a 5xx.
      const more = await refund(purchaseId, { amount: 1 });
      expect(more.statusCode).toBe(400);
      expect(more.json().code).toBe("REFUND_AMOUNT_INVALID");
    } else {
      // The rest can still be refunded, and then nothing more.
      const rest = await refund(purchaseId, {});
      expect(rest.statusCode, rest.body).toBe(200);
      expect((await purchaseRow(purchaseId)).refunded_total).toBe(before.total_payment);
    }
    const mails = await mailsOf(email);
    expect(mails.length).toBe(full ? 1 : 2);
    expect(mails[0]!.text).toContain("Reembolso a:");
    if (method) expect(mails[0]!.text).toContain(`Reembolso a: ${method}`);
    if (credits && full) expect(mails[0]!.text).toContain(credits);
  });
});

describe("a refund interrupted between recording its intent and confirming it", () => {
  it("is recorded before the processor is asked, and the job finishes it once by asking again with the same key", async () => {
    const c = await buyer(packages.five);
    const deps = await refundDeps(t.app);
    const refs: string[] = [];
    // The processor refunds, then the process dies before our confirmation is written.
    const crashing = {
      ...deps,
      gatewayFor: (provider: Parameters<typeof deps.gatewayFor>[0], ref: string) => ({
        refund: async (input: Parameters<NonNullable<ReturnType<typeof deps.gatewayFor>>["refund"]>[0]) => {
          const real = deps.gatewayFor(provider, ref)!;
          const done = await real.refund(input);
          if (done.status !== "failed") refs.push(done.refund_ref);
          throw new Error("process killed");
        },
      }),
    };
    const key = newKey();
    await expect(
      refundPurchase(crashing, adminActor, {
        purchase_id: c.purchaseId,
        reason: "Lesión",
        idempotency_key: key,
      }),
    ).rejects.toMatchObject({ code: "REFUND_PROCESSOR_UNREACHABLE", status: 502 });
    // The intent is there (with its key); nothing else moved.
    const [intent] = await t.app.db.select().from(refunds).where(eq(refunds.purchase_id, c.purchaseId));
    expect(intent).toMatchObject({ status: "pending", idempotency_key: key, amount: "750.00" });
    expect(await purchaseRow(c.purchaseId)).toMatchObject({ refunded_total: "0.00" });
    expect(await unused(c.purchaseId)).toBe(5);

    // Too soon: a request may still be in flight.
    expect(await runInterruptedRefunds(t.app, new Date())).toEqual([]);
    const later = new Date(Date.now() + INTERRUPTED_REFUND_AFTER_MS + 1000);
    expect(await runInterruptedRefunds(t.app, later)).toContain(intent!.refund_id);
    const [done] = await t.app.db.select().from(refunds).where(eq(refunds.purchase_id, c.purchaseId));
    // The processor answered with the refund it had made: the same one, not a second.
    expect(done).toMatchObject({ status: "succeeded", provider_ref: refs[0], credits_withdrawn: 5 });
    expect(await purchaseRow(c.purchaseId)).toMatchObject({ refunded_total: "750.00" });
    expect(await unused(c.purchaseId)).toBe(0);
    expect(await mailsOf(c.email)).toHaveLength(1);
    // Run again, or the desk retries with the same key: nothing more happens.
    expect(await runInterruptedRefunds(t.app, later)).toEqual([]);
    const retry = await refund(c.purchaseId, { idempotency_key: key, reason: "Lesión" });
    expect(retry.json().refund).toMatchObject({ refund_id: intent!.refund_id, status: "succeeded" });
    expect(await mailsOf(c.email)).toHaveLength(1);
  });

  it("a processor that cannot be reached answers a Spanish 502 and leaves the intent for the job", async () => {
    const c = await buyer(packages.one);
    const deps = await refundDeps(t.app);
    const down = {
      ...deps,
      gatewayFor: () => ({
        refund: async () => {
          throw new Error("ECONNRESET");
        },
      }),
    };
    const error = await refundPurchase(down, adminActor, {
      purchase_id: c.purchaseId,
      reason: "",
      idempotency_key: newKey(),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: messages.refundProcessorUnreachable });
    // While it is in flight, the money it holds is not refundable twice.
    const second = await refund(c.purchaseId, {});
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe("REFUND_AMOUNT_INVALID");
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
