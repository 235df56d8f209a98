import { isUtf8 } from "node:buffer";
import type { FastifyInstance, preValidationHookHandler } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../domain/errors";
import { t } from "../../domain/messages";
import { asList, takesNoBody } from "./route-options";

/**
 * Characters no text of the studio contains: the C0 controls except tab, line feed and carriage
 * return (NUL among them: PostgreSQL refuses it in text and jsonb, which was a 500), DEL, and
 * UTF-16 halves without their pair (a JSON "\ud800" escape; stored, it would become U+FFFD).
 */
const UNWANTED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Nesting deeper than any form of ours is not walked further (validation refuses it anyway). */
const MAX_DEPTH = 32;

/**
 * Refuses such characters at the edge, with 400 INVALID_CHARACTERS in Spanish and the field that
 * holds them: in the path and query string as soon as the route is known (before its guard and
 * any query), bytes that are not UTF-8 in a JSON body while it is read, and the characters above
 * in a parsed JSON body before validation. Raw bodies (webhooks, uploads) are
 * not text and are left to their routes. The error handler also maps PostgreSQL's own refusals
 * (22021, 22P05) to 400 as a backstop for anything that arrives another way.
 */
export default fp(async function cleanInputPlugin(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => {
    const where =
      findUnwanted(request.params, "") ??
      findUnwanted(request.query, "") ??
      (hasUnwantedUrl(request.url) ? "_" : null);
    done(where === null ? undefined : invalidCharacters(where));
  });
  // JSON bodies must be UTF-8: Fastify would decode broken bytes to U+FFFD and store them. The
  // body is read as bytes and checked by Node's native isUtf8 before Fastify's own JSON parser
  // (same prototype-poisoning rules) reads it: a stream stage per request, as before, cost an
  // AbortController and a DOMException on every write (decision 0042).
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? "error",
    app.initialConfig.onConstructorPoisoning ?? "error",
  );
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(invalidCharacters("_"), undefined);
    parseJson(request, bytes.toString("utf8"), done);
  });
  // The parsed body's characters, only on routes that take a body: a GET or HEAD route runs one
  // hook stage less on every read (decision 0042). Fastify reads no body for those methods.
  app.addHook("onRoute", (route) => {
    if (takesNoBody(route)) return;
    route.preValidation = [bodyCharacters, ...asList(route.preValidation)];
  });
});

/** The unwanted characters in a parsed body, before the route's validation. */
const bodyCharacters: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body;
  if (body === null || body === undefined || Buffer.isBuffer(body) || typeof body !== "object") {
    return done(typeof body === "string" && UNWANTED.test(body) ? invalidCharacters("_") : undefined);
  }
  const where = findUnwanted(body, "");
  done(where === null ? undefined : invalidCharacters(where));
};

function invalidCharacters(field: string): AppError {
  return AppError.of("INVALID_CHARACTERS", { fields: { [field]: t("invalidCharacters") } });
}

/**
 * An unwanted character anywhere in the URL once decoded, or (under /api/) percent-encoding that is
 * not UTF-8 (%ED%A0%80, a surrogate; %F1, Latin-1): the query parser would pass those on as
 * U+FFFD or raw text. Pages are left alone there: an old link with Latin-1 in its query still
 * opens the page.
 */
function hasUnwantedUrl(url: string): boolean {
  if (!url.includes("%")) return UNWANTED.test(url);
  try {
    return UNWANTED.test(decodeURIComponent(url));
  } catch {
    return url.startsWith("/api/");
  }
}

/** The dotted path of the first string (value or key) holding an unwanted character, or null. */
export function findUnwanted(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return UNWANTED.test(value) ? path || "_" : null;
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return null;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const child = path ? `${path}.${key}` : String(key);
    if (typeof key === "string" && UNWANTED.test(key)) return child;
    const found = findUnwanted(item, child, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
