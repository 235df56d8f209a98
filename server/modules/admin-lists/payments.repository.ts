import { type AnyColumn, and, count, eq, type SQL, sql } from "drizzle-orm";
import type { INVOICE_SORTS, PURCHASE_SORTS } from "../../../domain/api/admin-lists";
import type { Db } from "../../db/client";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { payment_methods } from "../../db/schema/payments";
import {
  type InvoiceStatus,
  invoices,
  type PaymentProvider,
  type PurchaseStatus,
  payment_vouchers,
  purchases,
} from "../../db/schema/purchases";
import { customerColumns, customerMatches, customerSortKey } from "./customer-columns";
import { type InstantRange, offsetOf, orderBy, type Paging, type Sorting, withinRange } from "./list-query";

/**
 * Purchases and their charges (invoices) for the admin: filtered, one page per query, with the
 * totals of the whole filtered set summed by the database (never loaded and added up here).
 */

export type PaymentFilters = {
  query: string;
  range: InstantRange;
  class_package_id?: number;
  provider?: PaymentProvider;
  payment_method_id?: number;
};

/** Filters both lists share; they read the purchase (the invoice's through its join). */
function purchaseFilters(f: PaymentFilters): (SQL | undefined)[] {
  return [
    customerMatches(f.query),
    f.class_package_id ? eq(purchases.class_package_id, f.class_package_id) : undefined,
    f.provider ? eq(purchases.provider, f.provider) : undefined,
    f.payment_method_id ? eq(purchases.payment_method_id, f.payment_method_id) : undefined,
  ];
}

/** Sum of a numeric money column as centavos (integer arithmetic, no float drift). */
const centsOf = (column: AnyColumn) => sql<number>`coalesce(sum(round(${column} * 100)), 0)`.mapWith(Number);

export type PurchaseSort = (typeof PURCHASE_SORTS)[number];

export async function pageOfPurchases(
  db: Db,
  input: Paging & Sorting<PurchaseSort> & PaymentFilters & { status?: PurchaseStatus },
) {
  const where = and(
    ...withinRange(purchases.createdAt, input.range),
    input.status ? eq(purchases.status, input.status) : undefined,
    ...purchaseFilters(input),
  );
  const column = {
    created_at: purchases.createdAt,
    customer: customerSortKey,
    title: sql`lower(${purchases.title})`,
    status: purchases.status,
    provider: purchases.provider,
    total: purchases.total_payment,
  }[input.sort];
  const rows = await db
    .select({
      purchase_id: purchases.purchase_id,
      createdAt: purchases.createdAt,
      ...customerColumns,
      class_package_id: purchases.class_package_id,
      title: purchases.title,
      status: purchases.status,
      provider: purchases.provider,
      payment_method_id: purchases.payment_method_id,
      payment_method: payment_methods.name,
      provider_ref: purchases.provider_ref,
      // The OXXO/SPEI voucher that paid it (the sign-up fee shares its package's payment reference).
      voucher_method: sql<
        string | null
      >`(select v.method from ${payment_vouchers} v where v.customer_id = ${purchases.customer_id} and v.provider_ref = ${purchases.provider_ref} limit 1)`,
      amount: purchases.amount,
      discount_total: purchases.discount_total,
      total_payment: purchases.total_payment,
      refunded_total: purchases.refunded_total,
      // The rate when bought, else the package's (decision 0032); the package row is one per purchase.
      iva_rate: sql<string>`coalesce(${purchases.iva_rate}, ${class_packages.iva_rate})`,
      is_gift: purchases.is_gift,
      subscription: sql<boolean>`${purchases.subscription_id} is not null`,
      cancelledAt: purchases.cancelledAt,
      updatedAt: purchases.updatedAt,
    })
    .from(purchases)
    .innerJoin(customers, eq(customers.customer_id, purchases.customer_id))
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .leftJoin(payment_methods, eq(payment_methods.payment_method_id, purchases.payment_method_id))
    .where(where)
    .orderBy(...orderBy(column, input.order, purchases.purchase_id))
    .limit(input.pageSize)
    .offset(offsetOf(input));
  // The customers join only matters to a search: without one the totals read purchases alone.
  let totals = db
    .select({ status: purchases.status, count: count(), cents: centsOf(purchases.total_payment) })
    .from(purchases)
    .$dynamic();
  if (input.query) totals = totals.innerJoin(customers, eq(customers.customer_id, purchases.customer_id));
  const byStatus = await totals.where(where).groupBy(purchases.status);
  return { rows, byStatus };
}

export type InvoiceSort = (typeof INVOICE_SORTS)[number];

export async function pageOfInvoices(
  db: Db,
  input: Paging & Sorting<InvoiceSort> & PaymentFilters & { status?: InvoiceStatus },
) {
  const where = and(
    ...withinRange(invoices.createdAt, input.range),
    input.status ? eq(invoices.status, input.status) : undefined,
    ...purchaseFilters(input),
  );
  const column = {
    created_at: invoices.createdAt,
    customer: customerSortKey,
    title: sql`lower(${purchases.title})`,
    status: invoices.status,
    total: invoices.total_payment,
  }[input.sort];
  const rows = await db
    .select({
      invoice_id: invoices.invoice_id,
      purchase_id: invoices.purchase_id,
      createdAt: invoices.createdAt,
      ...customerColumns,
      class_package_id: purchases.class_package_id,
      title: purchases.title,
      status: invoices.status,
      purchase_status: purchases.status,
      provider: purchases.provider,
      payment_method_id: purchases.payment_method_id,
      payment_method: payment_methods.name,
      provider_ref: purchases.provider_ref,
      // The OXXO/SPEI voucher that paid it (the sign-up fee shares its package's payment reference).
      voucher_method: sql<
        string | null
      >`(select v.method from ${payment_vouchers} v where v.customer_id = ${purchases.customer_id} and v.provider_ref = ${purchases.provider_ref} limit 1)`,
      total_payment: invoices.total_payment,
      period_start: invoices.period_start,
      period_end: invoices.period_end,
    })
    .from(invoices)
    .innerJoin(purchases, eq(purchases.purchase_id, invoices.purchase_id))
    .innerJoin(customers, eq(customers.customer_id, invoices.customer_id))
    .leftJoin(payment_methods, eq(payment_methods.payment_method_id, purchases.payment_method_id))
    .where(where)
    .orderBy(...orderBy(column, input.order, invoices.invoice_id))
    .limit(input.pageSize)
    .offset(offsetOf(input));
  let totals = db
    .select({ status: invoices.status, count: count(), cents: centsOf(invoices.total_payment) })
    .from(invoices)
    .$dynamic();
  if (input.class_package_id || input.provider || input.payment_method_id) {
    totals = totals.innerJoin(purchases, eq(purchases.purchase_id, invoices.purchase_id));
  }
  if (input.query) totals = totals.innerJoin(customers, eq(customers.customer_id, invoices.customer_id));
  const byStatus = await totals.where(where).groupBy(invoices.status);
  return { rows, byStatus };
}
