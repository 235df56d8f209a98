import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../../domain/booking";
import {
  activityOf,
  customerValueReport,
  customerValueReportOfSums,
  retentionReport,
  retentionReportOf,
  retentionReportOfCounts,
} from "../../../domain/reports/customers";
import { monthsOf, periodInstants } from "../../../domain/reports/period";
import { utilisationReport, utilisationReportOfSums } from "../../../domain/reports/utilisation";
import type { Database, Db } from "../../db/client";
import { createTestDatabase } from "../../test/test-database";
import {
  customerValueSums,
  customerValues,
  retentionActivity,
  retentionCounts,
} from "./customers.repository";
import { classFactsFromReservations, visitMonthsFromReservations } from "./reference.repository";
import { classFacts, utilisationSums } from "./utilisation.repository";

// Runs on PostgreSQL too: the rollups are kept by triggers, and both engines must run them alike.

/**
 * The reports' rollups (report_class_counts, report_visit_months; decision 0105; and
 * report_customer_months, report_retention_cells, decision 0130; report_location_retention_cells,
 * decision 0135; report_customer_totals, decision 0144) against the
 * reference queries they stand for, after random sequences of every kind of write the app makes
 * to reservations and classes: book, book a guest, cancel (late or not), restore, check in, mark
 * a no-show, hard delete (guests go with their host), move a seat to another customer, bulk
 * check-in, move a class across a month edge, cancel or restore it, change its place, try to
 * delete it, delete a customer, change the studio's timezone. Writes go straight to SQL: the
 * rollups must not depend on which module writes.
 *
 * The world (customers, classes) is written once; each run happens in a transaction that is
 * rolled back, and each write the database may refuse runs on a savepoint, undone alone as it would be
 * on its own: one database and no clean-up between runs.
 */
let database: Database;
/** Where statements go: the run's transaction, or a command's savepoint inside it. */
let conn: Db;
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await conn.execute(query)) as unknown as { rows: T[] }).rows;

/** `fn` on a savepoint of the current transaction (the transaction itself when none is open). */
async function savepoint<T>(fn: () => Promise<T>): Promise<T> {
  const outer = conn;
  try {
    return await outer.transaction(async (tx) => {
      conn = tx as unknown as Db;
      return fn();
    });
  } finally {
    conn = outer;
  }
}

/**
 * A write the database may refuse (a seat in a deleted class, a second own seat, deleting a class
 * with seats): tried on its own savepoint, so a refusal undoes it alone and the run goes on.
 */
const attempt = (query: ReturnType<typeof sql>) => savepoint(() => q(query)).catch(refused);

const ROLLED_BACK = new Error("rolled back");
/** `fn` in a transaction that is then rolled back: the world is as it was before. */
async function rolledBack(fn: () => Promise<void>) {
  await savepoint(async () => {
    await fn();
    throw ROLLED_BACK;
  }).catch((error) => {
    if (error !== ROLLED_BACK) throw error;
  });
}

const TIMEZONES = ["America/Mexico_City", "America/Tijuana", "UTC"] as const;
// Instants at the edges of studio months: 31 Jan 23:30 in Mexico City is 1 Feb in UTC.
const DATES = [
  "2026-02-01T05:30:00Z",
  "2026-01-31T12:00:00Z",
  "2026-03-01T07:30:00Z",
  "2026-02-15T15:00:00Z",
];

let customerIds: number[] = [];
let classIds: number[] = [];
let locationIds: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  conn = database.db;
  locationIds = (
    await q<{ id: number }>(
      sql`insert into locations (name) values ('Roma'), ('Polanco') returning location_id as id`,
    )
  ).map((r) => r.id);
  await world();
});
afterAll(() => database.close());

/** Four customers and four classes at the month edges, no reservations; the runs roll back to it. */
async function world() {
  await q(sql`delete from class_reservations`);
  await q(sql`delete from single_classes`);
  await q(sql`delete from app_config where key = 'timezone'`);
  const type = (
    await q<{ id: number }>(
      sql`insert into class_types (name) values ('Cycling') on conflict do nothing returning class_type_id as id`,
    )
  )[0]?.id;
  const typeId =
    type ?? (await q<{ id: number }>(sql`select min(class_type_id) as id from class_types`))[0]?.id;
  customerIds = (
    await q<{ id: number }>(
      sql`insert into customers (name, email) select 'Cliente ' || i, 'rollup' || i || '@x.mx'
          from generate_series(1, 4) i returning customer_id as id`,
    )
  ).map((r) => r.id);
  classIds = [];
  for (const [i, at] of DATES.entries()) {
    const loc = i === 3 ? null : locationIds[i % 2];
    classIds.push(
      (
        await q<{ id: number }>(
          sql`insert into single_classes (class_date, capacity, class_type_id, location_id)
              values (${at}::timestamptz, 10, ${typeId}, ${loc}) returning single_class_id as id`,
        )
      )[0]?.id as number,
    );
  }
}

