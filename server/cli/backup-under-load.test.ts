import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { DAY, makeClass, makeCustomer, makeStudio } from "../test/booking";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { addPackage } from "../test/commerce";
import { must, only } from "../test/fixtures";
import { onServer, testDriver } from "../test/test-driver";
import { createBackup, restoreBackup } from "./backup";

// Runs on PostgreSQL too: pg_dump while the pool writes (docs/decisions/0061).

/**
 * A backup taken while customers book and cancel and the desk sells packages through the real app
 * (decision 0025): restored into a fresh database, it must hold together. A torn copy (one table
 * read before a booking, another after it) would break at least one of the checks below: each
 * class's seat counter (kept by triggers, migrations 0007/0009) against its reservations, each
 * customer's credits sold against credits left plus credits spent, each sale's audit row against
 * its purchase, and each credit bucket's purchase. PostgreSQL: pg_dump reads one snapshot. PGlite:
 * the running app's own instance writes its data directory between two statements (backup.ts), and
 * the restore's recovery keeps what was committed.
 */
const CUSTOMERS = 8;
const CREDITS_PER_SALE = 5;
const LOAD_MS = 30_000;

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "estudio-backup-load-"));

describe(`backup under load (${testDriver()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The backup copies the instance's whole data directory: one no other file has used (docs/decisions/0143).
    t = await buildTestApp({}, { freshDatabase: true });
  }, 120_000);
  afterAll(() => t?.close());

  // 30 s of traffic, the backup, a restore and an embedded database opened on it: 72 s in a loaded
  // run of the suite, and up to 120 s with four suites on two cores in CI.
  it("a backup taken while bookings, cancellations and desk sales flow restores to a consistent studio", {
    timeout: 240_000,
  }, async () => {
    const studio = await makeStudio(t.app);
    const classes = await Promise.all(
      [2, 3, 4, 5].map((days) =>
        makeClass(t.app, studio, { at: new Date(Date.now() + days * DAY), capacity: 100 }),
      ),
    );
    const pack = await addPackage(t, {
      title: "5 Clases",
      price: "750.00",
      class_amount: CREDITS_PER_SALE,
      expiration_days: 30,
    });
    const admin = await t.signUp({ role: "admin" });
    const customers: Awaited<ReturnType<typeof makeCustomer>>[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await makeCustomer(t));

    const sell = (customerId: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/customer/admin/${customerId}/sell`,
        headers: admin.headers,
        payload: { class_package_id: pack.class_package_id, payment: "cash" },
      });
    for (const c of customers) expect((await sell(c.customerId)).statusCode).toBe(200);

    // Each customer books, cancels and rebooks in a loop; every third round the desk sells them more.
    // Bounded in time; on a busy machine it stops earlier once traffic has gone on after the backup.
    const deadline = Date.now() + LOAD_MS;
    const done = { bookings: 0, cancels: 0, sales: CUSTOMERS, failures: [] as string[] };
    let stopAt = Number.POSITIVE_INFINITY;
    const customerLoop = async (c: (typeof customers)[number], n: number) => {
      let round = 0;
      while (Date.now() < deadline && done.bookings < stopAt) {
        round += 1;
        const klass = must(classes[(n + round) % classes.length], "a class to book");
        const booked = await t.app.inject({
          method: "POST",
          url: "/api/class_reservations",
          headers: c.headers,
          payload: { single_class_id: klass.single_class_id, spot: null },
        });
        if (booked.statusCode === 200) {
          done.bookings += 1;
          if (round % 2 === 0) {
            const id = booked.json().class_reservation.class_reservation_id;
            const cancelled = await t.app.inject({
              method: "DELETE",
              url: `/api/class_reservations/${id}`,
              headers: c.headers,
            });
            if (cancelled.statusCode === 200) done.cancels += 1;
            else done.failures.push(`cancel ${cancelled.statusCode} ${cancelled.body}`);
          }
        } else if (booked.statusCode >= 500) {
          done.failures.push(`book ${booked.statusCode} ${booked.body}`);
        }
        if (round % 3 === 0) {
          const sold = await sell(c.customerId);
          if (sold.statusCode === 200) done.sales += 1;
          else done.failures.push(`sell ${sold.statusCode} ${sold.body}`);
        }
      }
    };
    const load = Promise.all(customers.map(customerLoop));

    // The backup starts once traffic is flowing (every customer has booked once) and ends before it stops.
    await expect
      .poll(() => done.bookings, { timeout: LOAD_MS, interval: 20 })
      .toBeGreaterThanOrEqual(CUSTOMERS);
    const before = { ...done };
    const backupDir = path.join(tmp(), "copia");
    const url = (t.database as Database & { url?: string }).url;
    await createBackup({ databaseUrl: url, dataDir: tmp(), pglite: t.database.pglite }, backupDir);
    const after = { ...done };
    stopAt = after.bookings + 2 * CUSTOMERS;
    await load;
    console.info(
      `backup under load (${testDriver()}): ${done.bookings} bookings, ${done.cancels} cancellations, ` +
        `${done.sales} sales; the backup ran from ${before.bookings} to ${after.bookings} bookings`,
    );
    expect(done.failures).toEqual([]);
    // Traffic ran before and after the backup (on PGlite the archive is written between two
    // statements, possibly inside a booking's transaction; pg_dump runs beside the traffic).
    expect(before.bookings).toBeGreaterThan(0);
    expect(done.bookings).toBeGreaterThan(after.bookings);

    const restored = await restoreInto(backupDir, url);
    try {
      const one = async <T>(query: ReturnType<typeof sql>) =>
        ((await restored.db.execute(query)) as unknown as { rows: T[] }).rows;
      // The copy holds the traffic up to some instant during the backup, not the start or the end.
      const { sales } = only(await one<{ sales: number }>(sql`select count(*)::int as sales from purchases`));
      expect(sales).toBeGreaterThanOrEqual(before.sales);
      expect(sales).toBeLessThanOrEqual(after.sales);

      expect(
        await one(sql`
          select c.single_class_id, c.seats_taken, count(r.class_reservation_id)::int as reservations
          from single_classes c left join class_reservations r
            on r.single_class_id = c.single_class_id and r.deleted_at is null
          group by c.single_class_id having c.seats_taken <> count(r.class_reservation_id)`),
      ).toEqual([]);

      // Credits sold = credits left + credits held by active bookings (cancellations gave theirs back).
      expect(
        await one(sql`
          select c.customer_id, sold.n as sold, coalesce(left_.n, 0) as left, coalesce(held.n, 0) as held
          from customers c
          join (select customer_id, count(*)::int * ${CREDITS_PER_SALE} as n from purchases group by 1) sold
            on sold.customer_id = c.customer_id
          left join (select customer_id, sum(available_classes)::int as n from available_classes group by 1) left_
            on left_.customer_id = c.customer_id
          left join (select customer_id, count(*)::int as n from class_reservations
                     where deleted_at is null group by 1) held
            on held.customer_id = c.customer_id
          where sold.n <> coalesce(left_.n, 0) + coalesce(held.n, 0)`),
      ).toEqual([]);

      expect(
        await one(sql`
          select a.available_class_id from available_classes a
          where a.purchase_id is null
             or not exists (select 1 from purchases p where p.purchase_id = a.purchase_id)`),
      ).toEqual([]);

      // Every sale has its audit row and every audit row its sale.
      expect(
        await one(sql`
          select p.purchase_id::text as id, 'purchase without audit' as problem from purchases p
          where not exists (select 1 from audit_log l where l.action = 'access.sell'
                            and l.entity = 'purchase' and l.entity_id = p.purchase_id::text)
          union all
          select l.entity_id, 'audit without purchase' from audit_log l
          where l.action = 'access.sell'
            and not exists (select 1 from purchases p where p.purchase_id::text = l.entity_id)`),
      ).toEqual([]);

      const { reservations } = only(
        await one<{ reservations: number }>(
          sql`select count(*)::int as reservations from class_reservations`,
        ),
      );
      expect(reservations).toBeGreaterThan(0);
    } finally {
      await restored.close();
    }
  });
});

/** The backup restored the way `npm run restore` does, into a database of its own. */
async function restoreInto(backupDir: string, url: string | undefined): Promise<Database> {
  if (!url) {
    const dataDir = tmp();
    await restoreBackup({ dataDir }, backupDir);
    return openDatabase({ kind: "pglite", dataDir });
  }
  const name = `t_restore_${Date.now().toString(36)}`;
  await onServer(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  await restoreBackup({ databaseUrl: target.toString(), dataDir: tmp() }, backupDir);
  const database = await openDatabase({ kind: "postgres", url: target.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(url, `drop database if exists ${name} with (force)`);
    },
  };
}
