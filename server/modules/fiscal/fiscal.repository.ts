import { eq, sql } from "drizzle-orm";
import type { FiscalData } from "../../../domain/fiscal/fiscal-data";
import type { Db } from "../../db/client";
import { customer_fiscal_data } from "../../db/schema/fiscal";

export type FiscalDataRow = typeof customer_fiscal_data.$inferSelect;

export async function findFiscalDataOf(db: Db, customerId: number): Promise<FiscalDataRow | null> {
  const [row] = await db
    .select()
    .from(customer_fiscal_data)
    .where(eq(customer_fiscal_data.customer_id, customerId))
    .limit(1);
  return row ?? null;
}

/** One row per customer: a second save replaces the first (one statement, no race). */
export async function upsertFiscalData(db: Db, customerId: number, data: FiscalData): Promise<FiscalDataRow> {
  const values = {
    rfc: data.rfc,
    razon_social: data.razon_social,
    regimen_fiscal: data.regimen_fiscal,
    codigo_postal: data.codigo_postal,
    uso_cfdi: data.uso_cfdi,
    catalog_version: data.catalog_version,
  };
  const [row] = await db
    .insert(customer_fiscal_data)
    .values({ customer_id: customerId, ...values })
    .onConflictDoUpdate({
      target: customer_fiscal_data.customer_id,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row as FiscalDataRow;
}

export async function deleteFiscalDataOf(db: Db, customerId: number): Promise<boolean> {
  const rows = await db
    .delete(customer_fiscal_data)
    .where(eq(customer_fiscal_data.customer_id, customerId))
    .returning({ id: customer_fiscal_data.customer_id });
  return rows.length > 0;
}