const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
const anyReservation = async (i: number) => {
  const ids = await q<{ id: number }>(
    sql`select class_reservation_id as id from class_reservations order by 1`,
  );
  return ids.length ? pick(ids, i).id : null;
};

type Command = (i: number, j: number, flag: boolean) => Promise<unknown>;
const COMMANDS: Record<string, Command> = {
  book: (i, j) =>
    attempt(sql`insert into class_reservations (single_class_id, customer_id)
          values (${pick(classIds, i)}, ${pick(customerIds, j)}) on conflict do nothing`),
  guest: async (i) => {
    const host = await anyReservation(i);
    if (host === null) return;
    await q(sql`insert into class_reservations (single_class_id, customer_id, guest, guest_of_id)
                select single_class_id, customer_id, 'Invitada', class_reservation_id from class_reservations
                where class_reservation_id = ${host} and guest_of_id is null`);
  },
  cancel: async (i, _j, late) => {
    const id = await anyReservation(i);
    if (id !== null)
      await q(
        sql`update class_reservations set deleted_at = now(), late_cancel = ${late} where class_reservation_id = ${id}`,
      );
  },
  restore: async (i) => {
    const id = await anyReservation(i);
    if (id !== null)
      // A live seat of the same customer already: the app refuses it too.
      await attempt(
        sql`update class_reservations set deleted_at = null, late_cancel = false where class_reservation_id = ${id}`,
      );
  },
  checkIn: async (i, _j, attend) => {
    const id = await anyReservation(i);
    if (id !== null)
      await q(sql`update class_reservations set attend = ${attend} where class_reservation_id = ${id}`);
  },
  noShow: async (i) => {
    const id = await anyReservation(i);
    if (id !== null)
      await q(
        sql`update class_reservations set no_show_processed = true, attend = false where class_reservation_id = ${id}`,
      );
  },
  hardDelete: async (i) => {
    const id = await anyReservation(i);
    if (id !== null) await q(sql`delete from class_reservations where class_reservation_id = ${id}`);
  },
  transfer: async (i, j) => {
    const id = await anyReservation(i);
    if (id !== null)
      await attempt(
        sql`update class_reservations set customer_id = ${pick(customerIds, j)} where class_reservation_id = ${id}`,
      );
  },
  bulkCheckIn: (i) =>
    q(sql`update class_reservations set attend = true where single_class_id = ${pick(classIds, i)}`),
  moveClass: (i, j) =>
    q(
      sql`update single_classes set class_date = ${pick(DATES, j)}::timestamptz where single_class_id = ${pick(classIds, i)}`,
    ),
  cancelClass: (i, _j, cancelled) =>
    q(
      sql`update single_classes set cancelled_at = ${cancelled ? sql`now()` : sql`null`} where single_class_id = ${pick(classIds, i)}`,
    ),
  relocate: (i, j) =>
    q(
      sql`update single_classes set location_id = ${j % 3 === 2 ? null : pick(locationIds, j)} where single_class_id = ${pick(classIds, i)}`,
    ),
  deleteClass: (i) => attempt(sql`delete from single_classes where single_class_id = ${pick(classIds, i)}`),
  deleteCustomer: (_i, j) =>
    q(sql`delete from customers where customer_id = ${pick(customerIds, j)} and ${j % 5 === 0}`),
  timezone: (_i, j) =>
    q(sql`insert into app_config (key, value) values ('timezone', ${JSON.stringify(pick(TIMEZONES, j))}::jsonb)
          on conflict (key) do update set value = excluded.value`),
};

/** A write the database refuses (a class deleted, a second own seat) is rolled back whole: skip it. */
function refused(error: unknown) {
  const code =
    (error as { cause?: { code?: string }; code?: string })?.cause?.code ?? (error as { code?: string }).code;
  // 23001: deleting a class that still has seats (RESTRICT).
  if (code !== "23503" && code !== "23505" && code !== "23001") throw error;
}

