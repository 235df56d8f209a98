import { describe, expect, it } from "vitest";
import { BatchedRead } from "./batch";

describe("BatchedRead", () => {
  it("reads the keys asked for in one turn of the event loop with one call, each key once", async () => {
    const calls: string[][] = [];
    const reads = new BatchedRead<string, number>(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== "missing").map((k) => [k, k.length]));
    });
    const answers = await Promise.all([
      reads.get("a"),
      reads.get("bb"),
      reads.get("a"),
      reads.get("missing"),
    ]);
    expect(answers).toEqual([1, 2, 1, undefined]);
    expect(calls).toEqual([["a", "bb", "missing"]]);

    // A key asked for after that read was sent goes in a new read: answers are never older than the ask.
    expect(await reads.get("a")).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it("splits a large turn into reads of at most maxKeys and rejects every caller of a failed read", async () => {
    const sizes: number[] = [];
    const reads = new BatchedRead<number, number>(async (keys) => {
      sizes.push(keys.length);
      if (keys.includes(4)) throw new Error("sin conexión");
      return new Map(keys.map((k) => [k, k * 10]));
    }, 3);
    const settled = await Promise.allSettled([1, 2, 3, 4, 5].map((k) => reads.get(k)));
    expect(sizes).toEqual([3, 2]);
    expect(settled.map((s) => s.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
    ]);
  });
});
