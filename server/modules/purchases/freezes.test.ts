import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, localDay, zonedInstant } from "../../../domain/booking";
import { messages } from "../../../domain/messages";
import { payment_sources } from "../../db/schema/payments";
import { invoices, membership_freezes, purchases } from "../../db/schema/purchases";
import type { CardGateway } from "../../payments/gateway";
import { cardGateway, sandboxGateway } from "../../payments/gateways";
import { book, makeClass, makeCustomer, makeStudio, type Studio, setConfig } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, buyWithCard, customerRow, newKey, token } from "../../test/commerce";
import { freezeMembership, PENDING_FREEZE_FEE_AFTER_MS } from "./freezes.service";
import { runPendingFreezeFees } from "./purchases.jobs";
import { renewDueSubscriptions } from "./renewals";

/**
 * Frozen memberships (decision 0027) and paying a failed renewal. Dates are studio
 * days counted from today in the studio's zone, so the test reads the same at any hour.
 */

let t: TestApp;
let studio: Studio;
let admin: Record<string, string>;
let unlimited: number;
let monthly: number;
const TZ = "America/Mexico_City";
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  admin = (await t.signUp({ role: "admin" })).headers;
  unlimited = (
    await addPackage(t, {
      title: "Ilimitado Mensual",
      price: "2400.00",
      class_amount: -1,
      is_subscription: true,
      is_unlimited_membership: true,
      subscription_period: "month",
      subscription_interval: 1,
    })
  ).class_package_id;
  monthly = (
    await addPackage(t, {
      title: "8 Clases al mes",
      price: "1200.00",
      class_amount: 8,
      is_subscription: true,
      subscription_period: "month",
      subscription_interval: 1,
    })
  ).class_package_id;
});
afterAll(() => t.close());

const today = () => localDay(new Date(), TZ);
const day = (n: number) => addLocalDays(today(), n);
const purchaseRow = async (id: number) =>
  (await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, id)))[0]!;
const renew = (now: Date) =>
  renewDueSubscriptions(
    { db: t.app.db, appConfig: t.app.appConfig, mailer: t.app.mailer, gateway: sandboxGateway(t.app) },
    now,
  );

async function subscriber(pkg: number) {
  const customer = await makeCustomer(t);
  const { confirm } = await buyWithCard(t, customer.headers, pkg, { save_card: true });
  expect(confirm.statusCode).toBe(200);
  return { ...customer, purchaseId: confirm.json().purchase_id as number };
}

const freeze = (purchaseId: number, from: string, to: string, headers = admin) =>
  t.app.inject({
    method: "POST",
    url: `/api/purchases/admin/${purchaseId}/freeze`,
    headers,
    payload: { from, to },
  });

describe("the desk freezes an unlimited subscription", () => {
  it("moves expiry and next charge by the frozen days, refuses bookings inside it in Spanish, charges nothing meanwhile", async () => {
    const c = await subscriber(unlimited);
    const before = await purchaseRow(c.purchaseId);
    const memberBefore = (await customerRow(t, c.customerId)).unlimited_membership_expiration!;
    expect(before.status).toBe("active");

    const res = await freeze(c.purchaseId, day(3), day(12));
    expect(res.statusCode).toBe(200);
    expect(res.json().freeze).toMatchObject({ from: day(3), to: day(12), days: 10, requested_by: "desk" });
    expect(res.json().message).toMatch(/^Membresía congelada del .+ al .+\.$/);

    const after = await purchaseRow(c.purchaseId);
    const moved = (a: Date | null, b: Date | null) => Math.round((a!.getTime() - b!.getTime()) / DAY);
    expect(moved(after.next_billing_date, before.next_billing_date)).toBe(10);
    expect(moved(after.expiration_date, before.expiration_date)).toBe(10);
    expect(moved((await customerRow(t, c.customerId)).unlimited_membership_expiration, memberBefore)).toBe(
      10,
    );

    const inside = await makeClass(t.app, studio, { at: zonedInstant(day(5), "09:00", TZ), capacity: 10 });
    const refused = await book(t, c.headers, { single_class_id: inside.single_class_id });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().code).toBe("MEMBERSHIP_FROZEN");
    expect(refused.json().message).toMatch(
      /^Tu membresía está congelada del .+ al .+: no puedes reservar clases en esas fechas\.$/,
    );
    const lastDay = await makeClass(t.app, studio, { at: zonedInstant(day(12), "20:00", TZ), capacity: 10 });
    expect((await book(t, c.headers, { single_class_id: lastDay.single_class_id })).statusCode).toBe(412);
    const outside = await makeClass(t.app, studio, { at: zonedInstant(day(13), "07:00", TZ), capacity: 10 });
    expect((await book(t, c.headers, { single_class_id: outside.single_class_id })).statusCode).toBe(200);

    // When the charge was due before the freeze, the job charges nothing: it is due 10 days later.
    const invoicesBefore = await t.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.purchase_id, c.purchaseId));
    expect((await renew(new Date(before.next_billing_date!.getTime() + 3_600_000))).renewed).toBe(0);
    const invoicesAfter = await t.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.purchase_id, c.purchaseId));
    expect(invoicesAfter).toHaveLength(invoicesBefore.length);

    // Overlapping, past and too long freezes are refused.
    expect((await freeze(c.purchaseId, day(10), day(15))).json().code).toBe("FREEZE_OVERLAPS");
    const past = await freeze(c.purchaseId, day(-1), day(2));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(messages.freezeDatesInvalid.replace("{max}", "90"));
    expect((await freeze(c.purchaseId, day(20), day(120))).statusCode).toBe(400);
    expect((await freeze(c.purchaseId, day(20), day(19))).statusCode).toBe(400);

    // Removed before it starts: the dates go back.
    const id = res.json().freeze.membership_freeze_id;
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/purchases/admin/freezes/${id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    const back = await purchaseRow(c.purchaseId);
    expect(back.next_billing_date!.getTime()).toBe(before.next_billing_date!.getTime());
    expect((await book(t, c.headers, { single_class_id: inside.single_class_id })).statusCode).toBe(200);
  });

  it("only a live unlimited membership or subscription can be frozen", async () => {
    const customer = await makeCustomer(t);
    const pack = await addPackage(t, {
      title: "5 Clases",
      price: "500.00",
      class_amount: 5,
      expiration_days: 30,
    });
    const { confirm } = await buyWithCard(t, customer.headers, pack.class_package_id);
    const res = await freeze(confirm.json().purchase_id, day(1), day(2));
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: "FREEZE_NOT_ALLOWED", message: messages.freezeNotAllowed });
    expect((await freeze(999_999, day(1), day(2))).statusCode).toBe(404);
  });
});

