import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache";

describe("SessionCache.getOrLookup", () => {
  it("looks a credential up once for every concurrent request, then answers from memory", async () => {
    const cache = new SessionCache<string>();
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { value: "ana" };
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.getOrLookup("k", lookup)));
    expect(answers.every((a) => a === "ana")).toBe(true);
    expect(lookups).toBe(1);
    expect(await cache.getOrLookup("k", lookup)).toBe("ana");
    expect(lookups).toBe(1);
  });

  it("does not remember a lookup that was running when the cache was cleared (a sign-out)", async () => {
    const cache = new SessionCache<string | null>();
    let release: () => void = () => {};
    const slow = cache.getOrLookup(
      "k",
      () => new Promise((resolve) => (release = () => resolve({ value: "ana" }))),
    );
    cache.clear();
    release();
    expect(await slow).toBe("ana");
    expect(cache.get("k")).toBeUndefined();
    expect(await cache.getOrLookup("k", async () => ({ value: null }))).toBeNull();
  });

  it("a failed lookup is not remembered and the next request tries again", async () => {
    const cache = new SessionCache<string>();
    await expect(cache.getOrLookup("k", async () => Promise.reject(new Error("db down")))).rejects.toThrow();
    expect(await cache.getOrLookup("k", async () => ({ value: "ana" }))).toBe("ana");
  });
});