const command = fc.record({
  name: fc.constantFrom(...Object.keys(COMMANDS)),
  i: fc.nat(20),
  j: fc.nat(20),
  flag: fc.boolean(),
});

const run = (c: { name: string; i: number; j: number; flag: boolean }) =>
  COMMANDS[c.name]?.(c.i, c.j, c.flag) ?? Promise.resolve();

/** What the rollups must equal: the reports' reference counts over every reservation. */
async function reference() {
  const counts = await q(sql`
    select r.single_class_id, count(*) filter (where r.deleted_at is null and r.guest_of_id is not null)::int as guests,
           count(*) filter (where r.deleted_at is null and r.attend)::int as attended,
           count(*) filter (where r.late_cancel)::int as late_cancels
    from class_reservations r group by 1
    having count(*) filter (where r.deleted_at is null and r.guest_of_id is not null) > 0
        or count(*) filter (where r.deleted_at is null and r.attend) > 0 or count(*) filter (where r.late_cancel) > 0
    order by 1`);
  const tz = (await q<{ tz: string }>(sql`select report_studio_timezone() as tz`))[0]?.tz ?? "";
  const visits = await q(sql`
    select r.customer_id,
           (extract(year from c.class_date at time zone ${tz}) * 12 + extract(month from c.class_date at time zone ${tz}) - 1)::int as month,
           coalesce(c.location_id, 0) as location_id, count(*)::int as visits
    from class_reservations r join single_classes c on c.single_class_id = r.single_class_id
    where r.deleted_at is null and r.guest_of_id is null and c.cancelled_at is null
    group by 1, 2, 3 order by 1, 2, 3`);
  // Every location together, and the retention counts over them (decision 0130).
  const months = await q(sql`
    select customer_id, month, sum(visits)::int as visits from (
      select r.customer_id,
             (extract(year from c.class_date at time zone ${tz}) * 12 + extract(month from c.class_date at time zone ${tz}) - 1)::int as month,
             1 as visits
      from class_reservations r join single_classes c on c.single_class_id = r.single_class_id
      where r.deleted_at is null and r.guest_of_id is null and c.cancelled_at is null
    ) v group by 1, 2 order by 1, 2`);
  const cells = await q(sql`
    with v as (
      select distinct r.customer_id,
             (extract(year from c.class_date at time zone ${tz}) * 12 + extract(month from c.class_date at time zone ${tz}) - 1)::int as month
      from class_reservations r join single_classes c on c.single_class_id = r.single_class_id
      where r.deleted_at is null and r.guest_of_id is null and c.cancelled_at is null
    ), x as (
      select a.month, (select min(b.month) from v b where b.customer_id = a.customer_id) as first,
             exists (select 1 from v b where b.customer_id = a.customer_id and b.month = a.month - 1) as prev
      from v a
    )
    select month, first, count(*)::int as n, count(*) filter (where prev)::int as both,
           count(*) filter (where not prev and first < month - 1)::int as back
    from x group by 1, 2 order by 1, 2`);
  // The same counts per location, each customer's months at that location only (decision 0135).
  const locationCells = await q(sql`
    with v as (
      select distinct r.customer_id, coalesce(c.location_id, 0) as location_id,
             (extract(year from c.class_date at time zone ${tz}) * 12 + extract(month from c.class_date at time zone ${tz}) - 1)::int as month
      from class_reservations r join single_classes c on c.single_class_id = r.single_class_id
      where r.deleted_at is null and r.guest_of_id is null and c.cancelled_at is null
    ), x as (
      select a.location_id, a.month,
             (select min(b.month) from v b where b.customer_id = a.customer_id and b.location_id = a.location_id) as first,
             exists (select 1 from v b where b.customer_id = a.customer_id and b.location_id = a.location_id
                     and b.month = a.month - 1) as prev
      from v a
    )
    select location_id, month, first, count(*)::int as n, count(*) filter (where prev)::int as both,
           count(*) filter (where not prev and first < month - 1)::int as back
    from x group by 1, 2, 3 order by 1, 2, 3`);
  // Each customer's number of months with a visit (decision 0144).
  const totals = await q(sql`
    select customer_id, count(distinct month)::int as months from (
      select r.customer_id,
             (extract(year from c.class_date at time zone ${tz}) * 12 + extract(month from c.class_date at time zone ${tz}) - 1)::int as month
      from class_reservations r join single_classes c on c.single_class_id = r.single_class_id
      where r.deleted_at is null and r.guest_of_id is null and c.cancelled_at is null
    ) v group by 1 order by 1`);
  return { counts, visits, months, cells, locationCells, totals };
}

