import { and, desc, eq, gt, inArray, isNull, lte, ne, not, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { discount_redemptions, payment_methods, payment_sources } from "../../db/schema/payments";
import {
  invoices,
  type PaymentProvider,
  type PurchaseRow,
  payment_vouchers,
  purchases,
} from "../../db/schema/purchases";

export type { PurchaseRow };
export type NewPurchase = typeof purchases.$inferInsert;
export type NewCredit = typeof available_classes.$inferInsert;

/** How long an unpaid card purchase keeps its place against the package's people limit. */
export const CARD_HOLD_MINUTES = 30;

export async function insertPurchase(db: Db, values: NewPurchase): Promise<PurchaseRow> {
  const [row] = await db.insert(purchases).values(values).returning();
  return row!;
}

export async function findPurchase(db: Db, id: number, lock = false): Promise<PurchaseRow | undefined> {
  const query = db.select().from(purchases).where(eq(purchases.purchase_id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findPurchaseByProviderRef(db: Db, provider: PurchaseRow["provider"], ref: string) {
  const [row] = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.provider, provider),
        or(eq(purchases.provider_ref, ref), eq(purchases.subscription_id, ref)),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The other purchases paid by the same payment as `purchase` (a sign-up fee bought together with
 * a package, docs/decisions/0017): same customer, provider and processor reference. Locked when
 * asked, inside the transaction that grants or fails them.
 */
export async function listPaymentCompanions(
  db: Db,
  purchase: Pick<PurchaseRow, "purchase_id" | "customer_id" | "provider" | "provider_ref">,
  lock = false,
): Promise<PurchaseRow[]> {
  if (!purchase.provider_ref) return [];
  const query = db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.customer_id, purchase.customer_id),
        eq(purchases.provider, purchase.provider),
        eq(purchases.provider_ref, purchase.provider_ref),
        ne(purchases.purchase_id, purchase.purchase_id),
      ),
    )
    .orderBy(purchases.purchase_id);
  return lock ? query.for("update") : query;
}

export async function updatePurchase(db: Db, id: number, values: Partial<NewPurchase>) {
  const [row] = await db.update(purchases).set(values).where(eq(purchases.purchase_id, id)).returning();
  return row;
}

/**
 * Marks a pending purchase paid and stamps credits_granted_at, only if nobody did it before: the
 * row lock of the UPDATE makes a concurrent second call see the stamp and change nothing.
 */
export async function markPaidOnce(
  db: Db,
  id: number,
  values: Partial<NewPurchase>,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .update(purchases)
    .set(values)
    .where(
      and(
        eq(purchases.purchase_id, id),
        isNull(purchases.credits_granted_at),
        eq(purchases.status, "pending"),
      ),
    )
    .returning();
  return row;
}

/**
 * Purchases that hold a place: paid ones, cash ones awaiting confirmation and, unless left out,
 * recent card attempts (so parallel buyers cannot oversell a people limit while paying).
 */
function holdingCondition(now: Date, cardHolds: boolean) {
  const holdFrom = new Date(now.getTime() - CARD_HOLD_MINUTES * 60_000);
  return or(
    inArray(purchases.status, ["active", "completed"]),
    and(
      eq(purchases.status, "pending"),
      cardHolds
        ? or(eq(purchases.provider, "cash"), gt(purchases.createdAt, holdFrom))
        : eq(purchases.provider, "cash"),
    ),
  );
}

/**
 * How many hold a place in a package: distinct customers, or one customer's purchases. A
 * customer's own unfinished card attempt does not count against their own limit: someone whose
 * card was declined, or who closed the payment page, must be able to try again at once.
 */
export async function countHoldingPurchases(
  db: Db,
  classPackageId: number,
  now: Date,
  customerId?: number,
): Promise<number> {
  const conditions = [
    eq(purchases.class_package_id, classPackageId),
    holdingCondition(now, customerId === undefined),
  ];
  if (customerId !== undefined) conditions.push(eq(purchases.customer_id, customerId));
  const [row] = await db
    .select({
      n: sql<number>`count(distinct ${customerId === undefined ? purchases.customer_id : purchases.purchase_id})`,
    })
    .from(purchases)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

export async function hasPaidPurchaseOf(
  db: Db,
  customerId: number,
  classPackageId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.purchase_id })
    .from(purchases)
    .where(
      and(
        eq(purchases.customer_id, customerId),
        eq(purchases.class_package_id, classPackageId),
        inArray(purchases.status, ["active", "completed"]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function listCustomerPurchases(db: Db, customerId: number, hideUnpaidAttempts = false) {
  return db
    .select({
      purchase: purchases,
      downloadable: class_packages.downloadable,
      file_url: class_packages.file_url,
      package_iva_rate: class_packages.iva_rate,
      payment_method_name: payment_methods.name,
      payment_method_instructions: payment_methods.instructions,
    })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .leftJoin(payment_methods, eq(payment_methods.payment_method_id, purchases.payment_method_id))
    .where(
      and(
        eq(purchases.customer_id, customerId),
        // A card or wallet payment that never went through is not a purchase for the customer
        // (docs/product-rules.md#purchases-and-subscriptions): its declined charge stays under Mis
        // Cargos. A paid one that failed later (a subscription whose renewals failed) was granted
        // and stays listed.
        hideUnpaidAttempts
          ? not(
              and(
                eq(purchases.status, "failed"),
                isNull(purchases.credits_granted_at),
                inArray(purchases.provider, ["sandbox", "stripe", "paypal"]),
              )!,
            )
          : undefined,
      ),
    )
    .orderBy(desc(purchases.createdAt), desc(purchases.purchase_id));
}

export async function findPurchaseDetail(db: Db, id: number) {
  const [row] = await db
    .select({
      purchase: purchases,
      pkg: class_packages,
      method: payment_methods,
      email: customers.email,
      name: customers.name,
    })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .innerJoin(customers, eq(customers.customer_id, purchases.customer_id))
    .leftJoin(payment_methods, eq(payment_methods.payment_method_id, purchases.payment_method_id))
    .where(eq(purchases.purchase_id, id))
    .limit(1);
  return row;
}

/**
 * 'oxxo' or 'spei' when the purchase's payment was an offline voucher (its own, or the one of the
 * package it was paid together with: the sign-up fee shares the package's payment), else null.
 */
export async function offlineMethodOf(
  db: Db,
  purchase: { purchase_id: number; provider: string; provider_ref: string | null },
) {
  const [row] = await db
    .select({ method: payment_vouchers.method })
    .from(payment_vouchers)
    .innerJoin(purchases, eq(purchases.purchase_id, payment_vouchers.purchase_id))
    .where(
      purchase.provider_ref
        ? or(
            eq(payment_vouchers.purchase_id, purchase.purchase_id),
            and(
              eq(purchases.provider, purchase.provider as PaymentProvider),
              eq(purchases.provider_ref, purchase.provider_ref),
            ),
          )
        : eq(payment_vouchers.purchase_id, purchase.purchase_id),
    )
    .limit(1);
  return row?.method ?? null;
}

/**
 * The customer's open order that carries the sign-up fee (decision 0050): a pending, never granted
 * purchase of the fee paid by a cash order or by an OXXO/SPEI voucher still pending (its own or
 * the package's it rides with). An abandoned card attempt carries nothing: a card is paid now or
 * not at all. Oldest first; null when none.
 */
export async function listOpenFeeOrders(db: Db, customerId: number, feePackageId: number) {
  const rows = await db
    .select({
      purchase_id: purchases.purchase_id,
      provider: purchases.provider,
      provider_ref: purchases.provider_ref,
      createdAt: purchases.createdAt,
      voucher_method: payment_vouchers.method,
    })
    .from(purchases)
    .leftJoin(
      payment_vouchers,
      and(
        eq(payment_vouchers.status, "pending"),
        or(
          eq(payment_vouchers.purchase_id, purchases.purchase_id),
          sql`${payment_vouchers.purchase_id} in (select p2.purchase_id from ${purchases} p2 where p2.provider = ${purchases.provider} and p2.provider_ref = ${purchases.provider_ref})`,
        ),
      ),
    )
    .where(
      and(
        eq(purchases.customer_id, customerId),
        eq(purchases.class_package_id, feePackageId),
        eq(purchases.status, "pending"),
        isNull(purchases.credits_granted_at),
      ),
    )
    .orderBy(purchases.purchase_id);
  const open: Array<(typeof rows)[number] & { carrier: "oxxo" | "spei" | "cash" }> = [];
  for (const row of rows) {
    if (row.voucher_method) open.push({ ...row, carrier: row.voucher_method as "oxxo" | "spei" });
    else if (row.provider === "cash") open.push({ ...row, carrier: "cash" as const });
  }
  return open;
}

/** The oldest of listOpenFeeOrders, or null. */
export async function findOpenFeeOrder(db: Db, customerId: number, feePackageId: number) {
  return (await listOpenFeeOrders(db, customerId, feePackageId))[0] ?? null;
}

/** Customers who paid the fee and still have an open order carrying it (the job's backstop). */
export async function listCustomersWithFeeCarriedAfterPaid(db: Db, feePackageId: number, limit = 200) {
  const rows = await db
    .selectDistinct({ customer_id: purchases.customer_id })
    .from(purchases)
    .where(
      and(
        eq(purchases.class_package_id, feePackageId),
        eq(purchases.status, "pending"),
        isNull(purchases.credits_granted_at),
        sql`exists (select 1 from ${purchases} paid where paid.customer_id = ${purchases.customer_id} and paid.class_package_id = ${feePackageId} and paid.status in ('active', 'completed'))`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.customer_id);
}

export async function listCreditsOfPurchase(db: Db, purchaseId: number) {
  return db.select().from(available_classes).where(eq(available_classes.purchase_id, purchaseId));
}

export async function insertCredits(db: Db, rows: NewCredit[]) {
  if (rows.length > 0) await db.insert(available_classes).values(rows);
}

/** Ends the credits of a purchase now (a revoked or failed subscription stops booking with it). */
export async function expireCreditsOfPurchase(db: Db, purchaseId: number, now: Date) {
  await db
    .update(available_classes)
    .set({ expiration_date: now })
    .where(
      and(
        eq(available_classes.purchase_id, purchaseId),
        or(isNull(available_classes.expiration_date), gt(available_classes.expiration_date, now)),
      ),
    );
}

/** Unlimited membership until `until` (never shortened by a later, shorter grant); null: no end. */
export async function extendUnlimited(db: Db, customerId: number, until: Date | null) {
  const end = until
    ? sql`greatest(coalesce(${customers.unlimited_membership_expiration}, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)`
    : null;
  await db
    .update(customers)
    .set({ has_unlimited: true, unlimited_membership_expiration: end })
    .where(eq(customers.customer_id, customerId));
}

/**
 * Grace (decision 0128): the credits of a subscription's last paid period, which end when the
 * unpaid one starts, last until `until` instead.
 */
export async function extendPeriodCredits(db: Db, purchaseId: number, periodEnd: Date, until: Date) {
  await db
    .update(available_classes)
    .set({ expiration_date: until })
    .where(
      and(eq(available_classes.purchase_id, purchaseId), eq(available_classes.expiration_date, periodEnd)),
    );
}

export async function endUnlimited(db: Db, customerId: number, now: Date) {
  await db
    .update(customers)
    .set({ has_unlimited: false, unlimited_membership_expiration: now })
    .where(eq(customers.customer_id, customerId));
}

export type NewInvoice = typeof invoices.$inferInsert;

/** Inserts an invoice; with a provider_ref already stored (a replayed charge) nothing happens. */
export async function insertInvoiceOnce(db: Db, values: NewInvoice) {
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: invoices.provider_ref })
    .returning();
  return row;
}

export async function setInvoicesOfPurchase(db: Db, purchaseId: number, values: Partial<NewInvoice>) {
  await db
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.purchase_id, purchaseId), eq(invoices.status, "pending")));
}

