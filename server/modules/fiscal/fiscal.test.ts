import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fiscalMessages } from "../../../domain/fiscal/messages";
import { formatMoney } from "../../../domain/format";
import { email_outbox } from "../../db/schema/mail";
import { purchases } from "../../db/schema/purchases";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { addPackage, customerLogin } from "../../test/commerce";
import { sendPurchaseReceipt } from "../purchases/receipt-email";

/** Datos de facturación (issue 20.1): a customer reads and writes only their own. */

let t: TestApp;
let ana: Awaited<ReturnType<typeof customerLogin>>;
let beto: Awaited<ReturnType<typeof customerLogin>>;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await customerLogin(t, "Ana");
  beto = await customerLogin(t, "Beto");
});
afterAll(() => t.close());

const good = {
  rfc: "gode-561231-gr8",
  razon_social: "Ana García",
  regimen_fiscal: "612",
  codigo_postal: "06700",
  uso_cfdi: "G03",
};

const put = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/fiscal-data", headers, payload });
const get = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/fiscal-data", headers });

describe("datos de facturación", () => {
  it("a visitor may not read or write them", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/fiscal-data" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: "/api/fiscal-data", payload: good })).statusCode).toBe(
      401,
    );
  });

  it("none yet: null", async () => {
    const res = await get(ana.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fiscal_data: null });
  });

  it("saves them normalized with the catalogue's words, and a second save replaces the first", async () => {
    const res = await put(ana.headers, good);
    expect(res.statusCode).toBe(200);
    expect(res.json().fiscal_data).toMatchObject({
      rfc: "GODE561231GR8",
      person: "fisica",
      razon_social: "ANA GARCÍA",
      regimen_fiscal: "612",
      regimen_fiscal_text: "Personas Físicas con Actividades Empresariales y Profesionales",
      uso_cfdi: "G03",
      uso_cfdi_text: "Gastos en general",
      codigo_postal: "06700",
    });
    const again = await put(ana.headers, { ...good, regimen_fiscal: "605", uso_cfdi: "D01" });
    expect(again.statusCode).toBe(200);
    expect((await get(ana.headers)).json().fiscal_data).toMatchObject({
      regimen_fiscal: "605",
      uso_cfdi: "D01",
    });
  });

  it("each is the caller's own: Beto sees none of Ana's and his save does not touch hers", async () => {
    expect((await get(beto.headers)).json()).toEqual({ fiscal_data: null });
    const res = await put(beto.headers, {
      ...good,
      rfc: "SAT970701NN3",
      regimen_fiscal: "601",
      customer_id: ana.customer_id,
    });
    expect(res.statusCode).toBe(200);
    expect((await get(ana.headers)).json().fiscal_data.rfc).toBe("GODE561231GR8");
    expect((await get(beto.headers)).json().fiscal_data).toMatchObject({
      rfc: "SAT970701NN3",
      person: "moral",
    });
  });

  it("bad data: 400 with a Spanish message on each wrong field, nothing saved", async () => {
    const generic = await put(ana.headers, { ...good, rfc: "XAXX010101000" });
    expect(generic.statusCode).toBe(400);
    expect(generic.json().fields).toEqual({ rfc: fiscalMessages.rfcGeneric });

    const digit = await put(ana.headers, { ...good, rfc: "GODE561231GR9", codigo_postal: "6700" });
    expect(digit.statusCode).toBe(400);
    expect(digit.json().fields).toEqual({
      rfc: fiscalMessages.rfcCheckDigit,
      codigo_postal: fiscalMessages.codigoPostal,
    });

    const pair = await put(ana.headers, { ...good, regimen_fiscal: "605", uso_cfdi: "G03" });
    expect(pair.statusCode).toBe(400);
    expect(pair.json().fields).toEqual({ uso_cfdi: fiscalMessages.usoNotForRegimen });

    const empty = await put(ana.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual([
      "codigo_postal",
      "razon_social",
      "regimen_fiscal",
      "rfc",
      "uso_cfdi",
    ]);
    expect((await get(ana.headers)).json().fiscal_data).toMatchObject({
      rfc: "GODE561231GR8",
      uso_cfdi: "D01",
    });
  });

  it("are in the caller's ARCO data export", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/customer/data-export", headers: ana.headers });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).fiscal_data).toEqual([expect.objectContaining({ rfc: "GODE561231GR8" })]);
  });

  it("deletes only the caller's own", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/fiscal-data", headers: beto.headers });
    expect(res.json()).toEqual({ deleted: true });
    expect((await get(beto.headers)).json()).toEqual({ fiscal_data: null });
    expect((await get(ana.headers)).json().fiscal_data).not.toBeNull();
  });
});

