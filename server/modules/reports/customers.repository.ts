import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { toCents } from "../../../domain/money";
import type {
  CustomerValueFact,
  CustomerValueSums,
  PaidPurchaseFact,
  RetentionActivity,
  RetentionCount,
} from "../../../domain/reports/customers";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { invoices, purchases, refunds } from "../../db/schema/purchases";
import { report_visit_months } from "../../db/schema/reports";

/**
 * Facts of the customer reports (domain/reports/customers.ts): paid purchases, months with a
 * visit on the studio's calendar, and money per customer. A visit is a customer's own seat (not a
 * guest's) that was not cancelled, in a class that was held.
 */
const customerName = sql<string>`trim(${customers.name} || ' ' || coalesce(${customers.last_name}, ''))`;
const DAY_MS = 86_400_000;

/** A purchase counts once one of its charges was paid (a refund later does not undo the visit to the shop). */
const wasPaid = sql`exists (select 1 from ${invoices} where ${qualified(invoices.purchase_id)} = ${qualified(purchases.purchase_id)} and ${qualified(invoices.status)} in ('paid', 'refunded'))`;

/**
 * Every paid purchase, up to 91 days after the period, of the customers who bought something in
 * it: enough to tell whose first purchase was an intro offer and whether they came back in 90 days.
 */
export async function paidPurchasesAround(
  db: Db,
  range: { start: Date; end: Date },
): Promise<PaidPurchaseFact[]> {
  const buyers = db
    .select({ id: purchases.customer_id })
    .from(purchases)
    .where(and(gte(purchases.createdAt, range.start), lt(purchases.createdAt, range.end)));
  return db
    .select({
      purchase_id: purchases.purchase_id,
      customer_id: purchases.customer_id,
      customer: customerName,
      at: purchases.createdAt,
      title: purchases.title,
      is_trial: class_packages.is_trial,
    })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .innerJoin(customers, eq(customers.customer_id, purchases.customer_id))
    .where(
      and(
        inArray(purchases.customer_id, buyers),
        lt(purchases.createdAt, new Date(range.end.getTime() + 91 * DAY_MS)),
        wasPaid,
      ),
    );
}

/** "YYYY-MM" of report_visit_months' month number (year * 12 + month - 1) and back. */
export const monthKey = (n: number) => `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, "0")}`;
export const monthNumber = (key: string) => {
  const [y = 0, m = 1] = key.split("-").map(Number);
  return y * 12 + m - 1;
};

/**
 * The retention figures' activity of every customer with a visit in the period or the month
 * before it (no figure counts anyone else), from report_visit_months (decision 0105). Whole
 * months come from the rollup; the period's last month is counted from its reservations up to
 * `end` (one month of rows, by class date), since a visit is a class held in the period: the
 * rest of that month is not in it. The same answer as activityOf over
 * visitMonthsFromReservations (reference.repository.ts; rollups.test.ts). The lists behind a
 * figure read a page of it through customer-lists.repository.ts (decision 0138); the whole map
 * is the reference their tests compare with.
 */
type ActivityRow = {
  customer_id: number;
  customer: string;
  first: number;
  total: number;
  months: number[] | null;
};

export type RetentionRange = { end: Date; locationId?: number | undefined };
export type RetentionMonths = { first: string; last: string; lastStarts: Date };

/**
 * The CTEs up to `a`: per customer with a visit in the period or the month before it, the first
 * month (ever), the months with a visit counted (`total`) and those from the month before the
 * period on (`months`, month numbers). Months before the last come from the rollup, grouped per
 * customer in its primary key's order (an index-only scan and a streaming aggregate: a union with
 * the last month first made PostgreSQL hash or sort every row of the rollup, spilling to disk),
 * then the last month's visitors are joined by customer (decision 0120).
 */
export function activityCtes(range: RetentionRange, months: RetentionMonths) {
  const lo = monthNumber(months.first) - 1;
  const last = monthNumber(months.last);
  const atLocation = (column: SQL) => (range.locationId ? sql`and ${column} = ${range.locationId}` : sql``);
  // The whole studio reads report_customer_months (one row per customer and month, 40% fewer rows
  // and no distinct to sort out); one location, its own rows of report_visit_months (decision 0138).
  const rows = range.locationId
    ? sql`report_visit_months where location_id = ${range.locationId} and`
    : sql`report_customer_months where`;
  const distinct = range.locationId ? sql`distinct ` : sql``;
  return sql`
    with m as (
      select customer_id, min(month) as first, max(month) as latest, count(${distinct}month)::int as total,
             array_agg(${distinct}month) filter (where month >= ${lo}) as months
      from ${rows} month < ${last}
      group by customer_id
    ), l as (
      select distinct r.customer_id from class_reservations r
      join single_classes c on c.single_class_id = r.single_class_id
      where c.class_date >= ${months.lastStarts}
        and c.class_date < ${range.end} and c.cancelled_at is null
        and r.deleted_at is null and r.guest_of_id is null ${atLocation(sql`c.location_id`)}
    ), a as (
      select coalesce(m.customer_id, l.customer_id) as customer_id,
             coalesce(m.first, ${last}::int) as first,
             coalesce(m.total, 0) + (l.customer_id is not null)::int as total,
             case when l.customer_id is null then m.months
                  else coalesce(m.months, '{}'::int[]) || ${last}::int end as months
      from m full join l on l.customer_id = m.customer_id
      where l.customer_id is not null or m.latest >= ${lo}
    )`;
}

