import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { inject } from "vitest";
import { type Database, openDatabase, type QueryObserver } from "../db/client";
import { reusedPgliteDatabase } from "./reused-pglite";
import { onServer, testDatabaseUrl, testDriver } from "./test-driver";

/** The migrated embedded database, read once per worker. */
let migratedPglite: Blob | undefined;

/**
 * The PGlite suite's migrated database as a dumpDataDir tarball: `loadDataDir` for an embedded
 * database that must live on disk (`dataDir`), as the backup tests need. PGlite suite only.
 */
export function migratedPgliteDump(): Blob {
  migratedPglite ??= new Blob([fs.readFileSync(inject("migratedPglite"))]);
  return migratedPglite;
}

/**
 * Each test file gets its own freshly migrated database: in-memory PGlite by default, or a new
 * PostgreSQL database (created from TEST_DATABASE_URL, dropped afterwards) when
 * TEST_DB_DRIVER=postgres. Both are copies of the database global-setup migrated once. No test
 * ever shares rows with another file: an embedded one is emptied and checked before the worker's
 * next file gets it (reused-pglite.ts, decision 0143).
 */
export async function createTestDatabase(
  options: {
    onQuery?: QueryObserver;
    acquireTimeoutMs?: number;
    /** PGlite: a newly loaded instance, not one another file handed on (a backup copies its files). */
    fresh?: boolean;
  } = {},
): Promise<Database & { url?: string }> {
  const { acquireTimeoutMs, onQuery } = options;
  if (testDriver() === "pglite") return reusedPgliteDatabase(migratedPgliteDump, onQuery, options.fresh);
  const baseUrl = testDatabaseUrl();
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await onServer(baseUrl, `create database ${name} template ${inject("migratedPostgres")}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    kind: "postgres",
    url: url.toString(),
    poolSize: 30,
    onQuery,
    acquireTimeoutMs,
  });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await onServer(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
