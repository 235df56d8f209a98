import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FacturapiFake, startFacturapiFake } from "../../../test/doubles/payments/facturapi-fake";
import { cfdi_global_purchases, cfdis } from "../../db/schema/cfdi";
import { email_outbox } from "../../db/schema/mail";
import { purchases, refunds } from "../../db/schema/purchases";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { buyWithCard, customerLogin, newKey, type Shop, seedShop } from "../../test/commerce";
import { FACTURAS_FOLLOW_UP_JOB, GLOBAL_INVOICE_JOB } from "./invoicing.jobs";
import { issueDueGlobalInvoice } from "./invoicing.service";

/**
 * Facturas CFDI 4.0 (decision 0036) against an in-process fake of Facturapi's API:
 * request, idempotency, downloads, email, refusals, refunds and the factura global.
 */

let fake: FacturapiFake;
let t: TestApp;
let shop: Shop;
let admin: Record<string, string>;

const fiscal = {
  rfc: "GODE561231GR8",
  razon_social: "Ana García",
  regimen_fiscal: "612",
  codigo_postal: "06700",
  uso_cfdi: "G03",
};

beforeAll(async () => {
  fake = await startFacturapiFake();
  t = await buildTestApp({ FACTURAPI_KEY: fake.key, FACTURAPI_API_URL: fake.url });
  shop = await seedShop(t);
  admin = (await t.signUp({ role: "admin" })).headers;
  // Two days into the next month: a purchase made now can be invoiced whatever the day the suite
  // runs (the month's last minute included).
  const saved = await t.app.inject({
    method: "PUT",
    url: "/api/appconfig",
    headers: admin,
    payload: [
      { key: "invoice_request_days_after_month", value: 2 },
      { key: "invoice_issuer_zip", value: "06700" },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function paidCustomer(
  name: string,
  withFiscal = true,
  packageId = shop.packages.five.class_package_id,
) {
  const c = await customerLogin(t, name);
  if (withFiscal) {
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/fiscal-data",
      headers: c.headers,
      payload: fiscal,
    });
    expect(put.statusCode, put.body).toBe(200);
  }
  const { attempt, confirm } = await buyWithCard(t, c.headers, packageId);
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...c, purchase_id: attempt.json().purchase_id as number };
}

const request = (headers: Record<string, string>, purchase_id: number) =>
  t.app.inject({ method: "POST", url: "/api/facturas", headers, payload: { purchase_id } });
const creates = () => fake.calls.filter((c) => c.method === "POST" && c.path === "/v2/invoices");
type Sent = { items: { product: Record<string, unknown> }[] } & Record<string, unknown>;
const lastBody = () => creates().at(-1)!.body as Sent;

describe("a customer's factura", () => {
  it("is stamped at the PAC with the purchase's data, once, downloadable and emailed", async () => {
    const ana = await paidCustomer("Ana García");
    const before = creates().length;
    const first = await request(ana.headers, ana.purchase_id);
    expect(first.statusCode, first.body).toBe(200);
    const factura = first.json().factura;
    expect(factura).toMatchObject({
      kind: "ingreso",
      status: "valid",
      preview: false,
      rfc: "GODE561231GR8",
      razon_social: "ANA GARCÍA",
      payment_form: "04",
      subtotal: 646.55,
      iva: 103.45,
      total: 750,
    });
    expect(factura.uuid).toMatch(/^[0-9A-F-]{36}$/);
    const sent = lastBody();
    expect(sent.customer).toEqual({
      legal_name: "ANA GARCÍA",
      tax_id: "GODE561231GR8",
      tax_system: "612",
      address: { zip: "06700" },
    });
    expect(sent.use).toBe("G03");
    expect(sent.items).toEqual([
      {
        quantity: 1,
        product: {
          description: "5 Clases",
          product_key: "91111900",
          unit_key: "E48",
          price: 750,
          tax_included: true,
          taxes: [{ type: "IVA", rate: 0.16 }],
        },
      },
    ]);

    // A double click, or both at once: one factura, one call to the PAC.
    const [again, third] = await Promise.all([
      request(ana.headers, ana.purchase_id),
      request(ana.headers, ana.purchase_id),
    ]);
    expect(again.json().factura.cfdi_id).toBe(factura.cfdi_id);
    expect(third.json().factura.cfdi_id).toBe(factura.cfdi_id);
    expect(creates().length).toBe(before + 1);

    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/facturas/${factura.cfdi_id}/pdf`,
      headers: ana.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.body.startsWith("%PDF")).toBe(true);
    const xml = await t.app.inject({
      method: "GET",
      url: `/api/facturas/${factura.cfdi_id}/xml`,
      headers: ana.headers,
    });
    expect(xml.headers["content-type"]).toBe("application/xml");
    expect(xml.body).toContain(`UUID="${factura.uuid}"`);

    const mine = await t.app.inject({ method: "GET", url: "/api/facturas", headers: ana.headers });
    expect(mine.json().facturas.map((f: { cfdi_id: number }) => f.cfdi_id)).toEqual([factura.cfdi_id]);

    const [mail] = await t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, ana.email), eq(email_outbox.template, "invoice-issued")));
    expect(mail?.subject).toContain("Tu factura");
    expect(mail?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`factura-${factura.uuid}.pdf`, "application/pdf"],
      [`factura-${factura.uuid}.xml`, "application/xml"],
    ]);

    // Somebody else's factura does not exist for another customer; the desk sees it.
    const bea = await customerLogin(t, "Bea");
    const theirs = await t.app.inject({
      method: "GET",
      url: `/api/facturas/${factura.cfdi_id}/pdf`,
      headers: bea.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await request(bea.headers, ana.purchase_id)).statusCode).toBe(404);
    const desk = await t.app.inject({
      method: "GET",
      url: `/api/facturas/admin/customer/${ana.customer_id}`,
      headers: admin,
    });
    expect(desk.json().facturas).toHaveLength(1);
  });

  it("paid in cash at OXXO: forma de pago 01 (efectivo); by SPEI transfer: 03", async () => {
    await t.app.appConfig.update([
      { key: "oxxo_enabled", value: true },
      { key: "spei_enabled", value: true },
    ]);
    for (const [method, form] of [
      ["oxxo", "01"],
      ["spei", "03"],
    ] as const) {
      const c = await customerLogin(t, `Paga ${method}`);
      const put = await t.app.inject({
        method: "PUT",
        url: "/api/fiscal-data",
        headers: c.headers,
        payload: fiscal,
      });
      expect(put.statusCode, put.body).toBe(200);
      const bought = await t.app.inject({
        method: "POST",
        url: "/api/checkout/offline",
        headers: c.headers,
        payload: { class_package_id: shop.packages.five.class_package_id, method, idempotency_key: newKey() },
      });
      expect(bought.statusCode, bought.body).toBe(200);
      const purchaseId = bought.json().purchase_id as number;
      const paid = await t.app.inject({
        method: "POST",
        url: `/api/payments/sandbox/vouchers/${purchaseId}/pay`,
        headers: c.headers,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const factura = await request(c.headers, purchaseId);
      expect(factura.statusCode, factura.body).toBe(200);
      expect(factura.json().factura).toMatchObject({ status: "valid", payment_form: form });
      expect(lastBody().payment_form).toBe(form);
    }
  });

  it("without datos de facturación: 412 telling to fill Mi Información", async () => {
    const carlos = await paidCustomer("Carlos", false);
    const refused = await request(carlos.headers, carlos.purchase_id);
    expect(refused.statusCode).toBe(412);
    expect(refused.json().code).toBe("FISCAL_DATA_MISSING");
    expect(refused.json().message).toContain("Mi Información");
  });

  it("after the month's window: 409 explaining the factura global", async () => {
    const dora = await paidCustomer("Dora");
    const old = new Date(Date.now() - 70 * 86_400_000);
    await t.app.db
      .update(purchases)
      .set({ credits_granted_at: old })
      .where(eq(purchases.purchase_id, dora.purchase_id));
    const refused = await request(dora.headers, dora.purchase_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("INVOICE_PERIOD_CLOSED");
    expect(refused.json().message).toMatch(/El plazo para facturar esta compra terminó el .+factura global/);
  });

  it("a PAC refusal: 422 with its reason, the row failed; the desk's retry stamps it", async () => {
    const eva = await paidCustomer("Eva");
    fake.next.fail = { status: 400, message: "El RFC del receptor no está en la lista de RFC inscritos" };
    const refused = await request(eva.headers, eva.purchase_id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain("no está en la lista de RFC inscritos");
    const [row] = await t.app.db.select().from(cfdis).where(eq(cfdis.purchase_id, eva.purchase_id));
    expect(row?.status).toBe("failed");
    const retried = await t.app.inject({
      method: "POST",
      url: `/api/facturas/admin/${row!.cfdi_id}/retry`,
      headers: admin,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().factura.status).toBe("valid");
    const twice = await t.app.inject({
      method: "POST",
      url: `/api/facturas/admin/${row!.cfdi_id}/retry`,
      headers: admin,
    });
    expect(twice.statusCode).toBe(412);
  });

  it("left pending by an attempt that died: refused while it may be in flight, retried once stale (decision 0057)", async () => {
    const ivo = await paidCustomer("Ivo");
    fake.next.fail = { status: 503, message: "Service Unavailable" };
    const down = await request(ivo.headers, ivo.purchase_id);
    // The PAC unreachable: 503 in Spanish, the row failed (never a 500, never stuck pending).
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe("PAC_UNAVAILABLE");
    const [failed] = await t.app.db.select().from(cfdis).where(eq(cfdis.purchase_id, ivo.purchase_id));
    expect(failed?.status).toBe("failed");
    // As a process that stopped mid-call leaves it: pending.
    const retry = () =>
      t.app.inject({ method: "POST", url: `/api/facturas/admin/${failed!.cfdi_id}/retry`, headers: admin });
    await t.app.db
      .update(cfdis)
      .set({ status: "pending", updatedAt: new Date() })
      .where(eq(cfdis.cfdi_id, failed!.cfdi_id));
    const fresh = await retry();
    expect(fresh.statusCode).toBe(412);
    expect(fresh.json().message).toBe(
      "Esta factura se está emitiendo. Si en unos minutos sigue pendiente, podrás reintentarla.",
    );
    // The customer asking again meanwhile gets the pending row, not a second stamp.
    const before = creates().length;
    expect((await request(ivo.headers, ivo.purchase_id)).json().factura.status).toBe("pending");
    expect(creates().length).toBe(before);
    await t.app.db
      .update(cfdis)
      .set({ updatedAt: new Date(Date.now() - 7 * 60_000) })
      .where(eq(cfdis.cfdi_id, failed!.cfdi_id));
    const stale = await retry();
    expect(stale.statusCode, stale.body).toBe(200);
    expect(stale.json().factura).toMatchObject({ status: "valid", preview: false });
    expect(creates().length).toBe(before + 1);
  });
});

describe("refunds", () => {
  const refund = (purchaseId: number, amount?: number) =>
    t.app.inject({
      method: "POST",
      url: `/api/purchases/admin/${purchaseId}/refund`,
      headers: admin,
      payload: { amount, reason: "Prueba", idempotency_key: `refund-${purchaseId}-${amount ?? "all"}` },
    });

  it("a full refund in the factura's month cancels it at the PAC with motive 03", async () => {
    const fer = await paidCustomer("Fer");
    const factura = (await request(fer.headers, fer.purchase_id)).json().factura;
    const done = await refund(fer.purchase_id);
    expect(done.statusCode, done.body).toBe(200);
    const row = (await t.app.db.select().from(cfdis).where(eq(cfdis.cfdi_id, factura.cfdi_id)))[0]!;
    expect(row).toMatchObject({ status: "cancelled", cancellation_motive: "03" });
    const atPac = [...fake.invoices.values()].find((i) => i.uuid === factura.uuid)!;
    expect(atPac).toMatchObject({ status: "canceled", cancellation_motive: "03" });
    // Refunded: nothing left to invoice.
    expect((await request(fer.headers, fer.purchase_id)).json().factura.status).toBe("cancelled");
  });

  it("a partial refund: a nota de crédito (egreso) related to the factura with TipoRelacion 01", async () => {
    const gil = await paidCustomer("Gil");
    const factura = (await request(gil.headers, gil.purchase_id)).json().factura;
    const done = await refund(gil.purchase_id, 150);
    expect(done.statusCode, done.body).toBe(200);
    const sent = lastBody();
    expect(sent).toMatchObject({
      type: "E",
      related_documents: [{ relationship: "01", documents: [factura.uuid] }],
      use: "G02",
    });
    expect(sent.items[0]?.product).toMatchObject({ price: 150, tax_included: true });
    const mine = (await t.app.inject({ method: "GET", url: "/api/facturas", headers: gil.headers })).json()
      .facturas;
    expect(mine.map((f: { kind: string; total: number }) => [f.kind, f.total])).toEqual([
      ["egreso", 150],
      ["ingreso", 750],
    ]);
  });

  // docs/decisions/0072: what SAT allows after a refund, and the follow-up job.
  const cfdiRow = async (id: number) =>
    (await t.app.db.select().from(cfdis).where(eq(cfdis.cfdi_id, id)))[0]!;
  const egresosOf = (purchaseId: number) =>
    t.app.db
      .select()
      .from(cfdis)
      .where(and(eq(cfdis.kind, "egreso"), eq(cfdis.purchase_id, purchaseId)));
  const followUp = () => t.app.jobs.run(FACTURAS_FOLLOW_UP_JOB, {});

  it("a full refund over $1,000: the cancellation waits for the receiver, the job records the acceptance", async () => {
    const lia = await paidCustomer("Lia", true, shop.packages.ten.class_package_id);
    const factura = (await request(lia.headers, lia.purchase_id)).json().factura;
    expect(factura.total).toBe(1350);
    expect((await refund(lia.purchase_id)).statusCode).toBe(200);
    expect(await cfdiRow(factura.cfdi_id)).toMatchObject({
      status: "valid",
      cancellation_motive: "03",
      cancellation_status: "pending",
    });
    const listed = (
      await t.app.inject({ method: "GET", url: "/api/facturas/admin?kind=ingreso", headers: admin })
    ).json().facturas as { cfdi_id: number; cancellation_status: string | null }[];
    expect(listed.find((f) => f.cfdi_id === factura.cfdi_id)?.cancellation_status).toBe("pending");
    // Asked again while waiting: refused in Spanish, nothing sent.
    const twice = await t.app.inject({
      method: "POST",
      url: `/api/facturas/admin/${factura.cfdi_id}/cancel`,
      headers: admin,
      payload: { motive: "02" },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/en espera de que el receptor la acepte/);
    await followUp();
    expect((await cfdiRow(factura.cfdi_id)).cancellation_status).toBe("pending");
    const atPac = [...fake.invoices.values()].find((i) => i.uuid === factura.uuid)!;
    // The back office can ask SAT now (the job's same check).
    const ask = () =>
      t.app.inject({
        method: "POST",
        url: `/api/facturas/admin/${factura.cfdi_id}/cancellation-status`,
        headers: admin,
      });
    expect((await ask()).json().pac_answer).toMatch(/^El receptor aún no responde/);
    fake.receiverAnswers(atPac.id, "accepted");
    const asked = await ask();
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().pac_answer).toMatch(/^El receptor aceptó la cancelación/);
    expect(await cfdiRow(factura.cfdi_id)).toMatchObject({
      status: "cancelled",
      cancellation_status: "accepted",
    });
    const none = await ask();
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe("NO_CANCELLATION_PENDING");
    expect(await egresosOf(lia.purchase_id)).toEqual([]);
    const mine = (await t.app.inject({ method: "GET", url: "/api/facturas", headers: lia.headers })).json();
    expect(mine.facturas[0]).toMatchObject({ status: "cancelled", cancellation_status: "accepted" });
  });

  it("the receiver rejects the cancellation: the job credits the refund with a nota de crédito instead", async () => {
    const max = await paidCustomer("Max", true, shop.packages.ten.class_package_id);
    const factura = (await request(max.headers, max.purchase_id)).json().factura;
    expect((await refund(max.purchase_id)).statusCode).toBe(200);
    const atPac = [...fake.invoices.values()].find((i) => i.uuid === factura.uuid)!;
    fake.receiverAnswers(atPac.id, "rejected");
    await followUp();
    expect(await cfdiRow(factura.cfdi_id)).toMatchObject({
      status: "valid",
      cancellation_status: "rejected",
    });
    const [egreso] = await egresosOf(max.purchase_id);
    expect(egreso).toMatchObject({ status: "valid", total: "1350.00", related_cfdi_id: factura.cfdi_id });
    expect(lastBody()).toMatchObject({
      type: "E",
      related_documents: [{ relationship: "01", documents: [factura.uuid] }],
    });
    // A second run credits nothing more.
    const before = creates().length;
    await followUp();
    expect(creates().length).toBe(before);
  });

  it("a partial refund, then the rest: two notas de crédito, never a cancellation (SAT refuses one with notas)", async () => {
    const noe = await paidCustomer("Noe");
    const factura = (await request(noe.headers, noe.purchase_id)).json().factura;
    expect((await refund(noe.purchase_id, 150)).statusCode).toBe(200);
    expect((await refund(noe.purchase_id)).statusCode).toBe(200);
    const notas = await egresosOf(noe.purchase_id);
    expect(notas.map((n) => n.total).sort()).toEqual(["150.00", "600.00"]);
    expect(await cfdiRow(factura.cfdi_id)).toMatchObject({ status: "valid", cancellation_status: null });
  });

  it("a refund whose factura step never ran (the process stopped, or the processor's webhook): credited by the job", async () => {
    const ona = await paidCustomer("Ona");
    (await request(ona.headers, ona.purchase_id)).json();
    fake.next.fail = { status: 503, message: "Service Unavailable" };
    expect((await refund(ona.purchase_id, 100)).statusCode).toBe(200);
    const [failed] = await egresosOf(ona.purchase_id);
    expect(failed).toMatchObject({ status: "failed" });
    // As if it had never been tried: no nota at all.
    await t.app.db.delete(cfdis).where(eq(cfdis.cfdi_id, failed!.cfdi_id));
    await followUp();
    const [nota] = await egresosOf(ona.purchase_id);
    expect(nota).toMatchObject({ status: "valid", total: "100.00" });
    // Left pending by a dead attempt: the job takes it again once stale, and nothing stays pending.
    await t.app.db
      .update(cfdis)
      .set({ status: "pending", updatedAt: new Date(Date.now() - 7 * 60_000) })
      .where(eq(cfdis.cfdi_id, nota!.cfdi_id));
    await followUp();
    expect((await cfdiRow(nota!.cfdi_id)).status).toBe("valid");
    const [left] = await t.app.db.select().from(refunds).where(eq(refunds.purchase_id, ona.purchase_id));
    expect(left?.status).toBe("succeeded");
  });

  it("a purchase in a factura global: the refund is a nota de crédito to público en general related to the global", async () => {
    const pia = await paidCustomer("Pia");
    // A month no other test touches.
    const inJuly = new Date("2020-07-15T18:00:00Z");
    await t.app.db
      .update(purchases)
      .set({ credits_granted_at: inJuly })
      .where(eq(purchases.purchase_id, pia.purchase_id));
    const global = (await issueDueGlobalInvoice(t.app, new Date("2020-08-03T07:00:00Z")))!;
    expect(global).toMatchObject({ status: "valid", period: "2020-07" });
    const [line] = await t.app.db
      .select()
      .from(cfdi_global_purchases)
      .where(eq(cfdi_global_purchases.purchase_id, pia.purchase_id));
    expect(line?.amount).toBe("750.00");
    expect((await refund(pia.purchase_id, 200)).statusCode).toBe(200);
    expect(lastBody()).toMatchObject({
      type: "E",
      customer: { tax_id: "XAXX010101000", legal_name: "PUBLICO EN GENERAL", tax_system: "616" },
      use: "S01",
      global: { periodicity: "month", months: "07", year: 2020 },
      related_documents: [{ relationship: "01", documents: [global.uuid] }],
    });
    const [nota] = await egresosOf(pia.purchase_id);
    expect(nota).toMatchObject({ status: "valid", total: "200.00", related_cfdi_id: global.cfdi_id });
    // Not the customer's: Mis Compras does not list it.
    const mine = (await t.app.inject({ method: "GET", url: "/api/facturas", headers: pia.headers })).json();
    expect(mine.facturas).toEqual([]);
  });
});

describe("factura global", () => {
  it("covers the month's purchases nobody invoiced, once, and then refuses them to the customer", async () => {
    // A month no other test touches, on a fixed clock: March 2020 (studio time, Mexico City).
    const hugo = await paidCustomer("Hugo");
    const ines = await paidCustomer("Inés");
    const inMarch = new Date("2020-03-15T18:00:00Z");
    for (const id of [hugo.purchase_id, ines.purchase_id]) {
      await t.app.db
        .update(purchases)
        .set({ credits_granted_at: inMarch })
        .where(eq(purchases.purchase_id, id));
    }
    // Before the window closes (1 April 00:00 + 2 days, Mexico City): nothing due yet.
    expect(await issueDueGlobalInvoice(t.app, new Date("2020-04-02T12:00:00Z"))).toBeNull();
    const before = creates().length;
    const now = new Date("2020-04-03T07:00:00Z");
    await t.app.jobs.run(GLOBAL_INVOICE_JOB, { now: now.toISOString() });
    await t.app.jobs.run(GLOBAL_INVOICE_JOB, { now: now.toISOString() });
    expect(creates().length).toBe(before + 1);
    const globals = await t.app.db
      .select()
      .from(cfdis)
      .where(and(eq(cfdis.kind, "global"), eq(cfdis.period, "2020-03")));
    expect(globals).toHaveLength(1);
    expect(globals[0]).toMatchObject({ status: "valid", total: "1500.00", payment_form: "04" });
    const covered = await t.app.db
      .select()
      .from(cfdi_global_purchases)
      .where(eq(cfdi_global_purchases.cfdi_id, globals[0]!.cfdi_id));
    expect(covered.map((c) => c.purchase_id).sort()).toEqual([hugo.purchase_id, ines.purchase_id].sort());
    const sent = lastBody();
    expect(sent).toMatchObject({
      customer: { legal_name: "PUBLICO EN GENERAL", tax_id: "XAXX010101000", tax_system: "616" },
      use: "S01",
      global: { periodicity: "month", months: "03", year: 2020 },
    });
    // SAT's Guía de llenado: "Venta", 01010101, ACT, the ticket's number as NoIdentificacion.
    expect(sent.items[0]?.product).toMatchObject({
      description: "Venta",
      product_key: "01010101",
      unit_key: "ACT",
      price: 750,
      sku: String([hugo.purchase_id, ines.purchase_id].sort((a, b) => a - b)[0]),
    });
    const refused = await request(hugo.headers, hugo.purchase_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("factura global de marzo de 2020");
  });
});

describe("the back office's facturas (decision 0058)", () => {
  const desk = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/facturas/admin", headers: admin, payload });
  const cancel = (id: number, payload: object) =>
    t.app.inject({ method: "POST", url: `/api/facturas/admin/${id}/cancel`, headers: admin, payload });
  const list = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/facturas/admin?${query}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().facturas as { cfdi_id: number; customer_name: string; rfc: string; status: string }[];
  };

  it("Facturar at the desk: the customer's saved data, issued at the PAC and emailed to them", async () => {
    const kim = await paidCustomer("Kim Saved");
    const search = (q: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/facturas/admin/invoiceable?q=${encodeURIComponent(q)}`,
        headers: admin,
      });
    const found = (await search("kim sav")).json().purchases;
    expect(found).toEqual([
      expect.objectContaining({
        purchase_id: kim.purchase_id,
        customer_name: "Kim Saved",
        total: 750,
        fiscal_data: expect.objectContaining({ rfc: fiscal.rfc, uso_cfdi: "G03" }),
      }),
    ]);
    expect((await search("k")).statusCode).toBe(400);
    const res = await desk({ purchase_id: kim.purchase_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().factura).toMatchObject({ status: "valid", preview: false, rfc: fiscal.rfc });
    expect(lastBody()).toMatchObject({ customer: { tax_id: fiscal.rfc, address: { zip: "06700" } } });
    const mails = await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, kim.email));
    expect(mails.some((m) => m.template === "invoice-issued")).toBe(true);
    // Invoiced: no longer offered at the desk.
    expect((await search("kim sav")).json().purchases).toEqual([]);
    // The customer sees the same factura in Mis Compras.
    const mine = (await t.app.inject({ method: "GET", url: "/api/facturas", headers: kim.headers })).json();
    expect(mine.facturas[0]).toMatchObject({ cfdi_id: res.json().factura.cfdi_id, status: "valid" });
  });

  it("Facturar at the desk with data typed at the counter: checked as Mi Información, saved when asked", async () => {
    const leo = await paidCustomer("Leo Typed", false);
    const none = await desk({ purchase_id: leo.purchase_id });
    expect(none.statusCode).toBe(412);
    expect(none.json().message).toMatch(/^El cliente no tiene datos de facturación guardados/);
    const wrong = await desk({ purchase_id: leo.purchase_id, receiver: { ...fiscal, rfc: "GODE561231GR9" } });
    expect(wrong.statusCode).toBe(400);
    const typed = { ...fiscal, rfc: "XEXX010101000", razon_social: "Leo" };
    const generic = await desk({ purchase_id: leo.purchase_id, receiver: typed });
    expect(generic.statusCode).toBe(400);
    const own = {
      rfc: "EKU9003173C9",
      razon_social: "Escuela Kemper Urgate",
      regimen_fiscal: "601",
      codigo_postal: "42501",
      uso_cfdi: "G03",
    };
    const done = await desk({ purchase_id: leo.purchase_id, receiver: own, save: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().factura).toMatchObject({ rfc: "EKU9003173C9", razon_social: "ESCUELA KEMPER URGATE" });
    expect(lastBody()).toMatchObject({ customer: { tax_id: "EKU9003173C9", tax_system: "601" } });
    const saved = await t.app.inject({ method: "GET", url: "/api/fiscal-data", headers: leo.headers });
    expect(saved.json().fiscal_data).toMatchObject({ rfc: "EKU9003173C9" });
    // Asked again: the one factura of the purchase, not a second stamp.
    const before = creates().length;
    expect((await desk({ purchase_id: leo.purchase_id })).json().factura.cfdi_id).toBe(
      done.json().factura.cfdi_id,
    );
    expect(creates().length).toBe(before);

    const byRfc = await list("q=EKU9003173C9");
    expect(byRfc.map((f) => f.cfdi_id)).toEqual([done.json().factura.cfdi_id]);
    expect(byRfc[0]).toMatchObject({ customer_name: "Leo Typed", status: "valid" });
    expect((await list("q=leo typed")).map((f) => f.cfdi_id)).toContain(done.json().factura.cfdi_id);
    expect((await list("status=failed")).every((f) => f.status === "failed")).toBe(true);
    const bad = await t.app.inject({ method: "GET", url: "/api/facturas/admin?from=ayer", headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it("cancels with SAT's motive: 01 needs the replacing factura; the PAC's answer is shown", async () => {
    const mia = await paidCustomer("Mia Cancel");
    const nora = await paidCustomer("Nora Replacement");
    const wrongOne = (await desk({ purchase_id: mia.purchase_id })).json().factura;
    const replacing = (await desk({ purchase_id: nora.purchase_id })).json().factura;
    const missing = await cancel(wrongOne.cfdi_id, { motive: "01" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^El motivo 01/);
    expect((await cancel(wrongOne.cfdi_id, { motive: "05" })).statusCode).toBe(400);
    const done = await cancel(wrongOne.cfdi_id, { motive: "01", replacement_cfdi_id: replacing.cfdi_id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().factura).toMatchObject({ status: "cancelled", cancellation_motive: "01" });
    expect(done.json().pac_answer).toBe(
      "El SAT aceptó la cancelación (motivo 01 · comprobante emitido con errores con relación).",
    );
    const call = fake.calls.filter((c) => c.method === "DELETE").at(-1)!;
    const replacingAtPac = [...fake.invoices.values()].find((i) => i.uuid === replacing.uuid)!;
    expect(call.query.get("motive")).toBe("01");
    expect(call.query.get("substitution")).toBe(replacingAtPac.id);
    const again = await cancel(wrongOne.cfdi_id, { motive: "02" });
    expect(again.statusCode).toBe(409);
    // Motive 02 needs no replacement.
    const two = await cancel(replacing.cfdi_id, { motive: "02" });
    expect(two.json().factura).toMatchObject({ status: "cancelled", cancellation_motive: "02" });
  });

  it("the settings tab: the PAC's organization (RFC, régimen, CSD) and the studio's keys", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/facturas/admin/settings", headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pac_status: "ok",
      test_mode: true,
      organization: { tax_id: "EPU180101AB1", tax_system: "601", csd: { present: true } },
      product_key: "91111900",
      unit_key: "E48",
      issuer_zip: "06700",
      request_days_after_month: 2,
    });
  });

  it("issues a closed period's factura global on demand, once; an open or empty period is a 409 in Spanish", async () => {
    const olga = await paidCustomer("Olga Global");
    await t.app.db
      .update(purchases)
      .set({ credits_granted_at: new Date("2020-05-10T18:00:00Z") })
      .where(eq(purchases.purchase_id, olga.purchase_id));
    const issue = (period?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/facturas/admin/global",
        headers: admin,
        payload: { period },
      });
    const done = await issue("2020-05");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().factura).toMatchObject({ kind: "global", period: "2020-05", status: "valid" });
    expect(lastBody().items.map((i) => i.product.description)).toEqual(["Venta"]);
    const covered = await t.app.inject({
      method: "GET",
      url: `/api/facturas/admin/${done.json().factura.cfdi_id}/purchases`,
      headers: admin,
    });
    expect(covered.json().purchases).toEqual([
      expect.objectContaining({ purchase_id: olga.purchase_id, customer_name: "Olga Global", total: 750 }),
    ]);
    expect((await issue("2020-05")).json().factura.cfdi_id).toBe(done.json().factura.cfdi_id);
    const empty = await issue("2019-01");
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(
      "No hay compras sin facturar en enero de 2019: no hace falta factura global.",
    );
    const open = await issue("2099-01");
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe("GLOBAL_PERIOD_OPEN");
    expect((await issue("2020-13")).statusCode).toBe(400);
  });

  it("with a fortnightly periodicity: the fortnight's global, with SAT's InformacionGlobal (decision 0059)", async () => {
    const setPeriodicity = (value: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/appconfig",
        headers: admin,
        payload: [{ key: "invoice_global_periodicity", value }],
      });
    expect((await setPeriodicity("fortnight")).statusCode).toBe(200);
    try {
      const pia = await paidCustomer("Pia Quincena");
      await t.app.db
        .update(purchases)
        .set({ credits_granted_at: new Date("2020-06-20T18:00:00Z") })
        .where(eq(purchases.purchase_id, pia.purchase_id));
      const res = await t.app.inject({
        method: "POST",
        url: "/api/facturas/admin/global",
        headers: admin,
        payload: { period: "2020-06-Q2" },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().factura).toMatchObject({ kind: "global", period: "2020-06-Q2", status: "valid" });
      expect(lastBody()).toMatchObject({ global: { periodicity: "fortnight", months: "06", year: 2020 } });
      const refused = await request(pia.headers, pia.purchase_id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain("2.ª quincena de junio de 2020");
      const settings = await t.app.inject({
        method: "GET",
        url: "/api/facturas/admin/settings",
        headers: admin,
      });
      expect(settings.json().global_periodicity).toBe("fortnight");
      const bad = await t.app.inject({
        method: "POST",
        url: "/api/facturas/admin/global",
        headers: admin,
        payload: { period: "2020-06-Q3" },
      });
      expect(bad.statusCode).toBe(400);
    } finally {
      await setPeriodicity("month");
    }
  });
});

describe("without a PAC key", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(() => bare?.close());

  it("the settings tab says facturas are previews", async () => {
    const owner = (await bare.signUp({ role: "admin" })).headers;
    const res = await bare.app.inject({ method: "GET", url: "/api/facturas/admin/settings", headers: owner });
    expect(res.json()).toMatchObject({ pac_status: "preview", organization: null });
  });

  it("issues a preview marked sin validez fiscal (PDF and XML)", async () => {
    const s = await seedShop(bare);
    const c = await customerLogin(bare, "Juana");
    await bare.app.inject({ method: "PUT", url: "/api/fiscal-data", headers: c.headers, payload: fiscal });
    const { attempt } = await buyWithCard(bare, c.headers, s.packages.five.class_package_id);
    const purchase_id = attempt.json().purchase_id as number;
    // Paid "now" and asked at once; two days of grace so the suite's day does not matter.
    const boss = await bare.signUp({ role: "admin" });
    await bare.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: boss.headers,
      payload: [{ key: "invoice_request_days_after_month", value: 2 }],
    });
    const asked = await bare.app.inject({
      method: "POST",
      url: "/api/facturas",
      headers: c.headers,
      payload: { purchase_id },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const factura = asked.json().factura;
    expect(factura).toMatchObject({ status: "valid", preview: true, uuid: null });
    const pdf = await bare.app.inject({
      method: "GET",
      url: `/api/facturas/${factura.cfdi_id}/pdf`,
      headers: c.headers,
    });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.toString("latin1")).toContain("SIN VALIDEZ FISCAL");
    const xml = await bare.app.inject({
      method: "GET",
      url: `/api/facturas/${factura.cfdi_id}/xml`,
      headers: c.headers,
    });
    expect(xml.body).toContain('sinValidezFiscal="true"');
    expect(xml.body).not.toContain("cfdi:Comprobante");
  });
});
