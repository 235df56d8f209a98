import fs from "node:fs";
import path from "node:path";
import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { drizzleView } from "./pglite-client";
import * as aggregators from "./schema/aggregators";
import * as appConfig from "./schema/app-config";
import * as audit from "./schema/audit";
import * as auth from "./schema/auth";
import * as balances from "./schema/balances";
import * as calendar from "./schema/calendar";
import * as cashClose from "./schema/cash-close";
import * as coachPay from "./schema/coach-pay";
import * as content from "./schema/content";
import * as credits from "./schema/credits";
import * as customers from "./schema/customers";
import * as forms from "./schema/forms";
import * as kiosk from "./schema/kiosk";
import * as mail from "./schema/mail";
import * as messaging from "./schema/messaging";
import * as packages from "./schema/packages";
import * as payments from "./schema/payments";
import * as purchases from "./schema/purchases";
import * as reports from "./schema/reports";
import * as reservations from "./schema/reservations";
import * as retail from "./schema/retail";
import * as substitutes from "./schema/substitutes";
import * as videos from "./schema/videos";
import * as waitlists from "./schema/waitlists";
import * as waivers from "./schema/waivers";

/** Every table and relation, for Drizzle's relational queries. */
export const schema = {
  ...appConfig,
  ...audit,
  ...auth,
  ...calendar,
  ...cashClose,
  ...coachPay,
  ...content,
  ...credits,
  ...customers,
  ...forms,
  ...kiosk,
  ...mail,
  ...messaging,
  ...packages,
  ...payments,
  ...purchases,
  ...reservations,
  ...videos,
  ...waitlists,
  ...substitutes,
  ...waivers,
  ...aggregators,
  ...balances,
  ...retail,
  ...reports,
};

/** The same Drizzle API over either driver: code never needs to know which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The handle inside `db.transaction(async (tx) => ...)`. It is a `Db` too, so repositories and
 * services that take `db: Db` accept it as is (no cast); a function that must run inside a
 * transaction (it locks rows, or several writes must land together) says so by taking `tx: Tx`.
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** PGlite instance when embedded (pg-boss and backups need it). */
  pglite?: PGlite;
  /**
   * PGlite's own parsers for the date and interval types, which the instance now leaves as text
   * for Drizzle (pglite-client.ts): a direct caller that wants Date objects passes these.
   */
  pgliteNativeParsers?: QueryOptions["parsers"];
  /** node-postgres pool when on PostgreSQL. */
  pool?: pg.Pool;
  close(): Promise<void>;
};

/** Sees every SQL statement Drizzle sends (the N+1 test counts them; a slow-query log could too). */
export type QueryObserver = (sql: string) => void;

export type DatabaseOptions = (
  | {
      kind: "postgres";
      url: string;
      poolSize?: number;
      /**
       * How long a query waits for a free connection before the request answers 503 (5 s). Only
       * a test that races hundreds of requests on a loaded two-core CI machine waits longer.
       */
      acquireTimeoutMs?: number;
    }
  /** dataDir undefined means in memory (tests); loadDataDir starts it from a dumpDataDir copy. */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob }
) & { onQuery?: QueryObserver };

function queryLogger(onQuery: QueryObserver | undefined) {
  return onQuery ? { logQuery: (sql: string) => onQuery(sql) } : undefined;
}

// timestamptz and numeric come back as strings from pg by default for numeric (kept: exact money)
// and as Date for timestamptz (Drizzle maps them). Nothing to override here.

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      // Fail fast when the database is down so requests answer 503 instead of hanging.
      connectionTimeoutMillis: options.acquireTimeoutMs ?? 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema, logger: queryLogger(options.onQuery) }) as unknown as Db;
    return { db, kind: "postgres", pool, close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, "pglite");
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir });
  return databaseOnPglite(pglite, options.onQuery);
}

/** The app's Database on an open PGlite instance (or a stand-in for one); `close` closes it. */
export function databaseOnPglite(pglite: PGlite, onQuery?: QueryObserver): Database {
  const { client, nativeParsers } = drizzleView(pglite);
  const db = drizzlePglite(client, { schema, logger: queryLogger(onQuery) }) as unknown as Db;
  return { db, kind: "pglite", pglite, pgliteNativeParsers: nativeParsers, close: () => pglite.close() };
}
