import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { ACCOUNT_FREE_FAILURES } from "../auth/guessing-limit";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { testDriver } from "../test/test-driver";
import {
  ensureSharedTables,
  type Queryable,
  RATE_LIMIT_FLUSH_MS,
  SHARED_SCHEMA,
  SharedHitCounter,
} from "./rate-limit-store";

// Runs on PostgreSQL too: LISTEN/NOTIFY between instances (docs/decisions/0061).

/**
 * SHARED_STATE=postgres (docs/decisions/0025): two app instances on one PostgreSQL database count
 * rate limits together, and a write through one makes the other drop its caches within a second.
 * npm run test:cluster shows the same with three processes behind HAProxy.
 */
const onPglite = testDriver() !== "postgres";

type Instance = { app: FastifyInstance; database: Database };

async function instance(url: string, name: string, rateLimitMax = "100000"): Promise<Instance> {
  const database = await openDatabase({ kind: "postgres", url, poolSize: 5 });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: `/tmp/estudio-test-${process.pid}-${name}`,
    LOG_LEVEL: "silent",
    RATE_LIMIT_MAX: rateLimitMax,
    AUTH_RATE_LIMIT_MAX: "3",
    AUTH_DISTINCT_EMAILS_MAX: "4",
    WEB_DIST: "/nonexistent",
    WEB_SSR_DIST: "/nonexistent",
    JOBS: "0",
    DATABASE_URL: url,
    SHARED_STATE: "postgres",
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, database };
}

async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await probe()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Number.POSITIVE_INFINITY;
}