export async function listCustomerInvoices(db: Db, customerId: number) {
  return db
    .select({ invoice: invoices, title: purchases.title, class_package_id: purchases.class_package_id })
    .from(invoices)
    .innerJoin(purchases, eq(purchases.purchase_id, invoices.purchase_id))
    .where(eq(invoices.customer_id, customerId))
    .orderBy(desc(invoices.createdAt), desc(invoices.invoice_id));
}

export async function deleteRedemptionsOfPurchase(db: Db, purchaseId: number) {
  await db.delete(discount_redemptions).where(eq(discount_redemptions.purchase_id, purchaseId));
}

/** Records the purchase's discount use again; a purchase has at most one (unique index), so never twice. */
export async function restoreRedemptionOfPurchase(
  db: Db,
  purchase: Pick<PurchaseRow, "purchase_id" | "customer_id" | "discount_id">,
) {
  if (purchase.discount_id === null) return;
  await db
    .insert(discount_redemptions)
    .values({
      discount_id: purchase.discount_id,
      customer_id: purchase.customer_id,
      purchase_id: purchase.purchase_id,
    })
    .onConflictDoNothing();
}

/**
 * The checkout's own invoice is the purchase's one invoice without a provider_ref (renewals and
 * processor invoices always carry one). A failed payment's invoice turns pending again.
 */
