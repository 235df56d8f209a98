import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { single_classes } from "../../db/schema/calendar";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { email_outbox } from "../../db/schema/mail";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import {
  bucketAmount,
  DAY,
  HOUR,
  joinWaitlist,
  makeClass,
  makeCustomer,
  makeStudio,
  type Studio,
} from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { type Shop, seedShop } from "../../test/commerce";
import { exactly, firstOf } from "../../test/fixtures";

let t: TestApp;
let admin: { headers: Record<string, string>; userId: string };
let shop: Shop;
let studio: Studio;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: "admin" });
  shop = await seedShop(t);
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());

const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

async function auditOf(customerId: number) {
  return t.app.db.select().from(audit_log).where(eq(audit_log.customer_id, customerId));
}

async function bucketsOf(customerId: number) {
  return t.app.db.select().from(available_classes).where(eq(available_classes.customer_id, customerId));
}

describe("customer search", () => {
  it("finds customers by name, email or phone, pages and sorts", async () => {
    const db = t.app.db;
    await db.insert(customers).values([
      { name: "Zoe", last_name: "Buscable", email: "zoe.buscable@prueba.mx", phone: "5599887766" },
      { name: "Yara", last_name: "Buscable", email: "yara@prueba.mx", phone: "5511223344" },
    ]);
    const byPhone = await inject("GET", "/api/customer/admin/all?query=99887766");
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().customers.map((c: { name: string }) => c.name)).toEqual(["Zoe"]);
    const byEmail = await inject("GET", "/api/customer/admin/all?query=YARA@prueba");
    expect(byEmail.json().customers.map((c: { name: string }) => c.name)).toEqual(["Yara"]);
    const byName = await inject("GET", "/api/customer/admin/all?query=buscable&sort=name&size=1&page=2");
    expect(byName.json()).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(byName.json().customers[0].name).toBe("Zoe");
    const desc = await inject("GET", "/api/customer/admin/all?query=buscable&sort=-name");
    expect(desc.json().customers.map((c: { name: string }) => c.name)).toEqual(["Zoe", "Yara"]);
    const quick = await inject("GET", "/api/customer/query?query=Zoe%20Busc");
    expect(quick.json().customers).toHaveLength(1);
    // A % in the text is literal, not a wildcard.
    const wildcard = await inject("GET", "/api/customer/admin/all?query=%25");
    expect(wildcard.json().total).toBe(0);
  });

  it("shows each customer's own usable credits, not the whole studio's", async () => {
    const three = await makeCustomer(t, {
      credits: 3,
      buckets: [{ available_classes: 5, expiration_date: new Date(Date.now() - DAY) }],
    });
    const none = await makeCustomer(t);
    const creditsOf = async (customerId: number) => {
      const [row] = await t.app.db.select().from(customers).where(eq(customers.customer_id, customerId));
      const res = await inject("GET", `/api/customer/admin/all?query=${encodeURIComponent(row!.email)}`);
      return res.json().customers.map((c: { credits: number }) => c.credits);
    };
    expect(await creditsOf(three.customerId)).toEqual([3]);
    expect(await creditsOf(none.customerId)).toEqual([0]);
  });

  it("answers 404 for a customer that does not exist and 400 for a bad id", async () => {
    const res = await inject("GET", "/api/customer/admin/999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "CUSTOMER_NOT_FOUND", message: messages.customerNotFound });
    expect((await inject("GET", "/api/customer/admin/abc")).statusCode).toBe(400);
  });
});

