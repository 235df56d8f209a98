import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAtColumn, idColumn } from "./columns";
import { customers } from "./customers";

/** Who did what to which record (admin actions, grants, revokes, refunds...). */
export const audit_log = pgTable(
  "audit_log",
  {
    audit_log_id: idColumn("audit_log_id"),
    /** better-auth user id of the actor; null for system jobs. */
    actor_user_id: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entity_id: text("entity_id"),
    customer_id: integer("customer_id").references(() => customers.customer_id, { onDelete: "set null" }),
    details: jsonb("details"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entity_id),
    index("audit_log_customer_id_idx").on(t.customer_id),
    index("audit_log_actor_user_id_idx").on(t.actor_user_id),
    index("audit_log_created_at_idx").on(t.createdAt),
  ],
);