export async function reopenCheckoutInvoice(db: Db, purchaseId: number) {
  await db
    .update(invoices)
    .set({ status: "pending" })
    .where(
      and(eq(invoices.purchase_id, purchaseId), isNull(invoices.provider_ref), eq(invoices.status, "failed")),
    );
}

/** The checkout's own invoice: the purchase's one invoice without a provider_ref (see above). */
export async function findCheckoutInvoice(db: Db, purchaseId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.purchase_id, purchaseId), isNull(invoices.provider_ref)))
    .orderBy(invoices.invoice_id)
    .limit(1);
  return row;
}

/** Subscriptions our own scheduler bills (sandbox card and cash) whose next charge is due. */
export async function listDueRenewals(db: Db, now: Date, limit = 100) {
  return db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.status, "active"),
        sql`${purchases.subscription_id} is not null`,
        inArray(purchases.provider, ["sandbox", "cash"]),
        lte(purchases.next_billing_date, now),
        // Dunning (decision 0128): a failed period waits for its scheduled retry.
        or(isNull(purchases.renewal_retry_at), lte(purchases.renewal_retry_at, now)),
      ),
    )
    .orderBy(purchases.next_billing_date)
    .limit(limit);
}

/** The card a customer's sandbox subscription renews with: the most recently saved one still kept. */
export async function latestSavedCard(db: Db, customerId: number, provider: string) {
  const [row] = await db
    .select()
    .from(payment_sources)
    .where(
      and(
        eq(payment_sources.customer_id, customerId),
        eq(payment_sources.provider, provider),
        isNull(payment_sources.deletedAt),
      ),
    )
    .orderBy(desc(payment_sources.createdAt), desc(payment_sources.payment_source_id))
    .limit(1);
  return row;
}

