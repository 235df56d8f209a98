import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { startHttpFake } from "./http-fake";

export const PAYPAL_TEST_KEYS = {
  clientId: "paypal-client",
  secret: "paypal-secret",
  webhookId: "WH-TEST-0001",
};

type Order = {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id: string;
};

/**
 * PayPal's Orders v2, Billing v1 and webhook-verification endpoints our client calls, in memory.
 * PayPal-Request-Id replays the first answer, as PayPal does. Tests approve orders (the buyer's
 * step in PayPal's window), create subscriptions on a plan (what PayPal's button does) and sign
 * webhook deliveries: `signed(event)` gives the body and PAYPAL-* headers PayPal would send; the
 * fake's verify-webhook-signature checks them (an HMAC with a key only the fake knows stands in
 * for PayPal's certificate signature over transmission id, time, webhook id and the event).
 */
export async function startPaypalFake() {
  const orders = new Map<string, Order>();
  const plans = new Map<string, { id: string; body: unknown }>();
  const subscriptions = new Map<string, { id: string; status: string; plan_id: string }>();
  const approved = new Set<string>();
  const refunds = new Map<string, Record<string, unknown>>();
  const refundedOf = new Map<string, number>();
  const replies = new Map<string, { status?: number; body: unknown }>();
  let next = 0;
  const signingKey = randomBytes(32);
  const sign = (transmissionId: string, time: string, webhookId: string, rawEvent: string) =>
    createHmac("sha256", signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${createHash("sha256").update(rawEvent).digest("hex")}`)
      .digest("base64");
  const basic = `Basic ${Buffer.from(`${PAYPAL_TEST_KEYS.clientId}:${PAYPAL_TEST_KEYS.secret}`).toString("base64")}`;
  const unprocessable = (issue: string) => ({
    status: 422,
    body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue }] },
  });

  const fake = await startHttpFake((r) => {
    if (r.path === "/v1/oauth2/token") {
      if (r.headers.authorization !== basic) return { status: 401, body: { error: "invalid_client" } };
      return { body: { access_token: "A21-fake", token_type: "Bearer", expires_in: 32400 } };
    }
    if (r.headers.authorization !== "Bearer A21-fake")
      return { status: 401, body: { name: "AUTHENTICATION_FAILURE" } };
    const requestId = r.headers["paypal-request-id"];
    const replayKey = typeof requestId === "string" ? `${r.path}:${requestId}` : null;
    if (replayKey && replies.has(replayKey)) return replies.get(replayKey);
    const reply = route(r);
    if (reply && replayKey && (reply.status ?? 200) < 300) replies.set(replayKey, reply);
    return reply;
  });

  function route(r: Parameters<Parameters<typeof startHttpFake>[0]>[0]) {
    const body = (r.json ?? {}) as Record<string, unknown>;
    const parts = r.path.split("/").filter(Boolean);
    if (r.method === "POST" && r.path === "/v2/checkout/orders") {
      const unit = (body.purchase_units as Array<{ amount: Order["amount"]; custom_id: string }>)[0]!;
      const order: Order = {
        id: `ORDER-${++next}`,
        status: "CREATED",
        amount: unit.amount,
        custom_id: unit.custom_id,
      };
      orders.set(order.id, order);
      return { status: 201, body: { id: order.id, status: order.status } };
    }
    if (parts[0] === "v2" && parts[2] === "orders" && parts[3]) {
      const order = orders.get(parts[3]);
      if (!order) return { status: 404, body: { name: "RESOURCE_NOT_FOUND" } };
      if (r.method === "POST" && parts[4] === "capture") {
        if (order.status === "COMPLETED") return unprocessable("ORDER_ALREADY_CAPTURED");
        if (!approved.has(order.id)) return unprocessable("ORDER_NOT_APPROVED");
        order.status = "COMPLETED";
      }
      return { status: 201, body: orderOut(order) };
    }
    if (parts[0] === "v2" && parts[1] === "payments" && parts[2] === "captures" && parts[3]) {
      const order = [...orders.values()].find((o) => `CAP-${o.id}` === parts[3] && o.status === "COMPLETED");
      if (!order) return { status: 404, body: { name: "RESOURCE_NOT_FOUND" } };
      if (r.method === "GET")
        return {
          body: { id: parts[3], status: "COMPLETED", custom_id: order.custom_id, amount: order.amount },
        };
      if (r.method === "POST" && parts[4] === "refund") {
        const amount = (body.amount as Order["amount"] | undefined) ?? order.amount;
        const cents = Math.round(Number(amount.value) * 100);
        const already = refundedOf.get(order.id) ?? 0;
        if (already + cents > Math.round(Number(order.amount.value) * 100))
          return unprocessable("REFUND_AMOUNT_EXCEEDED");
        refundedOf.set(order.id, already + cents);
        const refund = { id: `REF-${++next}`, status: "COMPLETED", amount, custom_id: body.custom_id };
        refunds.set(refund.id, { ...refund, capture_id: parts[3] });
        return { status: 201, body: refund };
      }
    }
    if (r.method === "POST" && r.path === "/v1/notifications/verify-webhook-signature") {
      const fields = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time"];
      if (fields.some((f) => typeof body[f] !== "string") || !body.webhook_id || !body.webhook_event)
        return { status: 400, body: { name: "VALIDATION_ERROR" } };
      const expected = sign(
        String(body.transmission_id),
        String(body.transmission_time),
        String(body.webhook_id),
        JSON.stringify(body.webhook_event),
      );
      const ok = body.webhook_id === PAYPAL_TEST_KEYS.webhookId && body.transmission_sig === expected;
      return { body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
    }
    if (r.path === "/v1/catalogs/products") return { status: 201, body: { id: `PROD-${++next}` } };
    if (r.path === "/v1/billing/plans") {
      const plan = { id: `P-${++next}`, body };
      plans.set(plan.id, plan);
      return { status: 201, body: { id: plan.id, status: "ACTIVE" } };
    }
    if (parts[1] === "billing" && parts[2] === "subscriptions" && parts[3]) {
      const sub = subscriptions.get(parts[3]);
      if (!sub) return { status: 404, body: { name: "RESOURCE_NOT_FOUND" } };
      if (parts[4] === "cancel") {
        sub.status = "CANCELLED";
        return { status: 200, body: {} };
      }
      return { body: sub };
    }
    return undefined;
  }

  const orderOut = (order: Order) => ({
    id: order.id,
    status: order.status,
    purchase_units: [
      {
        custom_id: order.custom_id,
        amount: order.amount,
        payments:
          order.status === "COMPLETED"
            ? { captures: [{ id: `CAP-${order.id}`, status: "COMPLETED", amount: order.amount }] }
            : undefined,
      },
    ],
  });

  return {
    ...fake,
    orders,
    plans,
    refunds,
    subscriptions,
    approve: (orderId: string) => approved.add(orderId),
    /** A webhook delivery as PayPal makes it: the raw JSON body and its PAYPAL-* headers. */
    signed(event: object) {
      const payload = JSON.stringify(event);
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      return {
        payload,
        headers: {
          "content-type": "application/json",
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-cert-url": "https://api-m.paypal.com/v1/notifications/certs/CERT-fake",
          "paypal-transmission-id": transmissionId,
          "paypal-transmission-time": time,
          "paypal-transmission-sig": sign(transmissionId, time, PAYPAL_TEST_KEYS.webhookId, payload),
        },
      };
    },
    subscribe(planId: string, status = "ACTIVE") {
      const sub = { id: `I-${++next}`, status, plan_id: planId };
      subscriptions.set(sub.id, sub);
      return sub.id;
    },
  };
}

export type PaypalFake = Awaited<ReturnType<typeof startPaypalFake>>;
