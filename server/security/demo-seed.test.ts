import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createLogin } from "../auth/auth-users";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { user } from "../db/schema/auth";
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL } from "../db/seed/demo-people";
import { seedDemoStudio } from "../db/seed/demo-studio";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { signUpCustomer } from "../test/customers";
import { testDriver } from "../test/test-driver";

/**
 * The demo studio (on by default: DEMO=1) must only ever fill a brand-new database. A studio that
 * already has anything of its own (its first admin from `npm run admin:create`, a location, a
 * class type, a customer who signed up) must never get demo rows, and above all never the demo
 * logins with their published password. Seeding races (two instances starting at once) must
 * create one demo, not two.
 */

/** What `npm start` does after migrating (server/start-app.ts). */
const seedLikeStart = (app: FastifyInstance) =>
  seedDemoStudio(app.db, { createUser: (login) => createLogin(app, login) });

/**
 * The same seed with logins inserted directly instead of hashed: 27 scrypt hashes per seed cost
 * seconds and prove nothing about the race, which is decided by the lock and the unique email.
 */
const quickSeed = (app: FastifyInstance) =>
  seedDemoStudio(app.db, {
    async createUser(login) {
      const id = randomUUID();
      await app.db.insert(user).values({ id, email: login.email, name: login.name, role: login.role });
      return id;
    },
  });

/** Row count of every table of the public schema, by name. */
async function rowCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await app.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number }>(
      await app.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`),
    );
    counts[name] = row!.n;
  }
  return counts;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

async function demoLogins(app: FastifyInstance): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await app.db.execute(sql`select count(*)::int as n from "user" where email like '%@demo.mx'`),
  );
  return row!.n;
}

/** Empties every table of the public schema: back to a brand-new studio between cases. */
async function emptyStudio(app: FastifyInstance): Promise<void> {
  const tables = Object.keys(await rowCounts(app));
  await app.db.execute(
    sql.raw(`truncate table ${tables.map((n) => `"${n}"`).join(", ")} restart identity cascade`),
  );
}

/** The studio's own first steps; each case starts from an empty database and has only that. */
const STUDIO_DATA: [string, (t: TestApp) => Promise<unknown>][] = [
  [
    "its first admin (npm run admin:create)",
    (t) =>
      createLogin(t.app, { email: "duena@estudio.mx", password: "secreto123", name: "Dueña", role: "admin" }),
  ],
  [
    "a location created by its admin",
    async (t) => {
      const admin = await t.signUp({ role: "admin" });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/locations",
        headers: admin.headers,
        payload: { name: "Sucursal Centro" },
      });
      if (res.statusCode >= 300) throw new Error(`location: ${res.statusCode} ${res.body}`);
      // The admin's login alone already counts: remove it to prove the location alone does too.
      await t.app.db.execute(sql`delete from "user" where id = ${admin.userId}`);
    },
  ],
  ["a class type", (t) => t.app.db.execute(sql`insert into class_types (name) values ('Yoga de la casa')`)],
  ["a customer who signed up", (t) => signUpCustomer(t)],
];

describe("demo seed on a database with data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it.each(STUDIO_DATA)("adds and changes nothing when the studio has %s", async (_label, addOwnData) => {
    await emptyStudio(t.app);
    await addOwnData(t);
    const before = await rowCounts(t.app);
    const users = sql`select id, email, role, updated_at from "user" order by id`;
    const snapshot = rowsOf(await t.app.db.execute(users));

    expect(await seedLikeStart(t.app)).toEqual({ created: false });

    expect(await rowCounts(t.app)).toEqual(before);
    expect(await demoLogins(t.app)).toBe(0);
    expect(rowsOf(await t.app.db.execute(users))).toEqual(snapshot);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: DEMO_ADMIN_EMAIL, password: "demo1234" },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it("seeds an empty database once when two instances start together, even after an interrupted start", async () => {
    await emptyStudio(t.app);
    // An earlier start died between creating the demo logins and the demo's seeding transaction:
    // those logins are the demo's own and must not stop seeding it.
    await createLogin(t.app, {
      email: DEMO_CUSTOMER_EMAIL,
      password: "demo1234",
      name: "Ana",
      role: "customer",
    });
    // On PostgreSQL the second seeder is a second app instance with its own pool, as when two
    // servers start together; embedded PGlite has one connection, so both share the app.
    const second = testDriver() === "postgres" ? await secondInstance(t) : null;
    try {
      const results = await Promise.all([quickSeed(t.app), quickSeed(second?.app ?? t.app)]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
    } finally {
      await second?.close();
    }
    const counts = await rowCounts(t.app);
    expect(counts.class_types).toBe(5);
    expect(counts.locations).toBe(2);
    expect(counts.customers).toBe(27);
    expect(counts.user).toBe(31); // the 27 customers and four staff logins without a customer record
    expect(await demoLogins(t.app)).toBe(31);
  }, 90_000);
});

/** Another app on the same PostgreSQL database, with its own connection pool. */
async function secondInstance(t: TestApp) {
  const url = (t.database as Database & { url?: string }).url!;
  const database = await openDatabase({ kind: "postgres", url, poolSize: 10 });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: `/tmp/estudio-test-${process.pid}-seed`,
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    JOBS: "0",
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
