import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { accessUntilText } from "../../../domain/subscription-cancel";
import { available_classes } from "../../db/schema/credits";
import { email_outbox } from "../../db/schema/mail";
import { payment_methods } from "../../db/schema/payments";
import { invoices, payment_vouchers, purchases } from "../../db/schema/purchases";
import type { TestApp } from "../../test/build-test-app";
import { addPackage, buyWithCard, customerLogin, newKey, type Shop, token } from "../../test/commerce";
import { withShopApp } from "../../test/fixtures";
import { runRenewals } from "../purchases/purchases.jobs";
import { sendDueReceipts } from "../purchases/receipt-email";
import { expireOverdueVouchers } from "./offline-payments.service";

/**
 * Customers helping themselves at checkout (decision 0017) on the demo's sandbox: the wallet
 * played by the sandbox, the sign-up fee paid with the package in one payment, saved cards, and
 * what Mis Compras lists.
 */
let t: TestApp;
let shop: Shop;
let admin: { headers: Record<string, string> };
withShopApp((booted) => {
  ({ t, shop, admin } = booted);
});

const inject = (method: "GET" | "POST", url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });
const row = async (id: number) =>
  (await t.app.db.select().from(purchases).where(eq(purchases.purchase_id, id)))[0]!;
const creditsOf = (id: number) =>
  t.app.db.select().from(available_classes).where(eq(available_classes.purchase_id, id));

describe("the sandbox plays the wallet (no PayPal keys)", () => {
  beforeAll(async () => {
    await t.app.db.insert(payment_methods).values({ name: "PayPal", provider: "paypal", order: 2 });
  });

  it("says which processor plays each path", async () => {
    const r = await t.app.inject({ method: "GET", url: "/api/checkout/providers" });
    expect(r.json()).toEqual({ card: "sandbox", wallet: "sandbox" });
  });

  it("an order id, then the capture answers '¡Pago exitoso!' and grants once", async () => {
    const { headers } = await customerLogin(t);
    const start = await inject("POST", "/api/checkout/paypal", headers, {
      class_package_id: shop.packages.ten.class_package_id,
      idempotency_key: newKey(),
    });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ total: 1350, orderID: expect.stringMatching(/^SBX-135000-/) });
    const { orderID, purchase_id } = start.json();
    const capture = await inject("POST", "/api/checkout/capture", headers, { orderID });
    expect(capture.statusCode).toBe(200);
    expect(capture.json()).toEqual({ purchase_id, message: messages.paymentSuccess });
    expect(await row(purchase_id)).toMatchObject({ status: "completed", provider: "paypal" });
    expect(await creditsOf(purchase_id)).toMatchObject([{ available_classes: 10 }]);
    // A second capture (double click) answers the same purchase and grants nothing more.
    expect((await inject("POST", "/api/checkout/capture", headers, { orderID })).json()).toMatchObject({
      purchase_id,
    });
    expect(await creditsOf(purchase_id)).toHaveLength(1);
  });

  it("a made-up order id or someone else's order grants nothing", async () => {
    const a = await customerLogin(t);
    const b = await customerLogin(t);
    const forged = await inject("POST", "/api/checkout/capture", a.headers, {
      orderID: "SBX-1-AAAAAAAAAAAA-BBBBBBBBBBBBBBBB",
    });
    expect(forged.statusCode).toBe(404);
    const start = await inject("POST", "/api/checkout/paypal", a.headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
    });
    const other = await inject("POST", "/api/checkout/capture", b.headers, { orderID: start.json().orderID });
    expect(other.statusCode).toBe(404);
    expect((await row(start.json().purchase_id)).status).toBe("pending");
  });

  it("a subscription gets a plan id; the approved subscription is captured and active", async () => {
    const { headers } = await customerLogin(t);
    const start = await inject("POST", "/api/checkout/paypal", headers, {
      class_package_id: shop.packages.unlimited.class_package_id,
      idempotency_key: newKey(),
    });
    const { plan_id, purchase_id } = start.json();
    expect(plan_id).toMatch(/^P-SBX/);
    // The wallet's approval makes the subscription on the plan (what PayPal's button does).
    const subscriptionID = `I-${plan_id.slice(2)}`;
    const capture = await inject("POST", "/api/checkout/capture", headers, { subscriptionID });
    expect(capture.json()).toEqual({ purchase_id, message: messages.paymentSuccess });
    expect(await row(purchase_id)).toMatchObject({ status: "active", subscription_id: subscriptionID });
  });
});

