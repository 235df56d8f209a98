import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, localDay } from "../../../domain/booking";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import { sandboxGateway } from "../../payments/gateways";
import {
  book,
  DAY,
  joinWaitlist,
  makeClass,
  makeCustomer,
  makeStudio,
  type Studio,
} from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { newKey, type Shop, seedShop } from "../../test/commerce";
import { signUpCustomer } from "../../test/customers";
import { renewDueSubscriptions } from "../purchases/renewals";

// Runs on PostgreSQL too: the back office's largest SQL (lists, filters, sorts) (docs/decisions/0061).

let t: TestApp;
let admin: { headers: Record<string, string> };
let shop: Shop;
let studio: Studio;
const TZ = "America/Mexico_City";

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: "admin" });
  shop = await seedShop(t);
  studio = await makeStudio(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers = admin.headers) => t.app.inject({ method: "GET", url, headers });
const rowsOf = async <R = Record<string, unknown>>(url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: R[]; total: number; page: number; pageSize: number } & Record<string, unknown>;
};

/** A customer with credits, a login and a name of our choosing (the searches look for it). */
async function namedCustomer(name: string, last_name: string, credits = 5) {
  const c = await makeCustomer(t, { credits });
  await t.app.db.update(customers).set({ name, last_name }).where(eq(customers.customer_id, c.customerId));
  return c;
}

describe("access", () => {
  const urls = [
    "/api/admin/lists/classes",
    "/api/admin/lists/reservations",
    "/api/admin/lists/purchases",
    "/api/admin/lists/invoices",
    "/api/admin/lists/waitlists",
  ];

  it("answers 403 to a customer and 401 without a session, on every list", async () => {
    const customer = await signUpCustomer(t);
    for (const url of urls) {
      expect((await get(url, customer.headers)).statusCode, url).toBe(403);
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
    const remove = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/lists/waitlists/1",
      headers: customer.headers,
    });
    expect(remove.statusCode).toBe(403);
  });

  it("refuses a page size over 100, a sort key off the list and a range that ends before it starts", async () => {
    for (const url of urls) {
      expect((await get(`${url}?pageSize=101`)).statusCode, url).toBe(400);
      expect((await get(`${url}?sort=password`)).statusCode, url).toBe(400);
      const backwards = await get(`${url}?from=2030-01-10&to=2030-01-09`);
      expect(backwards.statusCode, url).toBe(400);
      expect(backwards.json().fields).toMatchObject({
        to: "La fecha final debe ser posterior a la inicial.",
      });
    }
    expect((await get("/api/admin/lists/purchases?status=lost")).statusCode).toBe(400);
    expect((await get("/api/admin/lists/classes?from=2030-02-30")).statusCode).toBe(400);
  });
});

