import type { Db } from "./client";

/**
 * A read of rows that change rarely (definitions an admin edits) but are checked on a hot path,
 * kept for `ttlMs` per database and shared by concurrent callers. `forget()` drops it at once:
 * the module that writes those rows calls it after each write, so on this instance a change
 * counts from the next request; another instance sees it within `ttlMs`, like the studio settings.
 *
 * Only for reads outside any transaction that writes the same rows: a value read inside such a
 * transaction could be one that never commits.
 *
 * With SHARED_STATE=postgres a write through any instance makes every other instance call
 * `forgetAllCachedReads()` (plugins/shared-state.ts), so they see it within a second too.
 */
export function cachedRead<T>(ttlMs: number, read: (db: Db) => Promise<T>) {
  // Keyed by the dialect, which a database and all its transactions share (one per opened database).
  let entries = new WeakMap<object, { at: number; value: Promise<T> }>();
  const cache = {
    get(db: Db): Promise<T> {
      const key = (db._.session as unknown as { dialect: object }).dialect;
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const current = entries;
      // A Drizzle query is a thenable that runs again on every await, on the connection it was
      // built on: keep the promise of its one result, never the query.
      const value = Promise.resolve(read(db));
      current.set(key, { at: Date.now(), value });
      value.catch(() => current.delete(key));
      return value;
    },
    forget(): void {
      entries = new WeakMap();
    },
  };
  everyCachedRead.add(cache);
  return cache;
}

const everyCachedRead = new Set<{ forget(): void }>();

/** Drops every cachedRead's values (another instance wrote something). */
export function forgetAllCachedReads(): void {
  for (const cache of everyCachedRead) cache.forget();
}
