import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { class_types, locations, single_classes } from "../../db/schema/calendar";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { payment_methods } from "../../db/schema/payments";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";

/**
 * The admin's view and edits of one customer's records. It writes to tables other domains own
 * (credit buckets, purchases, penalties) only for the admin corrections those domains don't
 * offer; booking, cancelling, confirming and granting go through their services.
 */

export const CUSTOMER_SORTS = ["name", "email", "phone", "createdAt", "credits"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** Usable credits now: unexpired buckets with something left (-1 unlimited counts as 0 here). */
function creditsColumn(now: Date) {
  return sql<number>`coalesce((select sum(greatest(${available_classes.available_classes}, 0)) from ${available_classes}
    where ${available_classes.customer_id} = ${customers.customer_id}
    and (${available_classes.expiration_date} is null or ${available_classes.expiration_date} > ${now.toISOString()}::timestamptz)), 0)`.mapWith(
    Number,
  );
}

/** Name (with last name), email or phone contains the text; digits also match inside phones. */
function searchCondition(query: string): SQL | undefined {
  const text = query.trim();
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/\D/g, "");
  return or(
    ilike(sql`${customers.name} || ' ' || coalesce(${customers.last_name}, '')`, like),
    ilike(customers.email, like),
    ...(digits.length >= 3 ? [ilike(customers.phone, `%${digits}%`)] : []),
  );
}

