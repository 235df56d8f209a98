import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { buildTestApp, type TestApp } from "../test/build-test-app";

/**
 * A database outage while the app runs (PostgreSQL only: PGlite lives inside the process).
 * Every pooled connection is terminated and new ones are refused, as during a restart or a
 * failover. Requests must answer 503 with the Spanish message quickly (not 500, not hang), and
 * once the database accepts connections again the app must answer 200 by itself, without a
 * restart.
 */
const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

/** Routes that read the database: the health check and a public catalogue. */
const PROBES = ["/api/health", "/api/class_types", "/api/pages"];

describe("database outage", () => {
  let t: TestApp;
  let admin: pg.Client;
  let name = "";

  async function setConnections(allowed: boolean) {
    await admin.query(`alter database ${name} with allow_connections ${allowed}`);
  }

  beforeAll(async () => {
    if (!onPostgres) return;
    t = await buildTestApp();
    name = new URL((t.database as { url?: string }).url!).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    if (!onPostgres) return;
    await setConnections(true).catch(() => {});
    await admin?.end();
    await t?.close();
  });

  it.skipIf(!onPostgres)(
    "answers 503 in Spanish while the database is down, and 200 again by itself after",
    async () => {
      for (const url of PROBES) {
        expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
      }

      await setConnections(false);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );

      for (const url of PROBES) {
        const started = Date.now();
        const res = await t.app.inject({ method: "GET", url });
        const elapsed = Date.now() - started;
        expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
        expect(res.json()).toMatchObject({
          code: "DATABASE_UNAVAILABLE",
          message: messages.databaseUnavailable,
        });
        expect(res.headers["retry-after"]).toBeDefined();
        expect(elapsed, url).toBeLessThan(6_000);
      }

      // A burst while down: every request still answers 503 quickly, none waits for the pool.
      const started = Date.now();
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({ method: "GET", url: PROBES[i % PROBES.length]! }),
        ),
      );
      expect(burst.map((res) => res.statusCode)).toEqual(burst.map(() => 503));
      expect(Date.now() - started).toBeLessThan(6_000);

      await setConnections(true);
      for (const url of PROBES) {
        // The pool replaces the dead connections on demand: no restart, no manual step.
        const deadline = Date.now() + 10_000;
        let status = 0;
        while (Date.now() < deadline) {
          status = (await t.app.inject({ method: "GET", url })).statusCode;
          if (status === 200) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        expect(status, url).toBe(200);
      }
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    "connections killed under the app (failover, idle reaper) are replaced without a 500",
    async () => {
      expect((await t.app.inject({ method: "GET", url: "/api/class_types" })).statusCode).toBe(200);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );
      // The database is still up: a request may at worst see the dead connection (503), never a 500.
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push((await t.app.inject({ method: "GET", url: PROBES[i % PROBES.length]! })).statusCode);
      }
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(statuses.at(-1)).toBe(200);
    },
    30_000,
  );
});
