import { type SQL, sql } from "drizzle-orm";
import { NO_REASON, type RetentionGroup } from "../../../domain/reports/customers";
import type { Db } from "../../db/client";
import { customerFullName, customerNameKey } from "../../db/schema/customers";
import {
  activityCtes,
  monthKey,
  monthNumber,
  type RetentionMonths,
  type RetentionRange,
} from "./customers.repository";
import type { ListPage } from "./utilisation.repository";

/**
 * The customers behind a retention or customer-value figure, one page at a time (decision 0138):
 * the database picks the figure's customers, orders them and cuts the page, and counts them (a
 * window over the same rows), so an answer carries 50 rows, not 48,000. The figures' definitions
 * are domain/reports/customers.ts's (retentionBehindOf, customerValueBehind); rollups.test.ts
 * checks that the pages add up to those lists.
 */

/** `limit ... offset ...`, or nothing for the whole list (the CSV). */
const cut = (page: ListPage) => (page ? sql`limit ${page.limit} offset ${page.offset}` : sql``);

/** Customer `u`'s name as the lists show it. */
const NAME = customerFullName(sql`u.name`, sql`u.last_name`);

/**
 * Customers `u` by name (docs/decisions/0138): the key customers_name_order_idx holds (accents and
 * case aside, ñ after n), then the exact name, then the id so the order is total. Spelled exactly
 * as the index is, so PostgreSQL can read a page in this order from it (docs/decisions/0141).
 */
export const BY_NAME = sql`${customerNameKey(NAME)}, ${NAME}, u.customer_id`;

type Counted<R> = { rows: R[]; total: number };

/** The rows and the window's count; past the last page, a count of its own. */
async function counted<R extends { n: unknown }>(
  db: Db,
  query: SQL,
  page: ListPage,
  countOnly: () => SQL,
): Promise<Counted<Omit<R, "n">>> {
  const { rows } = (await db.execute(query)) as unknown as { rows: R[] };
  let total = Number(rows[0]?.n ?? 0);
  if (!rows.length && page && page.offset > 0) {
    const { rows: c } = (await db.execute(countOnly())) as unknown as { rows: { n: unknown }[] };
    total = Number(c[0]?.n ?? 0);
  }
  return { rows: rows.map(({ n: _n, ...r }) => r), total };
}

/** retentionBehindOf's groups over the activity CTE `a` (month numbers; `months` may be null). */
function inGroup(group: RetentionGroup, month: number): SQL {
  const has = (m: number) => sql`coalesce(${m}::int = any(a.months), false)`;
  const prev = month - 1;
  switch (group) {
    case "cohort":
      return sql`a.first = ${month}::int`;
    case "active":
      return has(month);
    case "new":
      return sql`${has(month)} and a.first = ${month}::int`;
    case "churned":
      return sql`${has(prev)} and not ${has(month)}`;
    case "reactivated":
      return sql`${has(month)} and not ${has(prev)} and a.first < ${prev}::int`;
  }
}

export type RetentionCustomerRow = {
  customer_id: number;
  customer: string;
  first_month: string;
  months_active: number;
};

export async function retentionCustomersPage(
  db: Db,
  range: RetentionRange,
  months: RetentionMonths,
  figure: { group: RetentionGroup; key: string },
  page: ListPage,
): Promise<Counted<RetentionCustomerRow>> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(figure.key)) return { rows: [], total: 0 };
  const month = monthNumber(figure.key);
  const inPeriod = month >= monthNumber(months.first) && month <= monthNumber(months.last);
  if ((figure.group === "active" || figure.group === "churned") && inPeriod) {
    return monthCustomersPage(db, range, months, figure.group, month, page);
  }
  const where = inGroup(figure.group, month);
  return retentionRows(
    db,
    sql`${activityCtes(range, months)}
      select a.customer_id, ${NAME} as customer, a.first, a.total, count(*) over () as n
      from a join customers u on u.customer_id = a.customer_id
      where ${where}
      order by ${BY_NAME} ${cut(page)}`,
    page,
    () => sql`${activityCtes(range, months)} select count(*) as n from a where ${where}`,
  );
}

/** A retention list's rows (customer_id, customer, first, total and the count n) as the API's. */
async function retentionRows(
  db: Db,
  query: SQL,
  page: ListPage,
  countOnly: () => SQL,
): Promise<Counted<RetentionCustomerRow>> {
  const result = await counted<{
    customer_id: unknown;
    customer: string;
    first: unknown;
    total: unknown;
    n: unknown;
  }>(db, query, page, countOnly);
  return {
    total: result.total,
    rows: result.rows.map((r) => ({
      customer_id: Number(r.customer_id),
      customer: r.customer,
      first_month: monthKey(Number(r.first)),
      months_active: Number(r.total),
    })),
  };
}

