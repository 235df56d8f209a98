import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { locations } from "./calendar";
import { createdAtColumn, idColumn, tsColumn } from "./columns";

/**
 * A cash close (corte de caja, decision 0063): one drawer per location and day (the studio's
 * day); the staff member counts it, the expected cash (counter and confirmed cash orders less cash
 * refunds) is computed from the charges and refunds and kept as it was at the close. Amounts in
 * integer centavos. Reopening keeps the row (reopened_at, who and why) so the history stays; at
 * most one open close per location and day.
 */
export const cash_closes = pgTable(
  "cash_closes",
  {
    cash_close_id: idColumn("cash_close_id"),
    location_id: integer("location_id")
      .notNull()
      .references(() => locations.location_id, { onDelete: "restrict" }),
    /** "YYYY-MM-DD" on the studio's calendar. */
    day: text("day").notNull(),
    expected_cash_cents: integer("expected_cash_cents").notNull(),
    counted_cash_cents: integer("counted_cash_cents").notNull(),
    difference_cents: integer("difference_cents").notNull(),
    /** What the card terminal and transfers added up to at the close (for the record). */
    card_cents: integer("card_cents").notNull().default(0),
    transfer_cents: integer("transfer_cents").notNull().default(0),
    note: text("note"),
    closed_by: text("closed_by").references(() => user.id, { onDelete: "set null" }),
    closedAt: createdAtColumn(),
    reopened_by: text("reopened_by").references(() => user.id, { onDelete: "set null" }),
    reopened_at: tsColumn("reopened_at"),
    reopen_reason: text("reopen_reason"),
  },
  (t) => [
    check("cash_closes_counted_check", sql`${t.counted_cash_cents} >= 0`),
    check(
      "cash_closes_difference_check",
      sql`${t.difference_cents} = ${t.counted_cash_cents} - ${t.expected_cash_cents}`,
    ),
    uniqueIndex("cash_closes_open_unique").on(t.location_id, t.day).where(sql`${t.reopened_at} is null`),
    index("cash_closes_location_day_idx").on(t.location_id, t.day),
  ],
);