describe("the customer freezes their own membership", () => {
  const own = (headers: Record<string, string>, purchaseId: number, from: string, to: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/purchases/${purchaseId}/freeze`,
      headers,
      payload: { from, to, idempotency_key: newKey() },
    });

  it("only when the studio allows it, paying the fee with their saved card", async () => {
    const c = await subscriber(monthly);
    await setConfig(t.app, { membership_freeze_by_customer: false, membership_freeze_fee: 0 });
    const closed = await own(c.headers, c.purchaseId, day(2), day(8));
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(messages.freezeByCustomerDisabled);

    await setConfig(t.app, { membership_freeze_by_customer: true, membership_freeze_fee: 150 });
    try {
      const info = await t.app.inject({ method: "GET", url: "/api/purchases/freezes", headers: c.headers });
      expect(info.json()).toMatchObject({ allowed: true, fee: 150, freezes: [] });
      const done = await own(c.headers, c.purchaseId, day(2), day(8));
      expect(done.statusCode).toBe(200);
      expect(done.json().freeze).toMatchObject({ days: 7, fee: 150, requested_by: "customer" });
      const fee = (
        await t.app.db.select().from(invoices).where(eq(invoices.purchase_id, c.purchaseId))
      ).filter((i) => i.provider_ref?.startsWith("freeze_"));
      expect(fee.map((i) => [i.total_payment, i.status])).toEqual([["150.00", "paid"]]);
      // The credits of the period last 7 days longer too.
      // Someone else's purchase: not found.
      const other = await makeCustomer(t);
      expect((await own(other.headers, c.purchaseId, day(20), day(21))).statusCode).toBe(404);
      // No saved card: the fee cannot be paid.
      await t.app.db
        .update(payment_sources)
        .set({ deletedAt: new Date() })
        .where(eq(payment_sources.customer_id, c.customerId));
      const noCard = await own(c.headers, c.purchaseId, day(30), day(31));
      expect(noCard.statusCode).toBe(412);
      expect(noCard.json().message).toBe(messages.freezeFeeNeedsCard);
    } finally {
      await setConfig(t.app, { membership_freeze_by_customer: false, membership_freeze_fee: 0 });
    }
  });
});

describe("the customer's freeze fee is recorded before the processor is asked (decision 0107)", () => {
  it("a crash after the charge leaves the freeze pending and unapplied; the job finishes it once", async () => {
    const c = await subscriber(monthly);
    await setConfig(t.app, { membership_freeze_by_customer: true, membership_freeze_fee: 150 });
    try {
      const before = await purchaseRow(c.purchaseId);
      const charged: string[] = [];
      const real = cardGateway(t.app);
      // The processor takes the money, then the process dies before our confirmation.
      const crashing: CardGateway = {
        ...real,
        chargeSaved: async (input) => {
          await real.chargeSaved(input);
          charged.push(input.idempotency_key);
          throw new Error("process killed");
        },
      };
      const deps = {
        db: t.app.db,
        config: await t.app.appConfig.get(),
        cardGateway: crashing,
        subscriptionGateway: () => null,
      };
      const input = { purchase_id: c.purchaseId, from: day(3), to: day(5), customer_id: c.customerId };
      await expect(freezeMembership(deps, null, input)).rejects.toMatchObject({
        code: "CHARGE_PROCESSOR_UNREACHABLE",
      });
      expect(charged).toHaveLength(1);
      const rows = () =>
        t.app.db.select().from(membership_freezes).where(eq(membership_freezes.purchase_id, c.purchaseId));
      const [pending] = await rows();
      // Recorded, not applied: the dates have not moved and no fee is on record yet.
      expect(pending).toMatchObject({ fee_status: "pending", fee: "150.00", cancelledAt: null });
      expect((await purchaseRow(c.purchaseId)).next_billing_date).toEqual(before.next_billing_date);
      const feeInvoices = async () =>
        (await t.app.db.select().from(invoices).where(eq(invoices.purchase_id, c.purchaseId))).filter((i) =>
          i.provider_ref?.startsWith("freeze_"),
        );
      expect(await feeInvoices()).toHaveLength(0);
      // The same days asked again are refused before any money moves.
      const again = await t.app.inject({
        method: "POST",
        url: `/api/purchases/${c.purchaseId}/freeze`,
        headers: c.headers,
        payload: { from: day(3), to: day(5), idempotency_key: newKey() },
      });
      expect(again.statusCode).toBe(409);
      expect(charged).toHaveLength(1);

      // Too soon for the job; after the threshold it asks again with the same key, once.
      expect(await runPendingFreezeFees(t.app, new Date())).toEqual([]);
      const later = new Date(Date.now() + PENDING_FREEZE_FEE_AFTER_MS + 1000);
      expect(await runPendingFreezeFees(t.app, later)).toEqual([pending!.membership_freeze_id]);
      expect(await runPendingFreezeFees(t.app, later)).toEqual([]);
      const [done] = await rows();
      expect(done!.fee_status).toBe("paid");
      expect((await feeInvoices()).map((i) => [i.total_payment, i.provider_ref])).toEqual([
        ["150.00", `freeze_fee_${pending!.membership_freeze_id}`],
      ]);
      const moved = (await purchaseRow(c.purchaseId)).next_billing_date!;
      expect(Math.round((moved.getTime() - before.next_billing_date!.getTime()) / DAY)).toBe(3);
    } finally {
      await setConfig(t.app, { membership_freeze_by_customer: false, membership_freeze_fee: 0 });
    }
  });
});

describe("a failed renewal: 'Actualiza tu tarjeta' and paying it", () => {
  it("lists the failed subscription and a new card pays the due period once", async () => {
    const c = await subscriber(monthly);
    const due = (await purchaseRow(c.purchaseId)).next_billing_date!;
    // The saved card is gone, so the renewal cannot be charged.
    await t.app.db
      .update(payment_sources)
      .set({ deletedAt: new Date() })
      .where(eq(payment_sources.customer_id, c.customerId));
    expect((await renew(new Date(due.getTime() + 60_000))).retry).toBe(1);

    const issues = await t.app.inject({
      method: "GET",
      url: "/api/purchases/payment-issues",
      headers: c.headers,
    });
    expect(issues.json().issues).toEqual([
      expect.objectContaining({
        purchase_id: c.purchaseId,
        title: "8 Clases al mes",
        failures: 1,
        amount: 1200,
        payable_here: true,
      }),
    ]);

    const pay = (card: string, key = newKey()) =>
      t.app.inject({
        method: "POST",
        url: `/api/purchases/${c.purchaseId}/pay-renewal`,
        headers: c.headers,
        payload: { payment_method: token(card), idempotency_key: key },
      });
    const declined = await pay("4000000000000002");
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe("CARD_DECLINED");
    const paid = await pay("4242424242424242");
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, message: messages.invoicePaid });
    const after = await purchaseRow(c.purchaseId);
    expect(after.renewal_failures).toBe(0);
    expect(after.next_billing_date!.getTime()).toBeGreaterThan(due.getTime());
    expect(
      (await t.app.inject({ method: "GET", url: "/api/purchases/payment-issues", headers: c.headers })).json()
        .issues,
    ).toEqual([]);
    // Nothing more to pay; the job finds the period paid.
    expect((await pay("4242424242424242")).statusCode).toBe(412);
    expect((await renew(new Date(due.getTime() + 120_000))).renewed).toBe(0);
  });
});
