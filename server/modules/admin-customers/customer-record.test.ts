import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { customer_notes, customers } from "../../db/schema/customers";
import { email_outbox } from "../../db/schema/mail";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";
import { DAY, makeClass, makeStudio, type Studio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { type Shop, seedShop } from "../../test/commerce";
import { signUpCustomer, uniquePhone } from "../../test/customers";

const PASSWORD = "Pilates-Rosa-2026";

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

let seq = 0;
/** A customer signed up through the real flow (login + record), with a strong password. */
async function newCustomer(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const email = `mostrador${seq}.${Date.now()}@prueba.mx`;
  const made = await signUpCustomer(t, {
    email,
    password: PASSWORD,
    password_confirm: PASSWORD,
    name: "Rosa",
    last_name: `Mostrador${seq}`,
    ...overrides,
  });
  return { ...made, id: made.customer.customer_id, email };
}

const signIn = (email: string, password = PASSWORD) =>
  t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });

async function auditActions(customerId: number) {
  const rows = await t.app.db
    .select()
    .from(audit_log)
    .where(eq(audit_log.customer_id, customerId))
    .orderBy(audit_log.audit_log_id);
  return rows;
}

async function outboxTo(email: string) {
  // The outbox worker renders queued emails after the answer (decision 0084).
  await t.app.mailer.drain();
  return t.app.db
    .select()
    .from(email_outbox)
    .where(eq(email_outbox.to, email))
    .orderBy(desc(email_outbox.email_outbox_id));
}

describe("who may use the desk's customer routes", () => {
  const routes: [method: "GET" | "POST" | "PUT", url: string, body?: object][] = [
    ["PUT", "/api/customer/admin/1", { name: "A", last_name: "B", email: "a@b.mx" }],
    ["GET", "/api/customer/admin/tags"],
    ["PUT", "/api/customer/admin/1/tags", { tags: ["VIP"] }],
    ["POST", "/api/customer/admin/1/notes", { body: "nota" }],
    ["POST", "/api/customer/admin/1/password-reset"],
    ["POST", "/api/customer/admin/1/deactivate"],
    ["POST", "/api/customer/admin/1/reactivate"],
    ["POST", "/api/customer/admin/1/merge", { other_customer_id: 2 }],
    ["POST", "/api/customer/admin/1/sell", { class_package_id: 1, payment: "cash" }],
  ];

  it("answers 401 to visitors and 403 to customers", async () => {
    const customer = await newCustomer();
    for (const [method, url, payload] of routes) {
      const visitor = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const asCustomer = await t.app.inject({
        method,
        url: url.replace("/1", `/${customer.id}`),
        headers: customer.headers,
        ...(payload ? { payload } : {}),
      });
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
      expect(asCustomer.json().code).toBe("FORBIDDEN");
    }
  });
});

