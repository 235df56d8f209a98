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
  filter: { customer_id?: number; entity?: string; actor_user_id?: string },
  page: number,
  size: number,
) {
  const conditions: SQL[] = [];
  if (filter.customer_id !== undefined) conditions.push(eq(audit_log.customer_id, filter.customer_id));
  if (filter.entity) conditions.push(eq(audit_log.entity, filter.entity));
  if (filter.actor_user_id) conditions.push(eq(audit_log.actor_user_id, filter.actor_user_id));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      entry: audit_log,
      actor_email: user.email,
      actor_name: user.name,
      actor_role: user.role,
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

/** Everyone who appears as the author of an entry, with how many entries (the log's person filter). */
export async function auditActors(db: Db) {
  return db
    .select({ user_id: user.id, name: user.name, email: user.email, role: user.role, entries: count() })
    .from(audit_log)
    .innerJoin(user, eq(user.id, audit_log.actor_user_id))
    .groupBy(user.id, user.name, user.email, user.role)
    .orderBy(user.name);
}
