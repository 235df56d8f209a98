import { index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { single_classes } from "./calendar";
import { customers } from "./customers";

/*
 * Rollups the owner's reports read instead of every reservation (decision 0105). Both are kept
 * by statement triggers on class_reservations and single_classes (migration "reports"), in the
 * transaction of the write, so every writer (booking, cancellation, check-in, no-show, desk,
 * waitlist, refunds that cancel seats, imports, bulk SQL) keeps them right without knowing them.
 * server/modules/reports/rollups.test.ts compares them with the reference queries on random data.
 */

/** Per class: guests, check-ins and late cancellations (seats are single_classes.seats_taken). */
export const report_class_counts = pgTable(
  "report_class_counts",
  {
    single_class_id: integer("single_class_id")
      .primaryKey()
      .references(() => single_classes.single_class_id, { onDelete: "cascade" }),
    guests: integer("guests").notNull().default(0),
    attended: integer("attended").notNull().default(0),
    late_cancels: integer("late_cancels").notNull().default(0),
  },
  // No CHECK (>= 0): an upsert's proposed row carries the delta, negative for a cancellation,
  // and PostgreSQL checks it before it finds the conflict. rollups.test.ts checks the values.
);

/**
 * Per customer, studio month (on the studio's clock, app_config timezone, as the integer
 * year * 12 + month - 1, so a range of months is a range of numbers) and class
 * location (0: a class without one): how many visits (own seat, not cancelled, class held). A row
 * exists only while its visits are more than 0 (the trigger deletes it when they fall to 0).
 */
export const report_visit_months = pgTable(
  "report_visit_months",
  {
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    month: integer("month").notNull(),
    location_id: integer("location_id").notNull().default(0),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.customer_id, t.month, t.location_id] }),
    // One location's retention and its lists read only that location's rows, per customer in
    // month order (decision 0135); the primary key would make them read every location's.
    index("report_visit_months_location_customer_idx").on(t.location_id, t.customer_id, t.month),
  ],
);

/**
 * Per customer and studio month, every location together (decision 0130): the visits of
 * report_visit_months added up over locations, a row only while above 0. Kept by a statement
 * trigger on report_visit_months (migration "retention_rollup"), so whatever keeps that table
 * keeps this one.
 */
export const report_customer_months = pgTable(
  "report_customer_months",
  {
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.customer_id, { onDelete: "cascade" }),
    month: integer("month").notNull(),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.customer_id, t.month] }),
    // A month's customers without reading every month's rows: the count of a report list of a
    // month's customers reads only that month's entries (docs/decisions/0141).
    index("report_customer_months_month_idx").on(t.month, t.customer_id),
  ],
);

/**
 * Per customer, how many months she had a visit in, ever (decision 0144): the number of her rows
 * in report_customer_months, kept by statement triggers on it (a month that appears adds one, one
 * that goes takes one away; a row's visits change by UPDATE, its key never does). The
 * customer-value figure sums it over the period's sign-ups instead of counting ~300,000 month rows.
 * A customer without a month with a visit may have no row (read as 0).
 */
export const report_customer_totals = pgTable("report_customer_totals", {
  customer_id: integer("customer_id")
    .primaryKey()
    .references(() => customers.customer_id, { onDelete: "cascade" }),
  months: integer("months").notNull().default(0),
});

/**
 * The retention report's counts for the whole studio (decision 0130), per month with a visit and
 * first month (the customer's earliest row in report_customer_months): customers active (`n`),
 * those of them active the month before too (`both`) and those back after at least a month away
 * (`back`, first month before the month before). Kept by statement triggers on
 * report_customer_months: a customer's month that appears or goes recounts that customer's
 * contribution. A row exists only while `n` is above 0.
 */
export const report_retention_cells = pgTable(
  "report_retention_cells",
  {
    month: integer("month").notNull(),
    first: integer("first").notNull(),
    n: integer("n").notNull().default(0),
    both: integer("both").notNull().default(0),
    back: integer("back").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.first] })],
);

/**
 * One location's retention counts (decision 0135), as report_retention_cells are the whole
 * studio's: per location, month with a visit there and first month (the customer's earliest row
 * of report_visit_months at that location), the customers active (`n`), those active there the
 * month before too (`both`) and those back after at least a month away (`back`). Kept by statement
 * triggers on report_visit_months (migration "location_retention_cells"): a customer's month at a
 * location that appears or goes recounts that customer's contribution there. A row exists only
 * while `n` is above 0.
 */
export const report_location_retention_cells = pgTable(
  "report_location_retention_cells",
  {
    location_id: integer("location_id").notNull(),
    month: integer("month").notNull(),
    first: integer("first").notNull(),
    n: integer("n").notNull().default(0),
    both: integer("both").notNull().default(0),
    back: integer("back").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.location_id, t.month, t.first] })],
);
