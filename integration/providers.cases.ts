import { beforeAll, describe, expect, it } from "vitest";
import type { FacturapiFake } from "../test/doubles/payments/facturapi-fake";
import type { MercadoPagoFake } from "../test/doubles/payments/mercadopago-fake";
import type { PaypalFake } from "../test/doubles/payments/paypal-fake";
import type { StripeFake } from "../test/doubles/payments/stripe-fake";
import type { startS3TestServer } from "../test/doubles/s3-test-server";
import { BUCKET, type BuildSuite } from "./build-suite";
import type { CompiledServer, Json } from "./compiled-server";
import { decodeHeader, leaves, parseMime, type startSmtpServer } from "./smtp-server";

/**
 * Every provider on the production build (docs/decisions/0058): the compiled server, started as
 * `npm start` starts it, talks to a loopback double of each provider's API through the provider's
 * official SDK, and each test walks one real path through HTTP. This is where the compiled
 * server's "Facturapi is not a constructor" showed (decision 0057): the API suites run the
 * TypeScript through tsx and could not see it. The server and the doubles are the build suite's
 * (integration/build-suite.ts, decision 0132).
 */

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const FISCAL = {
  rfc: "GODE561231GR8",
  razon_social: "Ana García",
  regimen_fiscal: "612",
  codigo_postal: "06700",
  uso_cfdi: "G03",
};

let server: CompiledServer;
let facturapi: FacturapiFake;
let stripe: StripeFake;
let paypal: PaypalFake;
let mp: MercadoPagoFake;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let admin: string;
/** A one-off package of the demo studio (its first is the sign-up fee, which a new customer may buy). */
let pkg: { class_package_id: number; price: number };
/** A subscription package of the demo studio (no free trial). */
let monthly: { class_package_id: number };

let keys = 0;
const key = () => `build-${process.pid}-${Date.now()}-${++keys}`;

/** Sets the studio up for these paths on the suite's one server (integration/build-suite.ts). */
async function setUp(suite: BuildSuite) {
  ({ server, facturapi, stripe, paypal, mp, smtp, s3 } = suite);

  admin = await server.signIn("admin@demo.mx");
  const saved = await server.call("PUT", "/api/appconfig", {
    token: admin,
    body: [
      { key: "invoice_issuer_zip", value: "06700" },
      // Two days into the next month: a purchase made now can be invoiced whatever the day.
      { key: "invoice_request_days_after_month", value: 2 },
      { key: "oxxo_enabled", value: true },
      { key: "spei_enabled", value: true },
      { key: "mercadopago_enabled", value: true },
      { key: "files_location", value: "aws" },
      { key: "S3_ENDPOINT", value: s3.endpoint },
      { key: "bucket", value: BUCKET },
      { key: "region", value: "us-east-1" },
    ],
  });
  expect(saved.status, saved.bytes.toString()).toBe(200);
  const list = (await server.call("GET", "/api/class_packages")).json.class_packages as Json[];
  const oneOff = list.find(
    (p) => !p.is_subscription && !p.is_special_event && p.class_amount > 0 && Number(p.price) > 0,
  );
  if (!oneOff) throw new Error("el estudio demo no tiene un paquete de clases a la venta");
  pkg = { class_package_id: oneOff.class_package_id, price: Number(oneOff.sale_price ?? oneOff.price) };
  const sub = list.find((p) => p.is_subscription && !p.free_trial_length && Number(p.price) > 0);
  if (!sub) throw new Error("el estudio demo no tiene un paquete de suscripción");
  monthly = { class_package_id: sub.class_package_id };
}

/** Fails with the server's recent log: a 500's stack is there, not in the answer. */
function expectStatus(res: { status: number; bytes: Buffer }, status: number) {
  if (res.status !== status)
    throw new Error(
      `esperaba ${status}, respondió ${res.status}: ${res.bytes.toString()}\n--- servidor:\n${server.log()}`,
    );
}

const intentOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

