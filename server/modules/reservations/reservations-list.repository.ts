import { eq, type SQL, sql } from "drizzle-orm";
import type { ReservationFilter } from "../../../domain/booking";
import type { Db } from "../../db/client";
import { preparedRows, preparedStatement } from "../../db/prepared-statement";
import { customers } from "../../db/schema/customers";

/**
 * Mis Reservaciones: one page of a customer's own reservations (host rows; the guest is shown on
 * its host's row), with its guest, the coach rating and the total, in ONE prepared statement.
 *
 * Upcoming ones read soonest first, past and cancelled ones most recent first, by (class date,
 * reservation id): the id breaks ties between classes at the same hour, so the order is total
 * and a page boundary never repeats or skips a row. Todas lists the upcoming ones first, soonest
 * first, then the past ones, latest first (product-rules.md#reservation-status): the customer's
 * next class is on top, not the farthest one. A page is either the first, the one after a
 * cursor (`after`: the last row's date and id, keyset paging: a row booked or cancelled meanwhile
 * cannot shift the pages that follow) or, for older clients' `page=` parameter, an offset.
 *
 * The rows carry their class's date (class_reservations.class_date, kept by the database from
 * single_classes, decision 0043), so a page is a range of class_reservations_customer_date_idx
 * (customer, class date, id, deleted_at; host rows only) read in order and stopped after the page,
 * and the filter's total is counted from the same index: with 500 reservations, ~60 index
 * entries and the page's rows, instead of a date lookup for every one of the 500 before sorting.
 */
export type ListedReservation = {
  class_reservation_id: number;
  single_class_id: number;
  spot: string | null;
  attend: boolean;
  is_cash: boolean;
  is_paid: boolean;
  paid_with: string;
  class_stars: number | null;
  deletedAt: Date | null;
  createdAt: Date;
  class_date: Date;
  guest_reservation_id: number | null;
  guest: string | null;
  guest_spot: string | null;
  coach_stars: number | null;
};

export type ReservationsCursor = { classDate: Date; id: number };

type RawRow = {
  class_reservation_id: number;
  single_class_id: number;
  spot: string | null;
  attend: boolean;
  is_cash: boolean;
  is_paid: boolean;
  paid_with: string;
  class_stars: number | null;
  deleted_at: string | Date | null;
  created_at: string | Date;
  class_date: string | Date;
  guest_reservation_id: number | null;
  guest: string | null;
  guest_spot: string | null;
  coach_stars: number | null;
  total: number;
};

/** A timestamp as node-postgres or PGlite hand it over through raw SQL (text or Date). */
const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Whether a row of alias `r` is in the list the customer asked for. Every filter is one
 * parameter, so one prepared plan serves them all.
 */
const listedBy = (r: SQL) =>
  sql`case ${sql.placeholder("filter")}::text
        when 'upcoming' then ${r}.deleted_at is null and ${r}.class_date >= ${sql.placeholder("now")}::timestamptz
        when 'past' then ${r}.deleted_at is null and ${r}.class_date < ${sql.placeholder("now")}::timestamptz
        when 'cancelled' then ${r}.deleted_at is not null
        else true
      end`;

/**
 * The statement for one reading order. Every filter is a parameter (the customer's own rows are
 * few and all come from the index anyway, so one plan fits every filter).
 */
function pageStatement(direction: "asc" | "desc") {
  const cmp = direction === "asc" ? sql.raw(">") : sql.raw("<");
  const dir = sql.raw(direction);
  return pageSql(
    `reservations_list_page_${direction}`,
    sql`(l.class_date, l.class_reservation_id) ${cmp} (${sql.placeholder("afterDate")}::timestamptz, ${sql.placeholder("afterId")}::int)`,
    sql`l.class_date ${dir}, l.class_reservation_id ${dir}`,
    sql`page.class_date ${dir}, page.id ${dir}`,
  );
}

/**
 * Todas: upcoming first (soonest first), then past (latest first). One ascending key
 * (past?, ±date, ±id) orders both halves, and the cursor compares the same key of the row it
 * names, so keyset pages walk it like the others.
 */
function orderKey(date: SQL, id: SQL) {
  const past = sql`(${date} < ${sql.placeholder("now")}::timestamptz)`;
  return sql`(${past}::int, case when ${past} then -extract(epoch from ${date}) else extract(epoch from ${date}) end, case when ${past} then -${id} else ${id} end)`;
}

function upcomingThenPastStatement() {
  return pageSql(
    "reservations_list_page_all",
    sql`${orderKey(sql`l.class_date`, sql`l.class_reservation_id`)} > ${orderKey(
      sql`${sql.placeholder("afterDate")}::timestamptz`,
      sql`${sql.placeholder("afterId")}::int`,
    )}`,
    sql`${orderKey(sql`l.class_date`, sql`l.class_reservation_id`)}`,
    sql`${orderKey(sql`page.class_date`, sql`page.id`)}`,
  );
}

