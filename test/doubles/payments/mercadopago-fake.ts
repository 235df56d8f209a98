import { createHmac, randomUUID } from "node:crypto";
import { type FakeReply, type FakeRequest, startHttpFake } from "./http-fake";

export const MERCADOPAGO_TEST_KEYS = {
  accessToken: "APP_USR-fake-0000",
  webhookSecret: "mp-webhook-secret-0000",
};

type Json = Record<string, unknown>;
type Preference = { id: string; body: Json; amount: number; external_reference: string };
type Payment = {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  currency_id: string;
  date_created: string;
  date_approved: string | null;
  refunds: Json[];
  point_of_interaction: Json;
  card?: { last_four_digits: string };
};
type Preapproval = {
  id: string;
  status: string;
  external_reference: string;
  payer_email: string;
  reason: string;
  back_url: string;
  auto_recurring: Json;
  init_point: string;
};
type AuthorizedPayment = {
  id: number;
  preapproval_id: string;
  transaction_amount: number;
  date_created: string;
  debit_date: string;
  status: string;
  payment: { id: number; status: string } | null;
};

/**
 * Mercado Pago's API as our adapter calls it, in memory: Checkout Pro preferences, payments,
 * refunds, preapprovals and their authorized payments. It checks what Mercado Pago checks (the
 * bearer token, the fields of a preference and of a preapproval, refunds within what is left) and
 * replays the first answer for a repeated X-Idempotency-Key on every write, as Mercado Pago does.
 * Tests play the buyer (`pay` a preference, `authorize` a preapproval), Mercado Pago's billing
 * (`charge` a preapproval) and its panel (`refundInPanel`), and sign notifications as Mercado
 * Pago does (`notification`).
 */
