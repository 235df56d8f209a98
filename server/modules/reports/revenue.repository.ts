import { and, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { toCents } from "../../../domain/money";
import {
  type RevenueMovement,
  revenueMethodOf,
  type SubscriptionFact,
} from "../../../domain/reports/revenue";
import type { Db } from "../../db/client";
import { locations } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { invoices, payment_vouchers, purchases, refunds } from "../../db/schema/purchases";

/**
 * The money behind the revenue report (domain/reports/revenue.ts): charges paid in [start, end)
 * on their day (those refunded later too: their refunds count on the refund's day) and refunds
 * that succeeded in it, each with its purchase's title, IVA rate (the purchase's own, else its
 * package's, decision 0032), how it was paid and the desk location that took it.
 */
const customerName = sql<string>`trim(${customers.name} || ' ' || coalesce(${customers.last_name}, ''))`;
const ivaRate = sql<string | null>`coalesce(${purchases.iva_rate}, ${class_packages.iva_rate})`;

type Range = { start: Date; end: Date; locationId?: number | undefined };

export async function revenueMovements(db: Db, range: Range): Promise<RevenueMovement[]> {
  const charges = await db
    .select({
      id: invoices.invoice_id,
      purchase_id: purchases.purchase_id,
      customer_id: invoices.customer_id,
      customer: customerName,
      at: invoices.createdAt,
      title: purchases.title,
      amount: invoices.total_payment,
      iva_rate: ivaRate,
      provider: purchases.provider,
      provider_ref: purchases.provider_ref,
      voucher: payment_vouchers.method,
      location: locations.name,
      subscription: sql<boolean>`${purchases.subscription_id} is not null`,
    })
    .from(invoices)
    .innerJoin(purchases, eq(purchases.purchase_id, invoices.purchase_id))
    .innerJoin(customers, eq(customers.customer_id, invoices.customer_id))
    .leftJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .leftJoin(payment_vouchers, eq(payment_vouchers.purchase_id, purchases.purchase_id))
    .leftJoin(locations, eq(locations.location_id, invoices.collected_location_id))
    .where(
      and(
        inArray(invoices.status, ["paid", "refunded"]),
        gte(invoices.createdAt, range.start),
        lt(invoices.createdAt, range.end),
        range.locationId ? eq(invoices.collected_location_id, range.locationId) : undefined,
      ),
    );
  const back = await db
    .select({
      id: refunds.refund_id,
      purchase_id: purchases.purchase_id,
      customer_id: refunds.customer_id,
      customer: customerName,
      at: refunds.updatedAt,
      title: purchases.title,
      amount: refunds.amount,
      iva_rate: ivaRate,
      provider: purchases.provider,
      provider_ref: purchases.provider_ref,
      voucher: payment_vouchers.method,
      location: locations.name,
      subscription: sql<boolean>`${purchases.subscription_id} is not null`,
    })
    .from(refunds)
    .innerJoin(purchases, eq(purchases.purchase_id, refunds.purchase_id))
    .innerJoin(customers, eq(customers.customer_id, refunds.customer_id))
    .leftJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .leftJoin(payment_vouchers, eq(payment_vouchers.purchase_id, purchases.purchase_id))
    .leftJoin(locations, eq(locations.location_id, refunds.location_id))
    .where(
      and(
        eq(refunds.status, "succeeded"),
        gte(refunds.updatedAt, range.start),
        lt(refunds.updatedAt, range.end),
        range.locationId ? eq(refunds.location_id, range.locationId) : undefined,
      ),
    );
  const toMovement =
    (kind: RevenueMovement["kind"]) =>
    (r: (typeof charges)[number]): RevenueMovement => ({
      kind,
      id: r.id,
      purchase_id: r.purchase_id,
      customer_id: r.customer_id,
      customer: r.customer,
      at: r.at,
      title: r.title,
      cents: toCents(r.amount),
      iva_rate: r.iva_rate,
      method: revenueMethodOf(r.provider, r.provider_ref, r.voucher),
      location: r.location,
      subscription: Boolean(r.subscription),
    });
  // The revenue sources, one entry each. A new source (retail sales, aggregator visits) is one more
  // query here mapped to RevenueMovement and one more line in this list; the report, its drill-down
  // and its CSV read only the list (decision 0105's note on revenue sources).
  const sources: RevenueMovement[][] = [charges.map(toMovement("charge")), back.map(toMovement("refund"))];
  return sources.flat();
}

/** Subscriptions charging now: active purchases with a processor subscription. */
export async function activeSubscriptions(db: Db): Promise<SubscriptionFact[]> {
  const rows = await db
    .select({
      purchase_id: purchases.purchase_id,
      customer_id: purchases.customer_id,
      customer: customerName,
      title: purchases.title,
      amount: purchases.total_payment,
      period: purchases.subscription_period,
      interval: purchases.subscription_interval,
    })
    .from(purchases)
    .innerJoin(customers, eq(customers.customer_id, purchases.customer_id))
    .where(and(eq(purchases.status, "active"), isNotNull(purchases.subscription_id)));
  return rows.map(({ amount, ...r }) => ({ ...r, cents: toCents(amount) }));
}
