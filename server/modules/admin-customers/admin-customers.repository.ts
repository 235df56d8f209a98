import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import { class_types, locations, single_classes } from "../../db/schema/calendar";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";

/**
 * The admin's read-only views of customers: the searchable list and the parts of one customer's
 * page no other domain serves (reservation and waitlist history). Every change (grants, credits,
 * penalties, bookings) goes through the owning domain's service, never through this file.
 */

export const CUSTOMER_SORTS = ["name", "email", "phone", "createdAt", "credits"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** Usable credits now: unexpired buckets with something left (-1 unlimited counts as 0 here). */
function creditsColumn(now: Date) {
  const bucket = {
    amount: qualified(available_classes.available_classes),
    expires: qualified(available_classes.expiration_date),
  };
  return sql<number>`coalesce((select sum(greatest(${bucket.amount}, 0)) from ${available_classes}
    where ${qualified(available_classes.customer_id)} = ${qualified(customers.customer_id)}
    and (${bucket.expires} is null or ${bucket.expires} > ${now.toISOString()}::timestamptz)), 0)`.mapWith(
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
  input: {
    query: string;
    page: number;
    size: number;
    sort: CustomerSort;
    desc: boolean;
    now: Date;
    /** Only customers carrying this tag (the desk's "lesión", "VIP"). */
    tag?: string;
  },
) {
  const credits = creditsColumn(input.now);
  const where = and(
    searchCondition(input.query),
    input.tag ? sql`${customers.tags} @> array[${input.tag}]::text[]` : undefined,
  );
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
      tags: customers.tags,
      deactivatedAt: customers.deactivatedAt,
      merged_into_id: customers.merged_into_id,
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
