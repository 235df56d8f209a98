import type { RouteOptions } from "fastify";

/** A route option that may be one hook or a list of them, as a list. */
export function asList<T>(hook: T | T[] | null | undefined): T[] {
  if (!hook) return [];
  return Array.isArray(hook) ? hook : [hook];
}

/**
 * Whether a route's requests never carry a body (all its methods are GET or HEAD): Fastify reads
 * no body for those, so hooks about bodies stay off them (decision 0042).
 */
export function takesNoBody(route: Pick<RouteOptions, "method">): boolean {
  return asList(route.method).every((method) => method === "GET" || method === "HEAD");
}