describe("POST /api/customer/giveAccess", () => {
  it("creates an 'admin' purchase, grants its credits once with package_days and audits it", async () => {
    const me = await makeCustomer(t);
    const res = await inject("POST", "/api/customer/giveAccess", {
      customer_id: me.customerId,
      class_package_id: shop.packages.five.class_package_id,
      package_days: 10,
      is_gift: false,
      payment_method_id: shop.methods.cash.payment_method_id,
      bill: 700.5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("¡Acceso agregado!");
    const purchaseId = res.json().purchase_id;
    const [purchase] = await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, purchaseId));
    expect(purchase).toMatchObject({
      provider: "admin",
      status: "completed",
      total_payment: "700.50",
      customer_id: me.customerId,
      is_gift: false,
    });
    expect(purchase!.credits_granted_at).not.toBeNull();
    const buckets = await bucketsOf(me.customerId);
    expect(buckets).toHaveLength(1);
    expect(buckets[0]!.available_classes).toBe(5);
    const days = (buckets[0]!.expiration_date!.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThan(10.1);
    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.purchase_id, purchaseId));
    expect(invoice).toMatchObject({ status: "paid", total_payment: "700.50" });
    const audit = await auditOf(me.customerId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "access.grant",
      entity: "purchase",
      entity_id: String(purchaseId),
      actor_user_id: admin.userId,
    });
  });

  it("a gift is billed 0 and an unlimited membership covers the customer for package_days", async () => {
    const me = await makeCustomer(t);
    const res = await inject("POST", "/api/customer/giveAccess", {
      customer_id: me.customerId,
      class_package_id: shop.packages.unlimited.class_package_id,
      package_days: 30,
      is_gift: true,
      bill: 2400,
    });
    expect(res.statusCode).toBe(200);
    const [purchase] = await t.app.db
      .select()
      .from(purchases)
      .where(eq(purchases.purchase_id, res.json().purchase_id));
    // Admin grants are not billed again: no subscription and no next charge.
    expect(purchase).toMatchObject({
      total_payment: "0.00",
      is_gift: true,
      subscription_id: null,
      next_billing_date: null,
    });
    const [row] = await t.app.db.select().from(customers).where(eq(customers.customer_id, me.customerId));
    expect(row!.has_unlimited).toBe(true);
    const days = (row!.unlimited_membership_expiration!.getTime() - Date.now()) / DAY;
    expect(Math.round(days)).toBe(30);
  });

  it("rejects an unknown customer, package or payment method with 404 and writes nothing", async () => {
    const me = await makeCustomer(t);
    const base = {
      customer_id: me.customerId,
      class_package_id: shop.packages.five.class_package_id,
      bill: 0,
    };
    expect(
      (await inject("POST", "/api/customer/giveAccess", { ...base, customer_id: 999999 })).statusCode,
    ).toBe(404);
    expect(
      (await inject("POST", "/api/customer/giveAccess", { ...base, class_package_id: 999999 })).statusCode,
    ).toBe(404);
    expect(
      (await inject("POST", "/api/customer/giveAccess", { ...base, payment_method_id: 999999 })).json(),
    ).toMatchObject({
      code: "PAYMENT_METHOD_NOT_FOUND",
    });
    expect((await inject("POST", "/api/customer/giveAccess", { ...base, bill: -1 })).statusCode).toBe(400);
    expect(await t.app.db.select().from(purchases).where(eq(purchases.customer_id, me.customerId))).toEqual(
      [],
    );
    expect(await auditOf(me.customerId)).toEqual([]);
  });
});

