import sanitizeHtml from "sanitize-html";
import { declineMessageKey } from "../../../domain/billing";
import { AppError } from "../../../domain/errors";
import { parseSandboxToken } from "../../../domain/sandbox-card";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import {
  findOwnSource,
  findPaymentMethod,
  findPaymentMethodByProvider,
  findSourceByRef,
  insertSource,
  type PaymentMethodRow,
  type PaymentMethodValues,
  type PaymentSourceRow,
} from "./payment-methods.repository";

/** A desk sale charges one of the customer's saved cards. */
export { findOwnSource, listSources } from "./payment-methods.repository";

/** Payment instructions are admin HTML shown to customers: only formatting and links survive. */
export function sanitizeInstructions(html: string | null | undefined): string | null {
  if (!html) return null;
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h3", "h4", "span"],
    allowedAttributes: { a: ["href", "target", "rel"] },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }) },
  });
}

/** Sanitised on save and again on render: rows written by older versions or by hand are safe too. */
export function toMethodOut(row: PaymentMethodRow) {
  return { ...row, instructions: sanitizeInstructions(row.instructions) };
}

export function cleanMethodValues<T extends Partial<PaymentMethodValues>>(values: T): T {
  return "instructions" in values
    ? { ...values, instructions: sanitizeInstructions(values.instructions) }
    : values;
}

/** Whether the payment method exists, offered to customers or not (a desk sale may name any). */
export async function paymentMethodExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await findPaymentMethod(db, id));
}

export const noPaymentMethod = () => AppError.of("NO_PAYMENT_METHOD");

/** The checkout option a purchase is made with: the one named, else the first of its kind. */
export async function resolveCheckoutOption(
  db: Db,
  provider: "card" | "cash" | "paypal",
  id?: number | null,
) {
  const method = id ? await findPaymentMethod(db, id) : await findPaymentMethodByProvider(db, provider);
  if (!method?.available || method.provider !== provider) {
    if (provider === "card" && !id) return null; // card checkout works without a configured option row
    throw noPaymentMethod();
  }
  return method;
}

/**
 * A saved card of the customer (docs/product-rules.md#cards: a chosen one that does not exist is a
 * 400).
 */
export async function requireOwnSource(db: Db, customerId: number, id: number): Promise<PaymentSourceRow> {
  const source = await findOwnSource(db, customerId, id);
  if (!source) throw noPaymentMethod();
  return source;
}

export type SavedCard = {
  source_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
};

export async function saveCard(db: Db, customerId: number, provider: string, card: SavedCard) {
  return insertSource(db, {
    customer_id: customerId,
    provider,
    source_id: card.source_id,
    card_type: card.brand,
    last_digits: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
  });
}

/**
 * Saves a card tokenised in the browser (Mis Métodos de Pago → Agregar with the sandbox). Only
 * the sandbox tokenises in our page: with Stripe a card is saved through Stripe's own setup
 * (createCardSetup), so a sandbox token there would be a card Stripe cannot charge.
 */
export async function saveTokenizedCard(db: Db, customerId: number, token: string, gateway: string) {
  if (gateway !== "sandbox") throw AppError.of("CARD_FORMAT_INVALID");
  const card = parseSandboxToken(token);
  if (!card) throw AppError.of("CARD_FORMAT_INVALID");
  if (card.outcome !== "success")
    throw AppError.of(
      402,
      "CARD_DECLINED",
      declineMessageKey(card.outcome),
      {},
      { details: { decline_code: card.outcome } },
    );
  const saved = await saveCard(db, customerId, "sandbox", {
    source_id: token.replace(/^tok_/, "src_"),
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
  });
  if (!saved) throw AppError.of("CARD_ALREADY_SAVED");
  return saved;
}

/**
 * Agregar with a processor that has its own card setup page (Stripe): where the browser goes.
 * The idempotency key is the browser's, so a double click opens one setup.
 */
export async function startCardSetup(
  gateway: CardGateway,
  input: { customer_id: number; email: string; idempotency_key: string; return_url: string },
) {
  if (!gateway.createCardSetup) throw AppError.of("CARD_SETUP_IN_BROWSER");
  return gateway.createCardSetup({ ...input, cancel_url: input.return_url });
}

/**
 * The customer is back from the processor's setup page: the card it saved is kept, for the
 * customer the setup was made for only. Coming back twice (a reload) keeps it once.
 */
export async function finishCardSetup(db: Db, gateway: CardGateway, customerId: number, setupId: string) {
  const setup = gateway.readCardSetup ? await gateway.readCardSetup(setupId) : null;
  if (!setup || setup.customer_id !== customerId) throw AppError.of("CARD_SETUP_NOT_COMPLETED");
  const saved = await saveCard(db, customerId, gateway.name, setup.card);
  return saved ?? (await findSourceByRef(db, customerId, gateway.name, setup.card.source_id));
}

export function toSourceOut(s: PaymentSourceRow) {
  return {
    payment_source_id: s.payment_source_id,
    source_id: s.source_id,
    provider: s.provider,
    card_type: s.card_type,
    last_digits: s.last_digits,
    exp_month: s.exp_month,
    exp_year: s.exp_year,
    createdAt: s.createdAt,
  };
}
