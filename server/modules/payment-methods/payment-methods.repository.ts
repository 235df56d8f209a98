import { and, asc, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payment_methods, payment_sources } from "../../db/schema/payments";

export type PaymentMethodRow = typeof payment_methods.$inferSelect;
export type PaymentMethodValues = Omit<
  typeof payment_methods.$inferInsert,
  "payment_method_id" | "createdAt" | "updatedAt"
>;
export type PaymentSourceRow = typeof payment_sources.$inferSelect;

export async function listPaymentMethods(db: Db, onlyAvailable: boolean) {
  return db
    .select()
    .from(payment_methods)
    .where(onlyAvailable ? eq(payment_methods.available, true) : undefined)
    .orderBy(asc(payment_methods.order), asc(payment_methods.payment_method_id));
}

export async function findPaymentMethod(db: Db, id: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(payment_methods)
    .where(eq(payment_methods.payment_method_id, id))
    .limit(1);
  return row;
}

export async function findPaymentMethodByProvider(
  db: Db,
  provider: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(payment_methods)
    .where(and(eq(payment_methods.provider, provider), eq(payment_methods.available, true)))
    .orderBy(asc(payment_methods.order))
    .limit(1);
  return row;
}

export async function insertPaymentMethod(db: Db, values: PaymentMethodValues) {
  const [row] = await db.insert(payment_methods).values(values).returning();
  return row!;
}

export async function updatePaymentMethod(db: Db, id: number, values: Partial<PaymentMethodValues>) {
  const [row] = await db
    .update(payment_methods)
    .set(values)
    .where(eq(payment_methods.payment_method_id, id))
    .returning();
  return row;
}

export async function deletePaymentMethod(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(payment_methods)
    .where(eq(payment_methods.payment_method_id, id))
    .returning({ id: payment_methods.payment_method_id });
  return rows.length > 0;
}

export async function listSources(db: Db, customerId: number) {
  return db
    .select()
    .from(payment_sources)
    .where(liveSourceOf(customerId))
    .orderBy(desc(payment_sources.createdAt), desc(payment_sources.payment_source_id));
}

/** A customer's saved card that is not deleted, narrowed by any further conditions. */
function liveSourceOf(customerId: number, ...conditions: SQL[]) {
  return and(eq(payment_sources.customer_id, customerId), isNull(payment_sources.deletedAt), ...conditions);
}

export async function findOwnSource(
  db: Db,
  customerId: number,
  id: number,
): Promise<PaymentSourceRow | undefined> {
  const [row] = await db
    .select()
    .from(payment_sources)
    .where(liveSourceOf(customerId, eq(payment_sources.payment_source_id, id)))
    .limit(1);
  return row;
}

export async function insertSource(db: Db, values: typeof payment_sources.$inferInsert) {
  const [row] = await db.insert(payment_sources).values(values).onConflictDoNothing().returning();
  return row;
}

export async function softDeleteSource(db: Db, customerId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(payment_sources)
    .set({ deletedAt: now })
    .where(liveSourceOf(customerId, eq(payment_sources.payment_source_id, id)))
    .returning({ id: payment_sources.payment_source_id });
  return rows.length > 0;
}

export async function findSourceByRef(
  db: Db,
  customerId: number,
  provider: string,
  sourceId: string,
): Promise<PaymentSourceRow | undefined> {
  const [row] = await db
    .select()
    .from(payment_sources)
    .where(
      liveSourceOf(
        customerId,
        eq(payment_sources.provider, provider),
        eq(payment_sources.source_id, sourceId),
      ),
    )
    .limit(1);
  return row;
}
