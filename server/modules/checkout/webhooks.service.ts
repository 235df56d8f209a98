import type { FastifyInstance } from "fastify";
import { AppError } from "../../../domain/errors";
import { centsToString } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { PaymentProvider } from "../../db/schema/purchases";
import type { GatewayEvent } from "../../payments/gateway";
import { endUnpaidSubscription, grantPurchase, grantRenewalPeriod } from "../purchases/credit-grant";
import {
  findPurchase,
  findPurchaseByProviderRef,
  insertInvoiceOnce,
  type PurchaseRow,
  updatePurchase,
} from "../purchases/purchases.repository";
import { failPurchase } from "../purchases/purchases.service";
import { claimWebhookEvent } from "./checkout.repository";

type App = Pick<FastifyInstance, "db" | "appConfig">;

/**
 * Applies a verified provider event exactly once: the (provider, event id) row is claimed in the
 * same transaction that applies it, so a delivery repeated ten times, or ten at once, changes the
 * purchase once; a failure rolls the claim back and the provider's retry applies it later.
 *
 * Events may arrive in any order, so each one is applied by state, not by sequence: a grant
 * happens once whatever event reaches it first (markPaidOnce), a payment failure never undoes a
 * payment, a success after a failure still grants (the customer retried the card), and a
 * renewal period is claimed by its own invoice id.
 */
export async function applyGatewayEvent(
  app: App,
  provider: PaymentProvider,
  event: GatewayEvent,
  payload: unknown,
  now = new Date(),
): Promise<"applied" | "duplicate" | "ignored"> {
  const timeZone = (await app.appConfig.get()).timezone;
  return app.db.transaction(async (tx) => {
    const type = event.type === "ignored" ? event.event_type : event.type;
    if (!(await claimWebhookEvent(tx, { provider, event_id: event.id, type, payload }))) return "duplicate";
    switch (event.type) {
      case "payment_succeeded": {
        let purchase = await target(tx, provider, event.purchase_id, event.provider_ref);
        if (purchase.credits_granted_at) return "applied";
        if (purchase.status === "failed" || event.subscription_id) {
          purchase = (await updatePurchase(tx, purchase.purchase_id, {
            status: "pending",
            ...(event.subscription_id ? { subscription_id: event.subscription_id } : {}),
          }))!;
        }
        await grantPurchase(tx, purchase, { now, timeZone });
        return "applied";
      }
      case "payment_failed": {
        const purchase = await target(tx, provider, event.purchase_id, event.provider_ref);
        if (purchase.status === "pending" && !purchase.credits_granted_at)
          await failPurchase(tx, purchase.purchase_id);
        return "applied";
      }
      case "invoice_paid": {
        let purchase = await target(tx, provider, undefined, event.subscription_id);
        if (!purchase.credits_granted_at) {
          if (purchase.status === "failed")
            await updatePurchase(tx, purchase.purchase_id, { status: "pending" });
          await grantPurchase(tx, { ...purchase, subscription_id: event.subscription_id }, { now, timeZone });
          purchase = (await findPurchase(tx, purchase.purchase_id, true))!;
        }
        // The first invoice is the checkout's own payment: granted above, never a renewal.
        if (event.first) return "applied";
        const claimed = await insertInvoiceOnce(tx, {
          purchase_id: purchase.purchase_id,
          customer_id: purchase.customer_id,
          total_payment: centsToString(event.amount_cents),
          status: "paid",
          provider_ref: event.invoice_ref,
          period_start: event.period_start,
          period_end: event.period_end,
        });
        if (claimed) {
          await grantRenewalPeriod(
            tx,
            purchase,
            { start: event.period_start, end: event.period_end },
            timeZone,
            { providerBilled: true },
          );
        }
        return "applied";
      }
      case "invoice_failed": {
        if (event.first) return "ignored"; // the checkout's confirmation reports it to the customer
        const purchase = await target(tx, provider, undefined, event.subscription_id);
        const claimed = await insertInvoiceOnce(tx, {
          purchase_id: purchase.purchase_id,
          customer_id: purchase.customer_id,
          total_payment: centsToString(event.amount_cents),
          status: "failed",
          provider_ref: `${event.invoice_ref}_${event.id}`,
        });
        if (claimed && purchase.status === "active")
          await updatePurchase(tx, purchase.purchase_id, { renewal_failures: purchase.renewal_failures + 1 });
        return "applied";
      }
      case "subscription_cancelled": {
        const purchase = await target(tx, provider, undefined, event.subscription_id);
        if (purchase.status === "pending") await failPurchase(tx, purchase.purchase_id);
        else if (purchase.status === "active" && event.payment_failed)
          await endUnpaidSubscription(tx, purchase, purchase.renewal_failures, now);
        else if (purchase.status === "active")
          await updatePurchase(tx, purchase.purchase_id, {
            status: "cancelled",
            cancelledAt: now,
            next_billing_date: null,
          });
        return "applied";
      }
      case "ignored":
        return "ignored";
    }
  });
}

/**
 * The purchase an event is about, locked. An unknown one answers 409 so the provider retries:
 * the event can arrive before the checkout transaction that created the purchase has committed.
 */
async function target(
  tx: Db,
  provider: PaymentProvider,
  purchaseId: number | undefined,
  ref: string,
): Promise<PurchaseRow> {
  const found = purchaseId
    ? await findPurchase(tx, purchaseId, true)
    : await findPurchaseByProviderRef(tx, provider, ref);
  const purchase = found && !purchaseId ? await findPurchase(tx, found.purchase_id, true) : found;
  if (!purchase || purchase.provider !== provider)
    throw AppError.of(409, "WEBHOOK_PURCHASE_UNKNOWN", "purchaseNotFound");
  return purchase;
}