describe("sign-up fee and package in one payment", () => {
  let feeId: number;
  beforeAll(async () => {
    const fee = await addPackage(t, { title: "Inscripción", price: "300.00", limit_per_customer: 1 });
    feeId = fee.class_package_id;
    await t.app.appConfig.update([{ key: "signup_fee_package_id", value: feeId }]);
  });
  afterAll(async () => {
    await t.app.appConfig.update([{ key: "signup_fee_package_id", value: 0 }]);
  });

  const attempt = (headers: Record<string, string>, classPackageId: number, extra: object = {}) =>
    inject("POST", "/api/checkout/attempt", headers, {
      class_package_id: classPackageId,
      idempotency_key: newKey(),
      include_signup_fee: true,
      ...extra,
    });

  it("card: one charge for both, two purchases granted, the thank-you page lists both lines", async () => {
    const { headers } = await customerLogin(t);
    const start = await attempt(headers, shop.packages.five.class_package_id);
    expect(start.statusCode).toBe(200);
    // 750 + 300 in one payment.
    expect(start.json()).toMatchObject({ total: 1050, signup_fee_purchase_id: expect.any(Number) });
    const { purchase_id, clientSecret, signup_fee_purchase_id } = start.json();
    const confirm = await inject("POST", "/api/checkout/confirm", headers, {
      purchase_id,
      client_secret: clientSecret,
      payment_method: token("4242424242424242"),
    });
    expect(confirm.statusCode).toBe(200);
    expect(await row(purchase_id)).toMatchObject({ status: "completed" });
    expect(await row(signup_fee_purchase_id)).toMatchObject({ status: "completed", title: "Inscripción" });
    const detail = (await inject("GET", `/api/purchases/${purchase_id}`, headers)).json().purchase;
    expect(detail.paid_with).toEqual([
      { purchase_id: signup_fee_purchase_id, title: "Inscripción", total_payment: 300 },
    ]);
    // The fee is paid now: the next package needs no fee.
    expect((await buyWithCard(t, headers, shop.packages.ten.class_package_id)).confirm.statusCode).toBe(200);
  });

  it("a declined card fails both: nothing is listed in Mis Compras, both charges are declined in Mis Cargos", async () => {
    const { headers } = await customerLogin(t);
    const start = await attempt(headers, shop.packages.five.class_package_id);
    const { purchase_id, clientSecret, signup_fee_purchase_id } = start.json();
    const confirm = await inject("POST", "/api/checkout/confirm", headers, {
      purchase_id,
      client_secret: clientSecret,
      payment_method: token("4000000000009995"),
    });
    expect(confirm.statusCode).toBe(402);
    expect((await row(signup_fee_purchase_id)).status).toBe("failed");
    expect((await inject("GET", "/api/purchases", headers)).json().purchases).toEqual([]);
    const charges = (await inject("GET", "/api/invoices", headers)).json().invoices;
    expect(charges.map((c: { status: string }) => c.status)).toEqual(["failed", "failed"]);
    // Without the flag the fee is still asked for first (docs/product-rules.md#checkout).
    const plain = await inject("POST", "/api/checkout/attempt", headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
    });
    expect(plain.statusCode).toBe(412);
    expect(plain.json()).toMatchObject({ code: "SIGNUP_FEE_REQUIRED", signup_fee_package_id: feeId });
  });

  it("cash: one order; the studio confirms it once and both are paid", async () => {
    const { headers } = await customerLogin(t);
    const r = await inject("POST", "/api/checkout", headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
      include_signup_fee: true,
    });
    expect(r.statusCode).toBe(200);
    const { purchase_id, signup_fee_purchase_id } = r.json();
    expect((await row(signup_fee_purchase_id)).status).toBe("pending");
    const confirm = await inject("POST", `/api/purchases/admin/${purchase_id}/confirm`, admin.headers);
    expect(confirm.statusCode).toBe(200);
    expect(await row(purchase_id)).toMatchObject({ status: "completed" });
    expect(await row(signup_fee_purchase_id)).toMatchObject({ status: "completed" });
    const paid = await t.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.purchase_id, signup_fee_purchase_id));
    expect(paid).toMatchObject([{ status: "paid", total_payment: "300.00" }]);
  });

  it("hosted session and wallet: one payment of the sum pays both", async () => {
    const { headers } = await customerLogin(t);
    const session = await attempt(headers, shop.packages.five.class_package_id, {
      mode: "session",
      then_package_id: 99,
    });
    const url = new URL(session.json().session.url);
    expect(url.searchParams.get("amount")).toBe("105000");
    const pay = await t.app.inject({
      method: "POST",
      url: `${url.pathname.replace(/^(.*session\/[^/]+)$/, "$1/pay")}${url.search}`,
      payload: "number=4242424242424242&exp=12%2F2099&cvc=123",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toMatch(/\/gracias\/\d+\?paquete=99$/);
    expect((await row(session.json().signup_fee_purchase_id)).status).toBe("completed");

    const other = await customerLogin(t);
    const wallet = await inject("POST", "/api/checkout/paypal", other.headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
      include_signup_fee: true,
    });
    expect(wallet.json()).toMatchObject({ total: 1050 });
    const capture = await inject("POST", "/api/checkout/capture", other.headers, {
      orderID: wallet.json().orderID,
    });
    expect(capture.json()).toEqual({
      purchase_id: wallet.json().purchase_id,
      message: messages.paymentSuccess,
    });
    expect((await row(wallet.json().signup_fee_purchase_id)).status).toBe("completed");
  });

  describe("the fee is paid once, whatever order the methods are tried in (decision 0050)", () => {
    beforeAll(async () => {
      await t.app.appConfig.update([
        { key: "oxxo_enabled", value: true },
        { key: "spei_enabled", value: true },
      ]);
    });
    const offline = (headers: Record<string, string>, classPackageId: number, method: "oxxo" | "spei") =>
      inject("POST", "/api/checkout/offline", headers, {
        class_package_id: classPackageId,
        method,
        idempotency_key: newKey(),
        include_signup_fee: true,
      });
    const feeOf = async (customerId: number) =>
      (await t.app.db.select().from(purchases).where(eq(purchases.customer_id, customerId))).filter(
        (p) => p.class_package_id === feeId,
      );
    const feeState = async (headers: Record<string, string>) =>
      (await inject("GET", "/api/checkout/signup-fee", headers)).json();

    it("OXXO, then SPEI, then card: the fee rides on the OXXO voucher only, and the others say so", async () => {
      const c = await customerLogin(t);
      expect(await feeState(c.headers)).toEqual({
        signup_fee_package_id: feeId,
        state: "due",
        carried: null,
      });
      const oxxo = await offline(c.headers, shop.packages.five.class_package_id, "oxxo");
      expect(oxxo.statusCode).toBe(200);
      expect(oxxo.json()).toMatchObject({ total: 1050, signup_fee_purchase_id: expect.any(Number) });

      const carried = await feeState(c.headers);
      expect(carried).toMatchObject({ state: "carried", carried: { carrier: "oxxo" } });
      expect(carried.carried.message).toMatch(/^Tu inscripción va en tu ficha OXXO del \d{2} \w{3} \d{4}\.$/);

      const spei = await offline(c.headers, shop.packages.ten.class_package_id, "spei");
      expect(spei.statusCode).toBe(200);
      expect(spei.json().total).toBe(1350);
      expect(spei.json().signup_fee_purchase_id).toBeUndefined();
      expect(spei.json().signup_fee_carried).toMatchObject({
        carrier: "oxxo",
        message: carried.carried.message,
      });

      const card = await attempt(c.headers, shop.packages.five.class_package_id);
      expect(card.statusCode).toBe(200);
      expect(card.json()).toMatchObject({ total: 750, signup_fee_carried: { carrier: "oxxo" } });
      expect(card.json().signup_fee_purchase_id).toBeUndefined();
      const paid = await inject("POST", "/api/checkout/confirm", c.headers, {
        purchase_id: card.json().purchase_id,
        client_secret: card.json().clientSecret,
        payment_method: token("4242424242424242"),
      });
      expect(paid.statusCode).toBe(200);
      // One fee purchase in all, still on the OXXO voucher; paying the voucher pays it once.
      expect((await feeOf(c.customer_id)).map((p) => p.status)).toEqual(["pending"]);
      const store = await inject(
        "POST",
        `/api/payments/sandbox/vouchers/${oxxo.json().purchase_id}/pay`,
        c.headers,
      );
      expect(store.statusCode).toBe(200);
      expect((await feeOf(c.customer_id)).map((p) => p.status)).toEqual(["completed"]);
      expect(await feeState(c.headers)).toMatchObject({ state: "paid", carried: null });
    });

    it("cash first: the cash order carries it and the OXXO voucher says so; the fee itself is not bought twice", async () => {
      const c = await customerLogin(t);
      const cash = await inject("POST", "/api/checkout", c.headers, {
        class_package_id: shop.packages.five.class_package_id,
        idempotency_key: newKey(),
        include_signup_fee: true,
      });
      expect(cash.json().signup_fee_purchase_id).toEqual(expect.any(Number));
      const oxxo = await offline(c.headers, shop.packages.five.class_package_id, "oxxo");
      expect(oxxo.json().total).toBe(750);
      expect(oxxo.json().signup_fee_carried.message).toMatch(
        /^Tu inscripción va en tu pago en efectivo pendiente del /,
      );
      // Buying the fee on its own while an order carries it: 409, with where it is.
      const again = await attempt(c.headers, feeId);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe("SIGNUP_FEE_CARRIED");
      expect(again.json().message).toContain("Tu inscripción va en tu pago en efectivo pendiente del ");
    });

    it("SPEI first, then a card attempt abandoned: the transfer carries it; an expired voucher carries nothing", async () => {
      const c = await customerLogin(t);
      const spei = await offline(c.headers, shop.packages.five.class_package_id, "spei");
      expect(spei.json().signup_fee_purchase_id).toEqual(expect.any(Number));
      const card = await attempt(c.headers, shop.packages.ten.class_package_id);
      expect(card.json().signup_fee_carried.message).toMatch(
        /^Tu inscripción va en tu transferencia SPEI del /,
      );
      // The transfer never arrives: its voucher expires, and the fee is due again (once).
      await t.app.db
        .update(payment_vouchers)
        .set({ expires_at: new Date(Date.now() - 7 * 86_400_000) })
        .where(eq(payment_vouchers.purchase_id, spei.json().purchase_id));
      await expireOverdueVouchers(t.app);
      expect(await feeState(c.headers)).toMatchObject({ state: "due" });
      const next = await attempt(c.headers, shop.packages.ten.class_package_id);
      expect(next.json()).toMatchObject({ total: 1650, signup_fee_purchase_id: expect.any(Number) });
    });

    it("once the fee is paid another way, an open voucher that carried it is cancelled with a notice", async () => {
      const c = await customerLogin(t);
      // A card attempt that carries the fee, left at the confirmation step (a card carries nothing
      // until it is paid), then an OXXO voucher that carries it too.
      const card = await attempt(c.headers, shop.packages.ten.class_package_id);
      expect(card.json().signup_fee_purchase_id).toEqual(expect.any(Number));
      const oxxo = await offline(c.headers, shop.packages.five.class_package_id, "oxxo");
      expect(oxxo.json().signup_fee_purchase_id).toEqual(expect.any(Number));
      // The customer comes back and pays the card: the fee is paid; the voucher is cancelled.
      const paid = await inject("POST", "/api/checkout/confirm", c.headers, {
        purchase_id: card.json().purchase_id,
        client_secret: card.json().clientSecret,
        payment_method: token("4242424242424242"),
      });
      expect(paid.statusCode).toBe(200);
      expect((await row(oxxo.json().purchase_id)).status).toBe("failed");
      expect((await row(oxxo.json().signup_fee_purchase_id)).status).toBe("failed");
      const voucher = (
        await inject("GET", `/api/checkout/offline/${oxxo.json().purchase_id}`, c.headers)
      ).json();
      expect(voucher.voucher.status).toBe("expired");
      const notices = (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, c.email))).filter(
        (m) => m.template === "signup-fee-order-cancelled",
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain(
        "Tu inscripción ya está pagada, así que cancelamos tu ficha OXXO del ",
      );
      expect(notices[0]!.text).toContain("Si aún quieres 5 Clases, cómpralo de nuevo");
      expect((await feeOf(c.customer_id)).filter((p) => p.status === "completed")).toHaveLength(1);
    });
  });

  it("a subscription cannot carry the fee: 412, the fee is paid first", async () => {
    const { headers } = await customerLogin(t);
    const r = await attempt(headers, shop.packages.unlimited.class_package_id);
    expect(r.statusCode).toBe(412);
    expect(r.json()).toMatchObject({ code: "SIGNUP_FEE_REQUIRED", signup_fee_package_id: feeId });
  });
});