/** IVA visible (issue 20.5): prices include IVA; every place that shows a total shows its parts. */
describe("IVA on Mis Compras, the admin purchases list and the receipt", () => {
  let carla: Awaited<ReturnType<typeof customerLogin>>;
  let admin: Record<string, string>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    carla = await customerLogin(t, "Carla");
    admin = (await t.signUp({ role: "admin" })).headers;
    const taxed = await addPackage(t, { title: "10 Clases IVA", price: "1250.00", class_amount: 10 });
    const exempt = await addPackage(t, {
      title: "Taller exento",
      price: "500.00",
      class_amount: 1,
      iva_rate: "exento",
    });
    const buy = async (
      pkg: { class_package_id: number; title: string },
      total: string,
      iva_rate: string | null,
    ) => {
      const [row] = await t.app.db
        .insert(purchases)
        .values({
          customer_id: carla.customer_id,
          class_package_id: pkg.class_package_id,
          title: pkg.title,
          status: "completed",
          amount: total,
          total_payment: total,
          provider: "cash",
          iva_rate,
          credits_granted_at: new Date("2026-03-10T18:00:00Z"),
          createdAt: new Date("2026-03-10T18:00:00Z"),
        })
        .returning();
      return row!.purchase_id;
    };
    ids.taxed = await buy(taxed, "1250.00", null);
    ids.exempt = await buy(exempt, "500.00", null);
    // Bought while the package was at the border rate: the purchase keeps its own.
    ids.border = await buy(taxed, "1080.00", "8");
  });

  it("the admin sets a package's IVA rate in the catalogue: 16 % unless said, one of the four", async () => {
    const send = (method: "POST" | "PUT", payload: object) =>
      t.app.inject({ method, url: "/api/class_packages", headers: admin, payload });
    const created = await send("POST", {
      class_package_id: "nuevo",
      title: "Paquete IVA",
      price: 100,
      class_amount: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pkg = created.json().class_package;
    expect(pkg.iva_rate).toBe("16");
    const exempt = await send("PUT", { ...pkg, iva_rate: "exento" });
    expect(exempt.statusCode, exempt.body).toBe(200);
    expect(exempt.json().class_package.iva_rate).toBe("exento");
    const kept = await send("PUT", { ...pkg, iva_rate: null, title: "Paquete IVA 2" });
    expect(kept.json().class_package.iva_rate).toBe("exento");
    expect((await send("PUT", { ...pkg, iva_rate: "12" })).statusCode).toBe(400);
  });

  const expected = () => ({
    [ids.taxed!]: { iva_rate: "16", subtotal: 1077.59, iva: 172.41, total_payment: 1250 },
    [ids.exempt!]: { iva_rate: "exento", subtotal: 500, iva: 0, total_payment: 500 },
    [ids.border!]: { iva_rate: "8", subtotal: 1000, iva: 80, total_payment: 1080 },
  });

  it("Mis Compras answers subtotal, IVA and rate beside each total", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/purchases", headers: carla.headers });
    expect(res.statusCode).toBe(200);
    const got = Object.fromEntries(
      (res.json().purchases as Record<string, unknown>[]).map((p) => [
        p.purchase_id,
        { iva_rate: p.iva_rate, subtotal: p.subtotal, iva: p.iva, total_payment: p.total_payment },
      ]),
    );
    expect(got).toEqual(expected());
  });

  it("the admin purchases list (the CSV's source) answers the same parts", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/lists/purchases?query=carla&from=2026-03-01&to=2026-03-31",
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = Object.fromEntries(
      (res.json().rows as Record<string, unknown>[]).map((p) => [
        p.purchase_id,
        { iva_rate: p.iva_rate, subtotal: p.subtotal, iva: p.iva, total_payment: p.total_payment },
      ]),
    );
    expect(got).toEqual(expected());
  });

  it("the receipt email shows subtotal and IVA before the total", async () => {
    await sendPurchaseReceipt(t.app, ids.taxed!);
    const [mail] = await t.app.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.to, carla.email))
      .orderBy(desc(email_outbox.email_outbox_id))
      .limit(1);
    expect(mail?.template).toBe("purchase-receipt");
    const text = mail?.text ?? "";
    expect(text).toContain(formatMoney(1077.59));
    expect(text).toContain("IVA 16 %");
    expect(text).toContain(formatMoney(172.41));
    expect(text.indexOf("Subtotal")).toBeLessThan(text.indexOf("Total pagado"));
  });
});
