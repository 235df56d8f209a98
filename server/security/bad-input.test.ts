import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { toAppError } from "../plugins/errors";
import type { RouteInfo } from "../plugins/route-access";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { signUpCustomer } from "../test/customers";
import { EXTERNAL_PREFIXES } from "./public-routes";

/**
 * Bad input never becomes a 500 (docs/security.md): every route of the route table, better-auth's
 * endpoints included, gets random and hostile path ids, query strings and bodies, wrong content
 * types and an oversized payload, sent with credentials that pass its guard (so validation and
 * services are reached, not just the guard). Every answer must be below 500 and, when it is an
 * error, the one `{ message, code }` shape with a Spanish message. GET requests must not change
 * any row; text PostgreSQL cannot store or that no person writes (NUL and other control
 * characters, lone UTF-16 surrogates, bytes that are not UTF-8) is refused with 400 on every
 * route, in any path parameter, query value or body field, and changes no row either.
 */

const RUNS_PER_ROUTE = 15;
/** Streams every table and records the download in the Bitácora: tested on its own below. */
const STUDIO_EXPORT = "/api/admin/studio-export";

/**
 * Words of English library errors (Zod, Fastify, pg) that must never reach a client. Case
 * matters: Spanish sentences say "error" too ("Hubo un error al procesar tu compra").
 */
const ENGLISH =
  /\b(Invalid|invalid|Expected|expected|must|Required|required|Unexpected|received|undefined|Cannot|cannot|failed|Error:)/;

const HOSTILE_STRINGS = [
  "-1",
  "0",
  "99999999999999999999999",
  "2147483648",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "abc",
  "' OR '1'='1",
  "1; drop table customers;--",
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "javascript:alert(1)",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "a\u0000b",
  "\u0001\u001f\u007f",
  "\ud800",
  "x\udc00",
  "ñandú 🧘‍♀️ 日本",
  "\u202e\u200b",
  "null",
  "true",
  "",
  " ",
  "2026-02-30",
  "9999-12-31T99:99:99Z",
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  // Small ids that exist (the admin's and the customer's own rows) so services run, not only Zod.
  fc.nat({ max: 4 }).map(String),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constant("x".repeat(20_000)),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE, 1e308, 0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, nested a few levels, strings and numbers biased to hostile ones. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Field names our schemas use, so hostile values reach real fields and not only unknown keys. */
const FIELDS = [
  "id",
  "name",
  "last_name",
  "email",
  "password",
  "password_confirm",
  "phone",
  "title",
  "content",
  "slug",
  "description",
  "price",
  "amount",
  "date",
  "start",
  "end",
  "from",
  "to",
  "time",
  "capacity",
  "credits",
  "quantity",
  "customer_id",
  "class_package_id",
  "single_class_id",
  "payment_method_id",
  "discount_code",
  "code",
  "spot",
  "status",
  "type",
  "kind",
  "page",
  "limit",
  "q",
  "search",
  "order",
  "enabled",
  "active",
  "tags",
  "items",
  "weekdays",
];

const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 }),
  hostileValue,
);

const hostileQuery = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ minLength: 1, maxLength: 6 })),
  fc.oneof(hostileString, hostileNumber.map(String), fc.array(hostileString, { maxLength: 3 })),
  { maxKeys: 4 },
);

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * encodeURIComponent, except that half a surrogate pair (which it refuses) is sent as the bytes a
 * careless encoder would produce for it (CESU-8, not valid UTF-8).
 */
function encode(value: string): string {
  return value
    .split(/([\uD800-\uDFFF])/)
    .map((part) =>
      /^[\uD800-\uDFFF]$/.test(part)
        ? [
            ...Buffer.from([
              0xed,
              0xa0 | ((part.charCodeAt(0) >> 6) & 0x1f),
              0x80 | (part.charCodeAt(0) & 0x3f),
            ]),
          ]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join("")
        : encodeURIComponent(part),
    )
    .join("");
}

/** Replaces every `:param` (and a trailing `*`) with the given raw value, URL-encoded. */
function fillPath(url: string, values: string[]): string {
  let index = 0;
  return url
    .replace(/:(\w+)/g, () => encode(values[index++ % values.length] || "x"))
    .replace(/\*$/, () => encode(values[0] || "x"));
}

const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/** better-auth's catch-all route, walked at the endpoints the web and API clients use. */
const AUTH_ENDPOINTS: Record<string, string[]> = {
  GET: ["get-session", "list-sessions"],
  POST: [
    "sign-in/email",
    "sign-out",
    "change-password",
    "request-password-reset",
    "reset-password",
    "update-user",
    "revoke-session",
  ],
};

/** Control characters PostgreSQL refuses (NUL) or no person types; tab, CR and LF excluded. */
const CONTROL = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter((c) => !"\t\n\r".includes(c)),
  "\u007f",
];

