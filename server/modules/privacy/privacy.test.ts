import { existsSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit_log } from "../../db/schema/audit";
import { cfdis } from "../../db/schema/cfdi";
import { files } from "../../db/schema/content";
import { available_classes } from "../../db/schema/credits";
import { addresses, customer_notes, customers } from "../../db/schema/customers";
import { email_outbox } from "../../db/schema/mail";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import { book, DAY, makeClass, makeStudio, type Studio, setConfig } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { buyWithCard, type Shop, seedShop } from "../../test/commerce";
import { multipart, PNG, withAuth } from "../../test/customers";

let t: TestApp;
let admin: { headers: Record<string, string> };
let shop: Shop;
let studio: Studio;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: "admin" });
  shop = await seedShop(t);
  studio = await makeStudio(t.app);
  await setConfig(t.app, { email: "recepcion@estudio-prueba.mx" });
});
afterAll(() => t.close());

let people = 0;
/** A customer with a login (strong password), a profile, an address, a purchase and a booking. */
async function person(name: string) {
  people += 1;
  const password = `Colibri-Marea-${people}93!`;
  const login = await t.signUp({ name, password });
  const db = t.app.db;
  let [row] = await db.select().from(customers).where(eq(customers.uid, login.userId));
  if (!row) {
    [row] = await db.insert(customers).values({ uid: login.userId, name, email: login.email }).returning();
  }
  const customerId = row!.customer_id;
  const phone = `55${String(10_000_000 + people * 7919).slice(0, 8)}`;
  await db
    .update(customers)
    .set({
      last_name: "Prueba",
      phone,
      birthdate: "1990-05-04",
      instagram: `@${name.toLowerCase()}`,
      tags: ["vip"],
    })
    .where(eq(customers.customer_id, customerId));
  await db
    .insert(addresses)
    .values({ customer_id: customerId, street: `Calle ${name}`, city: "CDMX", state: "CDMX", country: "MX" });
  await db
    .insert(customer_notes)
    .values({ customer_id: customerId, body: `Nota interna sobre ${name}: lesión de rodilla` });
  const bought = await buyWithCard(t, login.headers, shop.packages.five.class_package_id);
  expect(bought.confirm.statusCode).toBe(200);
  const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 3 * DAY), capacity: 10 });
  const booked = await book(t, login.headers, { single_class_id: klass.single_class_id });
  expect(booked.statusCode).toBe(200);
  return { ...login, password, customerId, phone };
}

const countOf = async (
  table: typeof purchases | typeof invoices | typeof class_reservations | typeof available_classes,
  customerId: number,
) => (await t.app.db.select().from(table).where(eq(table.customer_id, customerId))).length;

