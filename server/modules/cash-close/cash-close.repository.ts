import { aliasedTable, and, asc, desc, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user } from "../../db/schema/auth";
import { locations } from "../../db/schema/calendar";
import { cash_closes } from "../../db/schema/cash-close";
import { customers } from "../../db/schema/customers";
import { invoices, purchases, refunds } from "../../db/schema/purchases";

/** The locations a close can be made at (available ones, and any named in the history). */
export async function listLocations(db: Db) {
  return db
    .select({ location_id: locations.location_id, name: locations.name, available: locations.available })
    .from(locations)
    .orderBy(asc(locations.location_id));
}

/** What a charge and a refund show alike in the close: who, which purchase, whose. */
const movementColumns = {
  staff_name: user.name,
  provider: purchases.provider,
  provider_ref: purchases.provider_ref,
  purchase_id: purchases.purchase_id,
  title: purchases.title,
  customer_name: customers.name,
  customer_last_name: customers.last_name,
};

/**
 * The charges the desk took at a location in [from, to) (counter sales, confirmed cash orders and
 * renewals: invoices.collected_*, decision 0063), with how the purchase was paid. A charge later
 * refunded still counts on its own day: the refund is its own movement on the refund's day.
 */
export async function collectedCharges(db: Db, locationId: number, from: Date, to: Date) {
  return db
    .select({
      at: invoices.collected_at,
      amount: invoices.total_payment,
      staff_user_id: invoices.collected_by,
      ...movementColumns,
    })
    .from(invoices)
    .innerJoin(purchases, eq(purchases.purchase_id, invoices.purchase_id))
    .innerJoin(customers, eq(customers.customer_id, invoices.customer_id))
    .leftJoin(user, eq(user.id, invoices.collected_by))
    .where(
      and(
        eq(invoices.collected_location_id, locationId),
        gte(invoices.collected_at, from),
        lt(invoices.collected_at, to),
        inArray(invoices.status, ["paid", "refunded"]),
      ),
    )
    .orderBy(asc(invoices.collected_at), asc(invoices.invoice_id));
}

/** The refunds the desk handed back at a location in [from, to), with how the purchase was paid. */
export async function deskRefunds(db: Db, locationId: number, from: Date, to: Date) {
  return db
    .select({
      at: refunds.createdAt,
      amount: refunds.amount,
      staff_user_id: refunds.refunded_by,
      ...movementColumns,
    })
    .from(refunds)
    .innerJoin(purchases, eq(purchases.purchase_id, refunds.purchase_id))
    .innerJoin(customers, eq(customers.customer_id, refunds.customer_id))
    .leftJoin(user, eq(user.id, refunds.refunded_by))
    .where(
      and(
        eq(refunds.location_id, locationId),
        gte(refunds.createdAt, from),
        lt(refunds.createdAt, to),
        eq(refunds.status, "succeeded"),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.refund_id));
}

const closer = aliasedTable(user, "closer");
const reopener = aliasedTable(user, "reopener");

function closesQuery(db: Db) {
  return db
    .select({
      close: cash_closes,
      location_name: locations.name,
      closed_by_name: closer.name,
      reopened_by_name: reopener.name,
    })
    .from(cash_closes)
    .innerJoin(locations, eq(locations.location_id, cash_closes.location_id))
    .leftJoin(closer, eq(closer.id, cash_closes.closed_by))
    .leftJoin(reopener, eq(reopener.id, cash_closes.reopened_by))
    .$dynamic();
}
export type CloseRow = Awaited<ReturnType<typeof closesQuery>>[number];

/** The standing (not reopened) close of a location's day, locked when asked. */
export async function standingClose(db: Db, locationId: number, day: string, lock = false) {
  const query = db
    .select()
    .from(cash_closes)
    .where(
      and(eq(cash_closes.location_id, locationId), eq(cash_closes.day, day), isNull(cash_closes.reopened_at)),
    );
  const [row] = await (lock ? query.for("update") : query);
  return row ?? null;
}

export async function closeById(db: Db, id: number, lock = false) {
  const query = db.select().from(cash_closes).where(eq(cash_closes.cash_close_id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row ?? null;
}

export async function closeWithNames(db: Db, id: number): Promise<CloseRow | null> {
  const [row] = await closesQuery(db).where(eq(cash_closes.cash_close_id, id));
  return row ?? null;
}

/** A location's closes, newest day first, the standing one before those it replaced. */
export async function closesOfLocation(db: Db, locationId: number, limit: number) {
  return closesQuery(db)
    .where(eq(cash_closes.location_id, locationId))
    .orderBy(desc(cash_closes.day), desc(cash_closes.cash_close_id))
    .limit(limit);
}

export async function insertClose(db: Db, values: typeof cash_closes.$inferInsert) {
  const [row] = await db.insert(cash_closes).values(values).returning();
  return row!;
}

export async function markReopened(
  db: Db,
  id: number,
  values: { reopened_by: string; reopened_at: Date; reopen_reason: string },
) {
  const [row] = await db
    .update(cash_closes)
    .set(values)
    .where(and(eq(cash_closes.cash_close_id, id), isNull(cash_closes.reopened_at)))
    .returning();
  return row ?? null;
}