/** A string with at least one unwanted character: a control character or half a surrogate pair. */
const unwantedString = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.oneof(fc.constantFrom(...CONTROL), fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff")),
    fc.string({ maxLength: 6 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Bytes that are not UTF-8 (a lone continuation byte, a cut sequence, overlongs, 0xFF). */
const INVALID_UTF8 = [[0x80], [0xc3], [0xc3, 0x28], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]];
const invalidUtf8 = fc.constantFrom(...INVALID_UTF8).map((bytes) => Buffer.from(bytes));

describe("hostile input on every route", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await t.signUp({ role: "admin" })).headers;
    customer = (await signUpCustomer(t)).headers;
  });
  afterAll(() => t.close());

  /** Our routes, and better-auth's catch-all once per endpoint it answers. */
  const ours = (): RouteInfo[] =>
    t.app.routeTable
      .filter((r) => r.url.startsWith("/api") && !r.url.startsWith("/api/docs"))
      .flatMap((r) =>
        EXTERNAL_PREFIXES.some((prefix) => r.url.startsWith(prefix))
          ? (AUTH_ENDPOINTS[r.method] ?? []).map((endpoint) => ({
              ...r,
              url: r.url.replace(/\*$/, endpoint),
            }))
          : [r],
      );
  const credentials = (route: RouteInfo) => (route.access === "admin" ? admin : customer);

  /** Sends one request and returns a description of what is wrong with the answer, if anything. */
  async function check(
    route: RouteInfo,
    request: { url: string; payload?: string | Buffer; contentType?: string },
  ): Promise<string | null> {
    const res = await t.app.inject({
      method: route.method as "GET",
      url: request.url,
      headers: {
        ...credentials(route),
        ...(request.contentType ? { "content-type": request.contentType } : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    const where = `${route.method} ${request.url.slice(0, 120)} (${String(request.payload ?? "").slice(0, 120)})`;
    if (res.statusCode >= 500) return `${where} → ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (res.statusCode < 400) return null;
    // A route a person opens from an email link (the unsubscribe page) answers a page, not JSON:
    // it must still be a Spanish page with no library English in its text.
    if (String(res.headers["content-type"] ?? "").startsWith("text/html")) {
      const text = res.body.replace(/<[^>]*>/g, " ");
      if (!res.body.includes('<html lang="es"'))
        return `${where} → ${res.statusCode} an HTML page not in Spanish`;
      if (ENGLISH.test(text)) return `${where} → English page: ${text.trim().slice(0, 200)}`;
      return null;
    }
    let body: { message?: unknown; code?: unknown };
    try {
      body = res.json();
    } catch {
      return `${where} → ${res.statusCode} without a JSON body`;
    }
    if (typeof body.message !== "string" || typeof body.code !== "string") {
      return `${where} → ${res.statusCode} without { message, code }: ${res.body.slice(0, 200)}`;
    }
    if (ENGLISH.test(body.message)) return `${where} → English message: ${body.message}`;
    return null;
  }

  /** Runs the property for each route and collects every failure instead of stopping at one. */
  async function walk(routes: RouteInfo[]) {
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileString, { minLength: 1, maxLength: 3 }),
          hostileQuery,
          hostileBody,
          async (ids, query, body) => {
            const url = fillPath(route.url, ids) + queryString(query);
            const problem = await check(route, {
              url,
              ...(WITH_BODY.has(route.method)
                ? { payload: JSON.stringify(body), contentType: "application/json" }
                : {}),
            });
            if (problem && failures.length < 40) failures.push(problem);
            return true;
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 20261122 },
      );
    }
    return failures;
  }

  /**
   * Tables a GET may write once, on its first read, and why. Each is a documented exception:
   * referral_codes holds the code a customer's "Invita a un amigo" shows, drawn the first time they
   * look (decision 0092), so customers who never look hold none.
   */
  const WRITTEN_ON_FIRST_READ = new Set(["referral_codes"]);

  /** Every table's row count and a checksum of its rows: any insert, update or delete shows. */
  async function snapshot(): Promise<Record<string, string>> {
    const rows = async (query: string) =>
      (await t.app.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
    const tables = await rows(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%' order by 1",
    );
    const sums: Record<string, string> = {};
    for (const { name } of tables.rows) {
      if (WRITTEN_ON_FIRST_READ.has(name as string)) continue;
      const result = await rows(
        `select count(*)::int as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as sum from "${name}" r`,
      );
      const { n, sum } = result.rows[0] as { n: number; sum: string };
      sums[name as string] = `${n}:${sum}`;
    }
    return sums;
  }

  it("GET routes: hostile ids and query strings answer < 500 in Spanish and change no row", async () => {
    // The one read that writes: the calendar feed URL is created on first read (idempotent).
    await t.app.inject({ method: "GET", url: "/api/class_reservations/calendar-feed", headers: customer });
    const before = await snapshot();
    const failures = await walk(ours().filter((r) => r.method === "GET" && r.url !== STUDIO_EXPORT));
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it("Exportar todo, the one read audited on purpose: hostile query strings still get the ZIP and write only its Bitácora row", async () => {
    // Walking it 15 times would stream the whole database 15 times; it takes no parameters.
    const before = await snapshot();
    const res = await t.app.inject({
      method: "GET",
      url: `${STUDIO_EXPORT}?page=-1&x=%3Cscript%3E&__proto__[a]=1`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/zip");
    const after = await snapshot();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toEqual(["audit_log"]);
    const [row] = (
      (await t.app.db.execute(
        sql.raw("select action from audit_log order by audit_log_id desc limit 1"),
      )) as unknown as { rows: { action: string }[] }
    ).rows;
    expect(row?.action).toBe("studio.export");
  }, 120_000);

  it("writing routes: hostile ids, query strings and bodies answer < 500 in Spanish", async () => {
    const failures = await walk(ours().filter((r) => r.method !== "GET"));
    expect(failures).toEqual([]);
  }, 120_000);

  it("control characters, lone surrogates and invalid UTF-8 anywhere answer 400 in Spanish and change no row", async () => {
    // Fresh sessions: the hostile writes above may have signed the others out.
    admin = (await t.signUp({ role: "admin" })).headers;
    customer = (await signUpCustomer(t)).headers;
    const before = await snapshot();
    const failures: string[] = [];
    const expect400 = async (
      route: RouteInfo,
      request: { url: string; payload?: string | Buffer; contentType?: string },
    ) => {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: request.url,
        headers: {
          ...credentials(route),
          ...(request.contentType ? { "content-type": request.contentType } : {}),
        },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      const body = res.body.startsWith("{") ? (res.json() as { code?: string; message?: string }) : {};
      if (
        res.statusCode !== 400 ||
        body.code !== "INVALID_CHARACTERS" ||
        body.message !== messages.invalidCharacters
      ) {
        failures.push(
          `${route.method} ${request.url.slice(0, 100)} → ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      }
    };
    for (const route of ours()) {
      const [bad] = fc.sample(unwantedString, { numRuns: 1, seed: route.url.length });
      const [bytes] = fc.sample(invalidUtf8, { numRuns: 1, seed: route.url.length });
      // Path parameters, as the route table names them.
      if (/:\w+/.test(route.url)) await expect400(route, { url: fillPath(route.url, [bad!]) });
      // A query value and a query name.
      const url = fillPath(route.url, ["1"]);
      await expect400(route, { url: `${url}?q=${encode(bad!)}` });
      await expect400(route, { url: `${url}?${encode(bad!)}=1` });
      if (!WITH_BODY.has(route.method) || route.url.startsWith("/api/webhooks/")) continue;
      // A body field (a name our schemas use, and nested) and raw bytes that are not UTF-8.
      await expect400(route, {
        url,
        payload: JSON.stringify({ name: "Ana", title: bad, items: [{ description: bad }] }),
        contentType: "application/json",
      });
      await expect400(route, {
        url,
        payload: Buffer.concat([Buffer.from('{"name":"Ana '), bytes!, Buffer.from('"}')]),
        contentType: "application/json; charset=utf-8",
      });
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it("better-auth's update-user with nulls, numbers and lists where it expects text answers 4xx and changes nothing", async () => {
    const before = await snapshot();
    for (const payload of [
      { name: null },
      { name: 5 },
      { name: ["Ana"] },
      { image: 5 },
      { name: { first: "Ana" } },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/update-user",
        headers: { ...customer, "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("text the database itself refuses (a NUL that got past the edge) maps to 400, not 500", async () => {
    const refusal = async (query: ReturnType<typeof sql>) => {
      try {
        await t.app.db.execute(query);
      } catch (error) {
        return toAppError(error);
      }
      throw new Error("the database accepted it");
    };
    const text = await refusal(sql`select ${"a\u0000b"}::text`);
    expect([text.status, text.code, text.message]).toEqual([
      400,
      "INVALID_CHARACTERS",
      messages.invalidCharacters,
    ]);
    const json = await refusal(sql`select ${'{"a":"\\u0000"}'}::jsonb`);
    expect([json.status, json.code]).toEqual([400, "INVALID_CHARACTERS"]);
  });

  it("wrong content types, broken JSON and a payload over 1 MB are refused in Spanish", async () => {
    const failures: string[] = [];
    const big = JSON.stringify({ name: "a".repeat(1_100_000) });
    for (const route of ours().filter((r) => WITH_BODY.has(r.method))) {
      const url = fillPath(route.url, ["1"]);
      for (const request of [
        { url, payload: "name=ana", contentType: "text/plain" },
        { url, payload: "<a>1</a>", contentType: "application/xml" },
        { url, payload: "name=ana&x[]=1", contentType: "application/x-www-form-urlencoded" },
        { url, payload: '{"name": "ana",', contentType: "application/json" },
        { url, payload: "", contentType: "application/json" },
        { url, payload: big, contentType: "application/json" },
      ]) {
        const problem = await check(route, request);
        if (problem) failures.push(problem);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("a payload over 1 MB answers 413 with the Spanish message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/pages",
      headers: { ...admin, "content-type": "application/json" },
      payload: JSON.stringify({ title: "a".repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "El contenido enviado es demasiado grande.",
    });
  });
});