export async function retentionActivity(
  db: Db,
  range: RetentionRange,
  months: RetentionMonths,
): Promise<Map<number, RetentionActivity>> {
  const result = await db.execute(sql`${activityCtes(range, months)}
    select a.customer_id, trim(u.name || ' ' || coalesce(u.last_name, '')) as customer, a.first, a.total, a.months
    from a join customers u on u.customer_id = a.customer_id`);
  const { rows } = result as unknown as { rows: ActivityRow[] };
  const out = new Map<number, RetentionActivity>();
  for (const r of rows) {
    out.set(Number(r.customer_id), {
      customer_id: Number(r.customer_id),
      customer: r.customer,
      first: monthKey(Number(r.first)),
      months: new Set((r.months ?? []).map((m) => monthKey(Number(m)))),
      months_active: Number(r.total),
    });
  }
  return out;
}

/**
 * `<rows> where` (to be followed by a condition) over the months with a visit: every location's
 * (report_customer_months) or one location's rows of report_visit_months, one per customer and
 * month either way (report_visit_months_location_customer_idx finds them by customer).
 */
function monthsAt(range: RetentionRange, alias: string) {
  const a = sql.raw(alias);
  return range.locationId
    ? sql`report_visit_months ${a} where ${a}.location_id = ${range.locationId} and`
    : sql`report_customer_months ${a} where`;
}

/**
 * CTE `e`: the customers with a visit in the last month (at the location) that all come after
 * `end` (a day or two of classes when the period ends today): the rollups count them in that
 * month, the period does not. Found from the classes after `end`, then by her own seats by class
 * date (class_reservations_customer_date_idx; the database keeps a reservation's class_date equal
 * to its class's).
 */
function afterEndOnly(range: RetentionRange, months: RetentionMonths) {
  const loc = range.locationId;
  const visit = (r: SQL, c: SQL) =>
    sql`${c}.single_class_id = ${r}.single_class_id and ${c}.cancelled_at is null and ${r}.deleted_at is null and ${r}.guest_of_id is null ${loc ? sql`and ${c}.location_id = ${loc}` : sql``}`;
  // The studio's month after the last (report_month_number's clock), from the last one's start.
  const next = sql`((date_trunc('month', ${months.lastStarts}::timestamptz at time zone z.tz) + interval '1 month') at time zone z.tz)`;
  return sql`e as (
      select distinct r.customer_id
      from (select report_studio_timezone() as tz) z
      join single_classes c on c.class_date >= ${range.end} and c.class_date < ${next}
      join class_reservations r on ${visit(sql`r`, sql`c`)}
      where not exists (
          select 1 from class_reservations r2 join single_classes c2 on ${visit(sql`r2`, sql`c2`)}
          where r2.customer_id = r.customer_id and r2.guest_of_id is null
            and r2.class_date >= ${months.lastStarts} and r2.class_date < ${range.end})
    )`;
}

/**
 * Customers who signed up in [start, end), one by one: how they came, what they paid less refunds,
 * months with a visit. The figure adds them up in the database (customerValueSums); the drill-down
 * tests compare each list against these.
 */
export async function customerValues(
  db: Db,
  range: { start: Date; end: Date },
): Promise<CustomerValueFact[]> {
  // Every column written with its table: in a single-table select Drizzle leaves them bare.
  const q = qualified;
  const id = q(customers.customer_id);
  const rows = await db
    .select({
      customer_id: customers.customer_id,
      customer: customerName,
      signup_reason: customers.signup_reason,
      paid: sql<string>`coalesce((select sum(${q(invoices.total_payment)}) from ${invoices} where ${q(invoices.customer_id)} = ${id} and ${q(invoices.status)} in ('paid', 'refunded')), 0)`,
      refunded: sql<string>`coalesce((select sum(${q(refunds.amount)}) from ${refunds} where ${q(refunds.customer_id)} = ${id} and ${q(refunds.status)} = 'succeeded'), 0)`,
      // Months with a visit, ever (report_visit_months, decision 0105: every location's rows).
      months_active:
        sql<number>`(select count(distinct ${q(report_visit_months.month)}) from ${report_visit_months} where ${q(report_visit_months.customer_id)} = ${id})`.mapWith(
          Number,
        ),
    })
    .from(customers)
    .where(and(gte(customers.createdAt, range.start), lt(customers.createdAt, range.end)));
  return rows.map(({ paid, refunded, ...r }) => ({
    ...r,
    net_cents: toCents(String(paid)) - toCents(String(refunded)),
  }));
}

