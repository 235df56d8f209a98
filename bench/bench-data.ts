/** What bench:data writes and the bench reads back: the database, the bench accounts, their tokens. */
export const DEFAULT_BENCH_URL = "postgres://postgres@127.0.0.1:5432/bench";

export function benchDatabaseUrl(): string {
  return process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_URL;
}

/** Customers with credits that book and cancel (f) and burst for the last seats (g). */
export const BOOKERS = 1_000;

export const BENCH_EMAIL = { heavy: "heavy@bench.mx", video: "video@bench.mx" } as const;

/**
 * The session token of a bench account, as SQL over a customer id expression. No dot in it: the
 * bearer plugin signs an unsigned token itself, so a raw session token works as `Bearer <token>`.
 */
export const benchToken = (customerIdSql: string) => `'benchtok' || md5(${customerIdSql}::text)`;

/**
 * The embedded default can be benchmarked too: with BENCH_PGLITE_DIR set, bench:data writes the
 * studio into a PGlite data directory (the app's DATA_DIR) instead of PostgreSQL, and the bench
 * starts the app on it. PGlite is one process's database, so the scripts read and reset it only
 * while the app is not running.
 */
export function benchPgliteDir(): string | undefined {
  return process.env.BENCH_PGLITE_DIR || undefined;
}

export type BenchSql = {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; count: number }>;
  end(): Promise<void>;
};

/** Session tokens of the booker accounts (cases f and g), in a stable order. */
export async function bookerTokens(sql: BenchSql, limit = BOOKERS): Promise<string[]> {
  const { rows } = await sql.query(
    `select s.token from session s join "user" u on u.id = s.user_id
     where u.email like 'booker%@bench.mx' order by u.email limit ${Number(limit)}`,
  );
  return rows.map((row) => row.token as string);
}

/** Bench classes between 2 and 30 days ahead: inside any booking window, outside any cancel limit. */
export async function bookableClassIds(sql: BenchSql): Promise<number[]> {
  const { rows } = await sql.query(
    `select single_class_id from single_classes
     where description = 'bench' and class_date between now() + interval '2 days' and now() + interval '30 days'`,
  );
  return rows.map((row) => row.single_class_id as number);
}

/** A plain SQL connection to the bench database, whichever engine holds it. */
export async function openBenchSql(): Promise<BenchSql> {
  const dir = benchPgliteDir();
  if (dir) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { join } = await import("node:path");
    const db = await PGlite.create(join(dir, "pglite"));
    return {
      async query(sql, params) {
        const result = await db.query<Record<string, unknown>>(sql, params);
        return { rows: result.rows, count: result.affectedRows ?? result.rows.length };
      },
      end: () => db.close(),
    };
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  return {
    async query(sql, params) {
      const result = await client.query(sql, params);
      return { rows: result.rows, count: result.rowCount ?? 0 };
    },
    end: () => client.end(),
  };
}

/** Where the results say the data lives. */
export function benchTargetLabel(): string {
  const dir = benchPgliteDir();
  return dir ? `PGlite en ${dir}` : benchDatabaseUrl().replace(/\/\/[^@]*@/, "//");
}
