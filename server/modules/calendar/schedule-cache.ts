import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * The schedule is the most read thing in the app (every customer polls their week every 15 s,
 * everyone at once when a popular class opens) and a week of a large studio is hundreds of
 * classes. Its shared part (classes, seat counts, taken spots) is built once and kept for
 * SCHEDULE_CACHE_MS; each request only adds the caller's own reservation (calendar.service).
 *
 * Freshness: any successful write through this instance's API (a booking, a cancellation, an
 * admin change) empties the cache before its answer leaves, so whoever just booked sees the new
 * count. Writes made by jobs or by another instance show up within SCHEDULE_CACHE_MS. Booking
 * itself never trusts these numbers: the transaction counts seats under lock.
 */
export const SCHEDULE_CACHE_MS = 1_000;

type Entry<T> = { at: number; value: Promise<T> };

export class ScheduleCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private generation = 0;

  /** The cached value for `key`, or `build()` once for all concurrent callers (single flight). */
  async get<T>(key: string, build: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && now - hit.at < SCHEDULE_CACHE_MS) return hit.value;
    const generation = this.generation;
    const value = build();
    const entry = { at: now, value };
    this.entries.set(key, entry);
    value.then(
      () => {
        // Built from data read before a write that cleared the cache: do not keep it.
        if (generation !== this.generation && this.entries.get(key) === entry) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

declare module "fastify" {
  interface FastifyInstance {
    scheduleCache: ScheduleCache;
  }
}

export const scheduleCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = new ScheduleCache();
  app.decorate("scheduleCache", cache);
  app.addHook("onSend", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) cache.clear();
  });
});