export async function pageOfCustomers(
  db: Db,
  input: { query: string; page: number; size: number; sort: CustomerSort; desc: boolean; now: Date },
) {
  const credits = creditsColumn(input.now);
  const where = searchCondition(input.query);
  const column = {
    name: sql`lower(${customers.name} || ' ' || coalesce(${customers.last_name}, ''))`,
    email: sql`lower(${customers.email})`,
    phone: customers.phone,
    createdAt: customers.createdAt,
    credits,
  }[input.sort];
  const rows = await db
    .select({
      customer_id: customers.customer_id,
      name: customers.name,
      last_name: customers.last_name,
      email: customers.email,
      phone: customers.phone,
      has_unlimited: customers.has_unlimited,
      unlimited_membership_expiration: customers.unlimited_membership_expiration,
      createdAt: customers.createdAt,
      credits,
    })
    .from(customers)
    .where(where)
    .orderBy(
      input.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
      asc(customers.customer_id),
    )
    .limit(input.size)
    .offset((input.page - 1) * input.size);
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findCustomer(db: Db, id: number, lock = false) {
  const query = db.select().from(customers).where(eq(customers.customer_id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function customerReservations(db: Db, customerId: number, limit = 200) {
  return db
    .select({
      class_reservation_id: class_reservations.class_reservation_id,
      single_class_id: class_reservations.single_class_id,
      guest: class_reservations.guest,
      guest_of_id: class_reservations.guest_of_id,
      spot: class_reservations.spot,
      attend: class_reservations.attend,
      paid_with: class_reservations.paid_with,
      deletedAt: class_reservations.deletedAt,
      createdAt: class_reservations.createdAt,
      class_date: single_classes.class_date,
      class_cancelledAt: single_classes.cancelledAt,
      class_type: class_types.name,
      location: locations.name,
    })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(eq(class_reservations.customer_id, customerId))
    .orderBy(desc(single_classes.class_date), asc(class_reservations.class_reservation_id))
    .limit(limit);
}

export async function customerWaitlists(db: Db, customerId: number) {
  return db
    .select({
      waitlist_id: waitlists.waitlist_id,
      single_class_id: waitlists.single_class_id,
      status: waitlists.status,
      deletedAt: waitlists.deletedAt,
      createdAt: waitlists.createdAt,
      class_date: single_classes.class_date,
      class_type: class_types.name,
    })
    .from(waitlists)
    .innerJoin(single_classes, eq(single_classes.single_class_id, waitlists.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .where(eq(waitlists.customer_id, customerId))
    .orderBy(desc(single_classes.class_date));
}

export async function customerPenalties(db: Db, customerId: number) {
  return db
    .select()
    .from(class_reservation_penalties)
    .where(eq(class_reservation_penalties.customer_id, customerId))
    .orderBy(desc(class_reservation_penalties.end_date));
}

export async function findPenalty(db: Db, id: number, lock = false) {
  const query = db
    .select()
    .from(class_reservation_penalties)
    .where(eq(class_reservation_penalties.class_reservation_penalty_id, id))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function liftPenaltyRow(db: Db, id: number, actorUserId: string, now: Date) {
  await db
    .update(class_reservation_penalties)
    .set({ liftedAt: now, lifted_by: actorUserId })
    .where(eq(class_reservation_penalties.class_reservation_penalty_id, id));
}

/** The customer's usable, limited buckets, soonest to expire first (never-expiring last), locked. */
export async function lockSpendableBuckets(db: Db, customerId: number, now: Date) {
  return db
    .select()
    .from(available_classes)
    .where(
      and(
        eq(available_classes.customer_id, customerId),
        gt(available_classes.available_classes, 0),
        or(isNull(available_classes.expiration_date), gt(available_classes.expiration_date, now)),
      ),
    )
    .orderBy(
      sql`${available_classes.expiration_date} asc nulls last`,
      asc(available_classes.available_class_id),
    )
    .for("update");
}

export async function setBucketAmount(db: Db, id: number, amount: number) {
  await db
    .update(available_classes)
    .set({ available_classes: amount })
    .where(eq(available_classes.available_class_id, id));
}

/** Empties every bucket of a purchase (unlimited ones too); answers what was left in them. */
export async function emptyBucketsOfPurchase(db: Db, purchaseId: number) {
  const rows = await db
    .update(available_classes)
    .set({ available_classes: 0 })
    .where(and(eq(available_classes.purchase_id, purchaseId), ne(available_classes.available_classes, 0)))
    .returning({ id: available_classes.available_class_id });
  return rows.length;
}

export async function bucketsOfPurchase(db: Db, purchaseId: number) {
  return db.select().from(available_classes).where(eq(available_classes.purchase_id, purchaseId));
}

export async function setExpiryOfPurchaseBuckets(db: Db, purchaseId: number, until: Date) {
  await db
    .update(available_classes)
    .set({ expiration_date: until })
    .where(eq(available_classes.purchase_id, purchaseId));
}

export async function findPaymentMethod(db: Db, id: number) {
  const [row] = await db
    .select({ payment_method_id: payment_methods.payment_method_id, name: payment_methods.name })
    .from(payment_methods)
    .where(eq(payment_methods.payment_method_id, id))
    .limit(1);
  return row;
}

export async function updatePurchaseRow(db: Db, id: number, values: Partial<typeof purchases.$inferInsert>) {
  const [row] = await db.update(purchases).set(values).where(eq(purchases.purchase_id, id)).returning();
  return row!;
}

export async function failPendingInvoices(db: Db, purchaseId: number) {
  await db
    .update(invoices)
    .set({ status: "failed" })
    .where(and(eq(invoices.purchase_id, purchaseId), eq(invoices.status, "pending")));
}

/**
 * Latest end of the customer's other paid unlimited memberships (undefined: none left; null: one
 * without end), so revoking one membership keeps the others.
 */
export async function otherUnlimitedEnd(
  db: Db,
  customerId: number,
  exceptPurchaseId: number,
  now: Date,
): Promise<Date | null | undefined> {
  const rows = await db
    .select({ expiration_date: purchases.expiration_date })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .where(
      and(
        eq(purchases.customer_id, customerId),
        ne(purchases.purchase_id, exceptPurchaseId),
        inArray(purchases.status, ["active", "completed"]),
        eq(class_packages.is_unlimited_membership, true),
        or(isNull(purchases.expiration_date), gt(purchases.expiration_date, now)),
      ),
    );
  if (rows.length === 0) return undefined;
  if (rows.some((r) => r.expiration_date === null)) return null;
  return new Date(Math.max(...rows.map((r) => r.expiration_date!.getTime())));
}

export async function setMembership(db: Db, customerId: number, has: boolean, until: Date | null) {
  await db
    .update(customers)
    .set({ has_unlimited: has, unlimited_membership_expiration: until })
    .where(eq(customers.customer_id, customerId));
}
