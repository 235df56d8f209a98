import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { signUpCustomer, TEST_PASSWORD } from "../test/customers";
import { testDriver } from "../test/test-driver";

/**
 * Ending a session must end it everywhere. Each app instance remembers verified sessions for a
 * few seconds (server/auth/session-cache.ts): the instance that handled a sign-out or a
 * password change forgets at once, another instance behind the same load balancer within its
 * TTL. So: immediate rejection on A, and rejection on B within a bounded delay (polled for up
 * to 10 s), with B's cache warmed first so the test cannot pass merely because B never looked.
 * The second instance needs a shared database: PostgreSQL only.
 */
const AUTH_SECRET = randomBytes(32).toString("hex");
const PASSWORD = TEST_PASSWORD;
const ACROSS_INSTANCES_WITHIN_MS = 10_000;

type Headers = Record<string, string>;

describe("session revocation", () => {
  let t: TestApp;
  let b: { app: FastifyInstance; database: Database } | null = null;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_SECRET });
    if (testDriver() === "postgres") b = await secondInstance(t);
  }, 60_000);
  afterAll(async () => {
    await b?.app.close();
    await b?.database.close();
    await t?.close();
  });

  const status = (app: FastifyInstance, headers: Headers) =>
    app.inject({ method: "GET", url: "/api/customer", headers }).then((r) => r.statusCode);

  async function signIn(email: string, password = PASSWORD): Promise<Headers> {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.headers["set-auth-token"]}` };
  }

  /** Asks B until it answers 401; returns how long that took. */
  async function rejectedOnB(headers: Headers): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < ACROSS_INSTANCES_WITHIN_MS) {
      if ((await status(b!.app, headers)) === 401) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`instance B still accepted the ended session after ${ACROSS_INSTANCES_WITHIN_MS} ms`);
  }

  it("sign-out on A ends that session at once on A and within seconds on B; other sessions live on", async () => {
    const customer = await signUpCustomer(t);
    const phone = await signIn(customer.payload.email);
    const laptop = await signIn(customer.payload.email);
    for (const headers of [phone, laptop]) {
      expect(await status(t.app, headers)).toBe(200);
      if (b) expect(await status(b.app, headers)).toBe(200);
    }

    const out = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: phone });
    expect(out.statusCode, out.body).toBe(200);

    const onA = await t.app.inject({ method: "GET", url: "/api/customer", headers: phone });
    expect(onA.statusCode).toBe(401);
    expect(onA.json().code).toBe("SESSION_EXPIRED");
    expect(await status(t.app, laptop)).toBe(200);
    if (b) {
      const delay = await rejectedOnB(phone);
      console.info(`sessions: sign-out on A rejected on B after ${delay} ms`);
      expect(await status(b.app, laptop)).toBe(200);
    }
  }, 30_000);

  it("a password change on A ends every other session, on A at once and on B within seconds", async () => {
    const customer = await signUpCustomer(t);
    const current = await signIn(customer.payload.email);
    const others = [customer.headers, await signIn(customer.payload.email)];
    for (const headers of others) {
      expect(await status(t.app, headers)).toBe(200);
      if (b) expect(await status(b.app, headers)).toBe(200);
    }

    const change = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: current,
      // No revokeOtherSessions flag: the server ends the other sessions anyway.
      payload: { currentPassword: PASSWORD, newPassword: "Nopal.Lunar.Brinca.71" },
    });
    expect(change.statusCode, change.body).toBe(200);
    const renewed = { authorization: `Bearer ${change.json().token}` };

    for (const headers of others) expect(await status(t.app, headers)).toBe(401);
    expect(await status(t.app, renewed)).toBe(200);
    if (b) {
      for (const headers of others) {
        const delay = await rejectedOnB(headers);
        console.info(`sessions: password change on A rejected on B after ${delay} ms`);
      }
      expect(await status(b.app, renewed)).toBe(200);
    }
    // The old password no longer signs in anywhere; the new one does.
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: customer.payload.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await signIn(customer.payload.email, "Nopal.Lunar.Brinca.71");
  }, 30_000);
});

/** A second app on the same PostgreSQL database: its own pool and its own session cache. */
async function secondInstance(t: TestApp) {
  const url = (t.database as Database & { url?: string }).url!;
  const database = await openDatabase({ kind: "postgres", url, poolSize: 5 });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: `/tmp/estudio-test-${process.pid}-sessions`,
    LOG_LEVEL: "silent",
    RATE_LIMIT_MAX: "100000",
    WEB_DIST: "/nonexistent",
    JOBS: "0",
    AUTH_SECRET,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, database };
}
