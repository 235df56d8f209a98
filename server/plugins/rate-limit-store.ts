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
/** What the counter needs of a pool (pg.Pool has it); a test wraps a real pool to make a flush fail. */
export type Queryable = {
  query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<{ rows: R[] }>;
};
export type CounterLog = { warn(object: object, message: string): void; info(message: string): void };

/**
 * How often an instance sends its counts to the shared table (decision 0040). Longer means fewer
 * statements but a larger overshoot with several instances: at most (instances − 1) × this ×
 * (requests a second from one address) extra requests a window.
 */
export const RATE_LIMIT_FLUSH_MS = 200;

const TTL_SQL = "greatest(0, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000))::int";

/** One key as this instance sees it. */
type Entry = {
  /** The shared total the last flush read back (every instance's hits, ours included). */
  shared: number;
  /** Hits sent in the flush under way, not yet in `shared`. */
  inFlight: number;
  /** Hits not sent yet. */
  pending: number;
  /** When the oldest unsent hit came (a new window starts there, not at the flush). */
  firstPendingAt: number;
  /** End of the window (Date.now() scale): the shared one once a flush has read it back. */
  resetAt: number;
  windowMs: number;
};

/**
 * The global per-address limit's counter with SHARED_STATE=postgres (decision 0040). Counting
 * every request with its own upsert made all the requests of one address (a studio's Wi-Fi, a
 * company's NAT) queue on one row lock: an instance answered a tenth of what it did with the
 * in-memory store. Instead each instance counts in memory and every RATE_LIMIT_FLUSH_MS sends
 * the hits of all its keys in one statement, reading back each key's shared total and window;
 * a request is judged on the last shared total plus this instance's hits not yet in it.
 *
 * The approximation: an instance does not see the others' hits of the last interval, so up to
 * (instances − 1) × RATE_LIMIT_FLUSH_MS × (the address's rate) extra requests pass in a window
 * before every instance sees the total, and never more than (instances − 1) × max (each instance
 * stops at max on its own count). One instance is exact: its own count includes every hit.
 * At a window's edge a hit in flight may count in the next window.
 *
 * A flush that fails keeps its hits for the next one (logged once until one succeeds again);
 * meanwhile each instance judges on what it has. close() stops the timer and sends what is left.
 */
export class SharedHitCounter {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private failing = false;
  private closed = false;

  constructor(
    private readonly pool: Queryable,
    private readonly log: CounterLog,
    private readonly flushEveryMs = RATE_LIMIT_FLUSH_MS,
    private readonly ensureTables: () => Promise<void> = () => Promise.resolve(),
  ) {}

