import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../domain/errors";

/** Methods that never change anything (the routes keep it so), so any site may send them. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Writes that come from other sites on purpose: payment providers' servers post their events
 * here. They carry no cookie and no Origin, and what authenticates them is the provider's
 * signature over the raw body (server/modules/checkout/webhooks.routes.ts), so a browser
 * cannot forge one from another site either. Any other route refuses a cross-site write.
 */
export const CROSS_SITE_WRITE_PREFIXES: Record<string, string> = {
  "/api/webhooks/": "payment providers' servers post signed events; the signature is the credential",
};

export type SameOriginOptions = { publicUrl: string };

/**
 * Every state change under /api comes from the site itself (OWASP CSRF Prevention Cheat Sheet,
 * "Verifying origin with standard headers"), on top of the SameSite=Lax session cookie:
 *
 * - `Sec-Fetch-Site` (set by browsers since 2020-2023, never by a page): `cross-site` and
 *   `same-site` are refused, `same-origin` and `none` (typed by the person) let through.
 * - Otherwise, with an `Origin` header (every browser sends it on a cross-site POST, PUT, PATCH
 *   or DELETE, fetch and forms alike), its host must be the site's own: config.publicUrl, or the
 *   host the request was sent to (`Host`, or X-Forwarded-Host behind a trusted proxy). That is what
 *   a same-host deployment under another name, the Vite dev proxy (it keeps the Host) and
 *   app.inject in tests look like; an attacking page cannot choose the Host the victim's browser
 *   sends, only its own Origin, so it never matches. `Origin: null` (sandboxed frames, data:
 *   pages, cross-site redirects) is refused.
 * - Without either, a `Referer` from another host is refused the same way.
 * - Without any of them the request is not a browser's cross-site one (a browser always sends
 *   Origin or Sec-Fetch-Site on such a write), but an API client with a Bearer token, a script
 *   or app.inject: those carry their own credential and are let through.
 *
 * The answer is the one error shape, 403 CROSS_SITE_REQUEST in Spanish, sent before the route's
 * guard and before the body is read. better-auth's endpoints (/api/auth/*) are covered too.
 *
 * Bodies: Fastify parses JSON and text/plain by default; text/plain is the one body type a page of
 * another site can post without asking (a "simple" request), so its parser is removed for the
 * whole app and a text/plain body answers 415. Routes that need another type add its parser in
 * their own scope (uploads: multipart; the sandbox payment form: urlencoded; webhooks: raw JSON).
 */
export default fp(async function sameOriginPlugin(app: FastifyInstance, opts: SameOriginOptions) {
  const siteOrigin = new URL(opts.publicUrl).origin;
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return done();
    if (Object.keys(CROSS_SITE_WRITE_PREFIXES).some((prefix) => request.url.startsWith(prefix)))
      return done();
    if (isCrossSite(request, siteOrigin)) {
      return done(AppError.of("CROSS_SITE_REQUEST"));
    }
    done();
  });
});

/**
 * Whether the browser says this request was made by a page of another site. `Sec-Fetch-Site` is
 * set by the browser alone (pages cannot write it) and is read first: our pages send
 * `Referrer-Policy: no-referrer`, under which a browser may send `Origin: null` even on a
 * same-origin form post. Browsers without it (before 2023) are judged by Origin, then Referer.
 */
export function isCrossSite(
  request: Pick<FastifyRequest, "headers" | "host" | "protocol">,
  siteOrigin: string,
): boolean {
  const fetchSite = header(request, "sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  if (fetchSite === "same-origin" || fetchSite === "none") return false;
  const origin = header(request, "origin");
  if (origin !== undefined) return !isOwn(origin, request, siteOrigin);
  const referer = header(request, "referer");
  if (referer !== undefined && referer !== "") return !isOwn(referer, request, siteOrigin);
  return false;
}

/**
 * Whether an Origin or Referer names the site's own origin (PUBLIC_URL's) or the one the request
 * was sent to: scheme, host and port all compared (decision 0056 §4), so a page served over plain
 * http on the same name, or on another port, is another site. The request's scheme is Fastify's
 * (`X-Forwarded-Proto` only behind a trusted proxy); "localhost:80" over http is "http://localhost".
 */
function isOwn(
  value: string,
  request: Pick<FastifyRequest, "host" | "protocol">,
  siteOrigin: string,
): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false; // "null" and anything unparsable
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.origin === siteOrigin) return true;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin === url.origin;
  } catch {
    return false;
  }
}

function header(request: Pick<FastifyRequest, "headers">, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
