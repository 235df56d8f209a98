import Stripe from "stripe";
import { cjsDefault } from "../lib/cjs-default";
import type {
  CardGateway,
  ChargeInput,
  GatewayEvent,
  Intent,
  PaymentOutcome,
  RecurringInput,
} from "./gateway";

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  currency: string;
  /** Another API host (tests point it at an in-process fake): "http://127.0.0.1:4010". */
  apiUrl?: string;
};

/**
 * The Stripe adapter (official SDK): PaymentIntents for one-off card payments, Checkout Sessions
 * for the hosted mode, Subscriptions for subscription packages. Every create call carries the
 * checkout's idempotency key (with a suffix per object), so a retried checkout reaches Stripe as
 * the same request. Amounts are integer centavos, as Stripe wants them.
 */
export function createStripeGateway(options: StripeOptions): CardGateway {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  // cjsDefault: the same class under tsx and the compiled server (decision 0057).
  const stripe = new (cjsDefault(Stripe))(options.secretKey, {
    maxNetworkRetries: 2,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === "http:" ? 80 : 443)),
          protocol: url.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
  const currency = options.currency.toLowerCase();

  /** Stripe customers are looked up by email, so renewals and saved cards stay on one customer. */
  async function customerFor(email: string, key: string): Promise<string> {
    const found = await stripe.customers.list({ email, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    return (await stripe.customers.create({ email }, { idempotencyKey: `${key}_customer` })).id;
  }

  async function firstCoupon(input: RecurringInput, key: string) {
    if (input.first_discount_cents <= 0) return undefined;
    const coupon = await stripe.coupons.create(
      { amount_off: input.first_discount_cents, currency, duration: "once" },
      { idempotencyKey: `${key}_coupon` },
    );
    return [{ coupon: coupon.id }];
  }

  const trialEnd = (input: RecurringInput) =>
    input.trial_end ? Math.floor(input.trial_end.getTime() / 1000) : undefined;

  return {
    name: "stripe",
    async createIntent(input: ChargeInput): Promise<Intent> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount_cents,
          currency,
          description: input.description,
          metadata: input.metadata,
          allowed_payment_method_types: ["card"],
        },
        { idempotencyKey: input.idempotency_key },
      );
      return { id: intent.id, client_secret: intent.client_secret ?? "" };
    },

    async confirmIntent({ intent, amount_cents, payment_method }) {
      const expand = ["payment_method"];
      if (intent.id.startsWith("seti_")) {
        const setup = await stripe.setupIntents.retrieve(intent.id, { expand });
        if (setup.client_secret !== intent.client_secret)
          return { status: "declined", decline_code: "processing_error" };
        return outcomeOf(setup.status, setup.payment_method, setup.last_setup_error, setup.client_secret);
      }
      let pi = await stripe.paymentIntents.retrieve(intent.id, { expand });
      if (pi.client_secret !== intent.client_secret || pi.amount !== amount_cents)
        return { status: "declined", decline_code: "processing_error" };
      // A saved card chosen at checkout: the server confirms with it (the browser has no card field).
      // A card saved by a setup belongs to a Stripe customer, and Stripe only lets that customer's
      // payments use it: the payment is assigned to the card's customer first.
      if (payment_method?.startsWith("pm_") && pi.status === "requires_payment_method") {
        const method = await stripe.paymentMethods.retrieve(payment_method);
        const owner = typeof method.customer === "string" ? method.customer : method.customer?.id;
        if (owner && pi.customer !== owner)
          await stripe.paymentIntents.update(intent.id, { customer: owner });
        pi = await stripe.paymentIntents.confirm(intent.id, { payment_method, expand });
      }
      return outcomeOf(pi.status, pi.payment_method, pi.last_payment_error, pi.client_secret);
    },

    async chargeSaved(input) {
      try {
        // As in confirmIntent: a card saved by a setup belongs to a Stripe customer, and Stripe
        // charges it only on that customer's payments.
        const method = input.source_id.startsWith("pm_")
          ? await stripe.paymentMethods.retrieve(input.source_id)
          : null;
        const owner = typeof method?.customer === "string" ? method.customer : method?.customer?.id;
        const pi = await stripe.paymentIntents.create(
          {
            ...(owner ? { customer: owner } : {}),
            amount: input.amount_cents,
            currency,
            description: input.description,
            metadata: input.metadata,
            payment_method: input.source_id,
            confirm: true,
            off_session: true,
            expand: ["payment_method"],
          },
          { idempotencyKey: input.idempotency_key },
        );
        return outcomeOf(pi.status, pi.payment_method, pi.last_payment_error, pi.client_secret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError)
          return { status: "declined", decline_code: error.decline_code ?? error.code ?? "card_declined" };
        throw error;
      }
    },

    async createOfflinePayment(input) {
      const base = {
        amount: input.amount_cents,
        currency,
        description: input.description,
        metadata: input.metadata,
        confirm: true,
      };
      const key = `${input.idempotency_key}_${input.method}`;
      const pi =
        input.method === "oxxo"
          ? await stripe.paymentIntents.create(
              {
                ...base,
                allowed_payment_method_types: ["oxxo"],
                payment_method_data: {
                  type: "oxxo",
                  billing_details: { name: input.name, email: input.email },
                },
                payment_method_options: { oxxo: { expires_after_days: input.expires_after_days } },
              },
              { idempotencyKey: key },
            )
          : await stripe.paymentIntents.create(
              {
                ...base,
                // A bank transfer funds the customer's balance at Stripe: it needs a customer.
                customer: await customerFor(input.email, input.idempotency_key),
                allowed_payment_method_types: ["customer_balance"],
                payment_method_data: { type: "customer_balance" },
                payment_method_options: {
                  customer_balance: {
                    funding_type: "bank_transfer",
                    bank_transfer: { type: "mx_bank_transfer" },
                  },
                },
              },
              { idempotencyKey: key },
            );
      return offlineVoucherOf(pi, input.method);
    },

    async createSession(input) {
      const lineItem = {
        quantity: 1,
        price_data: {
          currency,
          unit_amount: input.recurring ? input.recurring.price_cents : input.amount_cents,
          product_data: { name: input.description },
          ...(input.recurring
            ? { recurring: { interval: input.recurring.period, interval_count: input.recurring.interval } }
            : {}),
        },
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: input.recurring ? "subscription" : "payment",
          line_items: [lineItem],
          client_reference_id: input.metadata.purchase_id,
          metadata: input.metadata,
          success_url: input.return_url,
          cancel_url: input.cancel_url,
          ...(input.recurring
            ? {
                discounts: await firstCoupon(input.recurring, input.idempotency_key),
                subscription_data: { trial_end: trialEnd(input.recurring), metadata: input.metadata },
              }
            : { payment_intent_data: { metadata: input.metadata } }),
        },
        { idempotencyKey: `${input.idempotency_key}_session` },
      );
      return { id: session.id, url: session.url ?? input.cancel_url };
    },

    async createCardSetup(input) {
      const customer = await customerFor(input.email, input.idempotency_key);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "setup",
          customer,
          currency,
          metadata: { customer_id: String(input.customer_id) },
          success_url: `${input.return_url}?setup={CHECKOUT_SESSION_ID}`,
          cancel_url: input.cancel_url,
        },
        { idempotencyKey: `${input.idempotency_key}_setup` },
      );
      return { id: session.id, url: session.url ?? input.cancel_url };
    },

    async readCardSetup(id) {
      const session = await stripe.checkout.sessions.retrieve(id, {
        expand: ["setup_intent.payment_method"],
      });
      const setup = session.setup_intent as Stripe.SetupIntent | null;
      const method = setup?.payment_method as Stripe.PaymentMethod | null | undefined;
      const customerId = Number(session.metadata?.customer_id);
      if (session.status !== "complete" || setup?.status !== "succeeded" || !method?.card) return null;
      if (!Number.isInteger(customerId)) return null;
      return {
        customer_id: customerId,
        card: {
          source_id: method.id,
          brand: method.card.brand,
          last4: method.card.last4,
          exp_month: method.card.exp_month,
          exp_year: method.card.exp_year,
        },
      };
    },

    async createSubscription(input) {
      const key = input.idempotency_key;
      const customer = await customerFor(input.email, key);
      const product = await stripe.products.create(
        { name: input.description, metadata: input.metadata },
        { idempotencyKey: `${key}_product` },
      );
      const subscription = await stripe.subscriptions.create(
        {
          customer,
          items: [
            {
              price_data: {
                currency,
                product: product.id,
                unit_amount: input.price_cents,
                recurring: { interval: input.period, interval_count: input.interval },
              },
            },
          ],
          discounts: await firstCoupon(input, key),
          trial_end: trialEnd(input),
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: input.metadata,
          expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
        },
        { idempotencyKey: `${key}_subscription` },
      );
      const invoice = subscription.latest_invoice as Stripe.Invoice | null;
      const setup = subscription.pending_setup_intent as Stripe.SetupIntent | null;
      // A trial charges nothing now: the card is collected by a SetupIntent instead.
      const secret = invoice?.confirmation_secret?.client_secret ?? setup?.client_secret ?? "";
      return {
        subscription_id: subscription.id,
        intent: { id: secret.split("_secret_")[0]!, client_secret: secret },
      };
    },

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        return null;
      }
      return normaliseEvent(event);
    },

    async cancelPayment(paymentRef) {
      try {
        await stripe.paymentIntents.cancel(paymentRef, { cancellation_reason: "abandoned" });
        return "cancelled";
      } catch (error) {
        // Stripe refuses to cancel an intent that succeeded (or was cancelled already): read which.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const pi = await stripe.paymentIntents.retrieve(paymentRef);
        if (pi.status === "succeeded" || pi.status === "processing") return "already_paid";
        if (pi.status === "canceled") return "cancelled";
        throw error;
      }
    },

    async cardOfHostedPayment(paymentRef) {
      // A payment intent confirmed by this server already told its card (charge-intents.service.ts).
      if (!paymentRef.startsWith("cs_")) return null;
      const session = await stripe.checkout.sessions.retrieve(paymentRef);
      const pi =
        typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!pi) return null; // a subscription session: its invoices carry the payments
      const intent = await stripe.paymentIntents.retrieve(pi, { expand: ["payment_method"] });
      const method = intent.payment_method;
      return typeof method === "object" && method?.card ? method.card.last4 : null;
    },

    async cancelSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },

    async refund(input) {
      // A hosted session's payment is its payment intent.
      let paymentIntent = input.payment_ref;
      if (paymentIntent.startsWith("cs_")) {
        const session = await stripe.checkout.sessions.retrieve(paymentIntent);
        const pi = session.payment_intent;
        paymentIntent = (typeof pi === "string" ? pi : pi?.id) ?? "";
        if (!paymentIntent) return { status: "failed", failure_code: "no_payment" };
      }
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: input.amount_cents,
            reason: "requested_by_customer",
            metadata: { refund_id: String(input.refund_id) },
          },
          { idempotencyKey: input.idempotency_key },
        );
        if (refund.status === "failed" || refund.status === "canceled")
          return { status: "failed", failure_code: refund.failure_reason ?? "refund_failed" };
        return { status: refund.status === "succeeded" ? "succeeded" : "pending", refund_ref: refund.id };
      } catch (error) {
        // Stripe refuses it (already refunded, more than was charged): a clear failure, not a 500.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { status: "failed", failure_code: error.code ?? "invalid_request" };
        throw error;
      }
    },

    async pauseSubscription(subscriptionId, resumesAt) {
      await stripe.subscriptions.update(subscriptionId, {
        pause_collection: { behavior: "void", resumes_at: Math.floor(resumesAt.getTime() / 1000) },
      });
    },
  };
}