describe("PUT /api/customer/admin/:id", () => {
  it("edits the profile and address; a new sign-in email waits for the person to confirm it (decision 0053)", async () => {
    const c = await newCustomer();
    const newEmail = `nuevo.${c.email}`;
    const phone = uniquePhone();
    const res = await inject("PUT", `/api/customer/admin/${c.id}`, {
      name: "Rosa María",
      last_name: "Pérez",
      email: newEmail.toUpperCase(),
      phone: `(${phone.slice(0, 3)}) ${phone.slice(3)}`,
      birthdate: "1990-05-17",
      instagram: "@rosa.pilates",
      address: { street: "Álvaro Obregón", number: "12", city: "CDMX", state: "CDMX", country: "México" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.customerEmailChangePending.replace("{email}", newEmail),
      pending_email: newEmail,
      customer: { name: "Rosa María", last_name: "Pérez", email: c.email, phone, instagram: "rosa.pilates" },
      address: { city: "CDMX", street: "Álvaro Obregón" },
    });
    const detail = (await inject("GET", `/api/customer/admin/${c.id}`)).json();
    expect(detail.customer).toMatchObject({ birthdate: "1990-05-17", email: c.email });
    expect(detail.address).toMatchObject({ city: "CDMX", number: "12" });

    // Nothing moved: the customer still signs in with the old email; the new one has no login yet.
    expect((await signIn(c.email)).statusCode).toBe(200);
    expect((await signIn(newEmail)).statusCode).toBe(401);
    // The new address gets the confirmation link, the old one a notice.
    expect((await outboxTo(newEmail)).map((m) => m.template)).toEqual(["email-change"]);
    expect((await outboxTo(c.email)).map((m) => m.template)).toContain("email-change-requested");

    const [entry] = (await auditActions(c.id)).filter((a) => a.action === "customer.update");
    expect(entry!.actor_user_id).toBe(admin.userId);
    expect(entry!.details).toMatchObject({
      before: { name: "Rosa", birthdate: null, address: null },
      after: {
        name: "Rosa María",
        email_change_requested: newEmail,
        birthdate: "1990-05-17",
        address: { city: "CDMX" },
      },
    });

    // Removing the address: null.
    const removed = await inject("PUT", `/api/customer/admin/${c.id}`, {
      name: "Rosa María",
      last_name: "Pérez",
      email: c.email,
      phone,
      address: null,
    });
    expect(removed.json().address).toBeNull();
  });

  it("changes the contact email of a walk-in without a login at once (no login to take)", async () => {
    const [walkIn] = await t.app.db
      .insert(customers)
      .values({ name: "Sin", last_name: "Cuenta", email: `mostrador.sin${Date.now()}@prueba.mx` })
      .returning();
    const newEmail = `contacto.${Date.now()}@prueba.mx`;
    const res = await inject("PUT", `/api/customer/admin/${walkIn!.customer_id}`, {
      name: "Sin",
      last_name: "Cuenta",
      email: newEmail,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pending_email: null, customer: { email: newEmail } });
    expect(await outboxTo(newEmail)).toHaveLength(0);
  });

  it("refuses an email or phone another account uses (409) and bad input (400), changing nothing", async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const base = { name: "Rosa", last_name: "Prueba", email: a.email, phone: a.payload.phone };
    const email = await inject("PUT", `/api/customer/admin/${a.id}`, { ...base, email: b.email });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ code: "EMAIL_IN_USE", message: messages.emailInUse });
    const phone = await inject("PUT", `/api/customer/admin/${a.id}`, { ...base, phone: b.payload.phone });
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toMatchObject({ code: "PHONE_IN_USE", message: messages.phoneInUse });
    const bad = await inject("PUT", `/api/customer/admin/${a.id}`, { ...base, email: "no-es-correo" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe(messages.emailInvalid);
    const missing = await inject("PUT", "/api/customer/admin/999999", base);
    expect(missing.statusCode).toBe(404);
    const [row] = await t.app.db.select().from(customers).where(eq(customers.customer_id, a.id));
    expect(row).toMatchObject({ email: a.email, phone: a.payload.phone });
    expect((await auditActions(a.id)).filter((x) => x.action === "customer.update")).toHaveLength(0);
  });
});

describe("tags", () => {
  it("saves a customer's tags once each, filters the list by one and counts them", async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const tag = `lesión-${seq}`;
    const res = await inject("PUT", `/api/customer/admin/${a.id}/tags`, {
      tags: [` ${tag} `, "VIP", "vip", ""],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.tagsSaved, tags: [tag, "VIP"] });
    await inject("PUT", `/api/customer/admin/${b.id}/tags`, { tags: ["VIP"] });

    const list = await inject("GET", `/api/customer/admin/all?tag=${encodeURIComponent(tag)}`);
    expect(list.json().customers.map((c: { customer_id: number }) => c.customer_id)).toEqual([a.id]);
    expect(list.json().customers[0].tags).toEqual([tag, "VIP"]);
    const vip = await inject("GET", `/api/customer/admin/all?tag=VIP&query=${encodeURIComponent(b.email)}`);
    expect(vip.json().total).toBe(1);

    const all = (await inject("GET", "/api/customer/admin/tags")).json().tags as {
      tag: string;
      customers: number;
    }[];
    expect(all.find((x) => x.tag === tag)).toEqual({ tag, customers: 1 });
    expect(all.find((x) => x.tag === "VIP")!.customers).toBeGreaterThanOrEqual(2);

    const [entry] = (await auditActions(a.id)).filter((x) => x.action === "customer.tags");
    expect(entry!.details).toMatchObject({ before: { tags: [] }, after: { tags: [tag, "VIP"] } });
  });
});