describe("saved cards at checkout", () => {
  it("'Guardar tarjeta' keeps the card; the next purchase is paid with it in one step", async () => {
    const { headers } = await customerLogin(t);
    const first = await buyWithCard(t, headers, shop.packages.five.class_package_id, {
      card: "5555555555554444",
      save_card: true,
    });
    expect(first.confirm.statusCode).toBe(200);
    const cards = (await inject("GET", "/api/metodosPago", headers)).json().metodos_pago;
    expect(cards).toMatchObject([{ card_type: "mastercard", last_digits: "4444", provider: "sandbox" }]);
    // Only a processor token is kept, never the number.
    expect(JSON.stringify(cards)).not.toContain("5555555555554444");
    const start = await inject("POST", "/api/checkout/attempt", headers, {
      class_package_id: shop.packages.ten.class_package_id,
      idempotency_key: newKey(),
    });
    const paid = await inject("POST", "/api/checkout/confirm", headers, {
      purchase_id: start.json().purchase_id,
      client_secret: start.json().clientSecret,
      payment_source_id: cards[0].payment_source_id,
    });
    expect(paid.statusCode).toBe(200);
    expect((await row(start.json().purchase_id)).status).toBe("completed");
  });

  it("without 'Guardar tarjeta' nothing is kept; Agregar with the sandbox is tokenised in the browser (412 on setup)", async () => {
    const { headers } = await customerLogin(t);
    await buyWithCard(t, headers, shop.packages.five.class_package_id);
    expect((await inject("GET", "/api/metodosPago", headers)).json().metodos_pago).toEqual([]);
    const setup = await inject("POST", "/api/metodosPago/setup", headers, { idempotency_key: newKey() });
    expect(setup.statusCode).toBe(412);
    expect(setup.json()).toMatchObject({
      code: "CARD_SETUP_IN_BROWSER",
      message: messages.cardSetupInBrowser,
    });
    const added = await inject("POST", "/api/metodosPago", headers, {
      token_id: token("4242424242424242"),
      saveCard: true,
    });
    expect(added.json()).toMatchObject({
      message: messages.paymentSourceSaved,
      metodo_pago: { last_digits: "4242" },
    });
  });
});

