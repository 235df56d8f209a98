import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../app";
import { createLogin, type NewLogin } from "../auth/auth-users";
import { TEST_SCRYPT } from "../auth/password-hashing";
import { loadConfig } from "../config";
import type { Database, QueryObserver } from "../db/client";
import { createTestDatabase } from "./test-database";

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
  /** Creates a login and returns headers that authenticate as it (Bearer token). */
  signUp(
    login?: Partial<NewLogin>,
  ): Promise<{ headers: Record<string, string>; userId: string; email: string }>;
};

let counter = 0;

/** Boots the real app (every plugin and route) on a fresh database, without listening. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    onQuery?: QueryObserver;
    acquireTimeoutMs?: number;
    logger?: object;
    /** A database the caller opened and migrated (a journey outside the API suites' setup). */
    database?: Database;
    /** PGlite: a newly loaded database, not one handed on by another file (decision 0143). */
    freshDatabase?: boolean;
  } = {},
): Promise<TestApp> {
  const database =
    options.database ?? (await createTestDatabase({ ...options, fresh: options.freshDatabase }));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: `/tmp/estudio-test-${process.pid}`,
    LOG_LEVEL: "silent",
    RATE_LIMIT_MAX: "100000",
    // Test files sign many people up from one address; guessing.test.ts sets the real bound.
    AUTH_DISTINCT_EMAILS_MAX: "100000",
    WEB_DIST: "/nonexistent",
    WEB_SSR_DIST: "/nonexistent",
    JOBS: "0",
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    passwordCost: TEST_SCRYPT,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
    async signUp(login = {}) {
      counter += 1;
      const email = login.email ?? `persona${counter}.${Date.now()}@prueba.mx`;
      const password = login.password ?? "secreto123";
      const userId = await createLogin(app, {
        email,
        password,
        name: login.name ?? `Persona ${counter}`,
        role: login.role ?? "customer",
      });
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password },
      });
      const token = response.headers["set-auth-token"];
      if (response.statusCode !== 200 || typeof token !== "string") {
        throw new Error(`sign-in failed in test: ${response.statusCode} ${response.body}`);
      }
      return { headers: { authorization: `Bearer ${token}` }, userId, email };
    },
  };
}

export type { InjectOptions };
