import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { ACCOUNT_ROUTE_SEGMENTS, PUBLIC_ROUTE_SEGMENTS, RESERVED_SLUGS } from "../../domain/route-segments";
import { buildRoutes } from "./router";

/** The first path segment of every route under the one mounted at `mount`. */
function firstSegmentsUnder(routes: RouteObject[], mount: string): string[] {
  const found: string[] = [];
  const walk = (list: RouteObject[], inside: boolean) => {
    for (const route of list) {
      if (route.path === mount) walk(route.children ?? [], true);
      else if (inside && route.path) found.push(route.path.split("/")[0] ?? route.path);
      else walk(route.children ?? [], inside);
    }
  };
  walk(routes, false);
  return found.filter((segment) => !segment.startsWith(":") && segment !== "*");
}

// A content page whose slug is a screen's segment would be shadowed by it: the server refuses
// those slugs (RESERVED_SLUGS), so the list must name every screen the router has.
describe("reserved slugs and the router's screens (one owner: domain/route-segments.ts)", () => {
  it("lists the first segment of every public screen", () => {
    const segments = firstSegmentsUnder(buildRoutes(), "/");
    expect(segments.length).toBeGreaterThan(10);
    for (const segment of segments) expect(PUBLIC_ROUTE_SEGMENTS).toContain(segment);
    for (const segment of segments) expect(RESERVED_SLUGS.has(segment)).toBe(true);
  });

  it("lists every screen under /mystudio, so the packages path never takes one", () => {
    const segments = firstSegmentsUnder(buildRoutes("otro"), "/mystudio");
    for (const segment of segments.filter((s) => s !== "otro"))
      expect(ACCOUNT_ROUTE_SEGMENTS).toContain(segment);
  });

  it("keeps a packages path that would shadow a screen off the router", () => {
    const segments = firstSegmentsUnder(buildRoutes("calendario"), "/");
    expect(segments.filter((segment) => segment === "calendario")).toHaveLength(1);
  });
});
