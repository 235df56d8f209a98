import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AppError, notFound } from "../../../domain/errors";
import { centsToNumber } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import type { Actor } from "../audit/audit.service";
import { recordAudit } from "../audit/audit.service";
import { declined, once, openPurchase, setPaymentRef } from "../checkout/checkout.service";
import { findOwnSource, listSources, toSourceOut } from "../payment-methods/payment-methods.service";
import { grantPaymentGroup } from "../purchases/credit-grant";
import { failPaymentGroup, findPurchase } from "../purchases/purchases.service";
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
 * saved with this studio (decision 0022, addendum). The checkout's own steps do the work — the
 * idempotency key claimed with the purchase (`once`), the pending purchase under the package's
 * lock (`openPurchase`), an off-session charge of the saved card, then the payment group granted
 * or failed — all in one transaction with the audit entry. A decline commits the purchase as
 * failed (no credits) and answers 402 with the processor's reason; a retry with the same key
 * answers the same.
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
  const result = await once<{ purchase_id: number; call: string; decline_code?: string }>(
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
      const opened = await openPurchase(
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
      );
      const { purchase, pkg, chargeNow } = opened;
      // A subscription's renewals need the customer's own checkout (its processor's plan, its trial).
      if (pkg.is_subscription) throw AppError.of("DESK_CARD_SUBSCRIPTION");
      const card = { last4: source.last_digits, brand: source.card_type };
      const outcome =
        chargeNow === 0
          ? ({ status: "succeeded" } as const)
          : await gateway.chargeSaved({
              amount_cents: chargeNow,
              idempotency_key: `desk-${sale.idempotency_key}`,
              description: pkg.title,
              metadata: {
                purchase_id: String(purchase.purchase_id),
                customer_id: String(customerId),
                sold_by: actor.user_id,
              },
              source_id: source.source_id,
            });
      // Off-session there is no one to pass the bank's extra check: it counts as a decline.
      const declineCode =
        outcome.status === "declined"
          ? outcome.decline_code
          : outcome.status === "requires_action"
            ? "authentication_required"
            : null;
      // Our reference of the charge: the saved card's processor answers an off-session charge
      // with no id we keep, and a desk charge must not look like a pending online checkout.
      await setPaymentRef(tx, opened, `desk_card_${purchase.purchase_id}_${source.payment_source_id}`);
      const current = (await findPurchase(tx, purchase.purchase_id, true)) ?? purchase;
      if (declineCode) await failPaymentGroup(tx, current);
      else await grantPaymentGroup(tx, current, { now, timeZone: config.timezone });
      await recordAudit(tx, {
        actor_user_id: actor.user_id,
        action: declineCode ? "access.sell_card_declined" : "access.sell",
        entity: "purchase",
        entity_id: purchase.purchase_id,
        customer_id: customerId,
        details: {
          title: pkg.title,
          class_package_id: pkg.class_package_id,
          bill: centsToNumber(chargeNow),
          payment: `Tarjeta guardada ${card.brand ?? ""} •••• ${card.last4 ?? ""}`.replace(/\s+/g, " "),
          payment_source_id: source.payment_source_id,
          last4: card.last4,
          processor: gateway.name,
          ...(declineCode ? { decline_code: declineCode } : {}),
        },
      });
      return {
        purchase_id: purchase.purchase_id,
        call,
        ...(declineCode ? { decline_code: declineCode } : {}),
      };
    },
  );
  if (result.decline_code) throw declined(result.decline_code);
  return { purchase_id: result.purchase_id, replayed: result.call !== call };
}
