import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_VIDEO_COUNT, DEMO_VIDEO_SECONDS } from "./demo-assets";

const videosDir = path.resolve(import.meta.dirname, "../../../web/public/demo/videos");

/** An EBML variable-length integer at `at`: its value (marker kept for element ids) and length. */
function vint(bytes: Buffer, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = bytes[at] ?? 0;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (bytes[at + i] ?? 0);
  return { value, length };
}

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/**
 * A WebM file's length in seconds, from its header (Segment → Info → Duration × TimecodeScale),
 * as a player reads it: no ffprobe needed on the machines.
 */
function webmSeconds(bytes: Buffer): number {
  let scale = 1_000_000;
  let duration: number | null = null;
  const walk = (start: number, end: number): void => {
    let at = start;
    while (at < end && duration === null) {
      const id = vint(bytes, at, true);
      at += id.length;
      const size = vint(bytes, at, false);
      at += size.length;
      const dataEnd = Math.min(end, at + size.value);
      if (id.value === SEGMENT || id.value === INFO) walk(at, dataEnd);
      else if (id.value === TIMECODE_SCALE) scale = bytes.readUIntBE(at, size.value);
      else if (id.value === DURATION)
        duration = size.value === 4 ? bytes.readFloatBE(at) : bytes.readDoubleBE(at);
      at = dataEnd;
    }
  };
  walk(0, bytes.length);
  if (duration === null) throw new Error("the WebM header has no Duration");
  return (duration * scale) / 1e9;
}

describe("demo videos", () => {
  it("each file lasts what the demo data says it lasts", () => {
    const lengths = Array.from({ length: DEMO_VIDEO_COUNT }, (_, i) =>
      Math.round(webmSeconds(fs.readFileSync(path.join(videosDir, `${i + 1}.webm`)))),
    );
    expect(lengths).toEqual(Array(DEMO_VIDEO_COUNT).fill(DEMO_VIDEO_SECONDS));
  });
});