/** Whether a purchase was ever charged money (a free trial's first invoice is 0). */
export async function hasPaidCharge(db: Db, purchaseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.invoice_id })
    .from(invoices)
    .where(
      and(eq(invoices.purchase_id, purchaseId), eq(invoices.status, "paid"), gt(invoices.total_payment, "0")),
    )
    .limit(1);
  return Boolean(row);
}

export async function findInvoice(db: Db, id: number, lock = false) {
  const query = db.select().from(invoices).where(eq(invoices.invoice_id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findInvoiceByRef(db: Db, ref: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.provider_ref, ref)).limit(1);
  return row;
}

export async function updateInvoice(db: Db, id: number, values: Partial<NewInvoice>) {
  const [row] = await db.update(invoices).set(values).where(eq(invoices.invoice_id, id)).returning();
  return row;
}

/**
 * The customer's other paid (active or completed) unlimited memberships; with `endsAfter`, only
 * those still running then. Revoking, ending or shortening one membership must keep the others.
 */
function otherUnlimitedPurchases(db: Db, customerId: number, exceptPurchaseId: number, endsAfter?: Date) {
  return db
    .select({ expiration_date: purchases.expiration_date })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .where(
      and(
        eq(purchases.customer_id, customerId),
        ne(purchases.purchase_id, exceptPurchaseId),
        inArray(purchases.status, ["active", "completed"]),
        eq(class_packages.is_unlimited_membership, true),
        endsAfter
          ? or(isNull(purchases.expiration_date), gt(purchases.expiration_date, endsAfter))
          : undefined,
      ),
    );
}

/** Whether the customer still has another active unlimited membership besides this purchase. */
export async function hasOtherActiveUnlimited(db: Db, customerId: number, purchaseId: number) {
  const rows = await otherUnlimitedPurchases(db, customerId, purchaseId).limit(1);
  return rows.length > 0;
}

/** Who bought a package: paid purchases and cash ones awaiting the studio's confirmation. */
export async function listBuyersOfPackage(db: Db, classPackageId: number) {
  return db
    .select({
      purchase: purchases,
      customer: {
        customer_id: customers.customer_id,
        name: customers.name,
        last_name: customers.last_name,
        email: customers.email,
        phone: customers.phone,
      },
    })
    .from(purchases)
    .innerJoin(customers, eq(customers.customer_id, purchases.customer_id))
    .where(
      and(
        eq(purchases.class_package_id, classPackageId),
        or(
          inArray(purchases.status, ["active", "completed"]),
          and(eq(purchases.status, "pending"), eq(purchases.provider, "cash")),
        ),
      ),
    )
    .orderBy(purchases.createdAt, purchases.purchase_id);
}

/** Empties every credit bucket of a purchase (unlimited ones too); answers how many had something. */
export async function emptyCreditsOfPurchase(db: Db, purchaseId: number) {
  const rows = await db
    .update(available_classes)
    .set({ available_classes: 0 })
    .where(and(eq(available_classes.purchase_id, purchaseId), ne(available_classes.available_classes, 0)))
    .returning({ id: available_classes.available_class_id });
  return rows.length;
}

export async function setCreditsExpiryOfPurchase(db: Db, purchaseId: number, until: Date) {
  await db
    .update(available_classes)
    .set({ expiration_date: until })
    .where(eq(available_classes.purchase_id, purchaseId));
}

/** Latest end of the customer's other running unlimited memberships (undefined: none; null: one without end). */
export async function otherUnlimitedEnd(
  db: Db,
  customerId: number,
  exceptPurchaseId: number,
  now: Date,
): Promise<Date | null | undefined> {
  const rows = await otherUnlimitedPurchases(db, customerId, exceptPurchaseId, now);
  if (rows.length === 0) return undefined;
  if (rows.some((r) => r.expiration_date === null)) return null;
  return new Date(Math.max(...rows.map((r) => r.expiration_date!.getTime())));
}

/** Sets the customer's unlimited membership as given (unlike extendUnlimited it may shorten it). */
export async function setUnlimited(db: Db, customerId: number, has: boolean, until: Date | null) {
  await db
    .update(customers)
    .set({ has_unlimited: has, unlimited_membership_expiration: until })
    .where(eq(customers.customer_id, customerId));
}

/**
 * A customer's active subscriptions whose renewal charge has failed (the "Actualiza tu tarjeta"
 * banner).
 */
export async function listFailingSubscriptions(db: Db, customerId: number) {
  return db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.customer_id, customerId),
        eq(purchases.status, "active"),
        gt(purchases.renewal_failures, 0),
      ),
    )
    .orderBy(purchases.purchase_id);
}

