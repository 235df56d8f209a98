import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type PaymentProvider, renewal_vouchers } from "../../db/schema/purchases";

export type RenewalVoucherRow = typeof renewal_vouchers.$inferSelect;

/** Inserts the voucher of a processor payment once: a retried request finds the first row. */
export async function insertRenewalVoucherOnce(db: Db, values: typeof renewal_vouchers.$inferInsert) {
  const [row] = await db
    .insert(renewal_vouchers)
    .values(values)
    .onConflictDoNothing({ target: renewal_vouchers.provider_ref })
    .returning();
  return row ?? (await findRenewalVoucherByRef(db, values.provider, values.provider_ref))!;
}

export async function findRenewalVoucher(db: Db, id: number): Promise<RenewalVoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(renewal_vouchers)
    .where(eq(renewal_vouchers.renewal_voucher_id, id))
    .limit(1);
  return row;
}

/** The voucher of a processor payment (a webhook names only the payment), locked when asked. */
export async function findRenewalVoucherByRef(
  db: Db,
  provider: PaymentProvider,
  providerRef: string,
  lock = false,
): Promise<RenewalVoucherRow | undefined> {
  const query = db
    .select()
    .from(renewal_vouchers)
    .where(and(eq(renewal_vouchers.provider, provider), eq(renewal_vouchers.provider_ref, providerRef)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The period's vouchers, newest first. */
export async function listVouchersOfPeriod(db: Db, purchaseId: number, periodRef: string) {
  return db
    .select()
    .from(renewal_vouchers)
    .where(and(eq(renewal_vouchers.purchase_id, purchaseId), eq(renewal_vouchers.period_ref, periodRef)))
    .orderBy(desc(renewal_vouchers.renewal_voucher_id));
}

export async function updateRenewalVoucher(
  db: Db,
  id: number,
  values: Partial<typeof renewal_vouchers.$inferInsert>,
) {
  const [row] = await db
    .update(renewal_vouchers)
    .set(values)
    .where(eq(renewal_vouchers.renewal_voucher_id, id))
    .returning();
  return row;
}

/**
 * Closes every pending voucher of a purchase (of one period, or all): expired with the reason, so
 * the banner stops showing it and a payment that still arrives is refunded, never applied.
 */
export async function closePendingRenewalVouchers(
  db: Db,
  purchaseId: number,
  reason: "period_paid" | "subscription_ended",
  now: Date,
  periodRef?: string,
) {
  return db
    .update(renewal_vouchers)
    .set({ status: "expired", cancel_reason: reason, settled_at: now, updatedAt: now })
    .where(
      and(
        eq(renewal_vouchers.purchase_id, purchaseId),
        eq(renewal_vouchers.status, "pending"),
        periodRef ? eq(renewal_vouchers.period_ref, periodRef) : undefined,
      ),
    )
    .returning();
}

/** The OXXO/SPEI method of a renewal period's invoice, for its receipt ("Forma de pago: OXXO"). */
export async function renewalVoucherMethodOf(db: Db, invoiceId: number) {
  const [row] = await db
    .select({ method: renewal_vouchers.method })
    .from(renewal_vouchers)
    .where(eq(renewal_vouchers.invoice_id, invoiceId))
    .limit(1);
  return row?.method ?? null;
}

/** Pending vouchers whose end has passed turn expired (no reason: it is their own end). */
export async function expirePastDueRenewalVouchers(db: Db, now: Date) {
  return db
    .update(renewal_vouchers)
    .set({ status: "expired", settled_at: now, updatedAt: now })
    .where(and(eq(renewal_vouchers.status, "pending"), lt(renewal_vouchers.expires_at, now)))
    .returning({ renewal_voucher_id: renewal_vouchers.renewal_voucher_id });
}
