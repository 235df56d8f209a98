import { centsToString } from "../../domain/money";
import type { RecurringInput } from "./gateway";

export type PaypalOptions = { clientId: string; clientSecret: string; apiUrl: string; currency: string };

export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
  ) {
    super(`PayPal ${status} ${issue}`);
  }
}

type Order = {
  id: string;
  status: string;
  purchase_units?: Array<{
    custom_id?: string;
    amount?: { value: string };
    payments?: { captures?: Array<{ id: string; status: string; amount?: { value: string } }> };
  }>;
};

/**
 * PayPal's REST API (Orders v2 for one-off payments, Billing v1 for subscriptions) over fetch.
 * We call it directly rather than through @paypal/paypal-server-sdk because the base URL must be
 * configurable (PAYPAL_API_URL: tests point it at an in-process fake) and we need four calls.
 * Every write carries PayPal-Request-Id, PayPal's idempotency key: a retried request gets the
 * first answer instead of a second order or capture.
 */
export function createPaypalClient(options: PaypalOptions) {
  const base = options.apiUrl.replace(/\/$/, "");
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64");
    const res = await fetch(`${base}/v1/oauth2/token`, {
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

  async function call<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        "content-type": "application/json",
        ...(requestId ? { "paypal-request-id": requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
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
    async createOrder(input: {
      amount_cents: number;
      purchase_id: number;
      description: string;
      key: string;
    }) {
      return call<Order>(
        "POST",
        "/v2/checkout/orders",
        {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: String(input.purchase_id),
              custom_id: String(input.purchase_id),
              description: input.description.slice(0, 127),
              amount: money(input.amount_cents),
            },
          ],
        },
        input.key,
      );
    },

    /** Captures an approved order; a second capture reads the already completed order instead. */
    async captureOrder(orderId: string): Promise<Order> {
      try {
        return await call<Order>(
          "POST",
          `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
          {},
          `capture_${orderId}`,
        );
      } catch (error) {
        if (error instanceof PaypalError && error.issue === "ORDER_ALREADY_CAPTURED")
          return call<Order>("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
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
  };
}

export type PaypalClient = ReturnType<typeof createPaypalClient>;