describe("internal notes", () => {
  it("are dated and signed, shown to the admin and never to the customer", async () => {
    const c = await newCustomer();
    const body = `Lesión de rodilla izquierda ${Date.now()}: evitar saltos.`;
    await inject("PUT", `/api/customer/admin/${c.id}/tags`, { tags: ["lesión-rodilla"] });
    const res = await inject("POST", `/api/customer/admin/${c.id}/notes`, { body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: messages.noteAdded, note: { body } });
    const detail = (await inject("GET", `/api/customer/admin/${c.id}`)).json();
    expect(detail.notes).toEqual([
      expect.objectContaining({
        body,
        author_email: expect.stringContaining("@"),
        createdAt: expect.any(String),
      }),
    ]);
    const [entry] = (await auditActions(c.id)).filter((x) => x.action === "customer.note_add");
    expect(entry!.details).toMatchObject({ after: { body } });

    // Nothing the customer can read carries the note.
    for (const url of ["/api/customer", "/api/session", "/api/purchases", "/api/class_reservation"]) {
      const own = await t.app.inject({ method: "GET", url, headers: c.headers });
      expect(own.body, url).not.toContain("Lesión de rodilla");
      expect(own.body, url).not.toContain("customer_note");
      // Tags are the staff's labels too.
      expect(own.body, url).not.toContain("lesión-rodilla");
    }

    const empty = await inject("POST", `/api/customer/admin/${c.id}/notes`, { body: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.body).toBe(messages.noteRequired);
  });
});

describe("password reset from the desk", () => {
  it("sends better-auth's reset email through the outbox and audits it", async () => {
    const c = await newCustomer();
    const res = await inject("POST", `/api/customer/admin/${c.id}/password-reset`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.passwordResetSent);
    const [mail] = await outboxTo(c.email);
    expect(mail).toMatchObject({ template: "password-reset" });
    expect(mail!.text).toContain("Para crear una nueva contraseña");
    expect((await auditActions(c.id)).map((x) => x.action)).toContain("customer.password_reset");
  });

  it("answers 409 for a customer without a login", async () => {
    const [walkIn] = await t.app.db
      .insert(customers)
      .values({ name: "Sin", last_name: "Cuenta", email: `sincuenta${Date.now()}@prueba.mx` })
      .returning();
    const res = await inject("POST", `/api/customer/admin/${walkIn!.customer_id}/password-reset`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "NO_LOGIN", message: messages.customerWithoutLogin });
  });
});

