import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers } from "../../db/schema/customers";
import { invoices, type PaymentProvider, purchases, refunds } from "../../db/schema/purchases";

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/**
 * Locks the customer row: a booking locks it before spending a credit, so a refund that takes
 * credits back locks it first too, and the two run one after the other on any instance.
 */
export async function lockCustomerRow(db: Db, customerId: number) {
  const [row] = await db
    .select({ customer_id: customers.customer_id, email: customers.email, name: customers.name })
    .from(customers)
    .where(eq(customers.customer_id, customerId))
    .for("update");
  return row ?? null;
}

/** Inserts a refund; with an idempotency key already used answers null (the caller reads that one). */
export async function insertRefundOnce(db: Db, values: NewRefund): Promise<RefundRow | null> {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findRefundByKey(db: Db, key: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotency_key, key));
  return row ?? null;
}

export async function findRefund(db: Db, id: number, lock = false) {
  const query = db.select().from(refunds).where(eq(refunds.refund_id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function findRefundByRef(db: Db, provider: PaymentProvider, ref: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.provider_ref, ref)));
  return row ?? null;
}

export async function updateRefund(db: Db, id: number, values: Partial<NewRefund>) {
  const [row] = await db
    .update(refunds)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(refunds.refund_id, id))
    .returning();
  return row ?? null;
}

/** A purchase's refunds, oldest first. */
export async function listRefundsOfPurchase(db: Db, purchaseId: number) {
  return db.select().from(refunds).where(eq(refunds.purchase_id, purchaseId)).orderBy(asc(refunds.refund_id));
}

/** Refunds of a customer's purchases, newest first (their page at the desk). */
export async function listRefundsOfCustomer(db: Db, customerId: number) {
  return db
    .select({ refund: refunds, title: purchases.title })
    .from(refunds)
    .innerJoin(purchases, eq(purchases.purchase_id, refunds.purchase_id))
    .where(eq(refunds.customer_id, customerId))
    .orderBy(desc(refunds.refund_id));
}

/** Credits earlier refunds of the purchase withdrew, and what is still in flight (centavos). */
export async function refundTotalsOfPurchase(db: Db, purchaseId: number) {
  const [row] = await db
    .select({
      withdrawn:
        sql<number>`coalesce(sum(${refunds.credits_withdrawn}) filter (where ${refunds.status} = 'succeeded'), 0)`.mapWith(
          Number,
        ),
      pending_cents:
        sql<number>`coalesce(sum(round(${refunds.amount} * 100)) filter (where ${refunds.status} = 'pending'), 0)`.mapWith(
          Number,
        ),
    })
    .from(refunds)
    .where(and(eq(refunds.purchase_id, purchaseId), inArray(refunds.status, ["succeeded", "pending"])));
  return { withdrawn: row?.withdrawn ?? 0, pending_cents: row?.pending_cents ?? 0 };
}

/** A fully refunded purchase's paid charges read 'refunded' (the dashboard counts them on their day). */
export async function markInvoicesRefunded(db: Db, purchaseId: number) {
  await db
    .update(invoices)
    .set({ status: "refunded", updatedAt: new Date() })
    .where(and(eq(invoices.purchase_id, purchaseId), eq(invoices.status, "paid")));
}

/**
 * Refunds the desk opened (the intent recorded) that were never confirmed: the process stopped
 * between recording the intent and applying the processor's answer. Oldest first, a bounded batch.
 */
export async function listInterruptedRefunds(db: Db, openedBefore: Date, limit = 50) {
  return db
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.status, "pending"), eq(refunds.source, "desk"), lt(refunds.createdAt, openedBefore)),
    )
    .orderBy(asc(refunds.refund_id))
    .limit(limit);
}

/**
 * Money of a renewal that could not be applied (a late voucher, a card charge for a period already
 * paid) whose give-back the processor refused (decision 0137): a failed refund of the subscription,
 * listed with the purchase's other refunds, so the desk sees it and gives it back at the counter.
 * It changes no total (only succeeded refunds count). Once per key.
 */
export async function recordRefusedGiveBack(
  db: Db,
  values: Pick<
    NewRefund,
    "purchase_id" | "customer_id" | "amount" | "provider" | "reason" | "failure_code"
  > & {
    idempotency_key: string;
  },
) {
  await db
    .insert(refunds)
    .values({ ...values, status: "failed", source: "not_applied" })
    .onConflictDoNothing({ target: refunds.idempotency_key });
}