describe("PUT /api/customer/revokeAccess", () => {
  it("revokes a purchase, empties its remaining credits and ends its membership; twice is 409", async () => {
    const me = await makeCustomer(t);
    const five = await inject("POST", "/api/customer/giveAccess", {
      customer_id: me.customerId,
      class_package_id: shop.packages.five.class_package_id,
      bill: 750,
    });
    const unlimited = await inject("POST", "/api/customer/giveAccess", {
      customer_id: me.customerId,
      class_package_id: shop.packages.unlimited.class_package_id,
      package_days: 30,
      bill: 2400,
    });
    const res = await inject("PUT", "/api/customer/revokeAccess", { purchase_id: five.json().purchase_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("¡Acceso eliminado!");
    const buckets = await bucketsOf(me.customerId);
    expect(buckets.map((b) => b.available_classes)).toEqual([0]);
    const [p] = await t.app.db
      .select()
      .from(purchases)
      .where(eq(purchases.purchase_id, five.json().purchase_id));
    expect(p!.status).toBe("revoked");

    await inject("PUT", "/api/customer/revokeAccess", { purchase_id: unlimited.json().purchase_id });
    const [row] = await t.app.db.select().from(customers).where(eq(customers.customer_id, me.customerId));
    expect(row!.has_unlimited).toBe(false);

    const again = await inject("PUT", "/api/customer/revokeAccess", { purchase_id: five.json().purchase_id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("ALREADY_REVOKED");
    const actions = (await auditOf(me.customerId)).map((a) => a.action).sort();
    expect(actions).toEqual(["access.grant", "access.grant", "access.revoke", "access.revoke"]);
  });

  it("answers 404 for an unknown purchase", async () => {
    const res = await inject("PUT", "/api/customer/revokeAccess", { purchase_id: 999999 });
    expect(res.statusCode).toBe(404);
  });
});

describe("PUT /api/customer/removeClasses", () => {
  it("takes credits from the soonest-expiring buckets first, never below 0, and skips expired ones", async () => {
    const now = Date.now();
    const me = await makeCustomer(t, {
      buckets: [
        { available_classes: 5, expiration_date: null },
        { available_classes: 2, expiration_date: new Date(now + 3 * DAY) },
        { available_classes: 4, expiration_date: new Date(now + 10 * DAY) },
        { available_classes: 9, expiration_date: new Date(now - DAY) },
        { available_classes: -1, expiration_date: new Date(now + DAY) },
      ],
    });
    const [never, soon, later, expired, unlimited] = exactly(me.buckets, 5);
    const res = await inject("PUT", "/api/customer/removeClasses", { customer_id: me.customerId, amount: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "¡Clases Restadas!", removed: 3 });
    expect((await bucketAmount(t.app, soon!.available_class_id)).available_classes).toBe(0);
    expect((await bucketAmount(t.app, later!.available_class_id)).available_classes).toBe(3);
    expect((await bucketAmount(t.app, never!.available_class_id)).available_classes).toBe(5);

    const rest = await inject("PUT", "/api/customer/removeClasses", {
      customer_id: me.customerId,
      amount: 100,
    });
    expect(rest.json().removed).toBe(8);
    for (const b of [soon, later, never]) {
      expect((await bucketAmount(t.app, b!.available_class_id)).available_classes).toBe(0);
    }
    expect((await bucketAmount(t.app, expired!.available_class_id)).available_classes).toBe(9);
    expect((await bucketAmount(t.app, unlimited!.available_class_id)).available_classes).toBe(-1);

    const none = await inject("PUT", "/api/customer/removeClasses", {
      customer_id: me.customerId,
      amount: 1,
    });
    expect(none.statusCode).toBe(412);
    expect(none.json()).toMatchObject({ code: "NO_CLASSES_TO_REMOVE", message: messages.noClassesToRemove });
    const audit = await auditOf(me.customerId);
    expect(audit.map((a) => a.action)).toEqual(["credits.remove", "credits.remove"]);
    expect(audit[0]!.details).toMatchObject({ requested: 3, removed: 3 });
  });

  it("rejects a zero or negative amount", async () => {
    const me = await makeCustomer(t, { credits: 2 });
    for (const amount of [0, -2, 1.5]) {
      const res = await inject("PUT", "/api/customer/removeClasses", { customer_id: me.customerId, amount });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe("PUT /api/customer/confirmCash", () => {
  it("grants a pending cash purchase once and audits it", async () => {
    const me = await makeCustomer(t);
    const [pending] = await t.app.db
      .insert(purchases)
      .values({
        customer_id: me.customerId,
        class_package_id: shop.packages.ten.class_package_id,
        title: "10 Clases",
        amount: "1350.00",
        total_payment: "1350.00",
        provider: "cash",
        status: "pending",
      })
      .returning();
    await t.app.db
      .insert(invoices)
      .values({ purchase_id: pending!.purchase_id, customer_id: me.customerId, total_payment: "1350.00" });
    const first = await inject("PUT", "/api/customer/confirmCash", { purchase_id: pending!.purchase_id });
    expect(first.json()).toMatchObject({ message: messages.paymentSuccess, granted: true });
    const second = await inject("PUT", "/api/customer/confirmCash", { purchase_id: pending!.purchase_id });
    expect(second.json().granted).toBe(false);
    expect((await bucketsOf(me.customerId)).map((b) => b.available_classes)).toEqual([10]);
    expect((await auditOf(me.customerId)).map((a) => a.action)).toEqual(["purchase.confirm_cash"]);
  });
});

describe("PUT /api/customer/liftPenalty", () => {
  it("lifts an active penalty so the customer can book again; lifting twice is 409", async () => {
    const me = await makeCustomer(t, { credits: 3 });
    await t.app.appConfig.update([{ key: "unlimited_membership_penalties_enabled", value: true }]);
    const [penalty] = await t.app.db
      .insert(class_reservation_penalties)
      .values({
        customer_id: me.customerId,
        no_shows: 3,
        start_date: new Date(Date.now() - DAY),
        end_date: new Date(Date.now() + 5 * DAY),
      })
      .returning();
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 48 * HOUR) });
    const blocked = await t.app.inject({
      method: "POST",
      url: "/api/class_reservations",
      headers: me.headers,
      payload: { single_class_id: c.single_class_id },
    });
    expect(blocked.json().code).toBe("PENALTY_ACTIVE");

    const res = await inject("PUT", "/api/customer/liftPenalty", {
      class_reservation_penalty_id: penalty!.class_reservation_penalty_id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.penaltyLifted);
    const [row] = await t.app.db
      .select()
      .from(class_reservation_penalties)
      .where(
        eq(class_reservation_penalties.class_reservation_penalty_id, penalty!.class_reservation_penalty_id),
      );
    expect(row).toMatchObject({ lifted_by: admin.userId });
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/class_reservations",
      headers: me.headers,
      payload: { single_class_id: c.single_class_id },
    });
    expect(booked.statusCode).toBe(200);
    const again = await inject("PUT", "/api/customer/liftPenalty", {
      class_reservation_penalty_id: penalty!.class_reservation_penalty_id,
    });
    expect(again.statusCode).toBe(409);
    expect((await auditOf(me.customerId)).map((a) => a.action)).toEqual(["penalty.lift"]);
    await t.app.appConfig.update([{ key: "unlimited_membership_penalties_enabled", value: false }]);
  });
});

describe("booking for a customer", () => {
  it("books with the customer's credits, cancels with a refund, and audits both", async () => {
    const me = await makeCustomer(t, { credits: 2 });
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 72 * HOUR) });
    const res = await inject("POST", `/api/customer/admin/${me.customerId}/reservations`, {
      single_class_id: c.single_class_id,
      spot: "2",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.adminReservationBooked);
    const reservationId = res.json().class_reservation_id;
    expect((await bucketAmount(t.app, firstOf(me.buckets)!.available_class_id)).available_classes).toBe(1);

    const twice = await inject("POST", `/api/customer/admin/${me.customerId}/reservations`, {
      single_class_id: c.single_class_id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(messages.deskAlreadyBooked);

    const cancel = await inject(
      "DELETE",
      `/api/customer/admin/${me.customerId}/reservations/${reservationId}`,
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ message: messages.reservationCancelled, refunded: true });
    expect((await bucketAmount(t.app, firstOf(me.buckets)!.available_class_id)).available_classes).toBe(2);
    const [row] = await t.app.db
      .select()
      .from(class_reservations)
      .where(eq(class_reservations.class_reservation_id, reservationId));
    expect(row!.deletedAt).not.toBeNull();
    expect((await auditOf(me.customerId)).map((a) => a.action).sort()).toEqual([
      "reservation.book",
      "reservation.cancel",
    ]);
    // The customer is told of both, as of their own booking and cancelling.
    const [profile] = await t.app.db.select().from(customers).where(eq(customers.customer_id, me.customerId));
    const mails = await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, profile!.email));
    expect(mails.map((m) => m.template).sort()).toEqual(["booking_confirmed", "reservation_cancelled"]);
  });

  it("follows the customer's rules: no credits is 412 and nothing is audited", async () => {
    const me = await makeCustomer(t);
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 72 * HOUR) });
    const res = await inject("POST", `/api/customer/admin/${me.customerId}/reservations`, {
      single_class_id: c.single_class_id,
    });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: "NO_CREDITS", message: messages.deskNoCredits });
    expect(await auditOf(me.customerId)).toEqual([]);
  });

  it("with override_rules books past a penalty and before bookings open, never past seats or credits", async () => {
    await t.app.appConfig.update([
      { key: "unlimited_membership_penalties_enabled", value: true },
      { key: "reservation_timeframe_hours", value: 24 },
    ]);
    try {
      const me = await makeCustomer(t, { credits: 1 });
      await t.app.db.insert(class_reservation_penalties).values({
        customer_id: me.customerId,
        no_shows: 3,
        start_date: new Date(Date.now() - DAY),
        end_date: new Date(Date.now() + 5 * DAY),
      });
      // Three days ahead: bookings for it open only 24 h before.
      const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 72 * HOUR), capacity: 1 });
      const path = `/api/customer/admin/${me.customerId}/reservations`;
      const byRules = await inject("POST", path, { single_class_id: c.single_class_id });
      expect(byRules.statusCode).toBe(412);
      expect(byRules.json()).toMatchObject({ code: "PENALTY_ACTIVE", message: messages.deskPenaltyActive });

      const overridden = await inject("POST", path, {
        single_class_id: c.single_class_id,
        override_rules: true,
      });
      expect(overridden.statusCode, overridden.body).toBe(200);
      expect((await bucketAmount(t.app, firstOf(me.buckets)!.available_class_id)).available_classes).toBe(0);
      const [entry] = await auditOf(me.customerId);
      expect(entry).toMatchObject({ action: "reservation.book_override" });

      // The class is now full and the second customer has no credits: no override gets past either.
      const other = await makeCustomer(t);
      const full = await inject("POST", `/api/customer/admin/${other.customerId}/reservations`, {
        single_class_id: c.single_class_id,
        override_rules: true,
      });
      expect(full.json().code).toBe("SOLD_OUT");
      const later = await makeClass(t.app, studio, { at: new Date(Date.now() + 96 * HOUR) });
      const broke = await inject("POST", `/api/customer/admin/${other.customerId}/reservations`, {
        single_class_id: later.single_class_id,
        override_rules: true,
      });
      expect(broke.json().code).toBe("NO_CREDITS");
      const started = await makeClass(t.app, studio, { at: new Date(Date.now() - 10 * 60_000) });
      const tooLate = await inject("POST", path, {
        single_class_id: started.single_class_id,
        override_rules: true,
      });
      expect(tooLate.json().code).toBe("OUTSIDE_BOOKING_WINDOW");
    } finally {
      await t.app.appConfig.update([
        { key: "unlimited_membership_penalties_enabled", value: false },
        { key: "reservation_timeframe_hours", value: null },
      ]);
    }
  });

  it("with override_rules cancels inside the threshold and gives the credit back; a started class stays", async () => {
    const me = await makeCustomer(t, { credits: 2 });
    // Six hours ahead: inside the default 12-hour threshold, so by the policy it is too late.
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 6 * HOUR) });
    const booked = await inject("POST", `/api/customer/admin/${me.customerId}/reservations`, {
      single_class_id: c.single_class_id,
    });
    const path = `/api/customer/admin/${me.customerId}/reservations/${booked.json().class_reservation_id}`;
    const byPolicy = await inject("DELETE", path);
    expect(byPolicy.statusCode).toBe(412);
    expect(byPolicy.json()).toMatchObject({ code: "CANCEL_TOO_LATE", message: messages.deskCancelTooLate });
    expect((await bucketAmount(t.app, firstOf(me.buckets)!.available_class_id)).available_classes).toBe(1);

    const overridden = await inject("DELETE", `${path}?override_rules=true`);
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json()).toMatchObject({ message: messages.reservationCancelled, refunded: true });
    // The credit is back and none of the bucket's allowed cancellations was used.
    expect(await bucketAmount(t.app, firstOf(me.buckets)!.available_class_id)).toMatchObject({
      available_classes: 2,
      cancels_used: 0,
    });
    expect((await auditOf(me.customerId)).map((a) => a.action).sort()).toEqual([
      "reservation.book",
      "reservation.cancel_override",
    ]);

    const started = await makeClass(t.app, studio, { at: new Date(Date.now() + 6 * HOUR) });
    const seat = await inject("POST", `/api/customer/admin/${me.customerId}/reservations`, {
      single_class_id: started.single_class_id,
    });
    await t.app.db
      .update(single_classes)
      .set({ class_date: new Date(Date.now() - 5 * 60_000) })
      .where(eq(single_classes.single_class_id, started.single_class_id));
    const late = await inject(
      "DELETE",
      `/api/customer/admin/${me.customerId}/reservations/${seat.json().class_reservation_id}?override_rules=true`,
    );
    expect(late.json().code).toBe("CLASS_STARTED");
  });

  it("a seat the desk frees goes to the first in the class's waitlist at once", async () => {
    const holder = await makeCustomer(t, { credits: 1 });
    const waiting = await makeCustomer(t, { credits: 1 });
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 72 * HOUR), capacity: 1 });
    const booked = await inject("POST", `/api/customer/admin/${holder.customerId}/reservations`, {
      single_class_id: c.single_class_id,
    });
    const joined = await joinWaitlist(t, waiting.headers, c.single_class_id);
    expect(joined.statusCode, joined.body).toBe(200);

    const cancel = await inject(
      "DELETE",
      `/api/customer/admin/${holder.customerId}/reservations/${booked.json().class_reservation_id}`,
    );
    expect(cancel.statusCode).toBe(200);
    const seats = await t.app.db
      .select()
      .from(class_reservations)
      .where(
        and(eq(class_reservations.single_class_id, c.single_class_id), isNull(class_reservations.deletedAt)),
      );
    expect(seats.map((s) => s.customer_id)).toEqual([waiting.customerId]);
  });

  it("cannot cancel another customer's reservation through this customer's path", async () => {
    const a = await makeCustomer(t, { credits: 1 });
    const b = await makeCustomer(t, { credits: 1 });
    const c = await makeClass(t.app, studio, { at: new Date(Date.now() + 72 * HOUR) });
    const booked = await inject("POST", `/api/customer/admin/${a.customerId}/reservations`, {
      single_class_id: c.single_class_id,
    });
    const res = await inject(
      "DELETE",
      `/api/customer/admin/${b.customerId}/reservations/${booked.json().class_reservation_id}`,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe("customer detail", () => {
  it("shows profile, credits, purchases, reservations, penalties and the audit entries", async () => {
    const me = await makeCustomer(t, { credits: 1 });
    await inject("POST", "/api/customer/giveAccess", {
      customer_id: me.customerId,
      class_package_id: shop.packages.five.class_package_id,
      bill: 750,
    });
    const res = await inject("GET", `/api/customer/admin/${me.customerId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer.customer_id).toBe(me.customerId);
    expect(body.credits.total).toBe(6);
    expect(body.purchases).toHaveLength(1);
    expect(body.audit).toHaveLength(1);
    expect(body.audit[0]).toMatchObject({
      action: "access.grant",
      actor_email: expect.stringContaining("@"),
    });
    expect(body).toHaveProperty("reservations");
    expect(body).toHaveProperty("waitlists");
    expect(body).toHaveProperty("penalties");
    expect(body).toHaveProperty("form_answers");

    const log = await inject("GET", `/api/admin/audit?customer_id=${me.customerId}`);
    expect(log.json().total).toBe(1);
  });
});

describe("admin only", () => {
  it("a customer gets 403 and a visitor 401 on the admin customer routes", async () => {
    const me = await makeCustomer(t, { credits: 1 });
    for (const [method, url, payload] of [
      ["GET", "/api/customer/admin/all"],
      ["GET", `/api/customer/admin/${me.customerId}`],
      ["GET", "/api/customer/query?query=a"],
      ["PUT", "/api/customer/removeClasses", { customer_id: me.customerId, amount: 1 }],
      ["GET", "/api/admin/dashboard"],
      ["GET", "/api/admin/audit"],
    ] as const) {
      const asCustomer = await t.app.inject({
        method,
        url,
        headers: me.headers,
        ...(payload ? { payload } : {}),
      });
      expect(asCustomer.statusCode, url).toBe(403);
      const asVisitor = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(asVisitor.statusCode, url).toBe(401);
    }
    const [bucket] = await t.app.db
      .select()
      .from(available_classes)
      .where(and(eq(available_classes.customer_id, me.customerId)));
    expect(bucket!.available_classes).toBe(1);
  });
});