/**
 * The customer-value figure's sums per raw sign-up reason over the customers who signed up in
 * [start, end): what each paid and got back is summed once per table and grouped by customer,
 * joined to the sign-ups by hash, and her months with a visit read already counted from
 * report_customer_totals (decision 0144; counting her report_customer_months rows read ~300,000
 * index entries a year of sign-ups). Tens of rows reach the app instead of one per sign-up. The
 * same figures as customerValues, which rollups.test.ts and detail-pages.test.ts compare.
 */
export async function customerValueSums(
  db: Db,
  range: { start: Date; end: Date },
): Promise<CustomerValueSums[]> {
  const result = await db.execute(sql`
    with s as (
      select customer_id, signup_reason from customers
      where created_at >= ${range.start} and created_at < ${range.end}
    ), i as (
      select customer_id, sum(total_payment) as paid from invoices
      where status in ('paid', 'refunded') and customer_id in (select customer_id from s) group by customer_id
    ), f as (
      select customer_id, sum(amount) as refunded from refunds
      where status = 'succeeded' and customer_id in (select customer_id from s) group by customer_id
    ), v as (
      select s.signup_reason, coalesce(i.paid, 0) - coalesce(f.refunded, 0) as net, coalesce(m.months, 0) as months
      from s left join i using (customer_id) left join f using (customer_id)
      left join report_customer_totals m using (customer_id)
    )
    select signup_reason, count(*) as customers, count(*) filter (where net > 0) as paying,
           sum(net) as net, sum(months) as months
    from v group by signup_reason`);
  type Row = {
    signup_reason: string | null;
    customers: unknown;
    paying: unknown;
    net: unknown;
    months: unknown;
  };
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    signup_reason: r.signup_reason,
    customers: Number(r.customers),
    paying: Number(r.paying),
    net_cents: toCents(String(r.net)),
    months_active: Number(r.months),
  }));
}

/**
 * The retention report's counts (decision 0120): per month from the month before the period on and
 * per first month, how many customers were active (`n`), how many of them were active the month
 * before too (`both`) and how many came back after at least a month away (`back`). Tens of rows;
 * domain/reports/customers.ts retentionReportOfCounts turns them into the report.
 */
export async function retentionCounts(
  db: Db,
  range: RetentionRange,
  months: RetentionMonths,
): Promise<RetentionCount[]> {
  const result = await db.execute(cellCounts(range, months));
  return (result as unknown as { rows: RetentionCount[] }).rows.map((r) => ({
    month: Number(r.month),
    first: Number(r.first),
    n: Number(r.n),
    both: Number(r.both),
    back: Number(r.back),
  }));
}

/**
 * The counts from rows of cells already added up (decisions 0130 and 0135): the whole studio's
 * (report_retention_cells, over report_customer_months) or one location's
 * (report_location_retention_cells, over that location's rows of report_visit_months), for every
 * month of the period, the last one whole. The last month counts only up to `end`, so the
 * customers whose visits that month (there) all come after `end` (a day or two of classes when the
 * period ends today) are taken back out: their first month and whether they came the month before
 * are looked up by key, as the cells counted them.
 */
function cellCounts(range: RetentionRange, months: RetentionMonths) {
  const lo = monthNumber(months.first) - 1;
  const last = monthNumber(months.last);
  const cells = range.locationId
    ? sql`report_location_retention_cells where location_id = ${range.locationId} and`
    : sql`report_retention_cells where`;
  return sql`
    with ${afterEndOnly(range, months)}, x as (
      select (select min(m.month) from ${monthsAt(range, "m")} m.customer_id = e.customer_id) as first,
             exists (select 1 from ${monthsAt(range, "m")} m.customer_id = e.customer_id and m.month = ${last - 1}::int) as prev
      from e
    )
    select month, first, n, "both", back from ${cells} month >= ${lo} and month <= ${last}
    union all
    select ${last}::int, first, -count(*)::int, -count(*) filter (where prev)::int,
           -count(*) filter (where not prev and first < ${last - 1}::int)::int
    from x group by first`;
}