/** A card purchase through Stripe's PaymentIntents: attempt, the browser's confirmation, confirm. */
async function buyWithStripeCard(token: string, class_package_id = pkg.class_package_id) {
  const attempt = await server.call("POST", "/api/checkout/attempt", {
    token,
    // Any other package than the sign-up fee is bought with it (a new customer owes it first).
    body: {
      class_package_id,
      idempotency_key: key(),
      ...(class_package_id === pkg.class_package_id ? {} : { include_signup_fee: true }),
    },
  });
  expectStatus(attempt, 200);
  const pi = intentOf(attempt.json.clientSecret);
  stripe.succeed(pi);
  const confirm = await server.call("POST", "/api/checkout/confirm", {
    token,
    body: { purchase_id: attempt.json.purchase_id, client_secret: attempt.json.clientSecret },
  });
  expectStatus(confirm, 200);
  return { purchase_id: attempt.json.purchase_id as number, pi };
}

function deliverStripe(type: string, object: unknown) {
  const signed = stripe.signed({ id: `evt_build_${key()}`, type, object });
  return server.call("POST", "/api/webhooks/stripe", {
    headers: { "content-type": "application/json", "stripe-signature": signed.signature },
    raw: signed.payload,
  });
}

/** The providers' paths, registered in integration/compiled-server.test.ts beside the others. */
export function providersCases(suite: () => BuildSuite) {
  beforeAll(() => setUp(suite()));

  describe("Facturapi (the PAC) on the compiled server", () => {
    let customer: Awaited<ReturnType<CompiledServer["newCustomer"]>>;
    let factura: Json;

    it("issues a customer's factura through the SDK: stamped, not a 500 (decision 0057)", async () => {
      customer = await server.newCustomer("Ana Factura");
      expectStatus(
        await server.call("PUT", "/api/fiscal-data", { token: customer.token, body: FISCAL }),
        200,
      );
      const { purchase_id } = await buyWithStripeCard(customer.token);
      const res = await server.call("POST", "/api/facturas", {
        token: customer.token,
        body: { purchase_id },
      });
      expectStatus(res, 200);
      factura = res.json.factura;
      expect(factura).toMatchObject({ status: "valid", preview: false, rfc: FISCAL.rfc });
      const sent = facturapi.calls.filter((c) => c.method === "POST" && c.path === "/v2/invoices").at(-1)!;
      expect(sent.body).toMatchObject({
        customer: { tax_id: FISCAL.rfc, tax_system: "612", address: { zip: "06700" } },
        use: "G03",
        payment_form: "04",
        payment_method: "PUE",
      });
      expect(factura.uuid).toBe([...facturapi.invoices.values()].at(-1)!.uuid);
    });

    it("downloads the stamped PDF and XML from the PAC", async () => {
      const pdf = await server.call("GET", `/api/facturas/${factura.cfdi_id}/pdf`, { token: customer.token });
      expectStatus(pdf, 200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      const xml = await server.call("GET", `/api/facturas/${factura.cfdi_id}/xml`, { token: customer.token });
      expectStatus(xml, 200);
      expect(xml.headers.get("content-type")).toMatch(/^application\/xml/);
      expect(xml.bytes.toString()).toContain(`UUID="${factura.uuid}"`);
    });

    it("emails it through SMTP with the PDF and XML attached (a real SMTP conversation, parsed)", async () => {
      // By its subject: the purchase's receipt, sent before it, mentions facturas in its text.
      const mail = await smtp.waitFor(customer.email, (m) =>
        /factura/i.test(decodeHeader(parseMime(m.raw).headers.subject ?? "")),
      );
      const message = parseMime(mail.raw);
      expect(mail.from).toBe("facturas@estudio.test");
      expect(decodeHeader(message.headers.subject ?? "")).toMatch(/factura/i);
      const parts = leaves(message);
      const named = (ext: string) =>
        parts.find((p) =>
          new RegExp(`filename="?[^"]*\\.${ext}"?`).test(p.headers["content-disposition"] ?? ""),
        );
      expect(named("pdf")?.body.subarray(0, 5).toString()).toBe("%PDF-");
      expect(named("xml")?.body.toString()).toContain(factura.uuid);
      const text = parts.find((p) => (p.headers["content-type"] ?? "").startsWith("text/plain"));
      expect(text?.body.toString("utf8")).toContain(FISCAL.rfc);
    });

    it("cancels at the PAC with SAT's motive, and shows the PAC's answer", async () => {
      const res = await server.call("POST", `/api/facturas/admin/${factura.cfdi_id}/cancel`, {
        token: admin,
        body: { motive: "02" },
      });
      expectStatus(res, 200);
      expect(res.json.factura).toMatchObject({ status: "cancelled", cancellation_motive: "02" });
      expect(res.json.pac_answer).toMatch(/^El SAT aceptó la cancelación \(motivo 02/);
      const atPac = [...facturapi.invoices.values()].find((i) => i.uuid === factura.uuid)!;
      expect(atPac).toMatchObject({ status: "canceled", cancellation_motive: "02" });
      // The customer sees the same status.
      const mine = await server.call("GET", "/api/facturas", { token: customer.token });
      expect(mine.json.facturas.find((f: Json) => f.cfdi_id === factura.cfdi_id).status).toBe("cancelled");
    });

    it("issues a closed month's factura global to público en general, concept Venta", async () => {
      // Two months back: its window is closed whatever today is, and the demo studio sold in it.
      const now = new Date();
      const back = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15));
      const period = `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, "0")}`;
      const res = await server.call("POST", "/api/facturas/admin/global", { token: admin, body: { period } });
      expectStatus(res, 200);
      expect(res.json.factura).toMatchObject({
        kind: "global",
        period,
        status: "valid",
        rfc: "XAXX010101000",
      });
      const sent = facturapi.calls.filter((c) => c.method === "POST" && c.path === "/v2/invoices").at(-1)!
        .body as Json;
      expect(sent).toMatchObject({
        customer: { tax_id: "XAXX010101000", legal_name: "PUBLICO EN GENERAL", tax_system: "616" },
        use: "S01",
        global: { periodicity: "month", months: period.slice(5), year: Number(period.slice(0, 4)) },
      });
      expect(new Set(sent.items.map((i: Json) => i.product.description))).toEqual(new Set(["Venta"]));
    });

    // docs/decisions/0072: refunds of invoiced purchases, and cancellations the receiver must accept.
    const invoiced = async (name: string, class_package_id?: number) => {
      const c = await server.newCustomer(name);
      expectStatus(await server.call("PUT", "/api/fiscal-data", { token: c.token, body: FISCAL }), 200);
      const { purchase_id } = await buyWithStripeCard(c.token, class_package_id);
      const res = await server.call("POST", "/api/facturas", { token: c.token, body: { purchase_id } });
      expectStatus(res, 200);
      return { customer: c, purchase_id, factura: res.json.factura as Json };
    };
    const refund = (purchase_id: number, amount?: number) =>
      server.call("POST", `/api/purchases/admin/${purchase_id}/refund`, {
        token: admin,
        body: { amount, reason: "Prueba", idempotency_key: key() },
      });

    it("a partial refund: a nota de crédito (egreso, TipoRelacion 01) stamped through the SDK", async () => {
      const { customer: c, purchase_id, factura: f } = await invoiced("Gil Nota");
      expectStatus(await refund(purchase_id, 50), 200);
      const sent = facturapi.calls.filter((x) => x.method === "POST" && x.path === "/v2/invoices").at(-1)!
        .body as Json;
      expect(sent).toMatchObject({
        type: "E",
        payment_method: "PUE",
        related_documents: [{ relationship: "01", documents: [f.uuid] }],
      });
      expect(sent.items[0].product).toMatchObject({ price: 50, tax_included: true });
      const mine = (await server.call("GET", "/api/facturas", { token: c.token })).json.facturas as Json[];
      expect(mine.map((x) => [x.kind, x.status, x.total])).toEqual([
        ["egreso", "valid", 50],
        ["ingreso", "valid", f.total],
      ]);
      const xml = await server.call("GET", `/api/facturas/${mine[0]!.cfdi_id}/xml`, { token: c.token });
      expectStatus(xml, 200);
      expect(xml.bytes.toString()).toContain('TipoDeComprobante="E"');
    });

    it("a full refund over $1,000: the cancellation waits for the receiver; asking SAT records the acceptance", async () => {
      const list = (await server.call("GET", "/api/class_packages")).json.class_packages as Json[];
      const big = list.find(
        (p) => !p.is_subscription && !p.is_special_event && Number(p.sale_price ?? p.price) > 1000,
      );
      if (!big) throw new Error("el estudio demo no tiene un paquete de más de $1,000");
      const {
        customer: c,
        purchase_id,
        factura: f,
      } = await invoiced("Lia Cancelación", big.class_package_id);
      expectStatus(await refund(purchase_id), 200);
      const listed = (await server.call("GET", "/api/facturas/admin?kind=ingreso", { token: admin })).json
        .facturas as Json[];
      expect(listed.find((x) => x.cfdi_id === f.cfdi_id)).toMatchObject({
        status: "valid",
        cancellation_motive: "03",
        cancellation_status: "pending",
      });
      const atPac = [...facturapi.invoices.values()].find((i) => i.uuid === f.uuid)!;
      expect(atPac.cancellation_status).toBe("pending");
      facturapi.receiverAnswers(atPac.id, "accepted");
      const asked = await server.call("POST", `/api/facturas/admin/${f.cfdi_id}/cancellation-status`, {
        token: admin,
      });
      expectStatus(asked, 200);
      expect(asked.json.factura).toMatchObject({ status: "cancelled", cancellation_status: "accepted" });
      expect(
        facturapi.calls.some((x) => x.method === "PUT" && x.path === `/v2/invoices/${atPac.id}/status`),
      ).toBe(true);
      const mine = (await server.call("GET", "/api/facturas", { token: c.token })).json.facturas as Json[];
      expect(mine[0]).toMatchObject({ status: "cancelled", cancellation_status: "accepted" });
    });
  });

  describe("S3-compatible storage (s3rver on loopback) on the compiled server", () => {
    it("uploads, reads back, refuses a private file to others, deletes", async () => {
      const form = (file: Buffer, name: string, fields: Record<string, string> = {}) => {
        const data = new FormData();
        for (const [k, v] of Object.entries(fields)) data.append(k, v);
        data.append("file", new Blob([new Uint8Array(file)]), name);
        return data;
      };
      const image = await server.call("POST", "/api/files", {
        token: admin,
        raw: form(PNG, "logo.png", { kind: "image" }),
      });
      expectStatus(image, 201);
      const src = image.json.file.src as string;
      expect(src).toMatch(/^\/files\/s3\/uploads\/[0-9a-f-]{36}\.png$/);
      expect(s3.keys(BUCKET)).toContain(src.replace(/^\/files\/s3\//, ""));
      const served = await server.call("GET", src);
      expect(served.status).toBe(302);
      const object = await fetch(served.headers.get("location")!);
      expect(object.status).toBe(200);
      expect(Buffer.from(await object.arrayBuffer()).equals(PNG)).toBe(true);

      const owner = await server.newCustomer("Bea Archivo");
      const doc = await server.call("POST", "/api/files", {
        token: owner.token,
        raw: form(PDF, "certificado.pdf"),
      });
      expectStatus(doc, 201);
      expect(doc.json.file.private).toBe(true);
      const privateSrc = doc.json.file.src as string;
      expect((await server.call("GET", privateSrc)).status).toBe(404);
      const other = await server.newCustomer("Otro Cliente");
      expect((await server.call("GET", privateSrc, { token: other.token })).status).toBe(404);
      const mine = await server.call("GET", privateSrc, { token: owner.token });
      expect(mine.status).toBe(302);
      const signed = await fetch(mine.headers.get("location")!);
      expect(Buffer.from(await signed.arrayBuffer()).equals(PDF)).toBe(true);

      const objectKey = privateSrc.replace(/^\/files\//, "");
      expect(s3.keys(BUCKET)).toContain(objectKey);
      expectStatus(
        await server.call("DELETE", `/api/files/${doc.json.file.file_id}`, { token: owner.token }),
        200,
      );
      expect(s3.keys(BUCKET)).not.toContain(objectKey);
      expect((await server.call("GET", privateSrc, { token: owner.token })).status).toBe(404);
    });
  });

  describe("Stripe on the compiled server", () => {
    it("card: a PaymentIntent confirmed, then its signed webhook acknowledged once", async () => {
      const c = await server.newCustomer("Caro Tarjeta");
      const { pi } = await buyWithStripeCard(c.token);
      const created = stripe.requests.find((r) => r.path === "/v1/payment_intents" && r.method === "POST")!;
      expect(created.form).toMatchObject({ currency: "mxn", amount: String(Math.round(pkg.price * 100)) });
      const first = await deliverStripe("payment_intent.succeeded", stripe.intents.get(pi));
      expectStatus(first, 200);
      const bad = await server.call("POST", "/api/webhooks/stripe", {
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=mala" },
        raw: JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded" }),
      });
      expect(bad.status).toBe(400);
    });

    it("saved card: Stripe's setup, then one tap pays with it", async () => {
      const c = await server.newCustomer("Dani Guardada");
      const setup = await server.call("POST", "/api/metodosPago/setup", {
        token: c.token,
        body: { idempotency_key: key() },
      });
      expectStatus(setup, 200);
      stripe.completeSetup(setup.json.id, "pm_saved_build");
      const done = await server.call("POST", "/api/metodosPago/setup/complete", {
        token: c.token,
        body: { setup_id: setup.json.id },
      });
      expectStatus(done, 200);
      const source = done.json.metodo_pago;
      expect(source).toMatchObject({ provider: "stripe", source_id: "pm_saved_build" });
      const attempt = await server.call("POST", "/api/checkout/attempt", {
        token: c.token,
        body: { class_package_id: pkg.class_package_id, idempotency_key: key() },
      });
      expectStatus(attempt, 200);
      const paid = await server.call("POST", "/api/checkout/confirm", {
        token: c.token,
        body: {
          purchase_id: attempt.json.purchase_id,
          client_secret: attempt.json.clientSecret,
          payment_source_id: source.payment_source_id,
        },
      });
      expectStatus(paid, 200);
    });

    it("OXXO and SPEI: a voucher, then paid by Stripe's webhook", async () => {
      for (const method of ["oxxo", "spei"] as const) {
        const c = await server.newCustomer(`Eli ${method}`);
        const res = await server.call("POST", "/api/checkout/offline", {
          token: c.token,
          body: { class_package_id: pkg.class_package_id, method, idempotency_key: key() },
        });
        expectStatus(res, 200);
        expect(res.json.voucher).toMatchObject({ method, status: "pending", sandbox: false });
        const pi = [...stripe.intents.values()].find(
          (i) => i.metadata.purchase_id === String(res.json.purchase_id),
        )!;
        stripe.payOffline(pi.id);
        expectStatus(await deliverStripe("payment_intent.succeeded", stripe.intents.get(pi.id)), 200);
        const after = await server.call("GET", `/api/checkout/offline/${res.json.purchase_id}`, {
          token: c.token,
        });
        expect(after.json.voucher.status).toBe("paid");
      }
    });

    it("refund from the back office through refunds.create", async () => {
      const c = await server.newCustomer("Fer Reembolso");
      const { purchase_id, pi } = await buyWithStripeCard(c.token);
      const res = await server.call("POST", `/api/purchases/admin/${purchase_id}/refund`, {
        token: admin,
        body: { amount: 100, reason: "Prueba", idempotency_key: key() },
      });
      expectStatus(res, 200);
      expect(res.json.refund).toMatchObject({ status: "succeeded", provider: "stripe", amount: 100 });
      expect(stripe.refundedOn(pi)).toBe(10_000);
    });
  });

  describe("Mercado Pago on the compiled server", () => {
    it("Checkout Pro, its signed notification grants, and a refund through the back office", async () => {
      const c = await server.newCustomer("Gabi Mercado");
      const start = await server.call("POST", "/api/checkout/mercadopago", {
        token: c.token,
        body: { class_package_id: pkg.class_package_id, idempotency_key: key() },
      });
      expectStatus(start, 200);
      expect(mp.preferences.get(start.json.preference_id)!.body).toMatchObject({
        external_reference: String(start.json.purchase_id),
      });
      const paymentId = mp.pay(start.json.preference_id);
      const n = mp.notification("payment", paymentId);
      const delivered = await server.call("POST", n.url, { headers: n.headers, raw: n.payload });
      expectStatus(delivered, 200);
      expect(delivered.json).toEqual({ received: true, result: "granted" });
      const refund = await server.call("POST", `/api/purchases/admin/${start.json.purchase_id}/refund`, {
        token: admin,
        body: { amount: 50, reason: "Prueba", idempotency_key: key() },
      });
      expectStatus(refund, 200);
      expect(refund.json.refund).toMatchObject({ status: "succeeded", provider: "mercadopago" });
      expect(mp.payments.get(paymentId)!.refunds[0]).toMatchObject({ amount: 50 });
    });
  });

  describe("PayPal on the compiled server", () => {
    it("an order approved by the buyer is captured once and grants", async () => {
      const c = await server.newCustomer("Hugo PayPal");
      const start = await server.call("POST", "/api/checkout/paypal", {
        token: c.token,
        body: { class_package_id: pkg.class_package_id, idempotency_key: key() },
      });
      expectStatus(start, 200);
      const { orderID, purchase_id } = start.json;
      expect(paypal.orders.get(orderID)).toMatchObject({ custom_id: String(purchase_id) });
      paypal.approve(orderID);
      const captured = await server.call("POST", "/api/checkout/capture", {
        token: c.token,
        body: { orderID },
      });
      expectStatus(captured, 200);
      expect(captured.json.purchase_id).toBe(purchase_id);
    });

    it("a subscription: a Billing plan, the approved subscription grants, cancelling stops it at PayPal", async () => {
      const c = await server.newCustomer("Iris Suscripción");
      // The demo studio charges a sign-up fee before the first package: paid with a PayPal order.
      const fee = await server.call("POST", "/api/checkout/paypal", {
        token: c.token,
        body: { class_package_id: monthly.class_package_id, idempotency_key: key() },
      });
      if (fee.status === 412 && fee.json.code === "SIGNUP_FEE_REQUIRED") {
        const order = await server.call("POST", "/api/checkout/paypal", {
          token: c.token,
          body: { class_package_id: fee.json.signup_fee_package_id, idempotency_key: key() },
        });
        expectStatus(order, 200);
        paypal.approve(order.json.orderID);
        expectStatus(
          await server.call("POST", "/api/checkout/capture", {
            token: c.token,
            body: { orderID: order.json.orderID },
          }),
          200,
        );
      }
      const start = await server.call("POST", "/api/checkout/paypal", {
        token: c.token,
        body: { class_package_id: monthly.class_package_id, idempotency_key: key() },
      });
      expectStatus(start, 200);
      const { plan_id, purchase_id } = start.json;
      expect(paypal.plans.get(plan_id)).toBeDefined();
      const subscriptionID = paypal.subscribe(plan_id);
      expectStatus(
        await server.call("POST", "/api/checkout/capture", { token: c.token, body: { subscriptionID } }),
        200,
      );
      const cancel = await server.call("POST", `/api/purchases/cancel/${purchase_id}`, {
        token: c.token,
        body: { reason: "Ya no voy" },
      });
      expectStatus(cancel, 200);
      expect(paypal.subscriptions.get(subscriptionID)!.status).toBe("CANCELLED");
    });
  });
}
