import { centsToString } from "../../domain/money";
import type { RecurringInput } from "./gateway";
import { createPaypalOrders, PaypalError } from "./paypal-orders";

export { PaypalError };

export type PaypalOptions = {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  currency: string;
  /** PAYPAL_WEBHOOK_ID: the webhook whose events we accept (null: webhooks are not configured). */
  webhookId?: string | null;
};

/** The PAYPAL-* headers of a webhook delivery, which PayPal's verification API checks. */
export type PaypalWebhookHeaders = {
  auth_algo?: string;
  cert_url?: string;
  transmission_id?: string;
  transmission_sig?: string;
  transmission_time?: string;
};

/**
 * PayPal: Orders v2 (one-off payments) through the official SDK (paypal-orders.ts); Billing v1
 * (products, plans, subscriptions) and webhook verification over fetch, because the SDK has no
 * Catalog Products nor Notifications API (docs/decisions/0010-paypal-sdk-scope.md).
 * Every write carries PayPal-Request-Id, PayPal's idempotency key: a retried request gets the
 * first answer instead of a second product, plan or capture.
 */
export function createPaypalClient(options: PaypalOptions) {
  const base = options.apiUrl.replace(/\/$/, "");
  let token: { value: string; until: number } | null = null;

  const orders = createPaypalOrders(options);

  /** fetch that turns a network failure into a PaypalError (a 502 for our callers, never a 500). */
  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch {
      throw new PaypalError(503, "UNREACHABLE");
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64");
    const res = await send(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    if (!res.ok) throw new PaypalError(res.status, "AUTHENTICATION_FAILURE");
    const body = (await res.json()) as { access_token: string; expires_in: number };
    // Renewed a minute early so a request never carries a token that expires on the way.
    token = { value: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  /** A JSON body is sent as given when it is already a string (the webhook verification needs that). */
  async function call<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    const res = await send(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        "content-type": "application/json",
        ...(requestId ? { "paypal-request-id": requestId } : {}),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : {};
    if (!res.ok) throw new PaypalError(res.status, json?.details?.[0]?.issue ?? json?.name ?? "ERROR");
    return json as T;
  }

  const money = (cents: number) => ({
    currency_code: options.currency.toUpperCase(),
    value: centsToString(cents),
  });
  const unit = (period: string) => ({ day: "DAY", month: "MONTH", year: "YEAR" })[period] ?? "MONTH";

  return {
    createOrder: orders.createOrder,
    captureOrder: orders.captureOrder,
    getOrder: orders.getOrder,
    captureCustomId: orders.captureCustomId,

    /**
     * Refunds part or all of a one-off order's capture (a subscription's charges are refunded in
     * PayPal itself: their webhook records them). Same shape as the card gateways' refund.
     */
    async refund(input: {
      payment_ref: string;
      amount_cents: number;
      idempotency_key: string;
      refund_id: number;
    }) {
      const order = await orders.getOrder(input.payment_ref);
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      if (!capture?.id) return { status: "failed" as const, failure_code: "NO_CAPTURE" };
      try {
        const refund = await orders.refundCapture({
          capture_id: capture.id,
          amount_cents: input.amount_cents,
          key: input.idempotency_key,
          refund_id: input.refund_id,
        });
        if (refund.status === "FAILED" || refund.status === "CANCELLED")
          return { status: "failed" as const, failure_code: refund.status };
        return {
          status: refund.status === "COMPLETED" ? ("succeeded" as const) : ("pending" as const),
          refund_ref: refund.id,
        };
      } catch (error) {
        // 422: PayPal refuses it (more than what is left, too old): a clear failure, not a 500.
        if (error instanceof PaypalError && error.status === 422)
          return { status: "failed" as const, failure_code: error.issue };
        throw error;
      }
    },

    /**
     * A plan for one subscription checkout: the free trial and the discounted first period are
     * PayPal trial cycles (no charge / the first invoice's price), then the regular price forever.
     */
    async createPlan(
      input: RecurringInput & {
        description: string;
        key: string;
        trial?: { length: number; period: string };
      },
    ) {
      const product = await call<{ id: string }>(
        "POST",
        "/v1/catalogs/products",
        { name: input.description.slice(0, 127), type: "SERVICE" },
        `${input.key}_product`,
      );
      const cycles: unknown[] = [];
      const cycle = (
        tenure: string,
        count: number,
        frequency: { unit: string; count: number },
        cents: number | null,
      ) =>
        cycles.push({
          tenure_type: tenure,
          sequence: cycles.length + 1,
          total_cycles: count,
          frequency: { interval_unit: frequency.unit, interval_count: frequency.count },
          ...(cents === null ? {} : { pricing_scheme: { fixed_price: money(cents) } }),
        });
      const regular = { unit: unit(input.period), count: input.interval };
      if (input.trial) cycle("TRIAL", 1, { unit: unit(input.trial.period), count: input.trial.length }, null);
      if (input.first_discount_cents > 0)
        cycle("TRIAL", 1, regular, Math.max(0, input.price_cents - input.first_discount_cents));
      cycle("REGULAR", 0, regular, input.price_cents);
      return call<{ id: string }>(
        "POST",
        "/v1/billing/plans",
        {
          product_id: product.id,
          name: input.description.slice(0, 127),
          billing_cycles: cycles,
          payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
        },
        `${input.key}_plan`,
      );
    },

    async getSubscription(id: string) {
      return call<{ id: string; status: string; plan_id: string; custom_id?: string }>(
        "GET",
        `/v1/billing/subscriptions/${encodeURIComponent(id)}`,
      );
    },

    async cancelSubscription(id: string) {
      await call("POST", `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {
        reason: "Cancelada por el cliente",
      });
    },

    /**
     * Whether a webhook delivery really comes from PayPal, for our PAYPAL_WEBHOOK_ID: PayPal's
     * verify-webhook-signature API checks the transmission signature against its certificate.
     * The event goes back byte for byte as it arrived (re-serialising it can change the signed
     * text), so the request body is assembled around the raw event.
     */
    async verifyWebhook(headers: PaypalWebhookHeaders, rawEvent: string): Promise<boolean> {
      const fields = {
        auth_algo: headers.auth_algo,
        cert_url: headers.cert_url,
        transmission_id: headers.transmission_id,
        transmission_sig: headers.transmission_sig,
        transmission_time: headers.transmission_time,
        webhook_id: options.webhookId,
      };
      if (Object.values(fields).some((value) => !value)) return false;
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawEvent}}`;
      try {
        const result = await call<{ verification_status?: string }>(
          "POST",
          "/v1/notifications/verify-webhook-signature",
          body,
        );
        return result.verification_status === "SUCCESS";
      } catch (error) {
        // PayPal refuses malformed input with 400: not a genuine delivery. Anything else (PayPal
        // down) propagates, so we answer 5xx and PayPal delivers the event again later.
        if (error instanceof PaypalError && error.status === 400) return false;
        throw error;
      }
    },
  };
}

export type PaypalClient = ReturnType<typeof createPaypalClient>;
