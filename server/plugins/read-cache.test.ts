import { describe, expect, it } from "vitest";
import { READ_CACHE_MS, READ_CACHE_STALE_MAX_MS, ReadCache } from "./read-cache";

/** A build function that answers 1, 2, 3... and can be held open to see who waits for it. */
function counter() {
  let calls = 0;
  let release: (() => void) | null = null;
  return {
    get calls() {
      return calls;
    },
    build: () => {
      calls++;
      const value = calls;
      return new Promise<number>((resolve) => {
        release = () => resolve(value);
      });
    },
    finish: () => release?.(),
  };
}

describe("ReadCache", () => {
  it("keeps at most maxEntries keys, dropping the oldest", async () => {
    const cache = new ReadCache(2);
    let builds = 0;
    const build = async () => ++builds;
    await cache.get("a", build, 0);
    await cache.get("b", build, 0);
    await cache.get("c", build, 0);
    expect(await cache.get("b", build, 1)).toBe(2);
    expect(await cache.get("a", build, 1)).toBe(4);
  });

  it("builds once for concurrent callers and keeps the value for READ_CACHE_MS", async () => {
    const cache = new ReadCache();
    const c = counter();
    const first = cache.get("k", c.build, 0);
    const second = cache.get("k", c.build, 10);
    c.finish();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(await cache.get("k", c.build, READ_CACHE_MS - 1)).toBe(1);
    expect(c.calls).toBe(1);
  });

  it("once stale, serves the previous value while one rebuild runs, then the new one", async () => {
    const cache = new ReadCache();
    const c = counter();
    const first = cache.get("k", c.build, 0);
    c.finish();
    await first;
    expect(await cache.get("k", c.build, READ_CACHE_MS + 1)).toBe(1);
    expect(await cache.get("k", c.build, READ_CACHE_MS + 2)).toBe(1);
    expect(c.calls).toBe(2);
    c.finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", c.build, READ_CACHE_MS + 3)).toBe(2);
  });

  it("never serves a value older than READ_CACHE_STALE_MAX_MS: the caller waits for a new one", async () => {
    const cache = new ReadCache();
    const c = counter();
    const first = cache.get("k", c.build, 0);
    c.finish();
    await first;
    const late = cache.get("k", c.build, READ_CACHE_STALE_MAX_MS);
    c.finish();
    expect(await late).toBe(2);
  });

  it("after clear() (a write went through) nobody gets what was built before it", async () => {
    const cache = new ReadCache();
    const c = counter();
    const before = cache.get("k", c.build, 0);
    cache.clear();
    c.finish();
    await before;
    const after = cache.get("k", c.build, 1);
    c.finish();
    expect(await after).toBe(2);
  });

  it("getMany builds every missing key in one call, reuses the cached ones, and is emptied with the cache it follows", async () => {
    const cards = new ReadCache();
    const shared = new ReadCache(10, [cards]);
    const calls: string[][] = [];
    const build = async (missing: string[]) => {
      calls.push(missing);
      return new Map(missing.map((k) => [k, `v-${k}`]));
    };
    expect(await cards.getMany(["a", "b"], build)).toEqual(["v-a", "v-b"]);
    expect(await cards.getMany(["b", "c", "a"], build)).toEqual(["v-b", "v-c", "v-a"]);
    expect(calls).toEqual([["a", "b"], ["c"]]);
    shared.clear();
    await cards.getMany(["a"], build);
    expect(calls).toEqual([["a", "b"], ["c"], ["a"]]);
    // A failed build fails its callers and is not kept.
    await expect(cards.getMany(["x"], async () => Promise.reject(new Error("db down")))).rejects.toThrow();
    expect(await cards.getMany(["x"], build)).toEqual(["v-x"]);
  });
});
