import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import type { DoneFuncWithErrOrRes, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { AppError } from "../../domain/errors";
import { ensureSharedTables, postgresRateLimitStore, SharedHitCounter } from "./rate-limit-store";
import { asList, takesNoBody } from "./route-options";
import { COMPRESS_THRESHOLD } from "./serialized";

export type SecurityOptions = { rateLimitMax: number; secureCookies: boolean };

/**
 * Security headers with a strict Content-Security-Policy the SPA works under (no inline scripts;
 * Mantine injects <style> tags, so styles allow 'unsafe-inline'), compression and a per-IP rate
 * limit. Sensitive routes (sign-in, recovery, discount codes) set tighter limits. Session cookies
 * are read by server/auth/session-lookup.ts and better-auth and written by better-auth: no cookie
 * plugin runs on every request for nothing.
 *
 * JSON answers (and bodiless ones under /api/, like a 304) get a short header set (apiHeaders) and
 * everything else (pages, static files, the sandbox payment page) helmet's full set: the choice is
 * made when the answer is sent, by its content type, so an HTML page under /api/ still gets the
 * page headers. A header a
 * route set itself wins (the API docs pages send their own CSP).
 */
export default fp(async function securityPlugin(app: FastifyInstance, opts: SecurityOptions) {
  const pages = Object.entries(securityHeaders(helmetOptions(opts)));
  const api = Object.entries(apiHeaders(opts));
  // A callback hook, not an async one: it runs on every response of the app.
  app.addHook("onSend", (request, reply, payload, done) => {
    const type = reply.getHeader("content-type");
    // An answer without a body (304, 204) is an API one when its address is.
    const isApi =
      typeof type === "string" ? type.startsWith("application/json") : request.url.startsWith("/api/");
    const headers = isApi ? api : pages;
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
  // Reading a compressed request body is a preParsing hook on every route it is on; a GET or HEAD
  // has no body, so those routes go without it (one hook stage less on every read, decision 0042).
  app.addHook("onRoute", (route) => {
    if (route.decompress === undefined && takesNoBody(route)) {
      route.decompress = false;
    }
    onSendBeforeCompress.set(route, new Set(asList(route.onSend)));
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip", "deflate"],
  });
  // @fastify/compress negotiates the Accept-Encoding of every answer before it looks at the size,
  // and most API answers are under the threshold: the smallest signed-in route spent ~4 % of its
  // time there for nothing (decision 0042). Its hook on each route (the one it just added) now runs
  // only for a body it could compress; a smaller string or buffer leaves exactly as it would have.
  app.addHook("onRoute", (route) => {
    const before = onSendBeforeCompress.get(route);
    onSendBeforeCompress.delete(route);
    if (!before) return;
    const hooks = (asList(route.onSend) as OnSendHook[]).map((hook) =>
      before.has(hook) ? hook : compressUnlessSmall(hook),
    );
    if (hooks.length > 0) route.onSend = hooks;
  });
  // SHARED_STATE=postgres: every instance counts in the same table (plugins/rate-limit-store.ts),
  // the global limit written behind every RATE_LIMIT_FLUSH_MS (decision 0040). Closing the app
  // stops that timer and sends the last counts while the pool is still open.
  const pool = app.config.SHARED_STATE === "postgres" ? app.database.pool : undefined;
  const counter = pool
    ? new SharedHitCounter(pool, app.log, undefined, () => ensureSharedTables(pool))
    : undefined;
  if (counter) app.addHook("onClose", () => counter.close());
  await app.register(rateLimit, {
    ...(pool && counter ? { store: postgresRateLimitStore(pool, counter) } : {}),
    global: true,
    max: opts.rateLimitMax,
    timeWindow: "1 minute",
    // request.ip is undefined once the client has closed its socket; the plugin's default key
    // then crashed with a 500 under load. A closed connection shares one bucket instead.
    keyGenerator: (request) => request.ip ?? request.socket?.remoteAddress ?? "desconectado",
    // The default answer is English: ours is the one error shape, in Spanish.
    errorResponseBuilder: () => AppError.of("RATE_LIMITED"),
    // The x-ratelimit-* headers go on the 429 (with Retry-After), not on every answer under the
    // limit: no client of ours reads them there, and three headers on every read cost a tenth of
    // the smallest signed-in route (decision 0042).
    addHeadersOnExceeding: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
    },
  });
});

type OnSendHook = (
  this: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: DoneFuncWithErrOrRes,
) => void;

/** Each route's own onSend hooks as they were before @fastify/compress added its one. */
const onSendBeforeCompress = new WeakMap<object, Set<unknown>>();

/** The compression hook, skipped for a body under the threshold (which it would not compress). */
function compressUnlessSmall(compressHook: OnSendHook): OnSendHook {
  return function compressUnlessSmall(request, reply, payload, done) {
    if (
      (typeof payload === "string" || Buffer.isBuffer(payload)) &&
      Buffer.byteLength(payload) < COMPRESS_THRESHOLD
    ) {
      done(null, payload);
      return;
    }
    compressHook.call(this, request, reply, payload, done);
  };
}

export function helmetOptions(opts: SecurityOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "media-src": ["'self'", "blob:", "https:"],
        "frame-src": [
          "'self'",
          "https://player.vimeo.com",
          "https://www.youtube-nocookie.com",
          "https://www.youtube.com",
        ],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
        ...(opts.secureCookies ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    // The API docs UI needs its own inline bootstrap script; it lives under /api/docs only.
    crossOriginEmbedderPolicy: false,
    hsts: opts.secureCookies ? undefined : false,
  };
}

/**
 * The headers of a JSON answer (OWASP REST Security Cheat Sheet, "Security headers"): a JSON
 * answer is never rendered as a page, so the SPA's long CSP (a third of the ~1 KB of headers of
 * every API answer) protects nothing there; `default-src 'none'` and `frame-ancestors 'none'`
 * make sure it runs and frames nothing if someone opens it as a document anyway. nosniff keeps
 * browsers from guessing HTML in it; HSTS is the same as on pages.
 */
export function apiHeaders(opts: SecurityOptions): Record<string, string> {
  const pageHsts = securityHeaders(helmetOptions(opts))["strict-transport-security"];
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-resource-policy": "same-origin",
    ...(pageHsts ? { "strict-transport-security": pageHsts } : {}),
  };
}

/**
 * The headers helmet sets, computed once. @fastify/helmet builds a new helmet middleware (and
 * re-parses the CSP) on every request, a tenth of the cost of a small API answer; with static
 * options helmet's output never depends on the request, so we run it once against a recorder and
 * set the same names and values on every reply. A header a route sets itself still wins (the API
 * docs pages send their own CSP), as before. The test in security.test.ts compares with helmet.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== "string") throw new Error(`helmet set ${name} to a non-text value`);
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