describe("deactivate and reactivate", () => {
  it("a deactivated customer cannot sign in, use a session, be booked or sold to; history stays", async () => {
    const c = await newCustomer();
    const sold = await inject("POST", `/api/customer/admin/${c.id}/sell`, {
      class_package_id: shop.packages.five.class_package_id,
      payment: "cash",
    });
    expect(sold.statusCode).toBe(200);
    // Used just before: the instance's short cache of verified sessions now holds it.
    expect((await t.app.inject({ method: "GET", url: "/api/customer", headers: c.headers })).statusCode).toBe(
      200,
    );

    const res = await inject("POST", `/api/customer/admin/${c.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.customerDeactivatedDone);
    expect(res.json().customer.deactivatedAt).toEqual(expect.any(String));

    const session = await t.app.inject({ method: "GET", url: "/api/customer", headers: c.headers });
    expect(session.statusCode).toBe(401);
    const signin = await signIn(c.email);
    expect(signin.statusCode).toBe(403);
    expect(signin.json()).toMatchObject({
      code: "ACCOUNT_DEACTIVATED",
      message: messages.accountDeactivated,
    });
    // A wrong password still reads as a wrong password: deactivation is not revealed to a guesser.
    expect((await signIn(c.email, "Otra-Clave-Mala-1")).statusCode).toBe(401);

    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY) });
    const book = await inject("POST", `/api/customer/admin/${c.id}/reservations`, {
      single_class_id: klass.single_class_id,
      override_rules: true,
    });
    expect(book.statusCode).toBe(409);
    expect(book.json()).toMatchObject({
      code: "CUSTOMER_DEACTIVATED",
      message: messages.customerDeactivated,
    });
    const sell = await inject("POST", `/api/customer/admin/${c.id}/sell`, {
      class_package_id: shop.packages.five.class_package_id,
      payment: "card",
    });
    expect(sell.statusCode).toBe(409);
    const grant = await inject("POST", "/api/customer/giveAccess", {
      customer_id: c.id,
      class_package_id: shop.packages.five.class_package_id,
    });
    expect(grant.statusCode).toBe(409);

    const detail = (await inject("GET", `/api/customer/admin/${c.id}`)).json();
    expect(detail.purchases).toHaveLength(1);
    expect(detail.credits.total).toBe(5);
    expect((await inject("POST", `/api/customer/admin/${c.id}/deactivate`)).statusCode).toBe(409);

    const back = await inject("POST", `/api/customer/admin/${c.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      message: messages.customerReactivated,
      customer: { deactivatedAt: null },
    });
    expect((await signIn(c.email)).statusCode).toBe(200);
    const actions = (await auditActions(c.id)).map((x) => x.action);
    expect(actions).toEqual(expect.arrayContaining(["customer.deactivate", "customer.reactivate"]));
    const [entry] = (await auditActions(c.id)).filter((x) => x.action === "customer.deactivate");
    expect(entry!.details).toMatchObject({
      before: { deactivatedAt: null },
      after: { deactivatedAt: expect.any(String) },
    });
  });
});

