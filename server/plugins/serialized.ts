import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Sends JSON that is already serialised (cached by the caller), as text or as UTF-8 bytes. Fastify
 * passes a string or a Buffer with a JSON content type through untouched, skipping the route's
 * response serializer; the route's schema still documents the shape, and the cached text was built
 * from data of that shape. The cast only tells the type provider so.
 */
export function sendSerializedJson(reply: FastifyReply, json: string | Buffer): never {
  return reply.type("application/json; charset=utf-8").send(json) as never;
}

/** Answers smaller than this go uncompressed (the same threshold @fastify/compress is given). */
export const COMPRESS_THRESHOLD = 1024;
/**
 * @fastify/compress's brotli quality, right for answers rebuilt every second or so. The highest
 * (11) costs ~3x the CPU for ~15% fewer bytes: worth it only for answers that change rarely.
 */
export const BROTLI_QUALITY = 4;
export const BROTLI_MAX_QUALITY = 11;

export type ContentEncoding = "br" | "gzip" | "deflate";

/**
 * An answer many requests share (a JSON page every caller reads, one viewer's page for a second,
 * a rendered HTML page), with its compressed variants made once, on first use. @fastify/compress compresses every
 * response again; for /api/appconfig that was a third of the request's CPU. The variants
 * decompress to exactly `body` (a test checks it).
 */
export class PrecompressedBody {
  readonly body: Buffer;
  private readonly variants: Partial<Record<ContentEncoding, Buffer>> = {};

  constructor(
    content: string | Buffer,
    private readonly brotliQuality = BROTLI_QUALITY,
  ) {
    this.body = typeof content === "string" ? Buffer.from(content) : content;
  }

  /** The body encoded for `encoding`; computed on the first call and kept. */
  encoded(encoding: ContentEncoding): Buffer {
    let bytes = this.variants[encoding];
    if (!bytes) {
      bytes =
        encoding === "br"
          ? brotliCompressSync(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: this.brotliQuality,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : encoding === "gzip"
            ? gzipSync(this.body)
            : deflateSync(this.body);
      this.variants[encoding] = bytes;
    }
    return bytes;
  }
}

/**
 * Sends a shared answer in the encoding the client prefers, from the cached variants. The
 * Content-Encoding header set here tells @fastify/compress the payload is already encoded, so it
 * passes it through. Same rules as the plugin: nothing under COMPRESS_THRESHOLD, none for
 * `x-no-compression`, Vary: Accept-Encoding either way.
 */
/**
 * Route options for a GET that answers with sendPrecompressedJson: @fastify/compress's per-route
 * hooks (a reply decorator, request decompression, the onSend check) have nothing to do there.
 * Its error answers (401, 412...) are a few hundred bytes, under the compression threshold.
 */
export const ENCODES_ITS_OWN_ANSWER = { compress: false, decompress: false } as const;

export function sendPrecompressedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: PrecompressedBody,
): never {
  reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
  const encoding =
    json.body.length < COMPRESS_THRESHOLD || request.headers["x-no-compression"] !== undefined
      ? null
      : preferredEncoding(request.headers["accept-encoding"]);
  if (!encoding) return reply.send(json.body) as never;
  return reply.header("content-encoding", encoding).send(json.encoded(encoding)) as never;
}

const ENCODINGS: readonly ContentEncoding[] = ["br", "gzip", "deflate"];
/** Browsers send one of a handful of Accept-Encoding values: parse each once. */
const parsedAcceptEncoding = new Map<string, ContentEncoding | null>();

/**
 * The encoding to answer with for an Accept-Encoding header: the highest q among br, gzip and
 * deflate (ties in that order, `*` standing for any of them), none when all are refused (q=0).
 */
export function preferredEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const known = parsedAcceptEncoding.get(header);
  if (known !== undefined) return known;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  let best: ContentEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  // A client could send endless distinct headers: remember only a few.
  if (parsedAcceptEncoding.size < 100) parsedAcceptEncoding.set(header, best);
  return best;
}
