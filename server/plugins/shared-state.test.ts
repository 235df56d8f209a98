import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { testDriver } from "../test/test-driver";

/**
 * SHARED_STATE=postgres (docs/decisions/0025): two app instances on one PostgreSQL database count
 * rate limits together, and a write through one makes the other drop its caches within a second.
 * npm run test:cluster shows the same with three processes behind HAProxy.
 */
const onPglite = testDriver() !== "postgres";

type Instance = { app: FastifyInstance; database: Database };

async function instance(url: string, name: string): Promise<Instance> {
  const database = await openDatabase({ kind: "postgres", url, poolSize: 5 });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: `/tmp/estudio-test-${process.pid}-${name}`,
    LOG_LEVEL: "silent",
    RATE_LIMIT_MAX: "100000",
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

  it("counts sign-in attempts for one email together: the 4th is refused whichever instance answers", async () => {
    const email = `nadie${Date.now()}@prueba.mx`;
    const attempt = (target: Instance) =>
      target.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password: "no-es-esta-123" },
      });
    const first = [await attempt(a), await attempt(b), await attempt(a)].map((res) => res.statusCode);
    expect(first).toEqual([401, 401, 401]);
    const fourth = [await attempt(b), await attempt(a)] as const;
    expect(fourth.map((res) => res.statusCode)).toEqual([429, 429]);
    expect(fourth[0].json().message).toMatch(/intentos|espera|demasiad/i);
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
    // The sign-in test above named one email from this address (a refusal); three more fit.
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
});
