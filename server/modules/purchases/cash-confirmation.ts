import { type Actor, auditedChange } from "../audit/audit.service";
import { markInvoiceCollected, markPurchaseCollected } from "./desk-collection";
import { confirmCashPurchase } from "./purchases.service";
import { confirmRenewalInvoice } from "./renewals";

/**
 * The desk's "Confirmar pago" for a cash purchase: grants it once, and when it granted, the audit
 * entry is saved in the same transaction (who confirmed money they took at the desk matters).
 * Used by PUT /customer/confirmCash and POST /purchases/admin/{id}/confirm.
 */
export async function confirmCashPurchaseAudited(
  db: Parameters<typeof auditedChange>[0],
  timeZone: string,
  actor: Actor,
  purchaseId: number,
  now = new Date(),
  /** The location whose drawer took the cash (the cash close's, decision 0063). */
  locationId?: number | null,
) {
  return auditedChange(db, actor, async (tx) => {
    const result = await confirmCashPurchase(tx, purchaseId, timeZone, now);
    const { purchase } = result;
    if (result.granted) {
      await markPurchaseCollected(tx, purchase, { user_id: actor.user_id, location_id: locationId }, now);
    }
    return {
      result,
      audit: result.granted
        ? {
            action: "purchase.confirm_cash",
            entity: "purchase",
            entity_id: purchaseId,
            customer_id: purchase.customer_id,
            details: { title: purchase.title, total_payment: Number(purchase.total_payment) },
          }
        : null,
    };
  });
}

/** The same for a subscription renewal paid in cash: grants the period once, audited when it did. */
export async function confirmRenewalInvoiceAudited(
  db: Parameters<typeof auditedChange>[0],
  timeZone: string,
  actor: Actor,
  invoiceId: number,
  locationId?: number | null,
  now = new Date(),
) {
  return auditedChange(db, actor, async (tx) => {
    const result = await confirmRenewalInvoice(tx, invoiceId, timeZone);
    if (result.status === "granted") {
      await markInvoiceCollected(tx, invoiceId, { user_id: actor.user_id, location_id: locationId }, now);
    }
    return {
      result,
      audit:
        result.status === "granted"
          ? {
              action: "invoice.confirm_cash",
              entity: "invoice",
              entity_id: invoiceId,
              customer_id: result.invoice.customer_id,
              details: {
                purchase_id: result.invoice.purchase_id,
                total_payment: Number(result.invoice.total_payment),
              },
            }
          : null,
    };
  });
}
