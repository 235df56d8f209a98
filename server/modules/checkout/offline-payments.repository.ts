import { and, asc, eq, isNull, lt, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers } from "../../db/schema/customers";
import { payment_vouchers, type VoucherStatus } from "../../db/schema/purchases";

export type VoucherRow = typeof payment_vouchers.$inferSelect;

export async function insertVoucher(db: Db, values: typeof payment_vouchers.$inferInsert) {
  const [row] = await db.insert(payment_vouchers).values(values).returning();
  return row!;
}

export async function findVoucherOfPurchase(db: Db, purchaseId: number): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(payment_vouchers)
    .where(eq(payment_vouchers.purchase_id, purchaseId))
    .limit(1);
  return row;
}

/** The voucher of a payment: a sign-up fee paid in the same payment shares its package's. */
export async function findVoucherByRef(db: Db, customerId: number, providerRef: string) {
  const [row] = await db
    .select()
    .from(payment_vouchers)
    .where(and(eq(payment_vouchers.customer_id, customerId), eq(payment_vouchers.provider_ref, providerRef)))
    .limit(1);
  return row;
}

/**
 * Moves a voucher to paid or expired, once: paid wins over anything not paid (money arrived, even
 * after we called it expired), expired only replaces pending (a late failure never undoes a payment).
 */
export async function settleVoucher(
  db: Db,
  purchaseId: number,
  status: Exclude<VoucherStatus, "pending">,
  now: Date,
) {
  await db
    .update(payment_vouchers)
    .set({ status, settled_at: now, updatedAt: now })
    .where(
      and(
        eq(payment_vouchers.purchase_id, purchaseId),
        status === "paid" ? ne(payment_vouchers.status, "paid") : eq(payment_vouchers.status, "pending"),
      ),
    );
}

/** A pending voucher we close before its end (decision 0067): expired, with the reason. */
export async function closeVoucher(db: Db, purchaseId: number, reason: "signup_fee_paid", now: Date) {
  await db
    .update(payment_vouchers)
    .set({ status: "expired", settled_at: now, cancel_reason: reason, updatedAt: now })
    .where(and(eq(payment_vouchers.purchase_id, purchaseId), eq(payment_vouchers.status, "pending")));
}

/** The processor confirmed the closed voucher's payment cancelled: the store can no longer take it. */
export async function markVoucherCancelledAtProcessor(db: Db, purchaseId: number, now: Date) {
  await db
    .update(payment_vouchers)
    .set({ processor_cancelled_at: now, updatedAt: now })
    .where(eq(payment_vouchers.purchase_id, purchaseId));
}

/** Vouchers we closed whose payment is still open at the processor (the job's backstop). */
export async function listVouchersToCancelAtProcessor(db: Db, limit = 100) {
  return db
    .select()
    .from(payment_vouchers)
    .where(
      and(
        eq(payment_vouchers.status, "expired"),
        eq(payment_vouchers.cancel_reason, "signup_fee_paid"),
        isNull(payment_vouchers.processor_cancelled_at),
      ),
    )
    .orderBy(asc(payment_vouchers.payment_voucher_id))
    .limit(limit);
}

/** Pending vouchers whose end was before `before` (oldest first, a bounded batch). */
export async function listOverdueVouchers(db: Db, before: Date, limit = 200) {
  return db
    .select({ purchase_id: payment_vouchers.purchase_id })
    .from(payment_vouchers)
    .where(and(eq(payment_vouchers.status, "pending"), lt(payment_vouchers.expires_at, before)))
    .orderBy(asc(payment_vouchers.expires_at))
    .limit(limit);
}

/** The payer's name as OXXO prints it on the voucher. */
export async function customerNameOf(db: Db, customerId: number) {
  const [row] = await db
    .select({ name: customers.name, last_name: customers.last_name, email: customers.email })
    .from(customers)
    .where(eq(customers.customer_id, customerId))
    .limit(1);
  return row;
}
