import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { EXTERNAL_PREFIXES, PUBLIC_ROUTES } from "./public-routes";

/** Fills path parameters with a plausible id so the guard, not the router, answers. */
function samplePath(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (/slug|code|token/i.test(name) ? "algo" : "1"));
}

describe("authorization matrix over every registered route", () => {
  let t: TestApp;
  let customer: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    customer = (await t.signUp()).headers;
  });
  afterAll(() => t.close());

  const ours = () =>
    t.app.routeTable.filter(
      (r) => r.url.startsWith("/api") && !EXTERNAL_PREFIXES.some((prefix) => r.url.startsWith(prefix)),
    );

  it("every route without a guard is a listed public route, and every listed one exists unguarded", () => {
    const unguarded = ours()
      .filter((r) => r.access === "public")
      .map((r) => `${r.method} ${r.url}`);
    expect(unguarded.filter((key) => !(key in PUBLIC_ROUTES))).toEqual([]);
    expect(Object.keys(PUBLIC_ROUTES).filter((key) => !unguarded.includes(key))).toEqual([]);
  });

  it("a visitor gets 401 from every guarded route, whatever the body", async () => {
    const failures: string[] = [];
    for (const route of ours().filter((r) => r.access !== "public")) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: samplePath(route.url),
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
      });
      if (res.statusCode !== 401 || res.json().code !== "UNAUTHORIZED") {
        failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a customer gets 403 from every admin route and no data", async () => {
    const failures: string[] = [];
    for (const route of ours().filter((r) => r.access === "admin")) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: samplePath(route.url),
        headers: customer,
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403 || res.json().code !== "FORBIDDEN") {
        failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
