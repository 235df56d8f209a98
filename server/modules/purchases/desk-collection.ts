import { AppError } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { firstLocationId, locationExists, markInvoicesCollected } from "./desk-collection.repository";
import { listPaymentCompanions, type PurchaseRow } from "./purchases.repository";

/**
 * Money the desk takes in its hands is marked with who took it, where and when (decision 0063):
 * the cash close (server/modules/cash-close) adds those charges and refunds up per location and
 * day. How it was paid stays where it already is (the purchase's provider and the counter's
 * provider_ref, domain/desk-sale.ts).
 */

/** Who took the money at the desk and where (`location_id` absent: the studio's first location). */
export type DeskCollector = { user_id: string; location_id?: number | null };

/**
 * The location a desk movement belongs to: the one the desk named (404 when it does not exist),
 * else the studio's first available location (a studio with one location never has to say it).
 */
export async function deskLocationId(db: Db, requested: number | null | undefined): Promise<number | null> {
  if (requested != null) {
    if (!(await locationExists(db, requested))) throw AppError.of("LOCATION_NOT_FOUND");
    return requested;
  }
  return firstLocationId(db);
}

/** A counter sale or a confirmed cash order: its paid charges (its fee's too) were taken now. */
export async function markPurchaseCollected(
  tx: Db,
  purchase: Pick<PurchaseRow, "purchase_id" | "customer_id" | "provider" | "provider_ref">,
  collector: DeskCollector,
  now: Date,
) {
  const companions = await listPaymentCompanions(tx, purchase);
  await markInvoicesCollected(
    tx,
    { purchase_ids: [purchase.purchase_id, ...companions.map((c) => c.purchase_id)] },
    {
      collected_by: collector.user_id,
      collected_location_id: await deskLocationId(tx, collector.location_id),
      collected_at: now,
    },
  );
}

/** A renewal confirmed in cash: that one charge was taken now. */
export async function markInvoiceCollected(tx: Db, invoiceId: number, collector: DeskCollector, now: Date) {
  await markInvoicesCollected(
    tx,
    { invoice_id: invoiceId },
    {
      collected_by: collector.user_id,
      collected_location_id: await deskLocationId(tx, collector.location_id),
      collected_at: now,
    },
  );
}
