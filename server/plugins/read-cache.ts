import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * The shared part of the hottest reads, kept for a second: the schedule (every customer polls
 * their week every 15 s, everyone at once when a popular class opens; a week of a large studio is
 * hundreds of classes) and the pages of the video library. What is the same for every caller
 * (classes, seat counts, taken spots; a page of videos) is built once and kept for READ_CACHE_MS;
 * each request only adds the caller's own part (their seats, their favourites) itself.
 *
 * Freshness: any successful write through this instance's API (a booking, a cancellation, an
 * admin change) empties the cache before its answer leaves, so whoever just booked sees the new
 * count. Writes made by jobs or by another instance show up within READ_CACHE_MS plus the time
 * of one rebuild: once a value is older than READ_CACHE_MS, one caller starts the rebuild and
 * everyone keeps getting the previous value until it is ready (under load, making every request
 * wait for the rebuild queued it behind a hundred others). Booking itself never trusts these
 * numbers: the transaction counts seats under lock (docs/decisions/0013-hot-read-paths.md).
 */
export const READ_CACHE_MS = 1_000;
/** Past this age a value is not served while it is rebuilt: the caller waits for the new one. */
export const READ_CACHE_STALE_MAX_MS = 5_000;

type Entry<T> = {
  /** When the value being served was started. */
  at: number;
  value: Promise<T>;
  /** The rebuild in flight, if any: its promise replaces `value` once it succeeds. */
  next?: Promise<T>;
};

/** Keys kept at most: some come from query strings (rendered pages), so a caller could invent many. */
export const READ_CACHE_MAX_ENTRIES = 1_000;
/**
 * Keys kept at most in the per-caller cache: one or two per signed-in customer active in the
 * last seconds, which at noon on a busy day is thousands. Separate from the shared cache so a
 * crowd of customers never pushes out the one shared week they all read.
 */
export const VIEWER_CACHE_MAX_ENTRIES = 20_000;
/**
 * Class cards kept at most (the class, its type, place and coaches, as lists other than the
 * schedule show them: Mis Reservaciones). Their own cache, so a customer with hundreds of past
 * classes never pushes the shared week out of `readCache`.
 */
export const CLASS_CARD_CACHE_MAX_ENTRIES = 5_000;

export class ReadCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private generation = 0;

  constructor(
    private readonly maxEntries = READ_CACHE_MAX_ENTRIES,
    /** Caches emptied together with this one (whoever clears this one clears them too). */
    private readonly alsoClears: ReadCache[] = [],
  ) {}

  /** The cached value for `key`, or `build()` once for all concurrent callers (single flight). */
  async get<T>(key: string, build: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && now - hit.at < READ_CACHE_MS) return hit.value;
    if (hit && now - hit.at < READ_CACHE_STALE_MAX_MS) {
      hit.next ??= this.rebuild(key, hit, build, now);
      return hit.value;
    }
    const entry: Entry<T> = { at: now, value: build() };
    // Oldest first out (a Map iterates in insertion order).
    if (!hit && this.entries.size >= this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
    this.keepIfCurrent(key, entry, entry.value, this.generation);
    return entry.value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    for (const other of this.alsoClears) other.clear();
  }

  /**
   * The values of many keys, with ONE `buildMissing` call for all the keys not cached (or due for
   * a rebuild): a list of fifty classes is one query for the ones not seen in the last second,
   * not fifty. Same freshness and single flight per key as `get`.
   */
  async getMany<T>(
    keys: string[],
    buildMissing: (missing: string[]) => Promise<Map<string, T>>,
  ): Promise<T[]> {
    const missing: string[] = [];
    let settle: { resolve: (m: Map<string, T>) => void; reject: (e: unknown) => void } | undefined;
    const batch = new Promise<Map<string, T>>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // A failed batch rejects each key's promise (handled by its caller); not this one as well.
    batch.catch(() => {});
    const values = keys.map((key) =>
      this.get(key, () => {
        missing.push(key);
        return batch.then((found) => {
          if (!found.has(key)) throw new Error(`ReadCache.getMany: ${key} not built`);
          return found.get(key) as T;
        });
      }),
    );
    if (missing.length === 0) settle?.resolve(new Map());
    else buildMissing(missing).then(settle?.resolve, settle?.reject);
    return Promise.all(values);
  }

  /** A fresh value built in the background; the entry keeps serving its settled value meanwhile. */
  private rebuild<T>(key: string, entry: Entry<T>, build: () => Promise<T>, now: number): Promise<T> {
    const generation = this.generation;
    const next = build();
    next.then(
      () => {
        if (this.entries.get(key) !== entry || generation !== this.generation) return;
        entry.at = now;
        entry.value = next;
        entry.next = undefined;
      },
      () => {
        // A failed rebuild leaves the old value until it is too old; the next caller retries.
        if (entry.next === next) entry.next = undefined;
      },
    );
    return next;
  }

  private keepIfCurrent<T>(key: string, entry: Entry<T>, value: Promise<T>, generation: number): void {
    value.then(
      () => {
        // Built from data read before a write that cleared the cache: do not keep it.
        if (generation !== this.generation && this.entries.get(key) === entry) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Shared parts of hot reads; keys start with their domain ("schedule:", "videos:"). */
    readCache: ReadCache;
    /**
     * Each caller's own part of a hot read (their seats in a week, their video flags), keyed by
     * domain and customer ("schedule-mine:42:…"). Same freshness rules as `readCache`.
     */
    viewerCache: ReadCache;
    /**
     * Class cards by class ("class-card:<id>") for lists other than the schedule; emptied with
     * `readCache` (every write here, every write elsewhere by NOTIFY).
     */
    classCardCache: ReadCache;
  }
}

export default fp(async function readCachePlugin(app: FastifyInstance) {
  const classCards = new ReadCache(CLASS_CARD_CACHE_MAX_ENTRIES);
  const shared = new ReadCache(READ_CACHE_MAX_ENTRIES, [classCards]);
  const perViewer = new ReadCache(VIEWER_CACHE_MAX_ENTRIES);
  app.decorate("readCache", shared);
  app.decorate("classCardCache", classCards);
  app.decorate("viewerCache", perViewer);
  // A callback hook, not an async one: it runs on every response of the app.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) {
      shared.clear();
      perViewer.clear();
    }
    done(null, payload);
  });
});
