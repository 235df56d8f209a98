import { createHmac, timingSafeEqual } from "node:crypto";
import { centsToString } from "../../domain/money";
import type { PaypalClient } from "./paypal";
import { type Order, PaypalError } from "./paypal-orders";

/** What the checkout asks of a wallet: PayPal's Orders and Billing calls it makes. */
export type WalletClient = Pick<
  PaypalClient,
  "createOrder" | "captureOrder" | "createPlan" | "getSubscription" | "cancelSubscription" | "refund"
>;

/**
 * The sandbox playing the wallet provider (PayPal) for a studio without PayPal keys, so the demo
 * shows the wallet path end to end without moving money (docs/decisions/0017). Like the sandbox
 * card processor it keeps no state: an order id carries its amount and an HMAC (AUTH secret) of
 * it, so a capture answers the amount the order was created for and a made-up id is refused;
 * a plan id is an HMAC of the checkout's idempotency key, and the subscription the wallet's
 * approval makes on it is `I-` + the plan id's tail (the browser's approval step plays PayPal's
 * popup, as the sandbox card field plays the processor's hosted field).
 */
export function createSandboxWallet(secret: string): WalletClient {
  const sign = (text: string, length: number) =>
    createHmac("sha256", secret).update(`wallet:${text}`).digest("hex").slice(0, length).toUpperCase();

  function parseOrder(id: string): number | null {
    const match = /^SBX-(\d+)-([0-9A-F]{12})-([0-9A-F]{16})$/.exec(id);
    if (!match) return null;
    const expected = Buffer.from(sign(`${match[1]}-${match[2]}`, 16));
    const given = Buffer.from(match[3]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? Number(match[1]) : null;
  }

  const order = (id: string, cents: number, status: string): Order => ({
    id,
    status,
    purchase_units: [
      {
        amount: { value: centsToString(cents) },
        payments:
          status === "COMPLETED"
            ? { captures: [{ id: `CAP-${id.slice(4)}`, status, amount: { value: centsToString(cents) } }] }
            : undefined,
      },
    ],
  });

  return {
    async createOrder(input) {
      const nonce = sign(`order:${input.key}`, 12);
      const id = `SBX-${input.amount_cents}-${nonce}-${sign(`${input.amount_cents}-${nonce}`, 16)}`;
      return order(id, input.amount_cents, "CREATED");
    },
    async captureOrder(orderId) {
      const cents = parseOrder(orderId);
      if (cents === null) throw new PaypalError(404, "RESOURCE_NOT_FOUND");
      return order(orderId, cents, "COMPLETED");
    },
    async createPlan(input) {
      return { id: `P-SBX${sign(`plan:${input.key}`, 20)}` };
    },
    async getSubscription(id) {
      const match = /^I-SBX([0-9A-F]{20})$/.exec(id);
      if (!match) throw new PaypalError(404, "RESOURCE_NOT_FOUND");
      return { id, status: "ACTIVE", plan_id: `P-SBX${match[1]}` };
    },
    async cancelSubscription() {},
    // The simulated wallet refunds a genuine order of its own at once; the same key, the same refund.
    async refund(input) {
      if (parseOrder(input.payment_ref) === null)
        return { status: "failed" as const, failure_code: "RESOURCE_NOT_FOUND" };
      return {
        status: "succeeded" as const,
        refund_ref: `REF-SBX${sign(`refund:${input.idempotency_key}`, 20)}`,
      };
    },
  };
}
