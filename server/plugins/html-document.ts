import type { FastifyReply, FastifyRequest } from "fastify";
import { PrecompressedBody, preferredEncoding } from "./serialized";

/** Pages are fetched less often than API answers and weigh more: a notch more brotli pays off. */
const HTML_BROTLI_QUALITY = 5;

/**
 * An HTML page sent many times (the app shell, a rendered public page shared for a few seconds):
 * compressed once per encoding on first use instead of once per request. The global compression
 * plugin only wraps routes, and these pages are answered by the not-found handler.
 */
export class HtmlDocument {
  private readonly bytes: PrecompressedBody;

  constructor(readonly html: string) {
    this.bytes = new PrecompressedBody(html, HTML_BROTLI_QUALITY);
  }

  send(request: FastifyRequest, reply: FastifyReply) {
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    reply
      .header("cache-control", "no-cache")
      .header("vary", "accept-encoding")
      .type("text/html; charset=utf-8");
    if (!encoding) return reply.send(this.html);
    return reply.header("content-encoding", encoding).send(this.bytes.encoded(encoding));
  }
}