/** The reports' facts read through the rollups equal those read from every reservation. */
async function reportsAgree() {
  const tz = (await q<{ tz: string }>(sql`select report_studio_timezone() as tz`))[0]?.tz ?? "UTC";
  // Ends mid-February: the last month counts its visits up to the period's end only.
  const period = { from: "2026-01-01", to: "2026-02-15" };
  const { start, end } = periodInstants(period, tz);
  const months = monthsOf(period);
  const lastStarts = zonedInstant("2026-02-01", "00:00", tz);
  const byId = (a: { single_class_id: number }, b: { single_class_id: number }) =>
    a.single_class_id - b.single_class_id;
  for (const locationId of [undefined, locationIds[0]]) {
    const fast = await retentionActivity(
      conn,
      { end, locationId },
      { first: "2026-01", last: "2026-02", lastStarts },
    );
    const slow = await visitMonthsFromReservations(conn, { end, locationId }, tz);
    const report = retentionReport(slow, months);
    expect(retentionReportOf(fast, months)).toEqual(report);
    // The report from counts the database adds up (decision 0120) is the same report.
    expect(
      retentionReportOfCounts(
        await retentionCounts(conn, { end, locationId }, { first: "2026-01", last: "2026-02", lastStarts }),
        months,
      ),
    ).toEqual(report);
    expect([...fast.values()].map((a) => a.months_active).sort()).toEqual(
      [...activityOf(slow).values()]
        .filter((a) => fast.has(a.customer_id))
        .map((a) => a.months_active)
        .sort(),
    );
    const facts = (await classFactsFromReservations(conn, { start, end, locationId })).sort(byId);
    expect((await classFacts(conn, { start, end, locationId })).sort(byId)).toEqual(facts);
    // The report's sums added up by the database equal the report over every class (decision 0120).
    const now = new Date("2026-02-01T12:00:00Z");
    expect(utilisationReportOfSums(await utilisationSums(conn, { start, end, locationId }, tz, now))).toEqual(
      utilisationReport(facts, tz, now),
    );
  }
  // The customer-value figure from the months kept per customer (decision 0144) is the one from
  // the customers one by one.
  const everyone = { start: new Date("2000-01-01T00:00:00Z"), end: new Date("2100-01-01T00:00:00Z") };
  expect(customerValueReportOfSums(await customerValueSums(conn, everyone))).toEqual(
    customerValueReport(await customerValues(conn, everyone)),
  );
}

async function rollups() {
  const counts = await q(sql`
    select single_class_id, guests, attended, late_cancels from report_class_counts
    where guests > 0 or attended > 0 or late_cancels > 0 order by 1`);
  const visits = await q(
    sql`select customer_id, month, location_id, visits from report_visit_months order by 1, 2, 3`,
  );
  const months = await q(sql`select customer_id, month, visits from report_customer_months order by 1, 2`);
  const cells = await q(sql`select month, first, n, "both", back from report_retention_cells order by 1, 2`);
  const locationCells = await q(
    sql`select location_id, month, first, n, "both", back from report_location_retention_cells order by 1, 2, 3`,
  );
  const totals = await q(
    sql`select customer_id, months from report_customer_totals where months <> 0 order by 1`,
  );
  return { counts, visits, months, cells, locationCells, totals };
}

describe("report rollups (decision 0105)", () => {
  it("equal the reference counts after any sequence of writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), (commands) =>
        rolledBack(async () => {
          for (const c of commands) await run(c);
          expect(await rollups()).toEqual(await reference());
          await reportsAgree();
        }),
      ),
      { numRuns: 15 },
    );
  }, 180_000);

  it("the rebuild the migration runs gives the same rows", () =>
    rolledBack(async () => {
      for (const [n, name] of Object.keys(COMMANDS).entries())
        await run({ name, i: n, j: n + 1, flag: n % 2 === 0 });
      const kept = await rollups();
      await q(sql`select report_rollups_rebuild()`);
      expect(await rollups()).toEqual(kept);
      expect(kept).toEqual(await reference());
    }));
});
