import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAtColumn, idColumn } from "./columns";

/**
 * Invitations of staff by email (decision 0031): the link carries `<invitation_id>.<secret>` and
 * only the secret's SHA-256 is stored; it works once (accepted_at) and until expires_at. An owner
 * may withdraw it (revoked_at). `role` is one of owner, manager, front_desk, coach.
 */
export const staff_invitations = pgTable(
  "staff_invitations",
  {
    staff_invitation_id: idColumn("staff_invitation_id"),
    email: text("email").notNull(),
    role: text("role").notNull(),
    /** When the role is coach: the coach profile this login will manage (may be null). */
    instructor_id: integer("instructor_id"),
    token_hash: text("token_hash").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    accepted_at: timestamp("accepted_at", { withTimezone: true }),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    invited_by: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("staff_invitations_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("staff_invitations_token_hash_idx").on(t.token_hash),
  ],
);

/**
 * One-time set-up steps that must happen at most once, ever (the first owner created in the
 * browser): the primary key makes two concurrent claims impossible, and the row is never deleted.
 */
export const setup_claims = pgTable("setup_claims", {
  step: text("step").primaryKey(),
  user_id: text("user_id").references(() => user.id, { onDelete: "set null" }),
  claimed_at: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
});
