/**
 * The payment gateway port (DESIGN.md section 2). The checkout and purchases services speak only
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
    input: ChargeInput & { return_url: string; cancel_url: string },
  ): Promise<{ id: string; url: string }>;
  /** Stops a processor-side subscription (no-op where our scheduler bills). */
  cancelSubscription(subscriptionId: string): Promise<void>;
}

/** A verified, normalised webhook event. */
export type GatewayEvent =
  | { id: string; type: "payment_succeeded"; provider_ref: string; purchase_id?: number }
  | { id: string; type: "payment_failed"; provider_ref: string; decline_code: string; purchase_id?: number }
  | { id: string; type: "invoice_paid"; subscription_id: string; invoice_ref: string; amount_cents: number }
  | { id: string; type: "subscription_cancelled"; subscription_id: string }
  | { id: string; type: "ignored" };

export class GatewayDecline extends Error {
  constructor(readonly decline_code: string) {
    super(decline_code);
  }
}