describe("merge two accounts", () => {
  it("moves everything of the other account to the kept one in one go and deactivates the other", async () => {
    const kept = await newCustomer();
    const other = await newCustomer({ name: "Rosita" });
    const db = t.app.db;
    // The other account's life: a purchase with credits, a reservation attended, a waitlist entry,
    // a penalty, a note and an address.
    const sale = await inject("POST", `/api/customer/admin/${other.id}/sell`, {
      class_package_id: shop.packages.five.class_package_id,
      payment: "transfer",
      reference: "SPEI 778899",
    });
    expect(sale.statusCode).toBe(200);
    const past = await makeClass(t.app, studio, { at: new Date(Date.now() - 2 * DAY) });
    const [attended] = await db
      .insert(class_reservations)
      .values({
        single_class_id: past.single_class_id,
        customer_id: other.id,
        attend: true,
        paid_with: "admin",
      })
      .returning();
    const future = await makeClass(t.app, studio, { at: new Date(Date.now() + 4 * DAY) });
    await db.insert(waitlists).values({ single_class_id: future.single_class_id, customer_id: other.id });
    await db
      .insert(class_reservation_penalties)
      .values({ customer_id: other.id, no_shows: 3, end_date: new Date(Date.now() + DAY) });
    await inject("POST", `/api/customer/admin/${other.id}/notes`, { body: "Prefiere la fila de atrás" });
    await inject("PUT", `/api/customer/admin/${other.id}/tags`, { tags: ["VIP"] });
    await inject("PUT", `/api/customer/admin/${other.id}`, {
      name: "Rosita",
      last_name: other.payload.last_name,
      email: other.email,
      phone: other.payload.phone,
      instagram: "rosita",
      address: { city: "Puebla", state: "Puebla", country: "México" },
    });

    const res = await inject("POST", `/api/customer/admin/${kept.id}/merge`, { other_customer_id: other.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.customersMerged,
      customer: { customer_id: kept.id, instagram: "rosita", tags: ["VIP"] },
      moved: { purchases: 1, available_classes: 1, class_reservations: 1, class_reservation_penalties: 1 },
    });

    const detail = (await inject("GET", `/api/customer/admin/${kept.id}`)).json();
    expect(detail.purchases).toHaveLength(1);
    expect(detail.credits.total).toBe(5);
    expect(
      detail.reservations.map((r: { class_reservation_id: number }) => r.class_reservation_id),
    ).toContain(attended!.class_reservation_id);
    expect(detail.waitlists).toHaveLength(1);
    expect(detail.penalties).toHaveLength(1);
    expect(detail.notes.map((n: { body: string }) => n.body)).toContain("Prefiere la fila de atrás");
    expect(detail.address).toMatchObject({ city: "Puebla" });
    const [attendedNow] = await db
      .select()
      .from(class_reservations)
      .where(eq(class_reservations.class_reservation_id, attended!.class_reservation_id));
    expect(attendedNow).toMatchObject({ customer_id: kept.id, attend: true });

    const [otherRow] = await db.select().from(customers).where(eq(customers.customer_id, other.id));
    expect(otherRow).toMatchObject({ merged_into_id: kept.id });
    expect(otherRow!.deactivatedAt).not.toBeNull();
    expect((await signIn(other.email)).statusCode).toBe(403);
    expect((await signIn(kept.email)).statusCode).toBe(200);
    const left = await db.select().from(purchases).where(eq(purchases.customer_id, other.id));
    expect(left).toHaveLength(0);

    const [entry] = (await auditActions(kept.id)).filter((x) => x.action === "customer.merge");
    expect(entry!.details).toMatchObject({ merged_customer_id: other.id, merged_email: other.email });

    // A merged account cannot come back nor be merged again.
    expect((await inject("POST", `/api/customer/admin/${other.id}/reactivate`)).json().code).toBe(
      "CUSTOMER_MERGED",
    );
    const again = await inject("POST", `/api/customer/admin/${kept.id}/merge`, {
      other_customer_id: other.id,
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses while both hold a seat in the same class, and a customer with itself; nothing moves", async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 5 * DAY) });
    await t.app.db.insert(class_reservations).values([
      { single_class_id: klass.single_class_id, customer_id: a.id, paid_with: "admin" },
      { single_class_id: klass.single_class_id, customer_id: b.id, paid_with: "admin" },
    ]);
    await t.app.db.insert(available_classes).values({ customer_id: b.id, available_classes: 2 });
    const res = await inject("POST", `/api/customer/admin/${a.id}/merge`, { other_customer_id: b.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "MERGE_SHARED_CLASS", message: messages.mergeSharedClass });
    const still = await t.app.db
      .select()
      .from(available_classes)
      .where(eq(available_classes.customer_id, b.id));
    expect(still).toHaveLength(1);
    const [bRow] = await t.app.db.select().from(customers).where(eq(customers.customer_id, b.id));
    expect(bRow!.merged_into_id).toBeNull();
    const self = await inject("POST", `/api/customer/admin/${a.id}/merge`, { other_customer_id: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe("MERGE_SAME");
    const missing = await inject("POST", `/api/customer/admin/${a.id}/merge`, { other_customer_id: 999999 });
    expect(missing.statusCode).toBe(404);
  });
});

describe("selling at the counter", () => {
  it("sells for cash, card terminal or transfer at the package's price, grants at once and emails a receipt", async () => {
    const c = await newCustomer();
    const pkg = shop.packages.five;
    const cash = await inject("POST", `/api/customer/admin/${c.id}/sell`, {
      class_package_id: pkg.class_package_id,
      payment: "cash",
    });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json().message).toBe(messages.deskSaleDone);
    const card = await inject("POST", `/api/customer/admin/${c.id}/sell`, {
      class_package_id: pkg.class_package_id,
      payment: "card",
      reference: "482913",
      amount: 500,
    });
    expect(card.statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(purchases)
      .where(eq(purchases.customer_id, c.id))
      .orderBy(purchases.purchase_id);
    expect(rows.map((p) => [p.provider, p.provider_ref, p.status, p.is_gift])).toEqual([
      ["admin", "desk:cash", "completed", false],
      ["admin", "desk:card:482913", "completed", false],
    ]);
    expect(Number(rows[0]!.total_payment)).toBe(Number(pkg.sale_price ?? pkg.price));
    expect(Number(rows[1]!.total_payment)).toBe(500);
    const detail = (await inject("GET", `/api/customer/admin/${c.id}`)).json();
    expect(detail.credits.total).toBe(10);

    const mails = (await outboxTo(c.email)).filter((m) => m.template === "purchase-receipt");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain("Forma de pago: Mostrador · Tarjeta (terminal) · ref 482913");
    expect(mails[0]!.text).toContain("Total pagado: $500.00");
    const sells = (await auditActions(c.id)).filter((x) => x.action === "access.sell");
    expect(sells).toHaveLength(2);
    expect(sells[1]!.details).toMatchObject({
      bill: 500,
      payment: "Mostrador · Tarjeta (terminal) · ref 482913",
    });
  });

  it("gifts a package without charge, audited, and tells the customer by email", async () => {
    const c = await newCustomer();
    const res = await inject("POST", `/api/customer/admin/${c.id}/sell`, {
      class_package_id: shop.packages.five.class_package_id,
      payment: "gift",
      reference: "ignorada",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.deskGiftDone);
    const [p] = await t.app.db.select().from(purchases).where(eq(purchases.customer_id, c.id));
    expect(p).toMatchObject({ is_gift: true, provider_ref: null, status: "completed" });
    expect(Number(p!.total_payment)).toBe(0);
    const [mail] = await outboxTo(c.email);
    expect(mail).toMatchObject({ template: "purchase-gift" });
    expect(mail!.text).toContain("te regaló el paquete");
    expect((await auditActions(c.id)).map((x) => x.action)).toContain("access.gift");
  });

  it("refuses an unknown package (404) or payment (400)", async () => {
    const c = await newCustomer();
    const unknown = await inject("POST", `/api/customer/admin/${c.id}/sell`, {
      class_package_id: 999999,
      payment: "cash",
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await inject("POST", `/api/customer/admin/${c.id}/sell`, {
      class_package_id: shop.packages.five.class_package_id,
      payment: "bitcoin",
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.app.db.select().from(purchases).where(eq(purchases.customer_id, c.id));
    expect(none).toHaveLength(0);
  });

  it("confirming a customer's pending cash payment sends the receipt", async () => {
    const c = await newCustomer();
    const [pending] = await t.app.db
      .insert(purchases)
      .values({
        customer_id: c.id,
        class_package_id: shop.packages.five.class_package_id,
        title: shop.packages.five.title,
        amount: "750.00",
        total_payment: "750.00",
        class_amount: 5,
        provider: "cash",
        status: "pending",
      })
      .returning();
    // Its pending charge, as a cash checkout opens it (the receipt is of that charge: decision 0051).
    await t.app.db
      .insert(invoices)
      .values({ purchase_id: pending!.purchase_id, customer_id: c.id, total_payment: "750.00" });
    const res = await inject("PUT", "/api/customer/confirmCash", { purchase_id: pending!.purchase_id });
    expect(res.statusCode, res.body).toBe(200);
    const receipts = (await outboxTo(c.email)).filter((m) => m.template === "purchase-receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Forma de pago: Efectivo");
    // Confirming again grants nothing and sends nothing more.
    await inject("PUT", "/api/customer/confirmCash", { purchase_id: pending!.purchase_id });
    expect((await outboxTo(c.email)).filter((m) => m.template === "purchase-receipt")).toHaveLength(1);
  });
});

describe("notes table", () => {
  it("keeps the author of each note", async () => {
    const c = await newCustomer();
    await inject("POST", `/api/customer/admin/${c.id}/notes`, { body: "Pagó con billete grande" });
    const [row] = await t.app.db
      .select()
      .from(customer_notes)
      .where(and(eq(customer_notes.customer_id, c.id)));
    expect(row!.author_user_id).toBe(admin.userId);
  });
});
