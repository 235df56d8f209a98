import { and, desc, eq, gt, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cfdi_global_purchases, cfdis } from "../../db/schema/cfdi";
import { customers } from "../../db/schema/customers";
import { customer_fiscal_data } from "../../db/schema/fiscal";
import { class_packages } from "../../db/schema/packages";
import { payment_vouchers, purchases, refunds } from "../../db/schema/purchases";

export type CfdiRow = typeof cfdis.$inferSelect;
export type NewCfdi = typeof cfdis.$inferInsert;

export async function findCfdi(db: Db, cfdiId: number): Promise<CfdiRow | null> {
  const [row] = await db.select().from(cfdis).where(eq(cfdis.cfdi_id, cfdiId)).limit(1);
  return row ?? null;
}

export async function findIngresoOf(db: Db, purchaseId: number): Promise<CfdiRow | null> {
  const [row] = await db
    .select()
    .from(cfdis)
    .where(and(eq(cfdis.kind, "ingreso"), eq(cfdis.purchase_id, purchaseId)))
    .limit(1);
  return row ?? null;
}

export async function findGlobalOf(db: Db, period: string): Promise<CfdiRow | null> {
  const [row] = await db
    .select()
    .from(cfdis)
    .where(and(eq(cfdis.kind, "global"), eq(cfdis.period, period)))
    .limit(1);
  return row ?? null;
}