/** What the customer needs from a confirmed OXXO or bank-transfer payment intent's next action. */
function offlineVoucherOf(pi: Stripe.PaymentIntent, method: "oxxo" | "spei") {
  const action = pi.next_action;
  if (method === "oxxo") {
    const oxxo = action?.oxxo_display_details;
    if (!oxxo?.number) throw new Error(`stripe: payment ${pi.id} has no OXXO voucher (${pi.status})`);
    return {
      id: pi.id,
      method,
      reference: oxxo.number,
      expires_at: oxxo.expires_after ? new Date(oxxo.expires_after * 1000) : null,
      hosted_url: oxxo.hosted_voucher_url,
      clabe: null,
      bank_name: null,
    };
  }
  const transfer = action?.display_bank_transfer_instructions;
  const spei = transfer?.financial_addresses?.find((a) => a.spei)?.spei;
  if (!spei?.clabe) throw new Error(`stripe: payment ${pi.id} has no SPEI instructions (${pi.status})`);
  return {
    id: pi.id,
    method,
    reference: transfer?.reference ?? "",
    expires_at: null,
    hosted_url: transfer?.hosted_instructions_url ?? null,
    clabe: spei.clabe,
    bank_name: spei.bank_name,
  };
}

type StripeError = { decline_code?: string; code?: string } | null | undefined;