describe("Mis Compras", () => {
  it("each purchase carries payment_method {name, instructions}; declined card attempts are not listed", async () => {
    const { headers } = await customerLogin(t);
    await inject("POST", "/api/checkout", headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
    });
    await buyWithCard(t, headers, shop.packages.ten.class_package_id, { card: "4000000000000002" });
    const list = (await inject("GET", "/api/purchases", headers)).json().purchases;
    expect(list).toHaveLength(1);
    expect(list[0].payment_method).toMatchObject({ name: "Efectivo" });
    expect(list[0].payment_method.instructions).toContain("<strong>BBVA</strong>");
    expect(list[0].payment_method.instructions).not.toMatch(/script|javascript/);
  });
});

describe("a receipt for every completed payment, exactly once (decision 0051)", () => {
  let feeId: number;
  beforeAll(async () => {
    feeId = (await addPackage(t, { title: "Inscripción", price: "300.00" })).class_package_id;
    // The wallet's method (the first describe adds it too when it runs).
    const methods = await t.app.db.select().from(payment_methods);
    if (!methods.some((m) => m.provider === "paypal"))
      await t.app.db.insert(payment_methods).values({ name: "PayPal", provider: "paypal", order: 2 });
    await t.app.appConfig.update([
      { key: "signup_fee_package_id", value: feeId },
      { key: "oxxo_enabled", value: true },
      { key: "spei_enabled", value: true },
    ]);
  });
  afterAll(async () => {
    await t.app.appConfig.update([{ key: "signup_fee_package_id", value: 0 }]);
  });

  const receiptsOf = async (email: string) =>
    (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, email))).filter(
      (m) => m.template === "purchase-receipt",
    );
  /** A customer who already paid the fee (its receipt counted), to test one method alone. */
  async function member() {
    const c = await customerLogin(t);
    const r = await buyWithCard(t, c.headers, feeId);
    expect(r.confirm.statusCode).toBe(200);
    expect(await receiptsOf(c.email)).toHaveLength(1);
    return c;
  }
  const money = (text: string | null, label: string) =>
    new RegExp(`${label}: \\$[\\d,]+\\.\\d{2}`).exec(text ?? "")?.[0];

  it("new card with the fee: one receipt, package and fee on their own lines, subtotal + IVA = total paid, card's last 4", async () => {
    const c = await customerLogin(t);
    const start = await inject("POST", "/api/checkout/attempt", c.headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
      include_signup_fee: true,
    });
    const confirm = {
      purchase_id: start.json().purchase_id,
      client_secret: start.json().clientSecret,
      payment_method: token("4242424242424242"),
    };
    expect((await inject("POST", "/api/checkout/confirm", c.headers, confirm)).statusCode).toBe(200);
    // A repeated confirmation (double click) sends nothing more.
    expect((await inject("POST", "/api/checkout/confirm", c.headers, confirm)).statusCode).toBe(200);
    const receipts = await receiptsOf(c.email);
    expect(receipts).toHaveLength(1);
    const text = receipts[0]!.text!;
    expect(text).toContain("5 Clases: $750.00 MXN");
    expect(text).toContain("Inscripción: $300.00 MXN");
    expect(text.indexOf("5 Clases:")).toBeLessThan(text.indexOf("Inscripción:"));
    expect(text).toContain("Forma de pago: Tarjeta terminación 4242");
    expect(text).toContain("Total pagado: $1,050.00 MXN");
    expect(text).toMatch(/Folio: \d{6}/);
    // 1,050 with IVA 16 % included: 905.17 + 144.83.
    expect(money(text, "Subtotal")).toBe("Subtotal: $905.17");
    expect(text).toContain("IVA 16 %: $144.83 MXN");
  });

  it("saved card, one-tap: its own receipt with the saved card's digits", async () => {
    const c = await member();
    const first = await buyWithCard(t, c.headers, shop.packages.five.class_package_id, {
      card: "5555555555554444",
      save_card: true,
    });
    expect(first.confirm.statusCode).toBe(200);
    const cards = (await inject("GET", "/api/metodosPago", c.headers)).json().metodos_pago;
    const start = await inject("POST", "/api/checkout/attempt", c.headers, {
      class_package_id: shop.packages.ten.class_package_id,
      idempotency_key: newKey(),
    });
    const paid = await inject("POST", "/api/checkout/confirm", c.headers, {
      purchase_id: start.json().purchase_id,
      client_secret: start.json().clientSecret,
      payment_source_id: cards[0].payment_source_id,
    });
    expect(paid.statusCode).toBe(200);
    const receipts = await receiptsOf(c.email);
    expect(receipts).toHaveLength(3);
    expect(receipts[2]!.text).toContain("Forma de pago: Tarjeta terminación 4444");
    expect(receipts[2]!.text).toContain("Total pagado: $1,350.00 MXN");
  });

  it("wallet, OXXO with the fee (the whole $1,050 paid), SPEI and confirmed cash: one receipt each", async () => {
    const w = await member();
    const wallet = await inject("POST", "/api/checkout/paypal", w.headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
    });
    await inject("POST", "/api/checkout/capture", w.headers, { orderID: wallet.json().orderID });
    await inject("POST", "/api/checkout/capture", w.headers, { orderID: wallet.json().orderID });
    expect((await receiptsOf(w.email)).map((m) => /Forma de pago: (.*)/.exec(m.text!)?.[1])).toEqual([
      "Tarjeta terminación 4242",
      "PayPal",
    ]);

    const o = await customerLogin(t);
    const oxxo = await inject("POST", "/api/checkout/offline", o.headers, {
      class_package_id: shop.packages.five.class_package_id,
      method: "oxxo",
      idempotency_key: newKey(),
      include_signup_fee: true,
    });
    const store = `/api/payments/sandbox/vouchers/${oxxo.json().purchase_id}/pay`;
    expect((await inject("POST", store, o.headers)).statusCode).toBe(200);
    await inject("POST", store, o.headers);
    const oxxoReceipts = await receiptsOf(o.email);
    expect(oxxoReceipts).toHaveLength(1);
    expect(oxxoReceipts[0]!.text).toContain("Forma de pago: OXXO");
    expect(oxxoReceipts[0]!.text).toContain("Total pagado: $1,050.00 MXN");

    const s = await member();
    const spei = await inject("POST", "/api/checkout/offline", s.headers, {
      class_package_id: shop.packages.ten.class_package_id,
      method: "spei",
      idempotency_key: newKey(),
    });
    await inject("POST", `/api/payments/sandbox/vouchers/${spei.json().purchase_id}/pay`, s.headers);
    expect((await receiptsOf(s.email))[1]!.text).toContain("Forma de pago: Transferencia SPEI");

    const k = await member();
    const cash = await inject("POST", "/api/checkout", k.headers, {
      class_package_id: shop.packages.five.class_package_id,
      idempotency_key: newKey(),
    });
    const confirmUrl = `/api/purchases/admin/${cash.json().purchase_id}/confirm`;
    expect((await inject("POST", confirmUrl, admin.headers)).statusCode).toBe(200);
    await inject("POST", confirmUrl, admin.headers);
    const cashReceipts = await receiptsOf(k.email);
    expect(cashReceipts).toHaveLength(2);
    expect(cashReceipts[1]!.text).toContain("Forma de pago: Efectivo");
  });

  it("a counter sale, a subscription's start and each renewal get one receipt; the sweep sends nothing twice", async () => {
    const c = await member();
    const customerId = c.customer_id;
    const sale = await inject("POST", `/api/customer/admin/${customerId}/sell`, admin.headers, {
      class_package_id: shop.packages.five.class_package_id,
      payment: "card",
      reference: "482913",
    });
    expect(sale.statusCode).toBe(200);
    expect((await receiptsOf(c.email))[1]!.text).toContain(
      "Forma de pago: Mostrador · Tarjeta (terminal) · ref 482913",
    );

    const sub = await buyWithCard(t, c.headers, shop.packages.unlimited.class_package_id);
    expect(sub.confirm.statusCode).toBe(200);
    const subId = sub.confirm.json().purchase_id as number;
    expect((await receiptsOf(c.email))[2]!.text).toContain("Total pagado: $2,400.00 MXN");
    // Its renewal, charged by our scheduler on the saved card.
    const due = (await row(subId)).next_billing_date!;
    await runRenewals(t.app, new Date(due.getTime() + 60_000));
    const receipts = await receiptsOf(c.email);
    expect(receipts).toHaveLength(4);
    expect(receipts[3]!.text).toContain("Ilimitado Mensual (renovación)");
    expect(receipts[3]!.text).toContain("Forma de pago: Tarjeta terminación 4242");
    // The backstop sweep finds nothing left to send.
    expect(await sendDueReceipts(t.app, null)).toBe(0);
    expect(await receiptsOf(c.email)).toHaveLength(4);

    // Cancelling says until when access lasts, in the answer and in the email.
    const end = (await row(subId)).expiration_date!;
    const cancel = await inject("POST", `/api/purchases/cancel/${subId}`, c.headers, { reason: "Me mudo" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().access_until).toBe(end.toISOString());
    const [mail] = (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, c.email))).filter(
      (m) => m.template === "subscription-cancelled",
    );
    expect(mail!.text).toContain(accessUntilText(end, "America/Mexico_City"));
    expect(mail!.text).toContain("Motivo: Me mudo");
  });
});