export async function findEgresoOf(db: Db, refundId: number): Promise<CfdiRow | null> {
  const [row] = await db
    .select()
    .from(cfdis)
    .where(and(eq(cfdis.kind, "egreso"), eq(cfdis.refund_id, refundId)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts unless the unique index (one factura per purchase, one global per period, one egreso
 * per refund) already has the row: answers the new row, or null when another request won.
 */
export async function insertCfdiOnce(db: Db, row: NewCfdi): Promise<CfdiRow | null> {
  const [inserted] = await db.insert(cfdis).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Locks one CFDI's row until the transaction ends (notas de crédito of it are written one at a time). */
export async function lockCfdi(tx: Db, cfdiId: number): Promise<void> {
  await tx.select({ cfdi_id: cfdis.cfdi_id }).from(cfdis).where(eq(cfdis.cfdi_id, cfdiId)).for("update");
}

export async function updateCfdi(db: Db, cfdiId: number, set: Partial<NewCfdi>): Promise<CfdiRow> {
  const [row] = await db.update(cfdis).set(set).where(eq(cfdis.cfdi_id, cfdiId)).returning();
  return row as CfdiRow;
}

/**
 * Claims a row for a retry: a failed one, or one left pending since before `staleBefore` (its
 * attempt died: decision 0057). Only one caller gets it back (pending again, updated now).
 */
export async function claimFailed(db: Db, cfdiId: number, staleBefore: Date): Promise<CfdiRow | null> {
  const [row] = await db
    .update(cfdis)
    .set({ status: "pending", error: null })
    .where(
      and(
        eq(cfdis.cfdi_id, cfdiId),
        or(eq(cfdis.status, "failed"), and(eq(cfdis.status, "pending"), lt(cfdis.updatedAt, staleBefore))),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * A customer's facturas and notas de crédito. An egreso to público en general (crediting a factura
 * global, docs/decisions/0072) names the purchase's customer for the back office, but is not theirs.
 */
export async function listCfdisOfCustomer(db: Db, customerId: number) {
  return db
    .select()
    .from(cfdis)
    .where(
      and(
        eq(cfdis.customer_id, customerId),
        inArray(cfdis.kind, ["ingreso", "egreso"]),
        sql`${cfdis.receiver}->>'rfc' <> 'XAXX010101000'`,
      ),
    )
    .orderBy(desc(cfdis.createdAt));
}

/** The factura global a purchase is in, with the amount its concept had when issued. */
export async function globalOfPurchase(db: Db, purchaseId: number) {
  const [row] = await db
    .select({ cfdi: cfdis, amount: cfdi_global_purchases.amount })
    .from(cfdi_global_purchases)
    .innerJoin(cfdis, eq(cfdis.cfdi_id, cfdi_global_purchases.cfdi_id))
    .where(eq(cfdi_global_purchases.purchase_id, purchaseId))
    .limit(1);
  return row ?? null;
}

/** Records each concept's amount as the factura global is sent (docs/decisions/0072). */
export async function setGlobalAmounts(
  db: Db,
  cfdiId: number,
  amounts: { purchase_id: number; amount: string }[],
) {
  for (const a of amounts)
    await db
      .update(cfdi_global_purchases)
      .set({ amount: a.amount })
      .where(
        and(eq(cfdi_global_purchases.cfdi_id, cfdiId), eq(cfdi_global_purchases.purchase_id, a.purchase_id)),
      );
}

/** What the stamped notas de crédito of a purchase related to one CFDI add up to (pending ones count: they are being stamped). */
export async function egresosOf(db: Db, purchaseId: number, relatedCfdiId: number) {
  return db
    .select()
    .from(cfdis)
    .where(
      and(
        eq(cfdis.kind, "egreso"),
        eq(cfdis.purchase_id, purchaseId),
        eq(cfdis.related_cfdi_id, relatedCfdiId),
        inArray(cfdis.status, ["valid", "pending"]),
      ),
    );
}

/** Cancellations the receiver has yet to accept or reject (docs/decisions/0072). */
export async function cancellationsAwaitingAcceptance(db: Db) {
  return db
    .select()
    .from(cfdis)
    .where(and(eq(cfdis.status, "valid"), eq(cfdis.cancellation_status, "pending")))
    .orderBy(cfdis.cfdi_id)
    .limit(200);
}

/** Rows whose attempt died while pending (decision 0057): the follow-up job takes them again. */
export async function stalePending(db: Db, staleBefore: Date) {
  return db
    .select()
    .from(cfdis)
    .where(and(eq(cfdis.status, "pending"), lt(cfdis.updatedAt, staleBefore)))
    .orderBy(cfdis.cfdi_id)
    .limit(100);
}

/**
 * Refunds (since `since`) not yet credited: the purchase has a stamped factura that stands (its
 * own, with no cancellation asked or one the receiver turned down, or a factura global) and no
 * nota de crédito for this refund. Covers refunds learnt by webhook and an interrupted desk refund.
 */
export async function refundsToCredit(db: Db, since: Date) {
  return db
    .select({ refund_id: refunds.refund_id, purchase_id: refunds.purchase_id, amount: refunds.amount })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, "succeeded"),
        gte(refunds.updatedAt, since),
        sql`not exists (select 1 from ${cfdis} e where e.kind = 'egreso' and e.refund_id = ${refunds.refund_id})`,
        sql`(exists (select 1 from ${cfdis} i where i.kind = 'ingreso' and i.purchase_id = ${refunds.purchase_id} and i.status = 'valid' and i.preview = false and (i.cancellation_status is null or i.cancellation_status in ('rejected', 'expired')))
          or exists (select 1 from ${cfdi_global_purchases} g join ${cfdis} c on c.cfdi_id = g.cfdi_id where g.purchase_id = ${refunds.purchase_id} and c.status = 'valid' and c.preview = false))`,
      ),
    )
    .orderBy(refunds.refund_id)
    .limit(100);
}

/**
 * A purchase with what a factura needs: its package's rate, the buyer's email and, for one paid
 * in cash at OXXO or by SPEI transfer, that way (its c_FormaPago is 01 or 03, not the card's 04).
 */
export async function findPurchaseForInvoice(db: Db, purchaseId: number) {
  const [row] = await db
    .select({
      purchase: purchases,
      package_iva_rate: class_packages.iva_rate,
      email: customers.email,
      name: customers.name,
      offline_method: payment_vouchers.method,
    })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .innerJoin(customers, eq(customers.customer_id, purchases.customer_id))
    .leftJoin(payment_vouchers, eq(payment_vouchers.purchase_id, purchases.purchase_id))
    .where(eq(purchases.purchase_id, purchaseId))
    .limit(1);
  return row ?? null;
}

export async function globalPeriodOfPurchase(db: Db, purchaseId: number): Promise<string | null> {
  const [row] = await db
    .select({ period: cfdis.period })
    .from(cfdi_global_purchases)
    .innerJoin(cfdis, eq(cfdis.cfdi_id, cfdi_global_purchases.cfdi_id))
    .where(eq(cfdi_global_purchases.purchase_id, purchaseId))
    .limit(1);
  return row?.period ?? null;
}

/**
 * Paid purchases of a period (paid = credits granted, in [from, to)) with money left after
 * refunds and no factura of their own that stands (none, or one that failed), not yet in a global.
 */
export async function purchasesForGlobal(db: Db, from: Date, to: Date) {
  return db
    .select({
      purchase: purchases,
      package_iva_rate: class_packages.iva_rate,
    })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .where(
      and(
        isNotNull(purchases.credits_granted_at),
        gte(purchases.credits_granted_at, from),
        lt(purchases.credits_granted_at, to),
        gt(sql`${purchases.total_payment} - ${purchases.refunded_total}`, sql`0`),
        sql`not exists (select 1 from ${cfdis} c where c.kind = 'ingreso' and c.purchase_id = ${purchases.purchase_id} and c.status <> 'failed')`,
        sql`not exists (select 1 from ${cfdi_global_purchases} g where g.purchase_id = ${purchases.purchase_id})`,
      ),
    )
    .orderBy(purchases.purchase_id);
}

export async function addGlobalPurchases(db: Db, cfdiId: number, purchaseIds: number[]) {
  if (purchaseIds.length === 0) return;
  await db
    .insert(cfdi_global_purchases)
    .values(purchaseIds.map((purchase_id) => ({ purchase_id, cfdi_id: cfdiId })))
    .onConflictDoNothing();
}

export async function purchasesOfGlobal(db: Db, cfdiId: number) {
  return db
    .select({
      purchase: purchases,
      package_iva_rate: class_packages.iva_rate,
      offline_method: payment_vouchers.method,
    })
    .from(cfdi_global_purchases)
    .innerJoin(purchases, eq(purchases.purchase_id, cfdi_global_purchases.purchase_id))
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .leftJoin(payment_vouchers, eq(payment_vouchers.purchase_id, purchases.purchase_id))
    .where(eq(cfdi_global_purchases.cfdi_id, cfdiId))
    .orderBy(purchases.purchase_id);
}

/**
 * The back office's list: every factura with its customer's name, newest first, filtered by
 * status, kind, date (issued, or created when not issued) and a text (RFC, razón social, name,
 * folio fiscal). At most 1,000 rows: a studio issues far fewer a month; the dates narrow it.
 */
export async function listCfdis(
  db: Db,
  f: { status?: CfdiRow["status"]; kind?: CfdiRow["kind"]; from?: Date; to?: Date; q?: string },
) {
  const when = sql`coalesce(${cfdis.issuedAt}, ${cfdis.createdAt})`;
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({ cfdi: cfdis, customer_name: customers.name, customer_last_name: customers.last_name })
    .from(cfdis)
    .leftJoin(customers, eq(customers.customer_id, cfdis.customer_id))
    .where(
      and(
        f.status ? eq(cfdis.status, f.status) : undefined,
        f.kind ? eq(cfdis.kind, f.kind) : undefined,
        f.from ? sql`${when} >= ${f.from.toISOString()}::timestamptz` : undefined,
        f.to ? sql`${when} < ${f.to.toISOString()}::timestamptz` : undefined,
        like
          ? sql`(${cfdis.receiver}->>'rfc' ilike ${like} or ${cfdis.receiver}->>'razon_social' ilike ${like} or (${customers.name} || ' ' || coalesce(${customers.last_name}, '')) ilike ${like} or ${cfdis.uuid} ilike ${like} or ${cfdis.cfdi_id}::text = ${f.q})`
          : undefined,
      ),
    )
    .orderBy(desc(cfdis.cfdi_id))
    .limit(1000);
}

/**
 * The desk's "Facturar" search: paid purchases since `since` with money left and no factura that
 * stands (none, or a failed one), not in a factura global, whose customer's name, last name or
 * email matches; with the customer's saved datos de facturación. Newest first, at most 30.
 */
export async function listInvoiceable(db: Db, q: string, since: Date) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      purchase_id: purchases.purchase_id,
      title: purchases.title,
      total_payment: purchases.total_payment,
      refunded_total: purchases.refunded_total,
      paid_at: purchases.credits_granted_at,
      customer_id: customers.customer_id,
      name: customers.name,
      last_name: customers.last_name,
      email: customers.email,
      fiscal: customer_fiscal_data,
    })
    .from(purchases)
    .innerJoin(customers, eq(customers.customer_id, purchases.customer_id))
    .leftJoin(customer_fiscal_data, eq(customer_fiscal_data.customer_id, purchases.customer_id))
    .where(
      and(
        isNotNull(purchases.credits_granted_at),
        gte(purchases.credits_granted_at, since),
        inArray(purchases.status, ["active", "completed", "cancelled"]),
        gt(sql`${purchases.total_payment} - ${purchases.refunded_total}`, sql`0`),
        sql`((${customers.name} || ' ' || coalesce(${customers.last_name}, '')) ilike ${like} or ${customers.email} ilike ${like} or ${purchases.purchase_id}::text = ${q})`,
        sql`not exists (select 1 from ${cfdis} c where c.kind = 'ingreso' and c.purchase_id = ${purchases.purchase_id} and c.status <> 'failed')`,
        sql`not exists (select 1 from ${cfdi_global_purchases} g where g.purchase_id = ${purchases.purchase_id})`,
      ),
    )
    .orderBy(desc(purchases.credits_granted_at))
    .limit(30);
}

/** A factura global's purchases with their customer's name, for the back office. */
export async function globalPurchasesWithCustomer(db: Db, cfdiId: number) {
  return db
    .select({ purchase: purchases, name: customers.name, last_name: customers.last_name })
    .from(cfdi_global_purchases)
    .innerJoin(purchases, eq(purchases.purchase_id, cfdi_global_purchases.purchase_id))
    .innerJoin(customers, eq(customers.customer_id, purchases.customer_id))
    .where(eq(cfdi_global_purchases.cfdi_id, cfdiId))
    .orderBy(purchases.purchase_id);
}

/** One refund as the factura's step needs it. */
export async function refundToCredit(db: Db, refundId: number) {
  const [row] = await db
    .select({ refund_id: refunds.refund_id, purchase_id: refunds.purchase_id, amount: refunds.amount })
    .from(refunds)
    .where(and(eq(refunds.refund_id, refundId), eq(refunds.status, "succeeded")))
    .limit(1);
  return row ?? null;
}