/** The purchase's latest failed charge. */
export async function lastFailedInvoice(db: Db, purchaseId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.purchase_id, purchaseId), eq(invoices.status, "failed")))
    .orderBy(desc(invoices.invoice_id))
    .limit(1);
  return row;
}

/**
 * Paid charges whose receipt was not sent yet (decision 0051), with their purchase and package,
 * oldest first: one customer's (after their payment) or everyone's (the job's backstop).
 */
export async function listReceiptDueInvoices(db: Db, customerId: number | null, limit = 200) {
  return db
    .select({ invoice: invoices, purchase: purchases, pkg: class_packages })
    .from(invoices)
    .innerJoin(purchases, eq(purchases.purchase_id, invoices.purchase_id))
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .where(
      and(
        isNull(invoices.receipt_sent_at),
        eq(invoices.status, "paid"),
        ...(customerId === null ? [] : [eq(invoices.customer_id, customerId)]),
      ),
    )
    .orderBy(invoices.invoice_id)
    .limit(limit);
}

/** Claims the receipt of these charges: answers the ones this call claimed (none: sent already). */
export async function claimReceipts(db: Db, invoiceIds: number[], now: Date) {
  if (invoiceIds.length === 0) return [];
  return db
    .update(invoices)
    .set({ receipt_sent_at: now })
    .where(
      and(
        inArray(invoices.invoice_id, invoiceIds),
        isNull(invoices.receipt_sent_at),
        eq(invoices.status, "paid"),
      ),
    )
    .returning({ invoice_id: invoices.invoice_id });
}

