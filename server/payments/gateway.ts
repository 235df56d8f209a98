/**
 * The payment gateway port (docs/architecture.md, section 2). The checkout and purchases services speak only
 * this interface; adapters translate it to a processor: `sandbox` (offline simulation of a card
 * processor), `stripe` (official SDK) and `paypal` (wallet). Cash needs no gateway.
 *
 * Every call that creates or moves money takes an idempotency key, so a retried request reaches
 * the processor as the same operation and never charges twice.
 */

export type CardGatewayName = "sandbox" | "stripe";

export type Intent = {
  /** Processor id of the payment (stored as purchases.provider_ref). */
  id: string;
  /** Handed to the browser for the confirmation step. */
  client_secret: string;
};

/** A card kept at the processor: its reusable reference and what the customer sees of it. */
export type SavedCardRef = {
  source_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
};

export type PaymentOutcome =
  | {
      status: "succeeded";
      /** The processor's reusable reference to the card, for renewals and Mis Métodos de Pago. */
      card?: { source_id: string; brand: string; last4: string; exp_month: number; exp_year: number };
    }
  | { status: "declined"; decline_code: string }
  | { status: "requires_action"; client_secret: string };

export type ChargeInput = {
  amount_cents: number;
  idempotency_key: string;
  description: string;
  metadata: Record<string, string>;
};

export interface CardGateway {
  readonly name: CardGatewayName;
  /** Creates (or with the same key, returns) a payment for the amount; 0 saves the card only. */
  createIntent(input: ChargeInput): Promise<Intent>;
  /** Confirms a payment with the browser's card token (or, for stripe, reads the confirmed state). */
  confirmIntent(input: {
    intent: Intent;
    amount_cents: number;
    payment_method?: string;
  }): Promise<PaymentOutcome>;
  /** Charges a saved card (subscription renewals). */
  chargeSaved(input: ChargeInput & { source_id: string }): Promise<PaymentOutcome>;
  /** Hosted payment page: the browser is redirected to `url` and comes back to `return_url`. */
  createSession(
    input: ChargeInput & { return_url: string; cancel_url: string; recurring?: RecurringInput },
  ): Promise<{ id: string; url: string; subscription_id?: string }>;
  /**
   * A processor-billed subscription (stripe): the first charge is confirmed like a payment intent,
   * later ones arrive as webhooks. Gateways without it are billed by our renewal job.
   */
  createSubscription?(input: ChargeInput & RecurringInput & { email: string }): Promise<{
    subscription_id: string;
    intent: Intent;
  }>;
  /** Verifies a webhook's signature over the raw body and normalises the event (null: bad signature). */
  parseWebhook?(rawBody: Buffer, signature: string): GatewayEvent | null;
  /**
   * The processor's own card setup page (Mis Métodos de Pago → Agregar): the browser goes to
   * `url`, the card is typed there and saved at the processor, and the customer comes back to
   * `return_url?setup=<id>`. Gateways without it (the sandbox) tokenise in the browser instead.
   */
  createCardSetup?(input: {
    email: string;
    customer_id: number;
    idempotency_key: string;
    return_url: string;
    cancel_url: string;
  }): Promise<{ id: string; url: string }>;
  /** The card a finished setup saved, with the customer it was made for (null: not finished). */
  readCardSetup?(id: string): Promise<{ customer_id: number; card: SavedCardRef } | null>;
  /**
   * A payment made offline (decision 0034): an OXXO voucher paid in cash at a store, or a SPEI bank
   * transfer to a CLABE. The payment is created and confirmed now and answers what the customer
   * needs to pay; it is paid later, which only the processor's webhook says (payment_succeeded).
   */
  createOfflinePayment?(input: OfflinePaymentInput): Promise<OfflineVoucher>;
  /**
   * Cancels a payment the customer has not paid yet (an OXXO voucher or a SPEI transfer we closed,
   * decision 0067), so the store or the bank can no longer take it. "already_paid": the processor
   * took the money first (its payment_succeeded event says so, and the late payment is handled).
   */
  cancelPayment?(paymentRef: string): Promise<"cancelled" | "already_paid">;
  /**
   * The last four digits of the card that paid `paymentRef`, when the payment was made on the
   * processor's own page (a hosted session) and so its webhook does not carry them; null when
   * nothing is to be looked up (a payment confirmed here already told its card) or no card paid.
   * The receipt shows them (decision 0051).
   */
  cardOfHostedPayment?(paymentRef: string): Promise<string | null>;
  /** Stops a processor-side subscription (no-op where our scheduler bills). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Gives back `amount_cents` of a payment (its processor ref: a payment intent or a hosted
   * session). The idempotency key makes a retried refund the same refund at the processor;
   * `refund_id` (ours) travels in its metadata so the refund's webhook names our row.
   */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /**
   * Pauses a processor-billed subscription until `resumes_at` (no invoices meanwhile); a no-op
   * where our scheduler bills (its next charge is moved in our database instead).
   */
  pauseSubscription?(subscriptionId: string, resumesAt: Date): Promise<void>;
}

