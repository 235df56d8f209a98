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

  it("while a read runs, keys wait and go together in the next read", async () => {
    const calls: number[][] = [];
    let finish = () => {};
    const reads = new BatchedRead<number, number>(
      async (keys) => {
        calls.push(keys);
        if (calls.length === 1) await new Promise<void>((resolve) => (finish = resolve));
        return new Map(keys.map((k) => [k, k]));
      },
      500,
      1,
    );
    const first = reads.get(1);
    await new Promise((resolve) => setImmediate(resolve));
    // Asked over several turns while the first read runs.
    const later: Promise<number | undefined>[] = [];
    for (const key of [2, 3, 4]) {
      later.push(reads.get(key));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(calls).toEqual([[1]]);
    finish();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(calls).toEqual([[1], [2, 3, 4]]);
  });

  it("splits a large turn into reads of at most maxKeys and rejects every caller of a failed read", async () => {
    const sizes: number[] = [];
    const reads = new BatchedRead<number, number>(async (keys) => {
      sizes.push(keys.length);
      if (keys.includes(4)) throw new Error("sin conexión");
      return new Map(keys.map((k) => [k, k * 10]));
    }, 3);
    // (two reads may run at once by default: both batches are sent in the same turn)
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