export async function startMercadoPagoFake() {
  const preferences = new Map<string, Preference>();
  const payments = new Map<number, Payment>();
  const preapprovals = new Map<string, Preapproval>();
  const authorized = new Map<number, AuthorizedPayment>();
  const replies = new Map<string, FakeReply>();
  let next = 1000;
  const bad = (message: string, status = 400): FakeReply => ({
    status,
    body: { message, error: "bad_request", status, cause: [] },
  });
  const notFound = (what: string): FakeReply => ({
    status: 404,
    body: { message: `${what} not found`, error: "not_found", status: 404, cause: [] },
  });

  const fake = await startHttpFake((r) => {
    if (r.headers.authorization !== `Bearer ${MERCADOPAGO_TEST_KEYS.accessToken}`)
      return { status: 401, body: { message: "invalid access token", error: "unauthorized", status: 401 } };
    const key = r.headers["x-idempotency-key"];
    if (r.method !== "GET" && typeof key !== "string") return bad("X-Idempotency-Key required");
    const replayKey = r.method === "GET" ? null : `${r.method} ${r.path} ${key}`;
    if (replayKey && replies.has(replayKey)) return replies.get(replayKey);
    const reply = route(r);
    if (reply && replayKey && (reply.status ?? 200) < 300) replies.set(replayKey, reply);
    return reply;
  });

  const money = (value: unknown) =>
    typeof value === "number" && value > 0 && Math.round(value * 100) === value * 100;

  function route(r: FakeRequest): FakeReply | undefined {
    const body = (r.json ?? {}) as Json;
    const parts = r.path.split("/").filter(Boolean);
    if (r.method === "POST" && r.path === "/checkout/preferences/") return createPreference(body);
    if (parts[0] === "v1" && parts[1] === "payments" && parts[2]) {
      const payment = payments.get(Number(parts[2]));
      if (!payment) return notFound("payment");
      if (r.method === "GET" && parts.length === 3) return { body: payment };
      if (r.method === "POST" && parts[3] === "refunds") return refund(payment, body.amount);
    }
    if (r.method === "POST" && r.path === "/preapproval/") return createPreapproval(body);
    if (parts[0] === "preapproval" && parts[1]) {
      const preapproval = preapprovals.get(parts[1]);
      if (!preapproval) return notFound("preapproval");
      if (r.method === "GET") return { body: preapproval };
      if (r.method === "PUT") {
        if (!["cancelled", "paused", "authorized"].includes(String(body.status)))
          return bad("invalid status");
        if (preapproval.status === "cancelled") return bad("cannot modify a cancelled preapproval");
        preapproval.status = String(body.status);
        return { body: preapproval };
      }
    }
    if (r.method === "GET" && parts[0] === "authorized_payments" && parts[1]) {
      const found = authorized.get(Number(parts[1]));
      return found ? { body: found } : notFound("authorized payment");
    }
    return undefined;
  }

  function createPreference(body: Json): FakeReply {
    const items = body.items as Array<Json> | undefined;
    const item = items?.[0];
    if (items?.length !== 1 || !item) return bad("items required");
    if (typeof item.title !== "string" || !item.title) return bad("items.title required");
    if (item.quantity !== 1) return bad("items.quantity must be 1");
    if (!money(item.unit_price)) return bad("items.unit_price invalid");
    if (item.currency_id !== "MXN") return bad("items.currency_id must be MXN");
    if (typeof body.external_reference !== "string" || !body.external_reference)
      return bad("external_reference required");
    const back = body.back_urls as Json | undefined;
    if (body.auto_return === "approved" && typeof back?.success !== "string")
      return bad("auto_return invalid. back_url.success must be defined");
    if (body.notification_url !== undefined && !String(body.notification_url).startsWith("https://"))
      return bad("notification_url must be a valid https url");
    const id = `123456789-${randomUUID()}`;
    preferences.set(id, {
      id,
      body,
      amount: item.unit_price as number,
      external_reference: body.external_reference,
    });
    return {
      status: 201,
      body: {
        id,
        ...body,
        init_point: `https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.mx/checkout/v1/redirect?pref_id=${id}`,
      },
    };
  }

  function createPreapproval(body: Json): FakeReply {
    const recurring = body.auto_recurring as Json | undefined;
    if (!recurring) return bad("auto_recurring required");
    if (!Number.isInteger(recurring.frequency) || (recurring.frequency as number) < 1)
      return bad("auto_recurring.frequency invalid");
    if (!["days", "months"].includes(String(recurring.frequency_type)))
      return bad("auto_recurring.frequency_type invalid");
    if (!money(recurring.transaction_amount)) return bad("auto_recurring.transaction_amount invalid");
    if (recurring.currency_id !== "MXN") return bad("auto_recurring.currency_id invalid");
    if (typeof body.payer_email !== "string" || !body.payer_email.includes("@"))
      return bad("payer_email required");
    if (typeof body.back_url !== "string" || !body.back_url.startsWith("http"))
      return bad("back_url required");
    if (body.status !== "pending") return bad("card_token_id is required");
    const id = randomUUID().replaceAll("-", "");
    const preapproval: Preapproval = {
      id,
      status: "pending",
      external_reference: String(body.external_reference ?? ""),
      payer_email: body.payer_email,
      reason: String(body.reason ?? ""),
      back_url: body.back_url,
      auto_recurring: recurring,
      init_point: `https://www.mercadopago.com.mx/subscriptions/checkout?preapproval_id=${id}`,
    };
    preapprovals.set(id, preapproval);
    return { status: 201, body: preapproval };
  }

  function refund(payment: Payment, amount: unknown): FakeReply {
    if (!["approved", "refunded"].includes(payment.status)) return bad("Payment not refundable");
    const left = Math.round((payment.transaction_amount - payment.transaction_amount_refunded) * 100);
    const cents = amount === undefined ? left : Math.round(Number(amount) * 100);
    if (!(cents > 0) || cents > left) return bad("Invalid refund amount");
    const made = addRefund(payment, cents);
    return { status: 201, body: made };
  }

  function addRefund(payment: Payment, cents: number) {
    const made = {
      id: ++next,
      payment_id: payment.id,
      amount: cents / 100,
      status: "approved",
      date_created: new Date().toISOString(),
    };
    payment.refunds.push(made);
    payment.transaction_amount_refunded = Math.round(payment.transaction_amount_refunded * 100 + cents) / 100;
    if (payment.transaction_amount_refunded >= payment.transaction_amount) payment.status = "refunded";
    return made;
  }

  function newPayment(values: Partial<Payment> & Pick<Payment, "transaction_amount">): Payment {
    const now = new Date().toISOString();
    const payment: Payment = {
      id: ++next,
      status: "approved",
      status_detail: "accredited",
      external_reference: "",
      transaction_amount_refunded: 0,
      currency_id: "MXN",
      date_created: now,
      date_approved: null,
      refunds: [],
      point_of_interaction: { type: "CHECKOUT" },
      // Checkout Pro's test buyer pays with a card (Mercado Pago names its last 4 digits).
      card: { last_four_digits: "5678" },
      ...values,
    };
    if (payment.status === "approved" && !payment.date_approved) payment.date_approved = now;
    payments.set(payment.id, payment);
    return payment;
  }

  return {
    ...fake,
    preferences,
    payments,
    preapprovals,
    /** The buyer pays a preference at Mercado Pago's page (or the attempt is refused). */
    pay(preferenceId: string, status = "approved", detail?: string, amount?: number) {
      const preference = preferences.get(preferenceId);
      if (!preference) throw new Error(`no preference ${preferenceId}`);
      return newPayment({
        status,
        status_detail:
          detail ??
          (status === "approved"
            ? "accredited"
            : status === "rejected"
              ? "cc_rejected_insufficient_amount"
              : "pending_contingency"),
        external_reference: preference.external_reference,
        transaction_amount: amount ?? preference.amount,
      }).id;
    },
    /** Mercado Pago's later answer about a payment (approved after pending, or a stale read). */
    setStatus(paymentId: number, status: string) {
      const payment = payments.get(paymentId)!;
      payment.status = status;
      if (status === "approved") payment.date_approved ??= new Date().toISOString();
    },
    /** The buyer authorises a subscription at its init_point. */
    authorize(preapprovalId: string) {
      preapprovals.get(preapprovalId)!.status = "authorized";
    },
    /** Mercado Pago charges a preapproval: the authorized payment and the payment it made. */
    charge(preapprovalId: string, at: Date, status = "approved") {
      const preapproval = preapprovals.get(preapprovalId)!;
      const amount = preapproval.auto_recurring.transaction_amount as number;
      const payment = newPayment({
        status,
        status_detail: status === "approved" ? "accredited" : "cc_rejected_insufficient_amount",
        transaction_amount: amount,
        date_created: at.toISOString(),
        date_approved: status === "approved" ? at.toISOString() : null,
        point_of_interaction: {
          type: "SUBSCRIPTIONS",
          transaction_data: { subscription_id: preapprovalId },
        },
      });
      const charge: AuthorizedPayment = {
        id: ++next,
        preapproval_id: preapprovalId,
        transaction_amount: amount,
        date_created: at.toISOString(),
        debit_date: at.toISOString(),
        status: status === "approved" ? "processed" : "recycling",
        payment: { id: payment.id, status },
      };
      authorized.set(charge.id, charge);
      return { authorized_payment_id: charge.id, payment_id: payment.id };
    },
    /** A refund made in Mercado Pago's panel (no request of ours). */
    refundInPanel(paymentId: number, cents: number) {
      return addRefund(payments.get(paymentId)!, cents);
    },
    /**
     * A notification as Mercado Pago sends it: POST to our URL with ?data.id=&type=, the JSON
     * body, and x-signature `ts=<ts>,v1=<HMAC-SHA256(secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;")>`.
     */
    notification(type: string, dataId: string | number, options: { secret?: string; id?: number } = {}) {
      const requestId = randomUUID();
      const ts = String(Math.floor(Date.now() / 1000));
      const id = String(dataId);
      const manifest = `id:${/^[a-z0-9]+$/i.test(id) ? id.toLowerCase() : id};request-id:${requestId};ts:${ts};`;
      const v1 = createHmac("sha256", options.secret ?? MERCADOPAGO_TEST_KEYS.webhookSecret)
        .update(manifest)
        .digest("hex");
      const notificationId = options.id ?? ++next;
      return {
        url: `/api/webhooks/mercadopago?data.id=${encodeURIComponent(id)}&type=${type}`,
        headers: <Record<string, string>>{
          "content-type": "application/json",
          "x-signature": `ts=${ts},v1=${v1}`,
          "x-request-id": requestId,
        },
        payload: JSON.stringify({
          id: notificationId,
          live_mode: false,
          type,
          date_created: new Date().toISOString(),
          user_id: 123456789,
          api_version: "v1",
          action: type === "payment" ? "payment.updated" : "updated",
          data: { id },
        }),
      };
    },
  };
}

export type MercadoPagoFake = Awaited<ReturnType<typeof startMercadoPagoFake>>;
