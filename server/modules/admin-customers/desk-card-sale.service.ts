import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AppError, notFound } from "../../../domain/errors";
import { centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway, PaymentOutcome } from "../../payments/gateway";
import type { Actor } from "../audit/audit.service";
import {
  applyChargeOutcome,
  deskChargeInput,
  findChargeIntentById,
  recordChargeIntent,
} from "../checkout/charge-intents.service";
import { declined, once, openPurchase, setPaymentRef } from "../checkout/checkout.service";
import { findOwnSource, listSources, toSourceOut } from "../payment-methods/payment-methods.service";
import { findPurchase } from "../purchases/purchases.service";
import { findCustomer } from "./admin-customers.repository";
import { assertActive } from "./customer-record.service";

type App = Pick<FastifyInstance, "db" | "appConfig">;

/** The customer's saved cards the desk may charge: those kept by the processor in use now. */
export async function deskCards(db: Db, gateway: CardGateway, customerId: number) {
  if (!(await findCustomer(db, customerId))) throw notFound("customerNotFound", "CUSTOMER_NOT_FOUND");
  return (await listSources(db, customerId)).filter((s) => s.provider === gateway.name).map(toSourceOut);
}

/**
 * POST /customer/admin/:id/sell/saved-card: the desk charges a package to a card the customer
 * saved with this studio (decision 0022, addendum). The checkout's own steps do the work, in two
 * steps like every processor charge (decision 0066): first, in one transaction, the idempotency
 * key claimed with the pending purchase (`once`, `openPurchase` under the package's lock) and the
 * charge's intent recorded; then the off-session charge of the saved card with the intent's key;
 * then the payment group granted or failed with the audit entry (`applyChargeOutcome`). A crash
 * or a lost answer between the charge and the confirmation leaves the intent pending: a retry
 * with the same key, or the finish-interrupted-charges job, asks the processor again with the
 * same key and applies its answer once. A decline commits the purchase as failed (no credits) and
 * answers 402 with the processor's reason; a retry with the same key answers the same.
 */
export async function chargeSavedCardAtDesk(
  app: App,
  gateway: CardGateway,
  actor: Actor,
  customerId: number,
  sale: { class_package_id: number; payment_source_id: number; idempotency_key: string },
  now = new Date(),
): Promise<{ purchase_id: number; replayed: boolean }> {
  // Tells this call's own answer from one stored by an earlier call with the same key (whose
  // receipt was already sent).
  const call = randomUUID();
  const config = await app.appConfig.get();
  // The desk sells without the online checkout's sign-up-fee rule, as its other sales do.
  const deskConfig = { ...config, signup_fee_package_id: null };
  const opened = await once<{ purchase_id: number; call: string; charge_intent_id: number | null }>(
    app,
    {
      idempotency_key: sale.idempotency_key,
      customer_id: customerId,
      class_package_id: sale.class_package_id,
      provider: gateway.name,
      body: { desk: true, ...sale },
    },
    async (tx) => {
      const customer = await findCustomer(tx, customerId, true);
      if (!customer) throw notFound("customerNotFound", "CUSTOMER_NOT_FOUND");
      assertActive(customer);
      const source = await findOwnSource(tx, customerId, sale.payment_source_id);
      // Another customer's card, a removed one, or one kept by another processor: not chargeable here.
      if (!source || source.provider !== gateway.name)
        throw notFound("deskCardNotFound", "PAYMENT_SOURCE_NOT_FOUND");
      const purchaseOpened = await openPurchase(
        tx,
        {
          customer_id: customerId,
          class_package_id: sale.class_package_id,
          idempotency_key: sale.idempotency_key,
        },
        gateway.name,
        null,
        now,
        deskConfig,
        "desk",
      );
      const { purchase, pkg, chargeNow } = purchaseOpened;
      // A subscription's renewals need the customer's own checkout (its processor's plan, its trial).
      if (pkg.is_subscription) throw AppError.of("DESK_CARD_SUBSCRIPTION");
      // Our reference of the charge: the saved card's processor answers an off-session charge
      // with no id we keep, and a desk charge must not look like a pending online checkout.
      await setPaymentRef(
        tx,
        purchaseOpened,
        `desk_card_${purchase.purchase_id}_${source.payment_source_id}`,
      );
      const intent = await recordChargeIntent(tx, {
        purchase_id: purchase.purchase_id,
        customer_id: customerId,
        provider: gateway.name,
        kind: "desk_saved_card",
        payment_method: source.source_id,
        amount: centsToString(chargeNow),
        idempotency_key: `desk-${sale.idempotency_key}`,
        actor_user_id: actor.user_id,
        createdAt: now,
        updatedAt: now,
      });
      return { purchase_id: purchase.purchase_id, call, charge_intent_id: intent.charge_intent_id };
    },
  );
  const intent = opened.charge_intent_id
    ? await findChargeIntentById(app.db, opened.charge_intent_id)
    : undefined;
  if (!intent) throw AppError.of("BAD_REQUEST");
  const source = await findOwnSource(app.db, customerId, sale.payment_source_id);
  const card = { fallbackLast4: source?.last_digits ?? null, brand: source?.card_type ?? null };
  let status = intent.status;
  let declineCode = intent.outcome_code;
  if (status === "pending") {
    const purchase = await findPurchase(app.db, intent.purchase_id);
    let outcome: PaymentOutcome;
    if (toCents(intent.amount) === 0) outcome = { status: "succeeded" };
    else {
      try {
        outcome = await gateway.chargeSaved({
          ...deskChargeInput(intent, purchase?.title ?? ""),
          source_id: intent.payment_method ?? "",
        });
      } catch {
        // No answer: the card may have been charged. The intent stays pending; the job asks again.
        throw AppError.of("CHARGE_PROCESSOR_UNREACHABLE");
      }
    }
    // Off-session there is no one to pass the bank's extra check: it counts as a decline.
    if (outcome.status === "requires_action")
      outcome = { status: "declined", decline_code: "authentication_required" };
    const applied = await applyChargeOutcome(app, intent.charge_intent_id, outcome, now, card);
    status = applied.status;
    declineCode = applied.decline_code ?? null;
  }
  if (status === "failed" || status === "abandoned") throw declined(declineCode ?? "card_declined");
  return { purchase_id: opened.purchase_id, replayed: opened.call !== call };
}
