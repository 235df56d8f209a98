import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user } from "../../db/schema/auth";
import { customers } from "../../db/schema/customers";

export async function findCustomerIdByUid(db: Db, uid: string): Promise<number | null> {
  const [row] = await db
    .select({ customer_id: customers.customer_id })
    .from(customers)
    .where(eq(customers.uid, uid))
    .limit(1);
  return row?.customer_id ?? null;
}

export async function findCustomerById(db: Db, customerId: number) {
  const [row] = await db
    .select({ customer: customers, role: user.role })
    .from(customers)
    .leftJoin(user, eq(user.id, customers.uid))
    .where(eq(customers.customer_id, customerId))
    .limit(1);
  return row ? { ...row.customer, role: row.role ?? "customer" } : null;
}

export type NewCustomer = typeof customers.$inferInsert;

export async function insertCustomer(db: Db, values: NewCustomer) {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}
