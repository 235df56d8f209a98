import { createHmac, timingSafeEqual } from "node:crypto";
import { withCheckDigit } from "../../domain/clabe";
import { oxxoVoucherExpiry } from "../../domain/offline-payments";
import { parseSandboxToken } from "../../domain/sandbox-card";
import type { CardGateway, ChargeInput, Intent, PaymentOutcome } from "./gateway";

/**
 * The default gateway: an offline card processor. It keeps no state: ids and client secrets are
 * HMACs of the idempotency key, so the same key gives the same intent on any instance, and a
 * client secret cannot be forged. The outcome of a card is the one its test number has
 * (domain/sandbox-card.ts), carried by the browser-made token.
 */
export function createSandboxGateway(secret: string, publicUrl: string): CardGateway {
  const sign = (text: string) => createHmac("sha256", secret).update(text).digest("hex");
  const secretFor = (id: string) => `${id}_secret_${sign(`secret:${id}`).slice(0, 24)}`;

  function outcomeOf(token: string | undefined): PaymentOutcome {
    const card = token ? parseSandboxToken(token.replace(/^src_/, "tok_")) : null;
    if (!card) return { status: "declined", decline_code: "incorrect_number" };
    if (card.outcome !== "success") return { status: "declined", decline_code: card.outcome };
    return {
      status: "succeeded",
      card: {
        source_id: token!.replace(/^tok_/, "src_"),
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
      },
    };
  }

  return {
    name: "sandbox",
    async createIntent(input: ChargeInput): Promise<Intent> {
      const id = `pi_sandbox_${sign(`intent:${input.idempotency_key}`).slice(0, 24)}`;
      return { id, client_secret: secretFor(id) };
    },
    async confirmIntent({ intent, payment_method }) {
      const expected = Buffer.from(secretFor(intent.id));
      const given = Buffer.from(intent.client_secret);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { status: "declined", decline_code: "processing_error" };
      }
      return outcomeOf(payment_method);
    },
    async chargeSaved({ source_id }) {
      return outcomeOf(source_id);
    },
    async createSession(input) {
      const id = `cs_sandbox_${sign(`session:${input.idempotency_key}`).slice(0, 24)}`;
      const params = new URLSearchParams({
        purchase_id: input.metadata.purchase_id ?? "",
        amount: String(input.amount_cents),
        title: input.description,
        return_url: input.return_url,
        cancel_url: input.cancel_url,
      });
      params.set("sig", sign(`page:${id}:${params.toString()}`).slice(0, 32));
      return { id, url: `${publicUrl}/api/payments/sandbox/session/${id}?${params.toString()}` };
    },
    // Offline payments as OXXO and a SPEI bank would give them, made of digits of the key's HMAC
    // (the same key, the same voucher): an 18-digit OXXO reference and an STP CLABE with a valid
    // check digit. Nothing is ever paid here: the sandbox's "simulate payment" says so.
    async createOfflinePayment(input) {
      const id = `pi_sandbox_${sign(`offline:${input.idempotency_key}`).slice(0, 24)}`;
      const digits = (label: string, n: number) =>
        BigInt(`0x${sign(`${label}:${input.idempotency_key}`).slice(0, 30)}`)
          .toString()
          .padStart(n, "0")
          .slice(-n);
      const expires_at = oxxoVoucherExpiry(input.now, input.expires_after_days);
      if (input.method === "oxxo") {
        return {
          id,
          method: "oxxo",
          reference: `9300${digits("oxxo", 14)}`,
          expires_at,
          hosted_url: null,
          clabe: null,
          bank_name: null,
        };
      }
      return {
        id,
        method: "spei",
        reference: digits("spei-ref", 7),
        expires_at,
        hosted_url: null,
        // 646: STP, the bank of most SPEI collection accounts; 180: Mexico City.
        clabe: withCheckDigit(`646180${digits("clabe", 11)}`),
        bank_name: "STP (sandbox)",
      };
    },
    // The sandbox's vouchers are paid only by its "simulate payment", which sends the event itself.
    async cancelPayment() {
      return "cancelled" as const;
    },
    async cancelSubscription() {},
    // The sandbox processor refunds at once: the same key gives the same refund id on any instance.
    async refund(input) {
      return {
        status: "succeeded",
        refund_ref: `re_sandbox_${sign(`refund:${input.idempotency_key}`).slice(0, 24)}`,
      };
    },
    // Our scheduler bills the sandbox's subscriptions: moving next_billing_date pauses them.
    async pauseSubscription() {},
  };
}

/** Checks the signature of a sandbox hosted-session link (its page is served by the checkout module). */
export function verifySandboxSession(secret: string, id: string, query: URLSearchParams): boolean {
  const sig = query.get("sig") ?? "";
  const rest = new URLSearchParams(query);
  rest.delete("sig");
  const expected = createHmac("sha256", secret)
    .update(`page:${id}:${rest.toString()}`)
    .digest("hex")
    .slice(0, 32);
  return sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
}