export type OfflinePaymentInput = ChargeInput & {
  method: "oxxo" | "spei";
  /** OXXO prints the payer's name and email on the voucher; SPEI needs a processor customer. */
  email: string;
  name: string;
  /** OXXO: calendar days to pay (the voucher ends at 23:59 Mexico City time of the last one). */
  expires_after_days: number;
  /** The checkout's clock (the sandbox computes the voucher's end from it). */
  now: Date;
};

export type OfflineVoucher = {
  /** The processor's payment (stored as purchases.provider_ref). */
  id: string;
  method: "oxxo" | "spei";
  /** OXXO: the number under the barcode; SPEI: the reference to write in the transfer. */
  reference: string;
  expires_at: Date | null;
  /** A printable page of the processor (Stripe's hosted voucher or instructions). */
  hosted_url: string | null;
  clabe: string | null;
  bank_name: string | null;
};

export type RefundInput = {
  payment_ref: string;
  amount_cents: number;
  idempotency_key: string;
  refund_id: number;
};

export type RefundOutcome =
  | { status: "succeeded" | "pending"; refund_ref: string }
  | { status: "failed"; failure_code: string };

/** What a processor needs to bill a subscription: the undiscounted price and the first charge's discount. */
export type RecurringInput = {
  price_cents: number;
  /** Taken off the first invoice only (docs/product-rules.md#checkout). */
  first_discount_cents: number;
  interval: number;
  period: "day" | "month" | "year";
  /** End of the free trial (no charge before it), or null. */
  trial_end: Date | null;
};

/** A verified, normalised webhook event. */
export type GatewayEvent =
  | {
      id: string;
      type: "payment_succeeded";
      provider_ref: string;
      purchase_id?: number;
      subscription_id?: string;
      /** The card's last four digits, when the processor was asked (cardOfHostedPayment). */
      card_last4?: string | null;
    }
  | { id: string; type: "payment_failed"; provider_ref: string; decline_code: string; purchase_id?: number }
  | {
      id: string;
      type: "invoice_paid";
      subscription_id: string;
      invoice_ref: string;
      amount_cents: number;
      /** The subscription's first invoice: paid by the checkout itself, never a renewal. */
      first: boolean;
      period_start: Date;
      period_end: Date;
    }
  | {
      id: string;
      type: "invoice_failed";
      subscription_id: string;
      invoice_ref: string;
      amount_cents: number;
      first: boolean;
    }
  | { id: string; type: "subscription_cancelled"; subscription_id: string; payment_failed: boolean }
  | {
      id: string;
      /** Money given back on a payment, ours or made in the processor's dashboard. */
      type: "refunded";
      /** The payment refunded (a payment intent), and its purchase when its metadata names it. */
      payment_ref: string;
      purchase_id?: number;
      /** Every refund of the payment when the event lists them (ref, amount, our refund id). */
      refunds: Array<{ refund_ref: string; amount_cents: number; refund_id?: number }> | null;
      /** What the processor has refunded on the payment in all, for events that do not list them. */
      amount_refunded_cents: number;
    }
  | { id: string; type: "ignored"; event_type: string };

export class GatewayDecline extends Error {
  constructor(readonly decline_code: string) {
    super(decline_code);
  }
}
