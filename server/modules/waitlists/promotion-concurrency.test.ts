import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { type Database, openDatabase } from "../../db/client";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";
import { book, DAY, makeClass, makeCustomer, makeStudio } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { firstOf } from "../../test/fixtures";
import { testDriver } from "../../test/test-driver";
import { promoteClass } from "./promotion.service";

// Runs on PostgreSQL too: two instances promote one waitlist at once; row locks only PostgreSQL has (docs/decisions/0061).

/**
 * Two app instances on one PostgreSQL database promote the same freed seat at the same moment,
 * several times over: the class row lock lets exactly one of them give it. PGlite has a single
 * connection and cannot race, so this runs on PostgreSQL only.
 */
describe.skipIf(testDriver() !== "postgres")("promotion with two instances (PostgreSQL)", () => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: Database };

  beforeAll(async () => {
    t = await buildTestApp();
    const url = (t.database as Database & { url?: string }).url;
    if (!url) throw new Error("postgres test database without url");
    const database = await openDatabase({ kind: "postgres", url, poolSize: 10 });
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: `/tmp/estudio-test-${process.pid}-b`,
      LOG_LEVEL: "silent",
      WEB_DIST: "/nonexistent",
      JOBS: "0",
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it("gives a freed seat once", async () => {
    const studio = await makeStudio(t.app);
    for (let round = 0; round < 5; round++) {
      const klass = await makeClass(t.app, studio, { at: new Date(Date.now() + 2 * DAY), capacity: 1 });
      const holder = await makeCustomer(t, { credits: 1 });
      const id = (await book(t, holder.headers, { single_class_id: klass.single_class_id })).json()
        .class_reservation.class_reservation_id;
      const waiting = [];
      for (let i = 0; i < 4; i++) {
        const c = await makeCustomer(t, { credits: 1 });
        await t.app.inject({
          method: "POST",
          url: "/api/waitlist",
          headers: c.headers,
          payload: { single_class_id: klass.single_class_id },
        });
        waiting.push(c);
      }
      await t.app.db
        .update(class_reservations)
        .set({ deletedAt: new Date() })
        .where(eq(class_reservations.class_reservation_id, id));

      const results = await Promise.all([
        promoteClass(t.app, klass.single_class_id),
        promoteClass(second.app, klass.single_class_id),
        promoteClass(t.app, klass.single_class_id),
        promoteClass(second.app, klass.single_class_id),
      ]);
      expect(results.flatMap((r) => r.promoted)).toHaveLength(1);
      const seats = await t.app.db
        .select()
        .from(class_reservations)
        .where(
          and(
            eq(class_reservations.single_class_id, klass.single_class_id),
            isNull(class_reservations.deletedAt),
          ),
        );
      expect(seats.map((s) => s.customer_id)).toEqual([firstOf(waiting).customerId]);
      const promoted = await t.app.db
        .select()
        .from(waitlists)
        .where(and(eq(waitlists.single_class_id, klass.single_class_id), eq(waitlists.status, "promoted")));
      expect(promoted).toHaveLength(1);
    }
  }, 120_000);
});
