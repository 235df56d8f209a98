import { and, eq } from "drizzle-orm";
import type { Address } from "../../../domain/customers";
import type { Db } from "../../db/client";
import { addresses } from "../../db/schema/customers";

export type AddressRow = typeof addresses.$inferSelect;

export async function findAddressOf(db: Db, customerId: number): Promise<AddressRow | null> {
  const [row] = await db.select().from(addresses).where(eq(addresses.customer_id, customerId)).limit(1);
  return row ?? null;
}

/** Every lookup by id is scoped to the owner: another customer's id simply is not found. */
export async function findOwnAddress(
  db: Db,
  customerId: number,
  addressId: number,
): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.address_id, addressId), eq(addresses.customer_id, customerId)))
    .limit(1);
  return row ?? null;
}

/** null when the customer already has one (one billing address per customer). */
export async function insertAddress(db: Db, customerId: number, values: Address): Promise<AddressRow | null> {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, customer_id: customerId })
    .onConflictDoNothing({ target: addresses.customer_id })
    .returning();
  return row ?? null;
}

export async function updateOwnAddress(
  db: Db,
  customerId: number,
  addressId: number,
  values: Address,
): Promise<AddressRow | null> {
  const [row] = await db
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.address_id, addressId), eq(addresses.customer_id, customerId)))
    .returning();
  return row ?? null;
}

export async function deleteOwnAddress(db: Db, customerId: number, addressId: number): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.address_id, addressId), eq(addresses.customer_id, customerId)))
    .returning();
  return rows.length > 0;
}