describe.skipIf(onPglite)("shared state across instances (PostgreSQL)", () => {
  let t: TestApp;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    t = await buildTestApp();
    const url = (t.database as Database & { url?: string }).url;
    if (!url) throw new Error("postgres test database without url");
    a = await instance(url, "a");
    b = await instance(url, "b");
  }, 120_000);

  afterAll(async () => {
    for (const one of [a, b]) {
      await one?.app.close();
      await one?.database.close();
    }
    await t?.close();
  });

  it("listens for the other instances' writes", () => {
    expect(a.app.sharedState.kind).toBe("postgres");
    expect(b.app.sharedState.listening).toBe(true);
  });

  it("counts wrong passwords on one account together: after the free ones the next waits whichever instance answers (decision 0056)", async () => {
    const { email } = await t.signUp({ password: "Colibri-Marea-2026!" });
    const attempt = (target: Instance) =>
      target.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password: "no-es-esta-123" },
      });
    const first: number[] = [];
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      first.push((await attempt(i % 2 === 0 ? a : b)).statusCode);
      await new Promise((resolve) => setTimeout(resolve, 20)); // counted after each answer
    }
    expect(first).toEqual(Array(ACCOUNT_FREE_FAILURES).fill(401));
    const next = [await attempt(b), await attempt(a)] as const;
    expect(next.map((res) => res.statusCode)).toEqual([429, 429]);
    expect(next[0].json().message).toMatch(/intentos|espera|demasiad/i);
  });

  it("serves an app-config change made through one instance from the other within a second", async () => {
    const admin = await t.signUp({ role: "admin" });
    const nameOn = async (target: Instance) =>
      (
        (await target.app.inject({ method: "GET", url: "/api/appconfig" })).json() as {
          key: string;
          value: unknown;
        }[]
      ).find((entry) => entry.key === "name")?.value;
    await nameOn(b); // cached on b (5 s)
    const name = `Estudio compartido ${Date.now()}`;
    const put = await a.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin.headers,
      payload: [{ key: "name", value: name }],
    });
    expect(put.statusCode).toBe(200);
    expect(await within(1_000, async () => (await nameOn(b)) === name)).toBeLessThan(1_000);
  });

  it("refuses on one instance a session ended on the other within a second", async () => {
    const customer = await t.signUp();
    const onB = () => b.app.inject({ method: "GET", url: "/api/purchases", headers: customer.headers });
    expect((await onB()).statusCode).not.toBe(401); // remembered by b for 5 s
    const out = await a.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: customer.headers,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await within(1_000, async () => (await onB()).statusCode === 401)).toBeLessThan(1_000);
  });

  it("counts the different emails one address names across instances (recovery: every answer counts)", async () => {
    // The sign-in test above named one email from this address (its refusals); three more fit.
    const recover = (target: Instance, n: number) =>
      target.app.inject({
        method: "POST",
        url: "/api/customer/recover",
        payload: { email: `otra${n}.${Date.now()}@prueba.mx` },
      });
    const allowed = [await recover(a, 1), await recover(b, 2), await recover(a, 3)];
    expect(allowed.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 200)); // counted after each answer
    const refused = [await recover(b, 4), await recover(a, 5)] as const;
    expect(refused.map((res) => res.statusCode)).toEqual([429, 429]);
    expect(refused[0].json().code).toBe("TOO_MANY_EMAILS");
  });
  describe("the global per-address limit, written behind (decision 0040)", () => {
    const LIMIT = 20;
    let c: Instance;
    let d: Instance;
    let url: string;
    // Each test its own address: the counts of the other tests (and instances) stay apart.
    let address = 0;
    const fromNewAddress = () => {
      address++;
      const remoteAddress = `10.40.${process.pid % 250}.${address}`;
      return (target: Instance) => target.app.inject({ method: "GET", url: "/api/appconfig", remoteAddress });
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    beforeAll(async () => {
      url = (t.database as Database & { url?: string }).url!;
      c = await instance(url, "c", String(LIMIT));
      d = await instance(url, "d", String(LIMIT));
    }, 120_000);

    afterAll(async () => {
      for (const one of [c, d]) {
        await one?.app.close();
        await one?.database.close();
      }
    });

    it("one instance alone is exact: request limit + 1 is refused, before and after a flush", async () => {
      const get = fromNewAddress();
      const first = await Promise.all(Array.from({ length: LIMIT / 2 }, () => get(c)));
      await sleep(RATE_LIMIT_FLUSH_MS * 2); // sent and read back: the shared total is c's own count
      const second = await Promise.all(Array.from({ length: LIMIT / 2 }, () => get(c)));
      expect([...first, ...second].map((res) => res.statusCode)).toEqual(Array(LIMIT).fill(200));
      const over = await get(c);
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe("RATE_LIMITED");
    });

    it("two instances refuse once their shared count passes the limit (overshoot: the last interval's hits)", async () => {
      const get = fromNewAddress();
      const BURST = 4; // per interval, alternating: each instance misses at most the other's 2
      const codes: number[] = [];
      for (let sent = 0; sent < LIMIT * 2; sent += BURST) {
        for (let i = 0; i < BURST; i++) codes.push((await get(i % 2 ? d : c)).statusCode);
        await sleep(RATE_LIMIT_FLUSH_MS * 2);
      }
      const admitted = codes.filter((code) => code === 200).length;
      // Counted apart, each would admit LIMIT (40 in all, no 429).
      expect(admitted).toBeGreaterThanOrEqual(LIMIT);
      expect(admitted).toBeLessThanOrEqual(LIMIT + BURST);
      expect(codes.slice(-BURST)).toEqual(Array(BURST).fill(429));
    });

    it("keeps the hits of a failed flush for the next one (and warns once)", async () => {
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      let down = true;
      const flaky: Queryable = {
        query: (text, values) =>
          down ? Promise.reject(new Error("sin conexión")) : pool.query(text, values),
      };
      const warnings: string[] = [];
      const log = { warn: (_error: object, message: string) => warnings.push(message), info: () => {} };
      const counter = new SharedHitCounter(flaky, log, 60_000, () => ensureSharedTables(pool));
      const key = `prueba:${Date.now()}:${process.pid}`;
      try {
        for (let i = 0; i < 5; i++) counter.hit(key, 60_000);
        await counter.flush();
        await counter.flush();
        expect(warnings).toHaveLength(1);
        expect(counter.hit(key, 60_000).current).toBe(6);
        down = false;
        await counter.flush();
        const { rows } = await pool.query<{ hits: number }>(
          `select hits from ${SHARED_SCHEMA}.rate_limit where key = $1`,
          [key],
        );
        expect(rows[0]?.hits).toBe(6);
        expect(counter.hit(key, 60_000).current).toBe(7);
      } finally {
        await counter.close();
        await pool.end();
      }
    });
  });
});
