import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { toCents } from "../../../domain/money";
import type { CreditBucketFact } from "../../../domain/reports/liability";
import type { Db } from "../../db/client";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { purchases } from "../../db/schema/purchases";

/**
 * Credit buckets that still hold classes at `now` (not expired, not empty), with what their
 * purchase kept (paid less refunded) and the classes it granted: the liability report
 * (domain/reports/liability.ts) values them.
 */
const customerName = sql<string>`trim(${customers.name} || ' ' || coalesce(${customers.last_name}, ''))`;

export async function openBuckets(db: Db, now: Date): Promise<CreditBucketFact[]> {
  const rows = await db
    .select({
      available_class_id: available_classes.available_class_id,
      customer_id: available_classes.customer_id,
      customer: customerName,
      purchase_id: available_classes.purchase_id,
      title: purchases.title,
      credits: available_classes.available_classes,
      expiration_date: available_classes.expiration_date,
      total_payment: purchases.total_payment,
      refunded_total: purchases.refunded_total,
      granted: sql<number | null>`coalesce(${purchases.class_amount}, ${class_packages.class_amount})`,
    })
    .from(available_classes)
    .innerJoin(customers, eq(customers.customer_id, available_classes.customer_id))
    .leftJoin(purchases, eq(purchases.purchase_id, available_classes.purchase_id))
    .leftJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .where(
      and(
        ne(available_classes.available_classes, 0),
        or(isNull(available_classes.expiration_date), gt(available_classes.expiration_date, now)),
      ),
    );
  return rows.map(({ total_payment, refunded_total, ...r }) => ({
    ...r,
    kept_cents: total_payment === null ? null : toCents(total_payment) - toCents(refunded_total ?? "0"),
  }));
}