describe("classes and reservations", () => {
  it("lists today and the next 7 days by default, with type, coach, location, booked and checked in", async () => {
    const now = Date.now();
    const soon = await makeClass(t.app, studio, { at: new Date(now + DAY), capacity: 4 });
    const later = await makeClass(t.app, studio, {
      at: new Date(now + 3 * DAY),
      type: "yoga",
      location: "polanco",
    });
    await makeClass(t.app, studio, { at: new Date(now + 10 * DAY) });
    await makeClass(t.app, studio, { at: new Date(now - 2 * DAY) });
    const ana = await namedCustomer("Ana", "Listas");
    const bea = await namedCustomer("Bea", "Listas");
    const booked = await book(t, ana.headers, { single_class_id: soon.single_class_id });
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await book(t, bea.headers, { single_class_id: soon.single_class_id })).statusCode).toBe(200);
    await t.app.db
      .update(class_reservations)
      .set({ attend: true })
      .where(eq(class_reservations.customer_id, ana.customerId));

    const page = await rowsOf<{ single_class_id: number } & Record<string, unknown>>(
      "/api/admin/lists/classes",
    );
    const today = localDay(new Date(), TZ);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25, from: today, to: addLocalDays(today, 7) });
    expect(page.rows.map((r) => r.single_class_id)).toEqual([soon.single_class_id, later.single_class_id]);
    expect(page.rows[0]).toMatchObject({
      class_type: "Cycling",
      location: "Roma",
      coaches: "Vale Ruiz",
      capacity: 4,
      booked: 2,
      checked_in: 1,
      waiting: 0,
    });
    expect(page.rows[1]).toMatchObject({ class_type: "Yoga", location: "Polanco", booked: 0 });

    const byBooked = await rowsOf<{ single_class_id: number }>(
      "/api/admin/lists/classes?sort=booked&order=asc",
    );
    expect(byBooked.rows.map((r) => r.single_class_id)).toEqual([
      later.single_class_id,
      soon.single_class_id,
    ]);
    const second = await rowsOf<{ single_class_id: number }>("/api/admin/lists/classes?pageSize=1&page=2");
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.rows.map((r) => r.single_class_id)).toEqual([later.single_class_id]);
    const polanco = await rowsOf<{ single_class_id: number }>("/api/admin/lists/classes?query=polan");
    expect(polanco.rows.map((r) => r.single_class_id)).toEqual([later.single_class_id]);
    const byCoach = await rowsOf("/api/admin/lists/classes?query=vale");
    expect(byCoach.total).toBe(2);
    const wide = await rowsOf(
      `/api/admin/lists/classes?from=${addLocalDays(today, -3)}&to=${addLocalDays(today, 11)}&sort=date&order=desc`,
    );
    expect(wide.total).toBe(4);
  });

  it("finds reservations by customer name or email, active or cancelled", async () => {
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * DAY) });
    const zac = await namedCustomer("Zacarías", "Reservas");
    const res = await book(t, zac.headers, { single_class_id: klass.single_class_id });
    expect(res.statusCode, res.body).toBe(200);
    const [email] = await t.app.db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.customer_id, zac.customerId));

    const byName = await rowsOf<Record<string, unknown>>(
      "/api/admin/lists/reservations?query=zacarías reser",
    );
    expect(byName.total).toBe(1);
    expect(byName.rows[0]).toMatchObject({
      single_class_id: klass.single_class_id,
      customer_id: zac.customerId,
      customer_name: "Zacarías Reservas",
      class_type: "Cycling",
      cancelledAt: null,
    });
    const byEmail = await rowsOf(
      `/api/admin/lists/reservations?query=${encodeURIComponent(email!.email.toUpperCase())}`,
    );
    expect(byEmail.total).toBe(1);

    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/class_reservations/${(byName.rows[0] as { class_reservation_id: number }).class_reservation_id}`,
      headers: zac.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await rowsOf("/api/admin/lists/reservations?query=zacar&state=active")).total).toBe(0);
    expect((await rowsOf("/api/admin/lists/reservations?query=zacar&state=cancelled")).total).toBe(1);
    const day = localDay(klass.class_date, TZ);
    expect((await rowsOf(`/api/admin/lists/reservations?query=zacar&from=${day}&to=${day}`)).total).toBe(1);
    const dayAfter = addLocalDays(day, 1);
    expect((await rowsOf(`/api/admin/lists/reservations?query=zacar&from=${dayAfter}`)).total).toBe(0);
  });
});

describe("purchases and charges", () => {
  type PurchaseOut = {
    purchase_id: number;
    status: string;
    total_payment: number;
    can_confirm: boolean;
    customer_name: string;
    payment_method: string | null;
  };

  /** Four purchases of one customer: two on a chosen day, two a month earlier. */
  async function purchasesOf(name: string) {
    const c = await namedCustomer(name, "Compras", 0);
    const at = (days: number) => new Date(Date.UTC(2031, 2, 15, 18) - days * DAY);
    const base = { customer_id: c.customerId, amount: "0", discount_total: "0" } as const;
    const rows = await t.app.db
      .insert(purchases)
      .values([
        {
          ...base,
          class_package_id: shop.packages.ten.class_package_id,
          title: "10 Clases",
          total_payment: "1350.00",
          status: "pending",
          provider: "cash",
          payment_method_id: shop.methods.cash.payment_method_id,
          createdAt: at(0),
        },
        {
          ...base,
          class_package_id: shop.packages.five.class_package_id,
          title: "5 Clases",
          total_payment: "750.50",
          status: "active",
          provider: "sandbox",
          payment_method_id: shop.methods.card.payment_method_id,
          createdAt: at(0),
        },
        {
          ...base,
          class_package_id: shop.packages.five.class_package_id,
          title: "5 Clases",
          total_payment: "675.25",
          status: "completed",
          provider: "cash",
          payment_method_id: shop.methods.cash.payment_method_id,
          createdAt: at(30),
        },
        {
          ...base,
          class_package_id: shop.packages.ten.class_package_id,
          title: "10 Clases",
          total_payment: "1350.00",
          status: "failed",
          provider: "sandbox",
          createdAt: at(31),
        },
      ])
      .returning();
    await t.app.db.insert(invoices).values(
      rows.map((p) => ({
        purchase_id: p.purchase_id,
        customer_id: c.customerId,
        total_payment: p.total_payment,
        status:
          p.status === "pending"
            ? ("pending" as const)
            : p.status === "failed"
              ? ("failed" as const)
              : ("paid" as const),
        createdAt: p.createdAt,
      })),
    );
    return { customer: c, rows };
  }

  it("filters by customer, status, package, provider, method and dates, with totals of the whole set", async () => {
    const { rows } = await purchasesOf("Olivia");
    const q = "/api/admin/lists/purchases?query=olivia%20compras";
    const all = await rowsOf<PurchaseOut>(`${q}&pageSize=2`);
    expect(all.total).toBe(4);
    expect(all.rows).toHaveLength(2);
    expect(all.totals).toEqual({
      count: 4,
      total_payment: 4125.75,
      by_status: [
        { status: "active", count: 1, total_payment: 750.5 },
        { status: "completed", count: 1, total_payment: 675.25 },
        { status: "failed", count: 1, total_payment: 1350 },
        { status: "pending", count: 1, total_payment: 1350 },
      ],
    });
    // Newest first by default; ties keep a stable order across pages.
    const page2 = await rowsOf<PurchaseOut>(`${q}&pageSize=2&page=2`);
    const ids = [...all.rows, ...page2.rows].map((r) => r.purchase_id);
    expect(new Set(ids).size).toBe(4);
    expect(page2.rows.map((r) => r.status)).toEqual(["completed", "failed"]);

    const pending = await rowsOf<PurchaseOut>(`${q}&status=pending`);
    expect(pending.rows).toMatchObject([
      {
        purchase_id: rows[0]!.purchase_id,
        can_confirm: true,
        payment_method: "Efectivo",
        total_payment: 1350,
      },
    ]);
    const cash = await rowsOf<PurchaseOut>(`${q}&provider=cash`);
    expect(cash.totals).toMatchObject({ count: 2, total_payment: 2025.25 });
    const five = await rowsOf(`${q}&class_package_id=${shop.packages.five.class_package_id}`);
    expect(five.totals).toMatchObject({ count: 2, total_payment: 1425.75 });
    const card = await rowsOf(`${q}&payment_method_id=${shop.methods.card.payment_method_id}`);
    expect(card.total).toBe(1);
    const march15 = await rowsOf(`${q}&from=2031-03-15&to=2031-03-15`);
    expect(march15.totals).toMatchObject({ count: 2, total_payment: 2100.5 });
    const byTotal = await rowsOf<PurchaseOut>(`${q}&sort=total&order=asc`);
    expect(byTotal.rows.map((r) => r.total_payment)).toEqual([675.25, 750.5, 1350, 1350]);
  });

  it("counter sales say their real method and reference (cash, terminal, transfer), not 'Administración'", async () => {
    const buyer = await signUpCustomer(t, { name: "Teresa", last_name: "Mostrador" });
    const sell = (payment: string, reference: string | null) =>
      t.app.inject({
        method: "POST",
        url: `/api/customer/admin/${buyer.customer.customer_id}/sell`,
        headers: admin.headers,
        payload: { class_package_id: shop.packages.five.class_package_id, payment, reference },
      });
    for (const [payment, reference] of [
      ["cash", null],
      ["card", "482913"],
      ["transfer", "SPEI-77"],
    ] as const)
      expect((await sell(payment, reference)).statusCode).toBe(200);
    const list = await rowsOf<{ payment: string | null; provider: string }>(
      "/api/admin/lists/purchases?query=teresa%20mostrador&sort=created_at&order=asc",
    );
    expect(list.rows.map((r) => r.payment)).toEqual([
      "Mostrador · Efectivo",
      "Mostrador · Tarjeta (terminal) · ref 482913",
      "Mostrador · Transferencia · ref SPEI-77",
    ]);
    const charges = await rowsOf<{ payment: string | null }>(
      "/api/admin/lists/invoices?query=teresa%20mostrador",
    );
    expect(charges.rows.map((r) => r.payment).sort()).toEqual([
      "Mostrador · Efectivo",
      "Mostrador · Tarjeta (terminal) · ref 482913",
      "Mostrador · Transferencia · ref SPEI-77",
    ]);
  });

  it("confirms a pending cash purchase from the list: credits once, the row is no longer pending", async () => {
    const { customer, rows } = await purchasesOf("Paula");
    const q = "/api/admin/lists/purchases?query=paula%20compras&status=pending&provider=cash";
    const [row] = (await rowsOf<PurchaseOut>(q)).rows;
    expect(row).toMatchObject({ purchase_id: rows[0]!.purchase_id, can_confirm: true });
    const confirm = await t.app.inject({
      method: "PUT",
      url: "/api/customer/confirmCash",
      headers: admin.headers,
      payload: { purchase_id: row!.purchase_id },
    });
    expect(confirm.json()).toMatchObject({ message: messages.paymentSuccess, granted: true });
    expect((await rowsOf(q)).total).toBe(0);
    const [after] = (
      await rowsOf<PurchaseOut>(
        "/api/admin/lists/purchases?query=paula%20compras&class_package_id=" +
          shop.packages.ten.class_package_id +
          "&provider=cash",
      )
    ).rows;
    expect(after).toMatchObject({ purchase_id: row!.purchase_id, status: "completed", can_confirm: false });
    const credits = await t.app.db
      .select()
      .from(available_classes)
      .where(eq(available_classes.purchase_id, row!.purchase_id));
    expect(credits.map((b) => [b.customer_id, b.available_classes])).toEqual([[customer.customerId, 10]]);
    const audit = await t.app.db
      .select()
      .from(audit_log)
      .where(
        and(eq(audit_log.customer_id, customer.customerId), eq(audit_log.action, "purchase.confirm_cash")),
      );
    expect(audit).toHaveLength(1);
  });

  it("lists charges with their totals and confirms a pending cash renewal from the list", async () => {
    await purchasesOf("Renata");
    const charges = await rowsOf<{ status: string; confirm: string | null }>(
      "/api/admin/lists/invoices?query=renata",
    );
    expect(charges.totals).toMatchObject({ count: 4, total_payment: 4125.75 });
    // The first charge of a pending cash purchase is confirmed by confirming the purchase.
    expect(charges.rows.filter((r) => r.confirm !== null)).toMatchObject([
      { status: "pending", confirm: "purchase" },
    ]);
    const paid = await rowsOf("/api/admin/lists/invoices?query=renata&status=paid");
    expect(paid.totals).toMatchObject({ count: 2, total_payment: 1425.75 });

    // A cash subscription, confirmed, then due: its renewal waits for the desk.
    const sofia = await namedCustomer("Sofía", "Renovación", 0);
    const checkout = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      headers: sofia.headers,
      payload: { class_package_id: shop.packages.unlimited.class_package_id, idempotency_key: newKey() },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const purchaseId = checkout.json().purchase_id as number;
    const firstQ = "/api/admin/lists/invoices?query=sof%C3%ADa%20renov&status=pending";
    expect((await rowsOf<{ confirm: string }>(firstQ)).rows).toMatchObject([{ confirm: "purchase" }]);
    const first = await t.app.inject({
      method: "PUT",
      url: "/api/customer/confirmCash",
      headers: admin.headers,
      payload: { purchase_id: purchaseId },
    });
    expect(first.statusCode, first.body).toBe(200);
    const [sub] = await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, purchaseId));
    await renewDueSubscriptions(
      { db: t.app.db, appConfig: t.app.appConfig, mailer: t.app.mailer, gateway: sandboxGateway(t.app) },
      new Date(sub!.next_billing_date!.getTime() + 60_000),
    );
    const renewal = await rowsOf<{ invoice_id: number; confirm: string; period_start: string | null }>(
      firstQ,
    );
    expect(renewal.rows).toHaveLength(1);
    expect(renewal.rows[0]).toMatchObject({ confirm: "invoice" });
    expect(renewal.rows[0]!.period_start).not.toBeNull();
    const confirm = await t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/invoices/${renewal.rows[0]!.invoice_id}/confirm`,
      headers: admin.headers,
    });
    expect(confirm.json()).toMatchObject({ message: messages.paymentSuccess, granted: true });
    expect((await rowsOf(firstQ)).total).toBe(0);
    const done = await rowsOf<{ status: string; confirm: string | null }>(
      "/api/admin/lists/invoices?query=sof%C3%ADa",
    );
    expect(done.rows.map((r) => [r.status, r.confirm])).toEqual([
      ["paid", null],
      ["paid", null],
    ]);
  });
});