function outcomeOf(
  status: string,
  method: string | Stripe.PaymentMethod | null,
  error: StripeError,
  clientSecret: string | null,
): PaymentOutcome {
  if (status === "succeeded") {
    const card = typeof method === "object" && method?.card ? method.card : null;
    return {
      status: "succeeded",
      card:
        card && typeof method === "object" && method
          ? {
              source_id: method.id,
              brand: card.brand,
              last4: card.last4,
              exp_month: card.exp_month,
              exp_year: card.exp_year,
            }
          : undefined,
    };
  }
  // Not paid yet and not declined either (the browser has not finished): nothing to fail.
  const pendingStates = ["requires_action", "processing", "requires_confirmation"];
  if (pendingStates.includes(status) || (status === "requires_payment_method" && !error))
    return { status: "requires_action", client_secret: clientSecret ?? "" };
  return { status: "declined", decline_code: error?.decline_code ?? error?.code ?? "card_declined" };
}

const purchaseIdOf = (metadata: Stripe.Metadata | null | undefined, ref?: string | null) => {
  const id = Number(metadata?.purchase_id ?? ref);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The subscription of an invoice: `parent.subscription_details` in current API versions. */
function subscriptionOf(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } }).subscription;
  const value = fromParent ?? legacy ?? null;
  return typeof value === "string" ? value : (value?.id ?? null);
}