/**
 * A month's active customers, or those of the month before who did not come back (churned), without
 * the activity of every customer: a customer is listed by the month's rows of the rollup (or, for
 * the period's last month, its reservations up to `end`, as activityCtes counts it); only the
 * page's customers get their first month and months counted. The biggest lists (a month's active
 * customers: 48,000 in the bench's studio) answer from one month of rows (decision 0138).
 * The page walks customers_name_order_idx in name order and asks each customer whether they are
 * listed (a primary-key probe) until the page is full, so no list is sorted; the count is a query
 * of its own over the month's rows, as nothing in it depends on the order (docs/decisions/0141).
 */
async function monthCustomersPage(
  db: Db,
  range: RetentionRange,
  months: RetentionMonths,
  group: "active" | "churned",
  month: number,
  page: ListPage,
): Promise<Counted<RetentionCustomerRow>> {
  const last = monthNumber(months.last);
  const loc = range.locationId;
  const rows = (alias: string) => {
    const a = sql.raw(alias);
    return loc
      ? sql`report_visit_months ${a} where ${a}.location_id = ${loc} and`
      : sql`report_customer_months ${a} where`;
  };
  const visit = (r: SQL) =>
    sql`c.single_class_id = ${r}.single_class_id and ${r}.class_date >= ${months.lastStarts} and ${r}.class_date < ${range.end}
      and c.cancelled_at is null and ${r}.deleted_at is null and ${r}.guest_of_id is null ${loc ? sql`and c.location_id = ${loc}` : sql``}`;
  /** Customer `u` came in month `m`. */
  const came = (m: number) =>
    m < last
      ? sql`exists (select 1 from ${rows("y")} y.customer_id = u.customer_id and y.month = ${m}::int)`
      : sql`exists (select 1 from class_reservations r join single_classes c on ${visit(sql`r`)}
                    where r.customer_id = u.customer_id)`;
  const listed = group === "active" ? came(month) : sql`${came(month - 1)} and not ${came(month)}`;
  const count = sql`select count(*) as n from customers u where ${listed}`;
  return retentionRows(
    db,
    sql`
      with p as (
        select u.customer_id, ${NAME} as customer from customers u
        where ${listed}
        order by ${BY_NAME} ${cut(page)}
      )
      select p.customer_id, p.customer, (${count}) as n,
             coalesce((select min(x.month) from ${rows("x")} x.customer_id = p.customer_id and x.month < ${last}::int), ${last}::int) as first,
             (select count(distinct x.month) from ${rows("x")} x.customer_id = p.customer_id and x.month < ${last}::int)::int
               + (exists (select 1 from class_reservations r join single_classes c on ${visit(sql`r`)}
                          where r.customer_id = p.customer_id))::int as total
      from p order by ${customerNameKey(sql`p.customer`)}, p.customer, p.customer_id`,
    page,
    () => count,
  );
}

export type ValueCustomerRow = {
  customer_id: number;
  customer: string;
  signup_reason: string | null;
  paid: string;
  refunded: string;
  months_active: number;
};

/**
 * The customers who signed up in [start, end) with a reason (or "all"), most net revenue first
 * (then by id, as customerValueBehind): what they paid and got back is summed once per table,
 * grouped by customer (a subquery per customer cost ~10 µs each, 300 ms over 27,000 sign-ups), to
 * order the list; their months with a visit only for the page's rows.
 */
export async function valueCustomersPage(
  db: Db,
  range: { start: Date; end: Date },
  reason: string,
  page: ListPage,
): Promise<Counted<ValueCustomerRow>> {
  const byReason =
    reason === "all" ? sql`` : sql`and coalesce(nullif(trim(u.signup_reason), ''), ${NO_REASON}) = ${reason}`;
  const signedUp = sql`u.created_at >= ${range.start} and u.created_at < ${range.end} ${byReason}`;
  const { rows, total } = await counted<ValueCustomerRow & { n: unknown }>(
    db,
    sql`
      with s as (
        select u.customer_id, ${NAME} as customer, u.signup_reason
        from customers u where ${signedUp}
      ), i as (
        select customer_id, sum(total_payment) as paid from invoices
        where status in ('paid', 'refunded') and customer_id in (select customer_id from s) group by customer_id
      ), f as (
        select customer_id, sum(amount) as refunded from refunds
        where status = 'succeeded' and customer_id in (select customer_id from s) group by customer_id
      ), v as (
        select s.*, coalesce(i.paid, 0) as paid, coalesce(f.refunded, 0) as refunded
        from s left join i on i.customer_id = s.customer_id left join f on f.customer_id = s.customer_id
      ), p as (
        select v.*, count(*) over () as n from v order by paid - refunded desc, customer_id ${cut(page)}
      )
      select p.*, (select count(distinct r.month) from report_visit_months r
                   where r.customer_id = p.customer_id)::int as months_active
      from p order by paid - refunded desc, customer_id`,
    page,
    () => sql`select count(*) as n from customers u where ${signedUp}`,
  );
  return {
    total,
    rows: rows.map((r) => ({
      ...r,
      customer_id: Number(r.customer_id),
      paid: String(r.paid),
      refunded: String(r.refunded),
      months_active: Number(r.months_active),
    })),
  };
}