/** The card's last 4 digits on the charges a card payment paid (the receipt shows them). */
export async function setCardOfInvoices(db: Db, purchaseIds: number[], last4: string, providerRef?: string) {
  if (purchaseIds.length === 0) return;
  await db
    .update(invoices)
    .set({ card_last4: last4 })
    .where(
      and(
        inArray(invoices.purchase_id, purchaseIds),
        providerRef ? eq(invoices.provider_ref, providerRef) : isNull(invoices.provider_ref),
      ),
    );
}

/**
 * The customer's trial, if they used one (docs/product-rules.md#trial-once): a purchase of a trial
 * package that was granted, is held (active, completed) or waits for cash. A declined card or an
 * abandoned checkout never used it.
 */
export async function findTrialUse(db: Db, customerId: number): Promise<{ title: string; at: Date } | null> {
  const [row] = await db
    .select({ title: purchases.title, at: purchases.createdAt })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .where(
      and(
        eq(purchases.customer_id, customerId),
        eq(class_packages.is_trial, true),
        or(
          sql`${purchases.credits_granted_at} is not null`,
          inArray(purchases.status, ["active", "completed"]),
          and(eq(purchases.status, "pending"), eq(purchases.provider, "cash")),
        ),
      ),
    )
    .orderBy(purchases.createdAt)
    .limit(1);
  return row ?? null;
}

/**
 * Wallet orders nobody finished (decision 0109): pending one-off purchases of `provider` with an
 * order at the processor, opened between `from` and `to` and never granted. Oldest first, the
 * order's first purchase only (a sign-up fee riding with it is granted with it).
 */
export async function listUnfinishedWalletOrders(
  db: Db,
  provider: PaymentProvider,
  window: { from: Date; to: Date },
  limit = 100,
) {
  return db
    .select({
      purchase_id: purchases.purchase_id,
      customer_id: purchases.customer_id,
      provider_ref: purchases.provider_ref,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.provider, provider),
        eq(purchases.status, "pending"),
        isNull(purchases.credits_granted_at),
        isNull(purchases.subscription_interval),
        not(isNull(purchases.provider_ref)),
        gt(purchases.createdAt, window.from),
        lte(purchases.createdAt, window.to),
      ),
    )
    .orderBy(purchases.purchase_id)
    .limit(limit);
}
