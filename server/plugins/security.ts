import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../domain/errors";

export type SecurityOptions = { rateLimitMax: number; secureCookies: boolean };

/**
 * Security headers with a strict Content-Security-Policy the SPA works under (no inline scripts;
 * Mantine injects <style> tags, so styles allow 'unsafe-inline'), compression, cookies and a
 * per-IP rate limit. Sensitive routes (sign-in, recovery, discount codes) set tighter limits.
 */
export default fp(async function securityPlugin(app: FastifyInstance, opts: SecurityOptions) {
  await app.register(helmet, {
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
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitMax,
    timeWindow: "1 minute",
    // request.ip is undefined once the client has closed its socket; the plugin's default key
    // then crashed with a 500 under load. A closed connection shares one bucket instead.
    keyGenerator: (request) => request.ip ?? request.socket?.remoteAddress ?? "desconectado",
    // The default answer is English: ours is the one error shape, in Spanish.
    errorResponseBuilder: () => AppError.of(429, "RATE_LIMITED", "rateLimited"),
  });
});
