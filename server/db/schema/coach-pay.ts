import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { instructors } from "./calendar";
import { createdAtColumn, idColumn, moneyColumn, tsColumn, updatedAtColumn } from "./columns";

/** A headcount tier of a coach's rate: from `min_attendees` people the class pays `amount` (pesos). */
export type CoachPayTierRow = { min_attendees: number; amount: string };

/**
 * What each coach is paid (decision 0079): one row per coach, the rate in force. domain/coach-pay.ts
 * computes a class's pay from it.
 */
export const coach_pay_rates = pgTable(
  "coach_pay_rates",
  {
    instructor_id: integer("instructor_id")
      .primaryKey()
      .references(() => instructors.instructor_id, { onDelete: "cascade" }),
    per_class: moneyColumn("per_class").notNull().default("0"),
    per_attendee: moneyColumn("per_attendee").notNull().default("0"),
    count_no_shows: boolean("count_no_shows").notNull().default(false),
    tiers: jsonb("tiers").$type<CoachPayTierRow[]>().notNull().default([]),
    workshop_share_percent: numeric("workshop_share_percent", { precision: 5, scale: 2 })
      .notNull()
      .default("0"),
    updated_by: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check(
      "coach_pay_rates_amounts_check",
      sql`${t.per_class} >= 0 and ${t.per_attendee} >= 0 and ${t.workshop_share_percent} between 0 and 100`,
    ),
  ],
);

/**
 * A coach's pay for a period as the owner approved it (decision 0079): the total and the per-class
 * lines kept as they were, so a later change of rate or roster does not change what was approved.
 * Once per coach and period.
 */
export const coach_pay_approvals = pgTable(
  "coach_pay_approvals",
  {
    coach_pay_approval_id: idColumn("coach_pay_approval_id"),
    instructor_id: integer("instructor_id")
      .notNull()
      .references(() => instructors.instructor_id, { onDelete: "cascade" }),
    period_from: date("period_from", { mode: "string" }).notNull(),
    period_to: date("period_to", { mode: "string" }).notNull(),
    total: moneyColumn("total").notNull(),
    classes: integer("classes").notNull(),
    lines: jsonb("lines").$type<unknown[]>().notNull().default([]),
    approved_by: text("approved_by").references(() => user.id, { onDelete: "set null" }),
    approvedAt: tsColumn("approved_at").notNull().defaultNow(),
  },
  (t) => [
    unique("coach_pay_approvals_period_unique").on(t.instructor_id, t.period_from, t.period_to),
    index("coach_pay_approvals_period_idx").on(t.period_from, t.period_to),
    check("coach_pay_approvals_period_check", sql`${t.period_to} >= ${t.period_from}`),
  ],
);

/**
 * A coach's rate from a studio day on (docs/product-rules.md#coach-rate-history, decisions 0106
 * and 0119): each class is paid at the latest change on or before its day, and the coach's
 * `coach_pay_rates` row is the rate since always (before the first change). One change per coach
 * and day: adding another on the same day replaces it.
 */
export const coach_pay_rate_changes = pgTable(
  "coach_pay_rate_changes",
  {
    coach_pay_rate_change_id: idColumn("coach_pay_rate_change_id"),
    instructor_id: integer("instructor_id")
      .notNull()
      .references(() => instructors.instructor_id, { onDelete: "cascade" }),
    effective_from: date("effective_from", { mode: "string" }).notNull(),
    per_class: moneyColumn("per_class").notNull().default("0"),
    per_attendee: moneyColumn("per_attendee").notNull().default("0"),
    count_no_shows: boolean("count_no_shows").notNull().default(false),
    tiers: jsonb("tiers").$type<CoachPayTierRow[]>().notNull().default([]),
    workshop_share_percent: numeric("workshop_share_percent", { precision: 5, scale: 2 })
      .notNull()
      .default("0"),
    created_by: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique("coach_pay_rate_changes_day_unique").on(t.instructor_id, t.effective_from),
    check(
      "coach_pay_rate_changes_amounts_check",
      sql`${t.per_class} >= 0 and ${t.per_attendee} >= 0 and ${t.workshop_share_percent} between 0 and 100`,
    ),
  ],
);