function pageSql(name: string, afterCursor: SQL, innerOrder: SQL, outerOrder: SQL) {
  return preparedRows<PageValues, RawRow>(
    name,
    () =>
      sql`select r.class_reservation_id, r.single_class_id, r.spot, r.attend, r.is_cash, r.is_paid,
            r.paid_with, r.class_stars, r.deleted_at, r.created_at, page.class_date,
            g.class_reservation_id as guest_reservation_id, g.guest, g.spot as guest_spot,
            cr.coach_stars, page.listed_total as total
          from (
            select l.class_date, l.class_reservation_id as id,
              (select count(*)::int from class_reservations x
                where x.customer_id = ${sql.placeholder("customerId")} and x.guest_of_id is null
                  and ${listedBy(sql.raw("x"))}) as listed_total
            from class_reservations l
            where l.customer_id = ${sql.placeholder("customerId")} and l.guest_of_id is null
              and ${listedBy(sql.raw("l"))}
              and (${sql.placeholder("afterDate")}::timestamptz is null or ${afterCursor})
            order by ${innerOrder}
            limit ${sql.placeholder("limit")}::int offset ${sql.placeholder("offset")}::int
          ) as page
          join class_reservations r on r.class_reservation_id = page.id
          left join lateral (
            select g.class_reservation_id, g.guest, g.spot from class_reservations g
            where g.guest_of_id = r.class_reservation_id and (r.deleted_at is not null or g.deleted_at is null)
            order by g.deleted_at is null desc, g.class_reservation_id desc
            limit 1
          ) g on true
          left join coach_ratings cr on cr.class_reservation_id = r.class_reservation_id
          order by ${outerOrder}`,
  );
}

type PageValues = {
  customerId: number;
  filter: ReservationFilter;
  now: string;
  afterDate: string | null;
  afterId: number | null;
  limit: number;
  offset: number;
};

const ascending = pageStatement("asc");
const descending = pageStatement("desc");
const upcomingThenPast = upcomingThenPastStatement();

/**
 * One page and the number of rows the filter lists (for the page count). An empty page answers
 * the total with one more small statement (past the last page, or a customer with nothing).
 */
export async function listOwnReservations(
  db: Db,
  customerId: number,
  filter: ReservationFilter,
  now: Date,
  page: { after: ReservationsCursor } | { offset: number },
  limit: number,
): Promise<{ rows: ListedReservation[]; total: number }> {
  const statement = filter === "upcoming" ? ascending : filter === "all" ? upcomingThenPast : descending;
  const after = "after" in page ? page.after : null;
  const raw = await statement(db, {
    customerId,
    filter,
    now: now.toISOString(),
    afterDate: after ? after.classDate.toISOString() : null,
    afterId: after ? after.id : null,
    limit,
    offset: "offset" in page ? page.offset : 0,
  });
  const rows = raw.map(
    (r): ListedReservation => ({
      class_reservation_id: r.class_reservation_id,
      single_class_id: r.single_class_id,
      spot: r.spot,
      attend: r.attend,
      is_cash: r.is_cash,
      is_paid: r.is_paid,
      paid_with: r.paid_with,
      class_stars: r.class_stars,
      deletedAt: r.deleted_at === null ? null : toDate(r.deleted_at),
      createdAt: toDate(r.created_at),
      class_date: toDate(r.class_date),
      guest_reservation_id: r.guest_reservation_id,
      guest: r.guest,
      guest_spot: r.guest_spot,
      coach_stars: r.coach_stars,
    }),
  );
  const total = raw[0]?.total ?? (await countOwnReservations(db, customerId, filter, now));
  return { rows, total };
}

const countStatement = preparedStatement("reservations_list_count", (db, name) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(sql`class_reservations x`)
    .where(
      sql`x.customer_id = ${sql.placeholder("customerId")} and x.guest_of_id is null and ${listedBy(sql.raw("x"))}`,
    )
    .prepare(name),
);

async function countOwnReservations(db: Db, customerId: number, filter: ReservationFilter, now: Date) {
  const [row] = await countStatement(db, { customerId, filter, now: now.toISOString() });
  return Number(row?.total ?? 0);
}

/**
 * The calendar feed's token of a customer (GET /api/class_reservations/calendar-feed), prepared:
 * with the session remembered, this one statement is the whole cost of that route, and Drizzle
 * building it per call cost more than running it.
 */
export async function readIcalToken(db: Db, customerId: number): Promise<string | null> {
  const [row] = await icalTokenStatement(db, { customerId });
  return row?.token ?? null;
}

const icalTokenStatement = preparedStatement("reservations_ical_token", (db, name) =>
  db
    .select({ token: customers.ical_token })
    .from(customers)
    .where(eq(customers.customer_id, sql.placeholder("customerId")))
    .prepare(name),
);

/**
 * Gives a customer a calendar feed token unless they have one, and answers the one they have:
 * two first requests at once (two tabs, two instances) agree on one URL.
 */
export async function ensureIcalToken(db: Db, customerId: number, token: string): Promise<string> {
  const [row] = await db
    .update(customers)
    .set({ ical_token: sql`coalesce(${customers.ical_token}, ${token})` })
    .where(eq(customers.customer_id, customerId))
    .returning({ token: customers.ical_token });
  return row?.token ?? token;
}
