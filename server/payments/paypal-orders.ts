import type { ClientRequestArgs } from "node:http";
import https from "node:https";
import net from "node:net";
import type { Duplex } from "node:stream";
import tls from "node:tls";
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  type Order as SdkOrder,
} from "@paypal/paypal-server-sdk";
import { centsToString } from "../../domain/money";

/**
 * PayPal Orders v2 (one-off payments) through the official SDK, @paypal/paypal-server-sdk
 * (docs/decisions/0010). The rest of PayPal (Billing, webhook verification) is in paypal.ts.
 */

export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
  ) {
    super(`PayPal ${status} ${issue}`);
  }
}

/** The parts of an order our checkout reads (PayPal's field names). */
export type Order = {
  id: string;
  status: string;
  purchase_units?: Array<{
    custom_id?: string;
    amount?: { value: string };
    payments?: { captures?: Array<{ id: string; status: string; amount?: { value: string } }> };
  }>;
};

export type PaypalOrdersOptions = {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  currency: string;
};

const HOSTS: Record<string, Environment> = {
  "https://api-m.paypal.com": Environment.Production,
  "https://api-m.sandbox.paypal.com": Environment.Sandbox,
};

/**
 * The SDK only knows PayPal's two hosts and has no base-URL option. For any other PAYPAL_API_URL
 * (the in-test fake) it is given this agent: the SDK still builds its request for the sandbox
 * host, and the agent opens the connection to PAYPAL_API_URL instead (plain TCP for http://,
 * TLS for https://). `createConnection` is Node's documented hook for exactly this.
 */
class RedirectAgent extends https.Agent {
  constructor(private readonly target: URL) {
    super({ keepAlive: true });
  }

  override createConnection(
    _options: ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex {
    const host = this.target.hostname;
    const secure = this.target.protocol === "https:";
    const port = Number(this.target.port) || (secure ? 443 : 80);
    const socket: Duplex = secure
      ? tls.connect({ host, port, servername: host }, () => callback?.(null, socket))
      : net.connect({ host, port }, () => callback?.(null, socket));
    return socket;
  }
}

/** An SDK failure as our PaypalError: the HTTP status and PayPal's issue code (or UNREACHABLE). */
function toPaypalError(error: unknown): PaypalError {
  if (error instanceof ApiError) {
    const body = error.result as { name?: string; details?: Array<{ issue?: string }> } | undefined;
    return new PaypalError(error.statusCode, body?.details?.[0]?.issue ?? body?.name ?? "ERROR");
  }
  return new PaypalError(503, "UNREACHABLE");
}

async function sdkCall<T>(run: () => Promise<{ result: T }>): Promise<T> {
  try {
    return (await run()).result;
  } catch (error) {
    throw toPaypalError(error);
  }
}

/** The SDK answers camelCase models; the checkout reads PayPal's own (snake_case) names. */
function toOrder(order: SdkOrder): Order {
  return {
    id: order.id ?? "",
    status: order.status ?? "",
    purchase_units: order.purchaseUnits?.map((unit) => ({
      custom_id: unit.customId,
      amount: unit.amount ? { value: unit.amount.value } : undefined,
      payments: {
        captures: unit.payments?.captures?.map((c) => ({
          id: c.id ?? "",
          status: c.status ?? "",
          amount: c.amount ? { value: c.amount.value } : undefined,
        })),
      },
    })),
  };
}

export function createPaypalOrders(options: PaypalOrdersOptions) {
  const base = options.apiUrl.replace(/\/$/, "");
  const environment = HOSTS[base];
  const client = new Client({
    environment: environment ?? Environment.Sandbox,
    timeout: 30_000,
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
    },
    ...(environment ? {} : { httpClientOptions: { httpsAgent: new RedirectAgent(new URL(base)) } }),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  return {
    /** Every write carries PayPal-Request-Id: a retried request gets the first answer, not a second order. */
    async createOrder(input: {
      amount_cents: number;
      purchase_id: number;
      description: string;
      key: string;
    }): Promise<Order> {
      const order = await sdkCall(() =>
        orders.createOrder({
          paypalRequestId: input.key,
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: String(input.purchase_id),
                customId: String(input.purchase_id),
                description: input.description.slice(0, 127),
                amount: {
                  currencyCode: options.currency.toUpperCase(),
                  value: centsToString(input.amount_cents),
                },
              },
            ],
          },
        }),
      );
      return toOrder(order);
    },

    /** Captures an approved order; a second capture reads the already completed order instead. */
    async captureOrder(orderId: string): Promise<Order> {
      try {
        return toOrder(
          await sdkCall(() => orders.captureOrder({ id: orderId, paypalRequestId: `capture_${orderId}` })),
        );
      } catch (error) {
        if (error instanceof PaypalError && error.issue === "ORDER_ALREADY_CAPTURED")
          return toOrder(await sdkCall(() => orders.getOrder({ id: orderId })));
        throw error;
      }
    },

    async getOrder(orderId: string): Promise<Order> {
      return toOrder(await sdkCall(() => orders.getOrder({ id: orderId })));
    },

    /** The purchase a capture paid: its custom_id is our purchase id (createOrder sets it). */
    async captureCustomId(captureId: string): Promise<string | null> {
      const capture = await sdkCall(() => payments.getCapturedPayment({ captureId }));
      return capture.customId ?? null;
    },

    /**
     * Refunds part or all of a capture. PayPal-Request-Id makes a retry the same refund; the
     * refund's custom_id carries our refund id, so its webhook names our row.
     */
    async refundCapture(input: { capture_id: string; amount_cents: number; key: string; refund_id: number }) {
      const refund = await sdkCall(() =>
        payments.refundCapturedPayment({
          captureId: input.capture_id,
          paypalRequestId: input.key,
          body: {
            amount: {
              currencyCode: options.currency.toUpperCase(),
              value: centsToString(input.amount_cents),
            },
            customId: `refund:${input.refund_id}`,
          },
        }),
      );
      return { id: refund.id ?? "", status: String(refund.status ?? "") };
    },
  };
}