/** Stripe's events, reduced to the few our purchases react to. */
export function normaliseEvent(event: Stripe.Event): GatewayEvent {
  switch (event.type) {
    case "payment_intent.succeeded": {
      const pi = event.data.object;
      const purchase_id = purchaseIdOf(pi.metadata);
      if (!purchase_id) break; // a subscription's invoice payment: invoice.paid handles it
      return { id: event.id, type: "payment_succeeded", provider_ref: pi.id, purchase_id };
    }
    case "payment_intent.payment_failed": {
      const pi = event.data.object;
      const purchase_id = purchaseIdOf(pi.metadata);
      if (!purchase_id) break;
      const error = pi.last_payment_error;
      return {
        id: event.id,
        type: "payment_failed",
        provider_ref: pi.id,
        purchase_id,
        decline_code: error?.decline_code ?? error?.code ?? "card_declined",
      };
    }
    case "payment_intent.canceled": {
      // Cancelled at Stripe (in the dashboard, or an expired voucher cancelled): never paid.
      const pi = event.data.object;
      const purchase_id = purchaseIdOf(pi.metadata);
      if (!purchase_id) break;
      return {
        id: event.id,
        type: "payment_failed",
        provider_ref: pi.id,
        purchase_id,
        decline_code: pi.cancellation_reason ?? "canceled",
      };
    }
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status === "unpaid") break; // a delayed method: async_payment_succeeded follows
      const subscription =
        typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
      return {
        id: event.id,
        type: "payment_succeeded",
        provider_ref: session.id,
        purchase_id: purchaseIdOf(session.metadata, session.client_reference_id),
        subscription_id: subscription ?? undefined,
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscription_id = subscriptionOf(invoice);
      if (!subscription_id || !invoice.id) break;
      const first = invoice.billing_reason === "subscription_create";
      if (event.type === "invoice.payment_failed") {
        return {
          id: event.id,
          type: "invoice_failed",
          subscription_id,
          invoice_ref: invoice.id,
          amount_cents: invoice.amount_due,
          first,
        };
      }
      const period = invoice.lines?.data?.[0]?.period ?? {
        start: invoice.period_start,
        end: invoice.period_end,
      };
      return {
        id: event.id,
        type: "invoice_paid",
        subscription_id,
        invoice_ref: invoice.id,
        amount_cents: invoice.amount_paid,
        first,
        period_start: new Date(period.start * 1000),
        period_end: new Date(period.end * 1000),
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const pi =
        typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      // Older API versions list the refunds on the charge; newer ones only the total refunded.
      const listed = charge.refunds?.data;
      return {
        id: event.id,
        type: "refunded",
        payment_ref: pi ?? charge.id,
        purchase_id: purchaseIdOf(charge.metadata),
        refunds: listed
          ? listed
              .filter((r) => r.status === "succeeded" || r.status === "pending")
              .map((r) => ({
                refund_ref: r.id,
                amount_cents: r.amount,
                refund_id: Number(r.metadata?.refund_id) || undefined,
              }))
          : null,
        amount_refunded_cents: charge.amount_refunded,
      };
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      return {
        id: event.id,
        type: "subscription_cancelled",
        subscription_id: subscription.id,
        payment_failed: subscription.cancellation_details?.reason === "payment_failed",
      };
    }
  }
  return { id: event.id, type: "ignored", event_type: event.type };
}
