import Stripe from "stripe";
import { withCheckDigit } from "../../../domain/clabe";
import { oxxoVoucherExpiry } from "../../../domain/offline-payments";
import { type FakeRequest, startHttpFake } from "./http-fake";

type Intent = {
  id: string;
  object: "payment_intent" | "setup_intent";
  amount?: number;
  currency?: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  payment_method: unknown;
  last_payment_error: unknown;
  last_setup_error?: unknown;
  customer?: string | null;
  next_action?: unknown;
};

const metadataOf = (form: Record<string, string>, prefix = "metadata") =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith(`${prefix}[`))
      .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
  );

export const STRIPE_TEST_KEYS = { secret: "sk_test_fake", webhook: "whsec_test_fake" };

/**
 * The Stripe endpoints our adapter calls, in memory: payment and setup intents, customers,
 * products, coupons, subscriptions and checkout sessions. Idempotency keys replay the first
 * answer, as Stripe does. Tests flip an intent's state with `succeed` / `decline`.
 */
/** Which offline method a payment intent's form asks for (null: a card payment). */
function offlineMethodOf(f: Record<string, string>): "oxxo" | "customer_balance" | null {
  const types = Object.entries(f)
    .filter(([k]) => /^(allowed_)?payment_method_types\[\d+\]$/.test(k))
    .map(([, v]) => v);
  if (types.includes("oxxo")) return "oxxo";
  if (types.includes("customer_balance")) return "customer_balance";
  return null;
}

