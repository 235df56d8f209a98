import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { requireAdmin, requireUser } from "../auth/auth";
import { asList } from "./route-options";

export type RouteAccess = "public" | "user" | "admin";
export type RouteInfo = { method: string; url: string; access: RouteAccess };

declare module "fastify" {
  interface FastifyInstance {
    /** Every route with who may call it; the authorization tests walk this table. */
    routeTable: RouteInfo[];
  }
}

type Hook = NonNullable<RouteOptions["onRequest"]>;
const GUARDS: unknown[] = [requireUser, requireAdmin];

/**
 * Routes declare their guard as `preHandler: requireUser | requireAdmin`. This hook moves the
 * guard to onRequest, so it runs before the body is parsed and validated: a visitor gets 401
 * (not a 400 that describes the body rules of a route they may not use) and no work is done for
 * them. It also records each route's access level in app.routeTable.
 */
export default fp(async function routeAccessPlugin(app: FastifyInstance) {
  const table: RouteInfo[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    const pre = asList(route.preHandler);
    const guards = pre.filter((hook) => GUARDS.includes(hook));
    if (guards.length > 0) {
      const rest = pre.filter((hook) => !GUARDS.includes(hook));
      route.preHandler = rest.length > 0 ? (rest as RouteOptions["preHandler"]) : undefined;
      route.onRequest = [...asList(route.onRequest), ...guards] as Hook;
    }
    const onRequest = asList(route.onRequest);
    const access: RouteAccess = onRequest.includes(requireAdmin)
      ? "admin"
      : onRequest.includes(requireUser)
        ? "user"
        : "public";
    for (const method of asList(route.method) as string[]) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      table.push({ method, url: route.url, access });
    }
  });
});
