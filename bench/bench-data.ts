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
