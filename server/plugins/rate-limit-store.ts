import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type pg from "pg";

/**
 * State several app instances share through their PostgreSQL database (SHARED_STATE=postgres,
 * docs/decisions/0025-shared-state-across-instances.md): rate-limit counters, guessing counters,
 * and the channel that tells the other instances to drop their read caches.
 *
 * The tables are UNLOGGED (no write-ahead log: a counter costs one row update in memory and
 * disk cache, and a database crash empties them, which only forgives some attempts) in their own
 * schema, created on first use (not a Drizzle migration: the embedded database never needs them,
 * and backups leave them out: server/cli/backup.ts).
 */
export const SHARED_SCHEMA = "estudio_shared";
export const INVALIDATION_CHANNEL = "estudio_invalidate";

const ready = new WeakMap<pg.Pool, Promise<void>>();

/** Creates the schema and tables once per pool (concurrent instances: IF NOT EXISTS, under a lock). */
export function ensureSharedTables(pool: pg.Pool): Promise<void> {
  let pending = ready.get(pool);
  if (!pending) {
    pending = (async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(727275)");
        await client.query(`create schema if not exists ${SHARED_SCHEMA}`);
        await client.query(
          `create unlogged table if not exists ${SHARED_SCHEMA}.rate_limit (key text primary key, hits integer not null, reset_at timestamptz not null)`,
        );
        await client.query(
          `create unlogged table if not exists ${SHARED_SCHEMA}.named_identity (owner text not null, identity text not null, at timestamptz not null, primary key (owner, identity))`,
        );
        await client.query(
          `create unlogged table if not exists ${SHARED_SCHEMA}.failed_password (email text not null, at timestamptz not null)`,
        );
        await client.query(
          `create index if not exists failed_password_email on ${SHARED_SCHEMA}.failed_password (email, at)`,
        );
      } finally {
        await client.query("select pg_advisory_unlock(727275)").catch(() => {});
        client.release();
      }
    })();
    pending.catch(() => ready.delete(pool));
    ready.set(pool, pending);
  }
  return pending;
}

type RateLimitResult = { current: number; ttl: number };
type Callback = (error: Error | null, result?: RateLimitResult) => void;

/**
 * A store for @fastify/rate-limit (its `store` option: a class it constructs, then `child()` per
 * route) that counts in PostgreSQL: one upsert per request, atomic under the row lock, so every
 * instance sees one count per key. Windows are fixed, like the plugin's own stores: a key's
 * window starts at its first hit and the count restarts once it has passed.
 */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = "global:",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      ensureSharedTables(pool)
        .then(() =>
          pool.query<{ hits: number; ttl: number }>(
            `insert into ${SHARED_SCHEMA}.rate_limit as r (key, hits, reset_at)
             values ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
             on conflict (key) do update set
               hits = case when r.reset_at <= clock_timestamp() then 1 else r.hits + 1 end,
               reset_at = case when r.reset_at <= clock_timestamp() then excluded.reset_at else r.reset_at end
             returning hits, greatest(0, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000))::int as ttl`,
            [this.prefix + key, timeWindow],
          ),
        )
        .then(
          ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl }),
          (error: Error) => callback(error),
        );
    }

    read(key: string, callback: Callback): void {
      ensureSharedTables(pool)
        .then(() =>
          pool.query<{ hits: number; ttl: number }>(
            `select hits, greatest(0, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000))::int as ttl
             from ${SHARED_SCHEMA}.rate_limit where key = $1 and reset_at > clock_timestamp()`,
            [this.prefix + key],
          ),
        )
        .then(
          ({ rows }) =>
            callback(null, rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 }),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]) {
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const route = `${info?.method ?? ""}${info?.url ?? ""}`;
      return new PostgresRateLimitStore(undefined, `${route}:`);
    }
  }
  return PostgresRateLimitStore;
}

/** Drops counters whose window has passed (any instance, every few minutes; a no-op when empty). */
export async function sweepSharedCounters(pool: pg.Pool, identityWindowMs: number): Promise<void> {
  await ensureSharedTables(pool);
  await pool.query(`delete from ${SHARED_SCHEMA}.rate_limit where reset_at < clock_timestamp()`);
  await pool.query(
    `delete from ${SHARED_SCHEMA}.named_identity where at < clock_timestamp() - $1 * interval '1 millisecond'`,
    [identityWindowMs],
  );
  await pool.query(
    `delete from ${SHARED_SCHEMA}.failed_password where at < clock_timestamp() - $1 * interval '1 millisecond'`,
    [identityWindowMs],
  );
}