export async function startStripeFake(clock: () => Date = () => new Date()) {
  const intents = new Map<string, Intent>();
  const sessions = new Map<string, Record<string, unknown>>();
  /** The Stripe customer each card saved by a setup belongs to. */
  const customers = new Map<string, string>();
  const byKey = new Map<string, unknown>();
  /** Refunds made, by id; what each payment intent has had refunded (centavos). */
  const refunds = new Map<string, Record<string, unknown>>();
  const refundedOf = new Map<string, number>();
  /** The pause_collection each subscription was last given. */
  const pauses = new Map<string, Record<string, string>>();
  let refundFailure: string | null = null;
  let next = 0;
  const id = (prefix: string) => `${prefix}_fake${++next}`;

  function createIntent(object: Intent["object"], form: Record<string, string>, amount?: number): Intent {
    const intentId = id(object === "payment_intent" ? "pi" : "seti");
    const intent: Intent = {
      id: intentId,
      object,
      amount,
      currency: form.currency,
      client_secret: `${intentId}_secret_fake`,
      status: "requires_payment_method",
      metadata: metadataOf(form),
      payment_method: null,
      last_payment_error: null,
    };
    intents.set(intentId, intent);
    return intent;
  }

  /**
   * An OXXO or bank-transfer (customer_balance) payment intent confirmed at creation, as Stripe
   * answers it: requires_action with the voucher (oxxo_display_details) or the SPEI instructions
   * (display_bank_transfer_instructions) in next_action. Stripe's own refusals are kept: OXXO
   * needs the payer's name and email and takes at most MXN 10,000; a transfer needs a customer.
   */
  function createOfflineIntent(f: Record<string, string>, method: "oxxo" | "customer_balance") {
    const amount = Number(f.amount);
    const invalid = (code: string, param: string) => ({
      __status: 400,
      error: { type: "invalid_request_error", code, param },
    });
    if (method === "oxxo") {
      if (
        !f["payment_method_data[billing_details][name]"] ||
        !f["payment_method_data[billing_details][email]"]
      )
        return invalid("parameter_missing", "payment_method_data[billing_details]");
      if (amount > 1_000_000 || amount < 1_000) return invalid("amount_too_large", "amount");
    } else if (!f.customer) return invalid("parameter_missing", "customer");
    const intent = createIntent("payment_intent", f, amount);
    intent.customer = f.customer ?? null;
    intent.status = "requires_action";
    intent.payment_method = { id: id("pm"), object: "payment_method", type: method };
    const n = String(next).padStart(6, "0");
    if (method === "oxxo") {
      const days = Number(f["payment_method_options[oxxo][expires_after_days]"] ?? 3);
      intent.next_action = {
        type: "oxxo_display_details",
        oxxo_display_details: {
          number: `1234567890${n}12345678`,
          expires_after: Math.floor(oxxoVoucherExpiry(clock(), days).getTime() / 1000),
          hosted_voucher_url: `https://payments.stripe.test/oxxo/voucher/${intent.id}`,
        },
      };
    } else {
      intent.next_action = {
        type: "display_bank_transfer_instructions",
        display_bank_transfer_instructions: {
          amount_remaining: amount,
          currency: "mxn",
          financial_addresses: [
            {
              type: "spei",
              supported_networks: ["spei"],
              spei: {
                bank_code: "002",
                bank_name: "BANAMEX",
                clabe: withCheckDigit(`0021800000${n}1`),
                account_holder_name: "Estudio Pulso",
              },
            },
          ],
          hosted_instructions_url: `https://payments.stripe.test/bank_transfer/${intent.id}`,
          reference: `REF${n}`,
          type: "mx_bank_transfer",
        },
      };
    }
    return intent;
  }

  function route(r: FakeRequest): unknown {
    const f = r.form;
    const [, , resource, rid, action] = r.path.split("/");
    if (r.method === "GET" && resource === "customers") return { object: "list", data: [], has_more: false };
    if (r.method === "POST" && resource === "customers")
      return { id: id("cus"), object: "customer", email: f.email };
    if (resource === "products") return { id: id("prod"), object: "product", name: f.name };
    if (resource === "coupons")
      return { id: id("co"), object: "coupon", amount_off: Number(f.amount_off), duration: f.duration };
    if (resource === "payment_intents" && r.method === "POST" && !rid) {
      const offline = offlineMethodOf(f);
      if (offline) return createOfflineIntent(f, offline);
      const intent = createIntent("payment_intent", f, Number(f.amount));
      // Charged at once (a saved card, off-session): Stripe refuses a customer's card on a
      // payment that is not that customer's.
      if (f.confirm === "true" && f.payment_method) {
        const owner = customers.get(f.payment_method) ?? null;
        if (owner && f.customer !== owner)
          intent.last_payment_error = { code: "card_declined", decline_code: "generic_decline" };
        else {
          intent.status = "succeeded";
          intent.payment_method = card(f.payment_method, owner);
        }
      }
      return intent;
    }
    if ((resource === "payment_intents" || resource === "setup_intents") && rid) {
      const intent = intents.get(rid);
      if (!intent) return undefined;
      // Stripe cancels an unpaid intent; a paid one answers payment_intent_unexpected_state.
      if (action === "cancel") {
        if (intent.status === "succeeded" || intent.status === "canceled")
          return {
            __status: 400,
            error: { type: "invalid_request_error", code: "payment_intent_unexpected_state" },
          };
        intent.status = "canceled";
        intent.next_action = null;
        return intent;
      }
      if (action === "confirm") {
        intent.status = "succeeded";
        intent.payment_method = card(f.payment_method ?? "pm_card_visa");
      }
      return intent;
    }
    if (resource === "payment_methods" && rid) return card(rid, customers.get(rid) ?? null);
    if (resource === "checkout" && rid === "sessions" && action) return sessions.get(action);
    if (resource === "checkout" && rid === "sessions") {
      const sessionId = id("cs");
      const session = {
        id: sessionId,
        object: "checkout.session",
        url: `https://checkout.stripe.test/${sessionId}`,
        mode: f.mode,
        status: "open",
        customer: f.customer ?? null,
        metadata: metadataOf(f),
        success_url: f.success_url,
        setup_intent: null as unknown,
        // A payment session pays through its own payment intent (refunds name it).
        payment_intent:
          f.mode === "payment"
            ? createIntent("payment_intent", f, Number(f["line_items[0][price_data][unit_amount]"])).id
            : null,
      };
      sessions.set(sessionId, session);
      return session;
    }
    if (resource === "subscriptions" && r.method === "POST" && !rid) {
      const price = Number(f["items[0][price_data][unit_amount]"]);
      const trial = Boolean(f.trial_end);
      const first = trial ? null : createIntent("payment_intent", f, price - coupons(r));
      const setup = trial ? createIntent("setup_intent", f) : null;
      return {
        id: id("sub"),
        object: "subscription",
        status: "incomplete",
        latest_invoice: {
          id: id("in"),
          object: "invoice",
          confirmation_secret: first ? { client_secret: first.client_secret, type: "payment_intent" } : null,
        },
        pending_setup_intent: setup,
      };
    }
    if (resource === "refunds" && r.method === "POST") {
      const pi = intents.get(f.payment_intent ?? "");
      if (pi?.status !== "succeeded") return { __status: 400, error: { code: "resource_missing" } };
      const amount = Number(f.amount ?? pi.amount);
      const already = refundedOf.get(pi.id) ?? 0;
      if (already + amount > (pi.amount ?? 0))
        return { __status: 400, error: { type: "invalid_request_error", code: "charge_already_refunded" } };
      const refund = {
        id: id("re"),
        object: "refund",
        amount,
        payment_intent: pi.id,
        metadata: metadataOf(f),
        status: refundFailure ? "failed" : "succeeded",
        failure_reason: refundFailure,
      };
      if (!refundFailure) refundedOf.set(pi.id, already + amount);
      refunds.set(refund.id, refund);
      return refund;
    }
    if (resource === "subscriptions" && r.method === "POST" && rid) {
      pauses.set(rid, {
        behavior: f["pause_collection[behavior]"] ?? "",
        resumes_at: f["pause_collection[resumes_at]"] ?? "",
      });
      return { id: rid, object: "subscription", status: "active", pause_collection: pauses.get(rid) };
    }
    if (resource === "subscriptions" && r.method === "DELETE")
      return { id: rid, object: "subscription", status: "canceled" };
    return undefined;
  }

  /** The coupon amount of a subscription request (the fake only knows its own coupons). */
  const couponAmounts = new Map<string, number>();
  const coupons = (r: FakeRequest) => couponAmounts.get(r.form["discounts[0][coupon]"] ?? "") ?? 0;

  const fake = await startHttpFake((r) => {
    const key = r.headers["idempotency-key"];
    // The SDK adds its own retry key to every POST; only ours (no "stripe-node-retry") replay.
    const replayable = typeof key === "string" && !key.startsWith("stripe-node-retry");
    if (replayable && byKey.has(key)) return { body: byKey.get(key) };
    const answer = route(r) as { __status?: number } | undefined;
    if (answer === undefined) return undefined;
    if (answer.__status) {
      const { __status, ...error } = answer;
      return { status: __status, body: error };
    }
    const body: unknown = answer;
    const object = body as { object?: string; id?: string; amount_off?: number };
    if (object.object === "coupon") couponAmounts.set(object.id!, object.amount_off ?? 0);
    if (replayable) byKey.set(key, body);
    return { body };
  });

  const stripe = new Stripe(STRIPE_TEST_KEYS.secret);
  return {
    ...fake,
    intents,
    sessions,
    refunds,
    pauses,
    /** The next refunds fail at the processor with this reason (null: they succeed again). */
    failRefunds(reason: string | null) {
      refundFailure = reason;
    },
    /** What Stripe has refunded on a payment intent, in centavos. */
    refundedOn: (intentId: string) => refundedOf.get(intentId) ?? 0,
    /** The payment as Stripe.js leaves it after a successful confirmation in the browser. */
    succeed(intentId: string) {
      const intent = intents.get(intentId)!;
      intent.status = "succeeded";
      intent.payment_method = card("pm_card_visa");
    },
    /** The customer typed a card on a setup session's page: it is saved (as `pm`) and complete. */
    completeSetup(sessionId: string, pm = "pm_card_mastercard") {
      const session = sessions.get(sessionId)!;
      if (session.customer) customers.set(pm, String(session.customer));
      session.status = "complete";
      session.setup_intent = {
        id: id("seti"),
        object: "setup_intent",
        status: "succeeded",
        payment_method: {
          ...card(pm, customers.get(pm) ?? null),
          card: { ...card(pm).card, brand: "mastercard", last4: "4444" },
        },
      };
    },
    /** The voucher was paid at the store, or the transfer arrived in full. */
    payOffline(intentId: string) {
      const intent = intents.get(intentId)!;
      intent.status = "succeeded";
      intent.next_action = null;
    },
    /** An OXXO voucher nobody paid: Stripe puts the payment back to requires_payment_method. */
    expireOffline(intentId: string) {
      const intent = intents.get(intentId)!;
      intent.status = "requires_payment_method";
      intent.next_action = null;
      intent.last_payment_error = {
        code: "payment_intent_payment_attempt_expired",
        type: "invalid_request_error",
      };
    },
    decline(intentId: string, code: string) {
      const intent = intents.get(intentId)!;
      intent.status = "requires_payment_method";
      intent.last_payment_error = { code: "card_declined", decline_code: code };
    },
    /** A webhook body and its Stripe-Signature header, signed by the SDK's test helper. */
    signed(event: { id: string; type: string; object: unknown }, secret = STRIPE_TEST_KEYS.webhook) {
      const payload = JSON.stringify({
        id: event.id,
        object: "event",
        type: event.type,
        api_version: "2026-10-28.endive",
        created: Math.floor(Date.now() / 1000),
        data: { object: event.object },
      });
      return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
  };
}

function card(id: string, customer: string | null = null) {
  return {
    id,
    object: "payment_method",
    type: "card",
    customer,
    card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2099 },
  };
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
