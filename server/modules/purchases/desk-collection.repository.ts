import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { locations } from "../../db/schema/calendar";
import { invoices } from "../../db/schema/purchases";

/** Whether a location exists (the desk names where it took the money). */
export async function locationExists(db: Db, locationId: number) {
  const [row] = await db
    .select({ id: locations.location_id })
    .from(locations)
    .where(eq(locations.location_id, locationId));
  return Boolean(row);
}

/** The studio's first available location (the lowest id), for a desk that did not name one. */
export async function firstLocationId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: locations.location_id })
    .from(locations)
    .where(eq(locations.available, true))
    .orderBy(asc(locations.location_id))
    .limit(1);
  return row?.id ?? null;
}

/** Marks the paid charges of these purchases (or this one charge) as taken at the desk, once. */
export async function markInvoicesCollected(
  db: Db,
  target: { purchase_ids: number[] } | { invoice_id: number },
  values: { collected_by: string; collected_location_id: number | null; collected_at: Date },
) {
  const which =
    "invoice_id" in target
      ? eq(invoices.invoice_id, target.invoice_id)
      : inArray(invoices.purchase_id, target.purchase_ids.length ? target.purchase_ids : [-1]);
  await db
    .update(invoices)
    .set(values)
    .where(and(which, eq(invoices.status, "paid"), isNull(invoices.collected_at)));
}