describe("data export (ARCO: acceso)", () => {
  it("gives the customer their own data as JSON and CSV, and nobody else's, without staff notes", async () => {
    const ana = await person("Ana");
    const beto = await person("Beto");

    const json = await t.app.inject({
      method: "GET",
      url: "/api/customer/data-export?format=json",
      headers: ana.headers,
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-disposition"]).toMatch(/attachment; filename="mis-datos-.*\.json"/);
    const data = json.json();
    expect(data.profile[0]).toMatchObject({
      customer_id: ana.customerId,
      email: ana.email,
      phone: ana.phone,
      instagram: "@ana",
    });
    expect(data.address[0]).toMatchObject({ street: "Calle Ana" });
    expect(data.reservations).toHaveLength(1);
    expect(data.purchases.length).toBeGreaterThanOrEqual(1);
    expect(data.invoices.length).toBeGreaterThanOrEqual(1);
    expect(data.credits.length).toBeGreaterThanOrEqual(1);
    for (const section of [
      "penalties",
      "waitlists",
      "form_answers",
      "accepted_pages",
      "ratings",
      "video_favorites",
      "video_completions",
    ]) {
      expect(Array.isArray(data[section])).toBe(true);
    }
    for (const rows of Object.values(data).filter(Array.isArray) as Record<string, unknown>[][]) {
      for (const row of rows) if ("customer_id" in row) expect(row.customer_id).toBe(ana.customerId);
    }
    expect(json.body).not.toContain(beto.email);
    expect(json.body).not.toContain("Nota interna");
    expect(json.body).not.toContain("lesión");
    expect(data.profile[0]).not.toHaveProperty("tags");

    const csv = await t.app.inject({
      method: "GET",
      url: "/api/customer/data-export?format=csv",
      headers: ana.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("seccion,registro,campo,valor");
    expect(lines).toContain(`"profile","1","email","${ana.email}"`);
    expect(lines.some((l) => l.startsWith('"reservations","1","single_class_id"'))).toBe(true);
    expect(csv.body).not.toContain(beto.email);
    expect(csv.body).not.toContain("Nota interna");
  });

  it("is only for signed-in people; a bad format is a Spanish 400", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/customer/data-export" })).statusCode).toBe(401);
    const ana = await person("Carla");
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/customer/data-export?format=xml",
      headers: ana.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("closing an account (ARCO: cancelación)", () => {
  it("the customer asks, the studio is told, the admin confirms: identity erased, history kept, login gone", async () => {
    const dora = await person("Dora");
    const before = {
      purchases: await countOf(purchases, dora.customerId),
      invoices: await countOf(invoices, dora.customerId),
      reservations: await countOf(class_reservations, dora.customerId),
      credits: await countOf(available_classes, dora.customerId),
    };

    const none = await t.app.inject({
      method: "GET",
      url: "/api/customer/closure-request",
      headers: dora.headers,
    });
    expect(none.json()).toMatchObject({ status: "none", requested_at: null });
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/customer/closure-request",
      headers: dora.headers,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      status: "requested",
      message: expect.stringContaining("Recibimos tu solicitud"),
    });
    const again = await t.app.inject({
      method: "POST",
      url: "/api/customer/closure-request",
      headers: dora.headers,
    });
    expect(again.json().requested_at).toBe(asked.json().requested_at);
    const mails = await t.app.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.template, "closure-request"));
    const mine = mails.filter((m) => m.text?.includes(dora.email));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.to).toBe("recepcion@estudio-prueba.mx");

    const closed = await t.app.inject({
      method: "POST",
      url: `/api/admin/customers/${dora.customerId}/close`,
      headers: admin.headers,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ customer_id: dora.customerId, status: "closed" });

    const [row] = await t.app.db.select().from(customers).where(eq(customers.customer_id, dora.customerId));
    expect(row).toMatchObject({
      name: "Cliente eliminado",
      last_name: null,
      phone: null,
      birthdate: null,
      instagram: null,
      file_id: null,
      tags: [],
    });
    expect(row!.email).not.toBe(dora.email);
    expect(row!.email).toMatch(/\.invalid$/);
    expect(row!.deactivatedAt).not.toBeNull();
    expect(
      await t.app.db.select().from(addresses).where(eq(addresses.customer_id, dora.customerId)),
    ).toHaveLength(0);
    expect(
      await t.app.db.select().from(customer_notes).where(eq(customer_notes.customer_id, dora.customerId)),
    ).toHaveLength(0);
    expect({
      purchases: await countOf(purchases, dora.customerId),
      invoices: await countOf(invoices, dora.customerId),
      reservations: await countOf(class_reservations, dora.customerId),
      credits: await countOf(available_classes, dora.customerId),
    }).toEqual(before);

    // The old login cannot sign in, and its session is over.
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: dora.email, password: dora.password },
    });
    expect(signIn.statusCode).not.toBe(200);
    const oldSession = await t.app.inject({
      method: "GET",
      url: "/api/customer/closure-request",
      headers: dora.headers,
    });
    expect(oldSession.statusCode).toBe(401);

    // Audited, without the erased personal data.
    const entries = await t.app.db.select().from(audit_log).where(eq(audit_log.customer_id, dora.customerId));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["customer.closure_request", "customer.close"]),
    );
    const trail = JSON.stringify(entries);
    for (const erased of [dora.email, dora.phone, "Calle Dora", "@dora", "1990-05-04"])
      expect(trail).not.toContain(erased);

    const twice = await t.app.inject({
      method: "POST",
      url: `/api/admin/customers/${dora.customerId}/close`,
      headers: admin.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Esta cuenta ya está cerrada.");
  });

  /**
   * Decision 0056 §2: after closure the person is nowhere in the database but where the law
   * keeps them. Every table of every schema is dumped as text and searched for the email, the
   * phone, the name, the address and an email they asked to change to.
   */
  it("after closure a dump of every table finds the person only where the decision allows", async () => {
    const zu = await person("Zuleika");
    const pending = `zuleika.nueva.${Date.now()}@prueba.mx`;
    const desk = (method: "PUT" | "POST", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
    // The desk's traces: an audited edit (before and after), a reset email, an email change asked.
    expect(
      (
        await desk("PUT", `/api/customer/admin/${zu.customerId}`, {
          name: "Zuleika",
          last_name: "Prueba Quiñones",
          email: zu.email,
          phone: zu.phone,
          instagram: "zuleika.baila",
        })
      ).statusCode,
    ).toBe(200);
    expect((await desk("POST", `/api/customer/admin/${zu.customerId}/password-reset`)).statusCode).toBe(200);
    expect(
      (
        await desk("PUT", `/api/customer/admin/${zu.customerId}`, {
          name: "Zuleika",
          last_name: "Prueba Quiñones",
          email: pending,
          phone: zu.phone,
        })
      ).statusCode,
    ).toBe(200);
    // An upload named after the person (a form document).
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/files",
      ...withAuth(
        multipart(PNG, "zuleika-identificacion.png", { kind: "image", private: "true" }),
        zu.headers,
      ),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const [stored] = await t.app.db.select().from(files).where(eq(files.file_id, upload.json().file_id));
    const storedAt = path.join(t.app.config.dataDir, "files", stored!.path!);
    expect(existsSync(storedAt)).toBe(true);
    // A factura stamped to the person: its receiver (RFC, razón social) is a fiscal document the
    // SAT requires kept as issued (five years), the one place decision 0056 §2 lets them stay.
    await t.app.db.insert(cfdis).values({
      kind: "ingreso",
      status: "valid",
      customer_id: zu.customerId,
      receiver: {
        rfc: "PUQZ800101AB1",
        razon_social: "Zuleika Prueba Quiñones",
        regimen_fiscal: "612",
        codigo_postal: "06700",
        uso_cfdi: "G03",
      },
      payment_form: "04",
      subtotal: "862.07",
      iva: "137.93",
      total: "1000.00",
      uuid: "5FB2822E-396D-4725-8521-CDC4BDD20CCF",
      issuedAt: new Date(),
    });
    await t.app.inject({ method: "POST", url: "/api/customer/closure-request", headers: zu.headers });
    const closed = await desk("POST", `/api/admin/customers/${zu.customerId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);

    const rows = async (query: string) =>
      ((await t.app.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
    const tables = await rows(
      "select table_schema as s, table_name as n from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')",
    );
    const wanted = [zu.email, zu.phone, "Zuleika", "zuleika", "Quiñones", "Calle Zuleika", pending];
    const found: string[] = [];
    for (const { s: schema, n: name } of tables) {
      for (const { r } of await rows(`select r::text as r from "${schema}"."${name}" r`)) {
        const text = String(r);
        for (const needle of wanted) if (text.includes(needle)) found.push(`${schema}.${name}: ${needle}`);
      }
    }
    // What the law keeps (decision 0056 §2): the stamped CFDI's receiver, as issued; nothing else.
    const allowed = (entry: string) => entry.startsWith("public.cfdis: ");
    expect([...new Set(found.filter((f) => !allowed(f)))]).toEqual([]);
    expect(found).toContain("public.cfdis: Quiñones");
    // The upload's stored object is gone with its row.
    expect(existsSync(storedAt)).toBe(false);
  });

  it("only an admin confirms: a customer gets 403 (even for their own request), a visitor 401, an unknown id 404", async () => {
    const eva = await person("Eva");
    const fer = await person("Fer");
    await t.app.inject({ method: "POST", url: "/api/customer/closure-request", headers: fer.headers });
    const byCustomer = await t.app.inject({
      method: "POST",
      url: `/api/admin/customers/${fer.customerId}/close`,
      headers: eva.headers,
    });
    expect(byCustomer.statusCode).toBe(403);
    const own = await t.app.inject({
      method: "POST",
      url: `/api/admin/customers/${fer.customerId}/close`,
      headers: fer.headers,
    });
    expect(own.statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: "POST",
      url: `/api/admin/customers/${fer.customerId}/close`,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/customer/closure-request" })).statusCode).toBe(
      401,
    );
    const [still] = await t.app.db.select().from(customers).where(eq(customers.customer_id, fer.customerId));
    expect(still!.name).toBe("Fer");
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/admin/customers/99999999/close",
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
