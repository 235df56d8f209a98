import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { type Database, openDatabase } from "../../db/client";
import { single_classes } from "../../db/schema/calendar";
import { available_classes } from "../../db/schema/credits";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";
import { HOUR, makeClass, makeCustomer, makeStudio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { firstOf, must, only } from "../../test/fixtures";
import { testDriver } from "../../test/test-driver";

// Runs on PostgreSQL too: two app instances book one class at once; row locks only PostgreSQL has (docs/decisions/0061).

/**
 * 200 customers race for the last 5 seats of a class through two app instances on the same
 * PostgreSQL database (as behind a load balancer); half of them also want the same spot.
 * Embedded PGlite has a single connection, so it cannot race: the test runs on PostgreSQL only.
 */
const onPglite = testDriver() !== "postgres";

describe.skipIf(onPglite)("booking under concurrency (PostgreSQL, two app instances)", () => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: Database };

  beforeAll(async () => {
    // The race checks who wins, not capacity: on a loaded CI machine 100 bookings per instance
    // once waited over the pool's 5 s for a connection and answered 503 (110 of 200).
    const acquireTimeoutMs = 60_000;
    t = await buildTestApp({}, { acquireTimeoutMs });
    const url = (t.database as Database & { url?: string }).url;
    if (!url) throw new Error("postgres test database without url");
    const database = await openDatabase({ kind: "postgres", url, poolSize: 30, acquireTimeoutMs });
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: `/tmp/estudio-test-${process.pid}-b`,
      LOG_LEVEL: "silent",
      RATE_LIMIT_MAX: "100000",
      WEB_DIST: "/nonexistent",
      JOBS: "0",
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    second = { app, database };
  }, 120_000);

  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it("lets exactly 5 of 200 in, never gives a spot twice, and keeps every credit accounted for", async () => {
    const studio = await makeStudio(t.app);
    const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 48 * HOUR), capacity: 20 });
    // 15 seats already taken by an earlier booking (a host and 14 guests): 5 left.
    const early = await makeCustomer(t, { credits: 1 });
    const host = only(
      await t.app.db
        .insert(class_reservations)
        .values({ single_class_id: klass.single_class_id, customer_id: early.customerId, paid_with: "admin" })
        .returning(),
    );
    await t.app.db.insert(class_reservations).values(
      Array.from({ length: 14 }, (_, i) => ({
        single_class_id: klass.single_class_id,
        customer_id: early.customerId,
        guest: `Invitado ${i}`,
        guest_of_id: host.class_reservation_id,
        paid_with: "admin",
      })),
    );

    // Sign-ups hash passwords (scrypt): in batches, so the setup takes seconds, not minutes.
    const racers: Awaited<ReturnType<typeof makeCustomer>>[] = [];
    while (racers.length < 200) {
      racers.push(...(await Promise.all(Array.from({ length: 20 }, () => makeCustomer(t, { credits: 1 })))));
    }

    const started = performance.now();
    const results = await Promise.all(
      racers.map((r, i) =>
        (i % 2 === 0 ? t.app : second.app).inject({
          method: "POST",
          url: "/api/class_reservations",
          headers: r.headers,
          // Odd racers all want spot "3"; even ones any seat.
          payload: { single_class_id: klass.single_class_id, spot: i % 2 === 1 ? "3" : null },
        }),
      ),
    );
    console.info(`race: 200 bookings over two instances in ${Math.round(performance.now() - started)} ms`);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect([409, 412]).toContain(r.statusCode);
      expect(["SOLD_OUT", "SPOT_TAKEN"]).toContain(r.json().code);
    }

    const seats = await t.app.db
      .select()
      .from(class_reservations)
      .where(eq(class_reservations.single_class_id, klass.single_class_id));
    const active = seats.filter((s) => s.deletedAt === null);
    expect(active).toHaveLength(20);
    expect(active.filter((s) => s.spot === "3").length).toBeLessThanOrEqual(1);

    // Credits: every winner paid exactly one credit, every loser still has theirs.
    const racerIds = racers.map((r) => r.customerId);
    const winners = new Set(active.filter((s) => racerIds.includes(s.customer_id)).map((s) => s.customer_id));
    expect(winners.size).toBe(5);
    const balances = await t.app.db
      .select({ customer_id: available_classes.customer_id, amount: available_classes.available_classes })
      .from(available_classes)
      .where(inArray(available_classes.customer_id, racerIds));
    for (const b of balances) expect(b.amount).toBe(winners.has(b.customer_id) ? 0 : 1);
    const { total } = only(
      await t.app.db
        .select({ total: sql<number>`sum(${available_classes.available_classes})::int` })
        .from(available_classes)
        .innerJoin(customers, eq(customers.customer_id, available_classes.customer_id))
        .where(inArray(available_classes.customer_id, racerIds)),
    );
    expect(total).toBe(195);
  }, 300_000);

  it("spends a customer's last credit once when they race themselves for two classes", async () => {
    const studio = await makeStudio(t.app);
    const classes = await Promise.all(
      Array.from({ length: 6 }, () => makeClass(t.app, studio, { at: new Date(Date.now() + 48 * HOUR) })),
    );
    const me = await makeCustomer(t, { credits: 1 });
    const results = await Promise.all(
      classes.map((c, i) =>
        (i % 2 ? t.app : second.app).inject({
          method: "POST",
          url: "/api/class_reservations",
          headers: me.headers,
          payload: { single_class_id: c.single_class_id },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 412).every((r) => r.json().code === "NO_CREDITS")).toBe(
      true,
    );
    const bucket = firstOf(
      await t.app.db
        .select()
        .from(available_classes)
        .where(eq(available_classes.available_class_id, firstOf(me.buckets).available_class_id)),
      "bucket",
    );
    expect(bucket.available_classes).toBe(0);
    // The losers' takeSeat ran on its own (no transaction, decision 0033) and wrote nothing: no
    // seat counted in any class but the winner's, and one row in all.
    const counters = await t.app.db
      .select({ id: single_classes.single_class_id, taken: single_classes.seats_taken })
      .from(single_classes)
      .where(
        inArray(
          single_classes.single_class_id,
          classes.map((c) => c.single_class_id),
        ),
      );
    const won = must(classes[results.findIndex((r) => r.statusCode === 200)], "the class booked");
    for (const { id, taken } of counters) expect(taken).toBe(id === won.single_class_id ? 1 : 0);
    const rows = await t.app.db
      .select({ id: class_reservations.class_reservation_id })
      .from(class_reservations)
      .where(eq(class_reservations.customer_id, me.customerId));
    expect(rows).toHaveLength(1);
  }, 120_000);
});
