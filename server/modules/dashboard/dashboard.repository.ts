import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { classSummaryColumns } from "../../db/class-summary";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import {
  class_types,
  instructors,
  locations,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { invoices, purchases, refunds } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";

/** Read-only figures of the admin dashboard; the service groups them by the studio's days. */

/** The class's coaches as the studio calls them (nick name, else name), in a stable order. */
const coachNames = sql<
  string[]
>`array(select coalesce(nullif(${instructors.nick_name}, ''), ${instructors.name}) from ${single_class_instructors} join ${instructors} on ${instructors.instructor_id} = ${single_class_instructors.instructor_id} where ${single_class_instructors.single_class_id} = ${qualified(single_classes.single_class_id)} order by ${instructors.instructor_id})`;

/** The dashboard's "Clases de hoy": each class with its hour, coaches, place and seats. */
export async function classesBetween(db: Db, from: Date, to: Date) {
  return db
    .select({ ...classSummaryColumns, coaches: coachNames })
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(and(gte(single_classes.class_date, from), lt(single_classes.class_date, to)))
    .orderBy(asc(single_classes.class_date), asc(single_classes.single_class_id));
}

/** Live seats (host and guest rows) of the classes held between two instants, with attendance. */
export async function seatsOfClassesBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      class_date: single_classes.class_date,
      duration_minutes: single_classes.duration_minutes,
      attend: class_reservations.attend,
    })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .where(
      and(
        isNull(class_reservations.deletedAt),
        isNull(single_classes.cancelledAt),
        gte(single_classes.class_date, from),
        lt(single_classes.class_date, to),
      ),
    );
}

/** The purchase's own IVA rate (kept at purchase time), else its package's (decision 0032). */
const purchaseIvaRate = sql<string | null>`coalesce(${purchases.iva_rate}, ${class_packages.iva_rate})`;

/**
 * Charges paid since `from`, with the package title of their purchase: those refunded later
 * too, on the day they were paid (their refunds are subtracted on the day of the refund).
 */
export async function paidInvoicesSince(db: Db, from: Date) {
  return db
    .select({
      total_payment: invoices.total_payment,
      createdAt: invoices.createdAt,
      title: purchases.title,
      iva_rate: purchaseIvaRate,
      recovered: invoices.recovered,
    })
    .from(invoices)
    .innerJoin(purchases, eq(purchases.purchase_id, invoices.purchase_id))
    .leftJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .where(and(inArray(invoices.status, ["paid", "refunded"]), gte(invoices.createdAt, from)));
}

/** Refunds made since `from` (money given back), with the package title of their purchase. */
export async function refundsSince(db: Db, from: Date) {
  return db
    .select({
      amount: refunds.amount,
      createdAt: refunds.updatedAt,
      title: purchases.title,
      iva_rate: purchaseIvaRate,
    })
    .from(refunds)
    .innerJoin(purchases, eq(purchases.purchase_id, refunds.purchase_id))
    .leftJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .where(and(eq(refunds.status, "succeeded"), gte(refunds.updatedAt, from)));
}

export async function countActiveSubscriptions(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(purchases)
    .where(and(eq(purchases.status, "active"), isNotNull(purchases.subscription_id)));
  return Number(row?.n ?? 0);
}

export async function countUnlimitedMembers(db: Db, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(customers)
    .where(
      and(
        eq(customers.has_unlimited, true),
        or(
          isNull(customers.unlimited_membership_expiration),
          gt(customers.unlimited_membership_expiration, now),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function customersCreatedSince(db: Db, from: Date) {
  return db.select({ createdAt: customers.createdAt }).from(customers).where(gte(customers.createdAt, from));
}

export async function countCustomers(db: Db) {
  const [row] = await db.select({ n: count() }).from(customers);
  return Number(row?.n ?? 0);
}
