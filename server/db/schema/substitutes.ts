import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { instructors, single_classes } from "./calendar";
import { createdAtColumn, idColumn, tsColumn } from "./columns";

/**
 * A coach asks for a substitute for one class; another coach takes it; the owner approves when the
 * studio wants that (decision 0101). Status: open → taken (waiting for approval) → approved, or
 * open → approved directly; declined puts it back to open; cancelled by the coach who asked.
 */
export const substitute_requests = pgTable(
  "substitute_requests",
  {
    substitute_request_id: idColumn("substitute_request_id"),
    single_class_id: integer("single_class_id")
      .notNull()
      .references(() => single_classes.single_class_id, { onDelete: "cascade" }),
    requested_by: integer("requested_by")
      .notNull()
      .references(() => instructors.instructor_id, { onDelete: "cascade" }),
    taken_by: integer("taken_by").references(() => instructors.instructor_id, { onDelete: "set null" }),
    status: text("status").notNull().default("open"),
    note: text("note"),
    decided_by: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    taken_at: tsColumn("taken_at"),
    decided_at: tsColumn("decided_at"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("substitute_requests_status", sql`${t.status} in ('open', 'taken', 'approved', 'cancelled')`),
    index("substitute_requests_class_idx").on(t.single_class_id),
  ],
);
