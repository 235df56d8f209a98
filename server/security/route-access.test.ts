import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROLES, type StaffRole } from "../../domain/staff";
import { PERMISSIONS, permissionFor, roleAllowed } from "../plugins/permissions";
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

/**
 * Staff roles (decision 0031): every back-office route (behind requireAdmin) is declared in the one
 * permissions table, and each role gets exactly what the table says. A coach's per-object rules
 * are checked here with a class they do not teach (403); staff.test.ts checks their own classes.
 */
describe("role × route matrix over every back-office route", () => {
  let t: TestApp;
  const headersOf: Partial<Record<StaffRole, Record<string, string>>> = {};
  beforeAll(async () => {
    t = await buildTestApp();
    for (const role of STAFF_ROLES) headersOf[role] = (await t.signUp({ role })).headers;
  });
  afterAll(() => t.close());

  const backOffice = () => t.app.routeTable.filter((r) => r.access === "admin");

  it("every back-office route has a declared permission, and every declared one is a back-office route", () => {
    const keys = backOffice().map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((key) => !(key in PERMISSIONS))).toEqual([]);
    expect(Object.keys(PERMISSIONS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it("each staff role is let through exactly where the table allows it", async () => {
    const failures: string[] = [];
    for (const role of STAFF_ROLES) {
      for (const route of backOffice()) {
        const permission = permissionFor(route.method, route.url);
        const objectRule = role === "coach" && permission.coach && permission.coach !== "self";
        const allowed = roleAllowed(role, permission) && !objectRule;
        const res = await t.app.inject({
          method: route.method as "GET",
          url: samplePath(route.url),
          headers: headersOf[role],
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
        const refused = res.statusCode === 403 && res.json().code === "FORBIDDEN";
        if (allowed === refused || res.statusCode === 401 || res.statusCode >= 500) {
          failures.push(`${role} ${route.method} ${route.url} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("front desk: customers and check-in yes; revenue, settings, audit and staff no", () => {
    const desk = (key: string) => roleAllowed("front_desk", PERMISSIONS[key]!);
    expect(desk("GET /api/customer/admin/all")).toBe(true);
    expect(desk("PUT /api/admin/class_reservations/:id/check_in")).toBe(true);
    expect(desk("POST /api/customer/admin/:id/sell")).toBe(true);
    expect(desk("GET /api/admin/dashboard")).toBe(false);
    expect(desk("GET /api/admin/lists/purchases")).toBe(false);
    expect(desk("PUT /api/appconfig")).toBe(false);
    expect(desk("GET /api/admin/audit")).toBe(false);
    expect(desk("GET /api/staff")).toBe(false);
    expect(roleAllowed("manager", PERMISSIONS["GET /api/staff"]!)).toBe(false);
    expect(roleAllowed("manager", PERMISSIONS["POST /api/admin/customers/:id/close"]!)).toBe(false);
  });
});
