import type { FastifyInstance } from "fastify";
import { declineMessageKey, parseExpiry } from "../../../domain/billing";
import { t } from "../../../domain/messages";
import { parseSandboxToken, tokenizeSandboxCard } from "../../../domain/sandbox-card";
import { saveCard } from "../payment-methods/payment-methods.service";
import { grantPaymentGroup } from "../purchases/credit-grant";
import { findPurchase, listPaymentCompanions, setCardOfPayment } from "../purchases/purchases.service";

type App = Pick<FastifyInstance, "db" | "appConfig">;

export type SessionPayment =
  | { status: "paid"; purchase_id: number }
  | { status: "declined"; message: string }
  | { status: "invalid" };

/**
 * Pays a sandbox hosted session with the card typed on its page. Raw card numbers reach this code
 * on purpose: this page plays the processor's own hosted page, which is where a real processor
 * receives them; the number is reduced to the sandbox token at once and never stored or logged.
 * Success grants the purchase once; a decline leaves it pending so the customer can try again.
 */
export async function paySandboxSession(
  app: App,
  input: { session_id: string; purchase_id: number; number: string; exp: string },
  now = new Date(),
): Promise<SessionPayment> {
  const purchase = await findPurchase(app.db, input.purchase_id);
  if (purchase?.provider !== "sandbox" || purchase.provider_ref !== input.session_id)
    return { status: "invalid" };
  if (purchase.credits_granted_at) return { status: "paid", purchase_id: purchase.purchase_id };
  if (purchase.status !== "pending") return { status: "invalid" };
  const exp = parseExpiry(input.exp.trim());
  if (!exp) return { status: "declined", message: t("cardExpiryInvalid") };
  const digits = input.number.replace(/\D/g, "");
  const card = digits.length >= 12 ? parseSandboxToken(tokenizeSandboxCard(digits, exp, now)) : null;
  if (!card) return { status: "declined", message: t("cardIncorrectNumber") };
  if (card.outcome !== "success") return { status: "declined", message: t(declineMessageKey(card.outcome)) };
  const timeZone = (await app.appConfig.get()).timezone;
  return app.db.transaction(async (tx) => {
    const current = await findPurchase(tx, purchase.purchase_id, true);
    if (!current) return { status: "invalid" as const };
    // The session may pay the sign-up fee too (decision 0017): every purchase of the payment.
    const { granted } = await grantPaymentGroup(tx, current, { now, timeZone });
    // The receipt names the card that paid (decision 0051).
    if (granted) {
      const companions = await listPaymentCompanions(tx, current);
      await setCardOfPayment(tx, [current.purchase_id, ...companions.map((c) => c.purchase_id)], card.last4);
    }
    // A subscription renews with this card (our renewal job charges it).
    if (granted && current.subscription_interval) {
      await saveCard(tx, current.customer_id, "sandbox", {
        source_id: tokenizeSandboxCard(digits, exp!, now).replace(/^tok_/, "src_"),
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
      });
    }
    return { status: "paid" as const, purchase_id: current.purchase_id };
  });
}