  /** Counts a hit and answers with the key's count (this one included) and the window's rest. */
  hit(key: string, windowMs: number): RateLimitResult {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      // A new window, as the table will start it: a flush under way for the old one is ignored.
      entry = { shared: 0, inFlight: 0, pending: 0, firstPendingAt: now, resetAt: now + windowMs, windowMs };
      this.entries.set(key, entry);
    }
    if (entry.pending === 0) entry.firstPendingAt = now;
    entry.pending++;
    this.schedule();
    return { current: entry.shared + entry.inFlight + entry.pending, ttl: entry.resetAt - now };
  }

  /** This instance's hits of `key` the table does not have yet (added to what read() finds there). */
  unsent(key: string): number {
    const entry = this.entries.get(key);
    return entry && entry.resetAt > Date.now() ? entry.inFlight + entry.pending : 0;
  }

  /** Sends every key's unsent hits in one statement and reads back the shared totals. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.send().finally(() => {
      this.flushing = null;
      this.schedule();
    });
    return this.flushing;
  }

  /** Stops the timer and sends what is left (an app closing; its pool is still open). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    await this.send();
  }

  private schedule() {
    if (this.closed || this.timer || this.flushing) return;
    let waiting = false;
    for (const entry of this.entries.values()) if (entry.pending > 0) waiting = true;
    if (!waiting) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushEveryMs);
    // A pending flush alone does not keep a process alive.
    this.timer.unref();
  }

  private async send(): Promise<void> {
    const now = Date.now();
    const batch: { key: string; entry: Entry; delta: number; since: number; windowLeft: number }[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.resetAt <= now) {
        // Its window is over: the hits not sent belong to nobody's count any more.
        this.entries.delete(key);
      } else if (entry.pending > 0) {
        // A window the table starts now starts at the oldest of these hits.
        batch.push({
          key,
          entry,
          delta: entry.pending,
          since: entry.firstPendingAt,
          windowLeft: entry.windowMs - (now - entry.firstPendingAt),
        });
      }
    }
    if (batch.length === 0) return;
    // Rows are locked in key order, the same on every instance: two flushes never deadlock.
    batch.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    for (const item of batch) {
      item.entry.inFlight += item.delta;
      item.entry.pending = 0;
    }
    try {
      await this.ensureTables();
      const { rows } = await this.pool.query<{ key: string; hits: number; ttl: number }>(
        `insert into ${SHARED_SCHEMA}.rate_limit as r (key, hits, reset_at)
         select d.key, d.delta, clock_timestamp() + d.left_ms * interval '1 millisecond'
         from unnest($1::text[], $2::int[], $3::int[]) as d(key, delta, left_ms)
         order by d.key
         on conflict (key) do update set
           hits = case when r.reset_at <= clock_timestamp() then excluded.hits else r.hits + excluded.hits end,
           reset_at = case when r.reset_at <= clock_timestamp() then excluded.reset_at else r.reset_at end
         returning key, hits, ${TTL_SQL} as ttl`,
        [batch.map((b) => b.key), batch.map((b) => b.delta), batch.map((b) => Math.max(1, b.windowLeft))],
      );
      const received = Date.now();
      const byKey = new Map(rows.map((row) => [row.key, row]));
      for (const item of batch) {
        item.entry.inFlight -= item.delta;
        const row = byKey.get(item.key);
        // An entry replaced meanwhile (its window ended here) keeps its own count.
        if (!row || this.entries.get(item.key) !== item.entry) continue;
        item.entry.shared = row.hits;
        item.entry.resetAt = received + row.ttl;
      }
      if (this.failing) this.log.info("rate-limit: the shared counters are written again");
      this.failing = false;
    } catch (error) {
      // Nothing is lost: the hits go back to pending and travel with the next flush.
      for (const item of batch) {
        item.entry.inFlight -= item.delta;
        item.entry.pending += item.delta;
        item.entry.firstPendingAt = Math.min(item.entry.firstPendingAt, item.since);
      }
      if (!this.failing) {
        this.log.warn(
          { err: error },
          "rate-limit: could not write the shared counters; each instance counts on its own meanwhile",
        );
      }
      this.failing = true;
    }
  }
}

/**
 * A store for @fastify/rate-limit (its `store` option: a class it constructs, then `child()` per
 * route) whose counts every instance shares. Windows are fixed, like the plugin's own stores: a
 * key's window starts at its first hit and the count restarts once it has passed.
 *
 * The global per-address limit (every request) counts through `counter`, write-behind (above).
 * A route's own limit (sign-in, recovery, discount codes: a few attempts a minute) stays one
 * upsert per request, exact under the row lock: those routes are rare, and the write-behind's
 * overshoot, up to (instances − 1) × max, would multiply what a guesser gets.
 */
export function postgresRateLimitStore(pool: pg.Pool, counter: SharedHitCounter): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = "global:",
      private readonly exact = false,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (!this.exact) {
        callback(null, counter.hit(this.prefix + key, timeWindow));
        return;
      }
      ensureSharedTables(pool)
        .then(() =>
          pool.query<{ hits: number; ttl: number }>(
            `insert into ${SHARED_SCHEMA}.rate_limit as r (key, hits, reset_at)
             values ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
             on conflict (key) do update set
               hits = case when r.reset_at <= clock_timestamp() then 1 else r.hits + 1 end,
               reset_at = case when r.reset_at <= clock_timestamp() then excluded.reset_at else r.reset_at end
             returning hits, ${TTL_SQL} as ttl`,
            [this.prefix + key, timeWindow],
          ),
        )
        .then(
          ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl }),
          (error: Error) => callback(error),
        );
    }

    /** The table's count plus this instance's hits not yet sent there (a route that only reads). */
    read(key: string, callback: Callback): void {
      ensureSharedTables(pool)
        .then(() =>
          pool.query<{ hits: number; ttl: number }>(
            `select hits, ${TTL_SQL} as ttl
             from ${SHARED_SCHEMA}.rate_limit where key = $1 and reset_at > clock_timestamp()`,
            [this.prefix + key],
          ),
        )
        .then(
          ({ rows }) => {
            const unsent = this.exact ? 0 : counter.unsent(this.prefix + key);
            callback(null, { current: (rows[0]?.hits ?? 0) + unsent, ttl: rows[0]?.ttl ?? 0 });
          },
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]) {
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const route = `${info?.method ?? ""}${info?.url ?? ""}`;
      return new PostgresRateLimitStore(undefined, `${route}:`, true);
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