describe("waitlists", () => {
  type EntryOut = { waitlist_id: number; customer_name: string; status: string; position: number | null };

  it("lists entries in line with their place, filters by class day and status, and removes one", async () => {
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 20 * DAY), capacity: 1 });
    const holder = await namedCustomer("Hugo", "Espera");
    expect((await book(t, holder.headers, { single_class_id: klass.single_class_id })).statusCode).toBe(200);
    const line: Awaited<ReturnType<typeof namedCustomer>>[] = [];
    for (const name of ["Irene", "Julia", "Karla"]) {
      const c = await namedCustomer(name, "Espera");
      const joined = await joinWaitlist(t, c.headers, klass.single_class_id);
      expect(joined.statusCode, joined.body).toBe(200);
      line.push(c);
    }
    const day = localDay(klass.class_date, TZ);
    const inDay = `/api/admin/lists/waitlists?from=${day}&to=${day}`;
    const q = `${inDay}&sort=created_at&order=asc`;
    const active = await rowsOf<EntryOut>(`${q}&status=active`);
    expect(active.rows.map((r) => [r.customer_name, r.position])).toEqual([
      ["Irene Espera", 1],
      ["Julia Espera", 2],
      ["Karla Espera", 3],
    ]);
    expect(active.rows[0]).toMatchObject({ single_class_id: klass.single_class_id, class_type: "Cycling" });
    expect((await rowsOf(`/api/admin/lists/waitlists?from=${addLocalDays(day, 1)}`)).rows).not.toContainEqual(
      expect.objectContaining({ single_class_id: klass.single_class_id }),
    );
    const classes = await rowsOf<{ waiting: number }>(
      `/api/admin/lists/classes?from=${day}&to=${day}&query=cycling`,
    );
    expect(classes.rows.map((r) => r.waiting)).toContain(3);

    const julia = active.rows[1]!;
    const remove = () =>
      t.app.inject({
        method: "DELETE",
        url: `/api/admin/lists/waitlists/${julia.waitlist_id}`,
        headers: admin.headers,
      });
    const removed = await remove();
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: messages.waitlistEntryRemoved });
    expect((await remove()).json()).toMatchObject({ code: "WAITLIST_NOT_FOUND" });

    const after = await rowsOf<EntryOut>(`${q}&status=active`);
    expect(after.rows.map((r) => [r.customer_name, r.position])).toEqual([
      ["Irene Espera", 1],
      ["Karla Espera", 2],
    ]);
    const past = await rowsOf<EntryOut & { removedAt: string | null }>(`${q}&status=past`);
    expect(past.rows).toMatchObject([{ waitlist_id: julia.waitlist_id, status: "left", position: null }]);
    expect(past.rows[0]!.removedAt).not.toBeNull();
    expect((await rowsOf(`${q}&status=left&query=julia`)).total).toBe(1);
    const everyone = await rowsOf<EntryOut>(`${inDay}&sort=customer&order=desc&pageSize=2`);
    expect(everyone).toMatchObject({ total: 3, pageSize: 2 });
    expect(everyone.rows.map((r) => r.customer_name)).toEqual(["Karla Espera", "Julia Espera"]);

    const [entry] = await t.app.db
      .select()
      .from(audit_log)
      .where(
        and(eq(audit_log.action, "waitlist.remove"), eq(audit_log.entity_id, String(julia.waitlist_id))),
      );
    expect(entry).toMatchObject({ customer_id: line[1]!.customerId });
  });
});
