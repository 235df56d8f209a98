import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase, type QueryObserver } from "../db/client";
import { migrateDatabase } from "../db/migrate";

/**
 * Each test file gets its own freshly migrated database: in-memory PGlite by default, or a new
 * PostgreSQL database (created from TEST_DATABASE_URL, dropped afterwards) when
 * TEST_DB_DRIVER=postgres. No test ever shares rows with another file.
 */
export function testDriver(): "pglite" | "postgres" {
  return process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
}

export async function createTestDatabase(
  options: { onQuery?: QueryObserver } = {},
): Promise<Database & { url?: string }> {
  if (testDriver() === "pglite") {
    const database = await openDatabase({ kind: "pglite", ...options });
    await migrateDatabase(database);
    return database;
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DB_DRIVER=postgres necesita TEST_DATABASE_URL");
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 30, ...options });
  await migrateDatabase(database);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
