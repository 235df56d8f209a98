import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliWithSuffix, compressPrefix, gzipWithSuffix } from "./schedule-encoding";

describe("a compressed prefix with a plain suffix", () => {
  // Suffixes from a few bytes to past one stored block (65,535) and one brotli meta-block (65,536).
  const prefix = Buffer.from(`{"days":[${'{"a":"ñandú",'.repeat(5_000)}"z":1}],"my_reservations":`);
  const suffixes = [
    "[]}",
    `[${'{"spot":"Sofía"},'.repeat(4_000)}{}]}`,
    "x".repeat(65_535),
    "y".repeat(65_536),
  ];

  it.each(suffixes.map((s) => [s.length, s]))(
    "decompresses to prefix + suffix (%i bytes)",
    async (_, text) => {
      const compressed = await compressPrefix(prefix);
      const suffix = Buffer.from(text);
      const whole = Buffer.concat([prefix, suffix]);
      expect(gunzipSync(gzipWithSuffix(compressed, suffix)).equals(whole)).toBe(true);
      expect(brotliDecompressSync(brotliWithSuffix(compressed, suffix)).equals(whole)).toBe(true);
      // The point of it: the shared part is sent compressed.
      expect(gzipWithSuffix(compressed, Buffer.from("[]}")).length).toBeLessThan(prefix.length / 10);
    },
  );
});
