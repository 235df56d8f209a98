import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { audit_log } from "../../db/schema/audit";
import { user } from "../../db/schema/auth";
import { customers } from "../../db/schema/customers";

export type NewAuditEntry = typeof audit_log.$inferInsert;

export async function insertAudit(db: Db, values: NewAuditEntry) {
  const [row] = await db.insert(audit_log).values(values).returning();
  return row!;
}

/** One page of the log, newest first, with the actor's email and the customer's name. */
export async function pageOfAudit(
  db: Db,
  filter: { customer_id?: number; entity?: string },
  page: number,
  size: number,
) {
  const conditions: SQL[] = [];
  if (filter.customer_id !== undefined) conditions.push(eq(audit_log.customer_id, filter.customer_id));
  if (filter.entity) conditions.push(eq(audit_log.entity, filter.entity));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      entry: audit_log,
      actor_email: user.email,
      customer_name: customers.name,
      customer_last_name: customers.last_name,
    })
    .from(audit_log)
    .leftJoin(user, eq(user.id, audit_log.actor_user_id))
    .leftJoin(customers, eq(customers.customer_id, audit_log.customer_id))
    .where(where)
    .orderBy(desc(audit_log.createdAt), desc(audit_log.audit_log_id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(audit_log).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
