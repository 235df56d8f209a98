import { and, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { toCents } from "../../../domain/money";
import type { CustomerValueFact, PaidPurchaseFact, VisitMonthFact } from "../../../domain/reports/customers";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import { single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { invoices, purchases, refunds } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";

/**
 * Facts of the customer reports (domain/reports/customers.ts): paid purchases, months with a
 * visit on the studio's calendar, and money per customer. A visit is a customer's own seat (not a
 * guest's) that was not cancelled, in a class that was held.
 */
const customerName = sql<string>`trim(${customers.name} || ' ' || coalesce(${customers.last_name}, ''))`;
const DAY_MS = 86_400_000;

/** A purchase counts once one of its charges was paid (a refund later does not undo the visit to the shop). */
const wasPaid = sql`exists (select 1 from ${invoices} where ${qualified(invoices.purchase_id)} = ${qualified(purchases.purchase_id)} and ${qualified(invoices.status)} in ('paid', 'refunded'))`;

/**
 * Every paid purchase, up to 91 days after the period, of the customers who bought something in
 * it: enough to tell whose first purchase was an intro offer and whether they came back in 90 days.
 */
export async function paidPurchasesAround(
  db: Db,
  range: { start: Date; end: Date },
): Promise<PaidPurchaseFact[]> {
  const buyers = db
    .select({ id: purchases.customer_id })
    .from(purchases)
    .where(and(gte(purchases.createdAt, range.start), lt(purchases.createdAt, range.end)));
  return db
    .select({
      purchase_id: purchases.purchase_id,
      customer_id: purchases.customer_id,
      customer: customerName,
      at: purchases.createdAt,
      title: purchases.title,
      is_trial: class_packages.is_trial,
    })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .innerJoin(customers, eq(customers.customer_id, purchases.customer_id))
    .where(
      and(
        inArray(purchases.customer_id, buyers),
        lt(purchases.createdAt, new Date(range.end.getTime() + 91 * DAY_MS)),
        wasPaid,
      ),
    );
}

/** Distinct (customer, studio month) of visits before `end`, at one location when asked. */
export async function visitMonths(
  db: Db,
  range: { end: Date; locationId?: number | undefined },
  timeZone: string,
): Promise<VisitMonthFact[]> {
  const month = sql<string>`to_char(${single_classes.class_date} at time zone ${timeZone}, 'YYYY-MM')`;
  return (
    db
      .select({ customer_id: class_reservations.customer_id, customer: customerName, month })
      .from(class_reservations)
      .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
      .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
      .where(
        and(
          isNull(class_reservations.deletedAt),
          isNull(class_reservations.guest_of_id),
          isNull(single_classes.cancelledAt),
          lt(single_classes.class_date, range.end),
          range.locationId ? eq(single_classes.location_id, range.locationId) : undefined,
        ),
      )
      // By position: the zone is a parameter, and a second copy of it would not be the same expression.
      .groupBy(class_reservations.customer_id, customers.name, customers.last_name, sql`3`)
  );
}

/** Customers who signed up in [start, end): how they came, what they paid less refunds, months with a visit. */
export async function customerValues(
  db: Db,
  range: { start: Date; end: Date },
  timeZone: string,
): Promise<CustomerValueFact[]> {
  // Every column written with its table: in a single-table select Drizzle leaves them bare.
  const q = qualified;
  const id = q(customers.customer_id);
  const rows = await db
    .select({
      customer_id: customers.customer_id,
      customer: customerName,
      signup_reason: customers.signup_reason,
      paid: sql<string>`coalesce((select sum(${q(invoices.total_payment)}) from ${invoices} where ${q(invoices.customer_id)} = ${id} and ${q(invoices.status)} in ('paid', 'refunded')), 0)`,
      refunded: sql<string>`coalesce((select sum(${q(refunds.amount)}) from ${refunds} where ${q(refunds.customer_id)} = ${id} and ${q(refunds.status)} = 'succeeded'), 0)`,
      months_active:
        sql<number>`(select count(distinct to_char(${q(single_classes.class_date)} at time zone ${timeZone}, 'YYYY-MM')) from ${class_reservations} join ${single_classes} on ${q(single_classes.single_class_id)} = ${q(class_reservations.single_class_id)} where ${q(class_reservations.customer_id)} = ${id} and ${q(class_reservations.deletedAt)} is null and ${q(class_reservations.guest_of_id)} is null and ${q(single_classes.cancelledAt)} is null)`.mapWith(
          Number,
        ),
    })
    .from(customers)
    .where(and(gte(customers.createdAt, range.start), lt(customers.createdAt, range.end)));
  return rows.map(({ paid, refunded, ...r }) => ({
    ...r,
    net_cents: toCents(String(paid)) - toCents(String(refunded)),
  }));
}
