import { and, desc, eq, gt } from "drizzle-orm";
import { staffRoleOf } from "../../../domain/staff";
import type { Db } from "../../db/client";
import { session, user } from "../../db/schema/auth";
import { customers } from "../../db/schema/customers";

export async function findCustomerById(db: Db, customerId: number) {
  const [row] = await db
    .select({ customer: customers, role: user.role })
    .from(customers)
    .leftJoin(user, eq(user.id, customers.uid))
    .where(eq(customers.customer_id, customerId))
    .limit(1);
  if (!row) return null;
  // The front desk's tags ("lesión") and merge marker are the studio's notes about the customer,
  // not the customer's own data: never part of what their routes answer (admin-customers).
  const { tags: _tags, merged_into_id: _merged, ...customer } = row.customer;
  // Staff roles (decision 0031) read as the coarse role these answers have always had.
  const staff = staffRoleOf(row.role);
  return { ...customer, role: staff && staff !== "coach" ? ("admin" as const) : ("customer" as const) };
}

export type NewCustomer = typeof customers.$inferInsert;

export async function insertCustomer(db: Db, values: NewCustomer) {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

/** Undoes a sign-up whose customer record could not be written (sessions and accounts cascade). */
/** The stored role of a login (customer, owner, manager, front_desk, coach), null if it is gone. */
export async function loginRole(db: Db, uid: string): Promise<string | null> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, uid)).limit(1);
  return row ? (row.role ?? "customer") : null;
}

export async function deleteLogin(db: Db, uid: string): Promise<void> {
  await db.delete(user).where(eq(user.id, uid));
}

/** Whether another customer already uses this phone. */
export async function phoneTaken(db: Db, phone: string, exceptCustomerId: number | null): Promise<boolean> {
  const rows = await db
    .select({ customer_id: customers.customer_id })
    .from(customers)
    .where(eq(customers.phone, phone))
    .limit(2);
  return rows.some((r) => r.customer_id !== exceptCustomerId);
}

export async function updateCustomer(db: Db, customerId: number, values: Partial<NewCustomer>) {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(eq(customers.customer_id, customerId))
    .returning();
  return row ?? null;
}

/** Who has this phone (digits as stored), for the front desk's phone lookup; null when nobody. */
export async function findCustomerByPhone(db: Db, phone: string) {
  const [row] = await db
    .select({
      customer_id: customers.customer_id,
      name: customers.name,
      last_name: customers.last_name,
      email: customers.email,
    })
    .from(customers)
    .where(eq(customers.phone, phone))
    .limit(1);
  return row ?? null;
}

/** A login's sessions that have not expired, newest activity first (never the token). */
export async function sessionsOf(db: Db, uid: string, now: Date) {
  return db
    .select({
      id: session.id,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .where(and(eq(session.userId, uid), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt));
}

/** Ends one of this login's sessions; false when it is not theirs (or already gone). */
export async function deleteSessionOf(db: Db, uid: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, uid)))
    .returning({ id: session.id });
  return rows.length > 0;
}
