import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Compressed answers made of a shared prefix compressed once and a small per-caller suffix.
 *
 * The calendar week of a large studio is ~530 KB of JSON; compressing it per request (what
 * @fastify/compress does) cost ~10 ms of CPU per request, twelve times the rest of the request.
 * Its bytes are the same for every caller except a short tail (the caller's own reservations),
 * so the prefix is compressed once, ended with a flush (byte-aligned, not final), and each answer
 * appends the tail as uncompressed ("stored") blocks and the end of the stream. Both formats allow
 * it: deflate stored blocks (RFC 1951 §3.2.4) inside gzip (RFC 1952), and brotli uncompressed
 * meta-blocks (RFC 7932 §9.2). Decompressed, the answer is byte for byte prefix + suffix.
 */
export type Encoding = "br" | "gzip";

export type CompressedPrefix = {
  /** gzip header + raw deflate of the prefix ended by a sync flush (no final block). */
  gzip: Buffer;
  /** CRC-32 of the prefix, continued over the suffix for the gzip trailer. */
  crc: number;
  /** brotli stream of the prefix ended by a flush (no last meta-block). */
  br: Buffer;
  /** Length of the uncompressed prefix (the gzip trailer's size counts it). */
  length: number;
};

const deflateRaw = promisify(zlib.deflateRaw);
const brotliCompress = promisify(zlib.brotliCompress);

/** gzip member header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Compresses a prefix once, on the thread pool (off the event loop). Settings measured on a week
 * of all locations (530 KB): brotli 6 gives 8.7 KB in ~3 ms where 9 gives 8.2 KB in ~18 ms, and
 * gzip's default level 22.7 KB in ~3 ms where 9 gives 21.3 KB in ~8 ms. A prefix is compressed
 * again whenever its data changes (any booking in the range), so the cheaper settings win.
 */
export async function compressPrefix(prefix: Buffer): Promise<CompressedPrefix> {
  const [deflated, br] = await Promise.all([
    deflateRaw(prefix, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    brotliCompress(prefix, {
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: prefix.length,
      },
    }),
  ]);
  return {
    gzip: Buffer.concat([GZIP_HEADER, deflated]),
    crc: zlib.crc32(prefix),
    br,
    length: prefix.length,
  };
}

/** The last compressed prefix per cache key, with the bytes it was made from. */
const lastCompressed = new Map<string, { prefix: Buffer; compressed: Promise<CompressedPrefix> }>();
let lastCompressedBytes = 0;
/** Prefixes kept at most, in bytes (a week of all locations is ~0.5 MB, a month ~2.5 MB). */
const LAST_COMPRESSED_MAX_BYTES = 32 * 1024 * 1024;

/**
 * compressPrefix, skipped when the prefix is byte for byte the one compressed last time for the
 * same key: the read cache rebuilds a busy week every second, and it rarely changes in between.
 * Returns the prefix to keep (the earlier equal Buffer, so only one copy stays in memory).
 */
export async function compressPrefixOnce(
  key: string,
  prefix: Buffer,
): Promise<{ prefix: Buffer; compressed: CompressedPrefix }> {
  const last = lastCompressed.get(key);
  if (last?.prefix.equals(prefix)) return { prefix: last.prefix, compressed: await last.compressed };
  if (last) {
    lastCompressed.delete(key);
    lastCompressedBytes -= last.prefix.length;
  }
  const entry = { prefix, compressed: compressPrefix(prefix) };
  lastCompressed.set(key, entry);
  lastCompressedBytes += prefix.length;
  // Oldest first out (a Map iterates in insertion order); the newest always stays.
  for (const [oldKey, old] of lastCompressed) {
    if (lastCompressedBytes <= LAST_COMPRESSED_MAX_BYTES || old === entry) break;
    lastCompressed.delete(oldKey);
    lastCompressedBytes -= old.prefix.length;
  }
  entry.compressed.catch(() => {
    if (lastCompressed.get(key) !== entry) return;
    lastCompressed.delete(key);
    lastCompressedBytes -= prefix.length;
  });
  return { prefix, compressed: await entry.compressed };
}

/** Deflate stored blocks hold at most 65,535 bytes; brotli meta-blocks with 4 nibbles 65,536. */
const STORED_MAX = 65_535;

/** The whole gzip answer: the compressed prefix, the suffix in stored blocks, the trailer. */
export function gzipWithSuffix(prefix: CompressedPrefix, suffix: Buffer): Buffer {
  const parts: Buffer[] = [prefix.gzip];
  for (let at = 0; at < suffix.length || at === 0; at += STORED_MAX) {
    const chunk = suffix.subarray(at, at + STORED_MAX);
    const final = at + STORED_MAX >= suffix.length;
    const header = Buffer.alloc(5);
    // BFINAL in bit 0, BTYPE 00 (stored), padded to the byte; then LEN and its complement.
    header[0] = final ? 1 : 0;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(header, chunk);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(suffix, prefix.crc), 0);
  trailer.writeUInt32LE((prefix.length + suffix.length) % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** ISLAST and ISLASTEMPTY set: the empty last meta-block that ends a brotli stream. */
const BROTLI_END = Buffer.from([0x03]);

/** The whole brotli answer: the compressed prefix, the suffix in uncompressed meta-blocks, the end. */
export function brotliWithSuffix(prefix: CompressedPrefix, suffix: Buffer): Buffer {
  const parts: Buffer[] = [prefix.br];
  for (let at = 0; at < suffix.length; at += STORED_MAX + 1) {
    const chunk = suffix.subarray(at, at + STORED_MAX + 1);
    // ISLAST 0, MNIBBLES 4 (code 0), MLEN-1 in 16 bits, ISUNCOMPRESSED 1, padded to the byte.
    const bits = ((chunk.length - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]), chunk);
  }
  parts.push(BROTLI_END);
  return Buffer.concat(parts);
}
