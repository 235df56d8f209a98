import { describe, expect, it } from "vitest";
import { VACUUM_JOB } from "../jobs";
import { DAY, makeClass, makeCustomer, studioSuite } from "../test/booking";
import { testDriver } from "../test/test-driver";
import { only } from "./rows";

const suite = studioSuite();

/** What VACUUM leaves in the catalogue (PGlite): pages known all-visible, and the row estimate. */
async function reservationsTable() {
  const result = await suite.t.app.database.pglite!.query<{ relallvisible: number; reltuples: number }>(
    "select relallvisible, reltuples::int as reltuples from pg_class where relname = 'class_reservations'",
  );
  return only(result.rows);
}

describe("the embedded database's housekeeping (no autovacuum in PGlite)", () => {
  it.skipIf(testDriver() !== "pglite")(
    "the nightly job vacuums and analyses: the visibility map and the statistics follow the bookings",
    async () => {
      const klass = await makeClass(suite.t.app, suite.studio, {
        at: new Date(Date.now() + 3 * DAY),
        capacity: 30,
      });
      const people = await Promise.all(
        Array.from({ length: 25 }, () => makeCustomer(suite.t, { credits: 2 })),
      );
      for (const p of people) {
        const res = await suite.t.app.inject({
          method: "POST",
          url: "/api/class_reservations",
          headers: p.headers,
          payload: { single_class_id: klass.single_class_id },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      // Nothing has vacuumed the new rows: no page is known all-visible.
      const before = await reservationsTable();
      expect(before.relallvisible).toBe(0);

      await suite.t.app.jobs.run(VACUUM_JOB);

      const after = await reservationsTable();
      expect(after.relallvisible).toBeGreaterThan(0);
      expect(after.reltuples).toBeGreaterThanOrEqual(25);
    },
  );

  it.skipIf(testDriver() !== "postgres")(
    "on PostgreSQL autovacuum does it: the job is not scheduled",
    async () => {
      await expect(suite.t.app.jobs.run(VACUUM_JOB)).rejects.toThrow();
    },
  );
});
