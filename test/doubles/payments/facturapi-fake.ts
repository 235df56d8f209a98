import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An in-process stand-in for Facturapi's v2 API (the PAC) in tests: POST /invoices validates the
 * request as the real API does for the fields we send (receiver, items and their IVA, uso,
 * forma de pago, global and egreso specifics) and answers like it; GET .../pdf and .../xml give
 * documents with their real content types; DELETE cancels with a motive (answering "pending"
 * where SAT asks the receiver to accept: over $1,000 to a named receiver, as Facturapi documents);
 * PUT .../status answers SAT's current status (the test decides the receiver's answer with
 * `receiverAnswers`); POST .../email sends.
 * The app reaches it through FACTURAPI_API_URL (the SDK's BASE_URL).
 */

export type FakeInvoice = {
  id: string;
  uuid: string;
  status: "valid" | "canceled";
  /** Facturapi's cancellation_status: "pending" while the receiver has to accept it. */
  cancellation_status: "none" | "pending" | "accepted" | "rejected" | "expired";
  type: string;
  total: number;
  body: Record<string, unknown>;
  cancellation_motive?: string;
  emails: string[];
};

export type FacturapiCall = { method: string; path: string; query: URLSearchParams; body: unknown };

const PAYMENT_FORMS = new Set(["01", "02", "03", "04", "05", "06", "08", "12", "28", "29", "31", "99"]);
const PERIODICITIES = new Set(["day", "week", "fortnight", "month", "two_months"]);
const RATES = new Set([0.16, 0.08, 0]);

function problem(body: Record<string, unknown>): { message: string; path?: string } | null {
  const customer = body.customer as Record<string, unknown> | undefined;
  if (!customer || typeof customer !== "object") return { message: "customer is required", path: "customer" };
  const taxId = String(customer.tax_id ?? "");
  if (!/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/.test(taxId))
    return { message: "customer.tax_id is not a valid RFC", path: "customer.tax_id" };
  if (typeof customer.legal_name !== "string" || !customer.legal_name.trim())
    return { message: "customer.legal_name is required", path: "customer.legal_name" };
  if (!/^\d{3}$/.test(String(customer.tax_system ?? "")))
    return { message: "customer.tax_system is required", path: "customer.tax_system" };
  const zip = (customer.address as Record<string, unknown> | undefined)?.zip;
  if (!(zip === undefined && taxId === "XAXX010101000") && !/^\d{5}$/.test(String(zip ?? "")))
    return { message: "customer.address.zip is required", path: "customer.address.zip" };
  const items = body.items as Record<string, unknown>[] | undefined;
  if (!Array.isArray(items) || items.length === 0) return { message: "items is required", path: "items" };
  for (const [i, item] of items.entries()) {
    const product = item.product as Record<string, unknown> | undefined;
    if (!product) return { message: "product is required", path: `items.${i}.product` };
    if (typeof product.description !== "string" || !product.description.trim())
      return { message: "product.description is required", path: `items.${i}.product.description` };
    if (!/^\d{8}$/.test(String(product.product_key ?? "")))
      return { message: "product.product_key must be 8 digits", path: `items.${i}.product.product_key` };
    if (typeof product.price !== "number" || !(product.price > 0))
      return { message: "product.price must be positive", path: `items.${i}.product.price` };
    if (product.tax_included !== true && product.tax_included !== false)
      return { message: "product.tax_included must be boolean", path: `items.${i}.product.tax_included` };
    const taxes = product.taxes as Record<string, unknown>[] | undefined;
    if (!Array.isArray(taxes) || taxes.length === 0)
      return { message: "product.taxes is required", path: `items.${i}.product.taxes` };
    for (const tax of taxes) {
      const ok = tax.type === "IVA" && (tax.factor === "Exento" || RATES.has(Number(tax.rate)));
      if (!ok) return { message: "invalid IVA tax", path: `items.${i}.product.taxes` };
    }
  }
  if (!PAYMENT_FORMS.has(String(body.payment_form)))
    return { message: "payment_form is not in c_FormaPago", path: "payment_form" };
  if (typeof body.use !== "string") return { message: "use is required", path: "use" };
  const global = body.global as Record<string, unknown> | undefined;
  const generic = taxId === "XAXX010101000";
  if (global) {
    if (!PERIODICITIES.has(String(global.periodicity)))
      return { message: "global.periodicity is invalid", path: "global.periodicity" };
    if (!/^(0[1-9]|1[0-2])$/.test(String(global.months)))
      return { message: "global.months is invalid", path: "global.months" };
    if (typeof global.year !== "number") return { message: "global.year is invalid", path: "global.year" };
    if (!generic || customer.tax_system !== "616" || body.use !== "S01")
      return { message: "a global invoice is for PUBLICO EN GENERAL (616, S01)", path: "customer" };
    if (customer.legal_name !== "PUBLICO EN GENERAL")
      return { message: "legal_name must be PUBLICO EN GENERAL", path: "customer.legal_name" };
    // SAT's Guía de llenado (factura global): every concept is "Venta", 01010101, ACT; a nota de
    // crédito to público en general keeps the keys and describes the return.
    for (const [i, item] of body.type === "E" ? [] : items.entries()) {
      const product = item.product as Record<string, unknown>;
      if (product.description !== "Venta" || product.product_key !== "01010101" || product.unit_key !== "ACT")
        return {
          message: "a global invoice's concepts are Venta, 01010101, ACT",
          path: `items.${i}.product`,
        };
    }
  } else if (generic) {
    // Anexo 20: InformacionGlobal on every CFDI to XAXX010101000 "PUBLICO EN GENERAL" (an egreso
    // crediting a factura global included).
    return { message: "XAXX010101000 needs the global field", path: "global" };
  }
  if (body.type === "E") {
    const related = body.related_documents as { relationship?: string; documents?: string[] }[] | undefined;
    if (!related?.[0]?.documents?.length || related[0].relationship !== "01")
      return { message: "an egreso needs related_documents with relationship 01", path: "related_documents" };
    if (body.payment_method !== "PUE") return { message: "an egreso is PUE", path: "payment_method" };
  }
  return null;
}

function totalOf(body: Record<string, unknown>): number {
  let cents = 0;
  for (const item of body.items as { quantity?: number; product: { price: number } }[]) {
    cents += Math.round(item.product.price * 100) * (item.quantity ?? 1);
  }
  return cents / 100;
}

export async function startFacturapiFake() {
  const invoices = new Map<string, FakeInvoice>();
  const calls: FacturapiCall[] = [];
  /** Set to make the next POST /invoices answer this (a PAC refusal or outage). */
  const next: { fail?: { status: number; message: string } } = {};
  /** The receiver's answer to a pending cancellation, given at the next status check. */
  const answers = new Map<string, "accepted" | "rejected">();
  let count = 0;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      calls.push({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_test_"))
        return json(401, { message: "Invalid API key", status: 401 });
      const path = url.pathname.replace(/^\/v2/, "");
      // The organization the secret key belongs to (Facturapi's Organization object, trimmed to
      // what the studio shows: legal data, the CSD, whether it can stamp for real).
      if (req.method === "GET" && path === "/organizations/me")
        return json(200, {
          id: "org_fake",
          is_production_ready: true,
          pending_steps: [],
          legal: {
            name: "Estudio Pulso",
            legal_name: "ESTUDIO PULSO",
            tax_id: "EPU180101AB1",
            tax_system: "601",
            address: { zip: "06700" },
          },
          certificate: {
            has_certificate: true,
            updated_at: "2026-01-10T18:00:00.000Z",
            expires_at: "2030-01-10T18:00:00.000Z",
            serial_number: "30001000000500003416",
          },
        });
      const match = /^\/invoices\/([^/]+)(?:\/(pdf|xml|email|status))?$/.exec(path);
      if (req.method === "POST" && path === "/invoices") {
        if (next.fail) {
          const fail = next.fail;
          next.fail = undefined;
          return json(fail.status, { message: fail.message, status: fail.status });
        }
        const wrong = problem(body ?? {});
        if (wrong) return json(400, { ...wrong, status: 400 });
        count += 1;
        const invoice: FakeInvoice = {
          id: `inv_fake_${count}`,
          uuid: randomUUID().toUpperCase(),
          status: "valid",
          type: String(body?.type ?? "I"),
          total: totalOf(body!),
          body: body!,
          cancellation_status: "none",
          emails: [],
        };
        invoices.set(invoice.id, invoice);
        return json(200, {
          id: invoice.id,
          uuid: invoice.uuid,
          status: invoice.status,
          type: invoice.type,
          total: invoice.total,
          folio_number: count,
          cancellation_status: invoice.cancellation_status,
        });
      }
      const id = match?.[1];
      const invoice = id === undefined ? undefined : invoices.get(id);
      if (!match || !invoice) return json(404, { message: "Invoice not found", status: 404 });
      if (req.method === "GET" && match[2] === "pdf") {
        res.writeHead(200, { "content-type": "application/pdf" });
        return res.end(`%PDF-1.4\n% factura ${invoice.uuid}\n%%EOF\n`);
      }
      if (req.method === "GET" && match[2] === "xml") {
        res.writeHead(200, { "content-type": "application/xml" });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" TipoDeComprobante="${invoice.type}" Total="${invoice.total.toFixed(2)}"><cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${invoice.uuid}"/></cfdi:Complemento></cfdi:Comprobante>`,
        );
      }
      if (req.method === "POST" && match[2] === "email") {
        invoice.emails.push(String((body as { email?: string } | null)?.email ?? ""));
        return json(200, { ok: true });
      }
      const answer = () =>
        json(200, {
          id: invoice.id,
          uuid: invoice.uuid,
          type: invoice.type,
          total: invoice.total,
          status: invoice.status,
          cancellation_status: invoice.cancellation_status,
        });
      // Facturapi's "update status": asks SAT again; a pending cancellation gets the receiver's answer.
      if (req.method === "PUT" && match[2] === "status") {
        const given = answers.get(invoice.id);
        if (invoice.cancellation_status === "pending" && given) {
          answers.delete(invoice.id);
          invoice.cancellation_status = given;
          if (given === "accepted") invoice.status = "canceled";
        }
        return answer();
      }
      if (req.method === "DELETE" && !match[2]) {
        if (invoice.status === "canceled")
          return json(400, { message: "La factura ya está cancelada", status: 400 });
        if (invoice.cancellation_status === "pending")
          return json(400, {
            message: "La factura ya tiene una solicitud de cancelación en proceso",
            status: 400,
          });
        const motive = url.searchParams.get("motive") ?? "";
        if (!["01", "02", "03", "04"].includes(motive))
          return json(400, { message: "motive is required", path: "motive", status: 400 });
        const substitution = url.searchParams.get("substitution");
        if (motive === "01" && !substitution)
          return json(400, { message: "motive 01 needs substitution", status: 400 });
        // Facturapi's `substitution` is the id of a valid invoice of the organization.
        if (motive === "01" && (substitution === id || invoices.get(substitution!)?.status !== "valid"))
          return json(400, { message: "substitution must be another valid invoice", status: 400 });
        invoice.cancellation_motive = motive;
        // SAT's rule (Facturapi: "cancelación con aceptación"): a CFDI over $1,000 to a named
        // receiver waits for their acceptance; público en general and notas de crédito do not.
        const customer = invoice.body.customer as { tax_id?: string };
        if (invoice.total > 1000 && customer.tax_id !== "XAXX010101000" && invoice.type === "I") {
          invoice.cancellation_status = "pending";
          return answer();
        }
        invoice.status = "canceled";
        invoice.cancellation_status = "accepted";
        return answer();
      }
      return json(404, { message: "not faked", status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    key: "sk_test_fake_facturapi",
    invoices,
    calls,
    next,
    /** What the receiver answers a pending cancellation of this invoice (at the next status check). */
    receiverAnswers: (id: string, given: "accepted" | "rejected") => answers.set(id, given),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FacturapiFake = Awaited<ReturnType<typeof startFacturapiFake>>;
