import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer } from "../modules/customers/test-helpers";
import type { RouteInfo } from "../plugins/route-access";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { EXTERNAL_PREFIXES } from "./public-routes";

/**
 * Bad input never becomes a 500: every route of the route table gets random and hostile path
 * ids, query strings and bodies, wrong content types and an oversized payload, sent with
 * credentials that pass its guard (so validation and services are reached, not just the guard).
 * Every answer must be below 500 and, when it is an error, the one `{ message, code }` shape
 * with a Spanish message. GET requests must not change any row.
 */

const RUNS_PER_ROUTE = 15;

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

/** Replaces every `:param` (and a trailing `*`) with the given raw value, URL-encoded. */
function fillPath(url: string, values: string[]): string {
  let index = 0;
  return url
    .replace(/:(\w+)/g, () => encodeURIComponent(values[index++ % values.length] || "x"))
    .replace(/\*$/, () => encodeURIComponent(values[0] || "x"));
}

const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

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

  const ours = (): RouteInfo[] =>
    t.app.routeTable.filter(
      (r) => r.url.startsWith("/api") && !EXTERNAL_PREFIXES.some((prefix) => r.url.startsWith(prefix)),
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

  /** Row counts of the tables a read must never touch. */
  async function snapshot(): Promise<Record<string, number>> {
    const tables = [
      "customers",
      "class_reservations",
      "purchases",
      "single_classes",
      "class_packages",
      "pages",
      "announcements",
      "discounts",
      "waitlists",
      "files",
      "audit_log",
      "email_outbox",
    ];
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const result = await t.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      counts[table] = Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
    }
    return counts;
  }

  it("GET routes: hostile ids and query strings answer < 500 in Spanish and change no row", async () => {
    const before = await snapshot();
    const failures = await walk(ours().filter((r) => r.method === "GET"));
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it("writing routes: hostile ids, query strings and bodies answer < 500 in Spanish", async () => {
    const failures = await walk(ours().filter((r) => r.method !== "GET"));
    expect(failures).toEqual([]);
  }, 120_000);

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
