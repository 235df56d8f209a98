import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { AppError } from "../../../domain/errors";
import { RouteMetrics } from "./route-metrics";

/**
 * Prometheus metrics at GET /metrics (prom-client), for the operator's scraper only: with
 * METRICS_TOKEN unset the route answers 404 as if it did not exist; with it, the scraper sends
 * `Authorization: Bearer <token>` and anything else gets 401. Per instance, as Prometheus
 * expects (it scrapes every instance and sums):
 *
 * - estudio_http_requests_total{method,route,status} and estudio_http_request_duration_seconds
 *   {method,route}: the route is Fastify's pattern ("/api/single_class/single/:id"), never the
 *   raw URL, so ids and query strings cannot grow the series without bound.
 * - estudio_db_pool_connections{state}: total, idle and waiting clients of the PostgreSQL pool.
 * - estudio_job_queue_depth{queue}: pg-boss jobs waiting (created or retry) per queue.
 * - estudio_bookings_total and estudio_purchases_total{route}: successful answers of the routes
 *   that book a class or record a purchase (BOOKING_ROUTES, PURCHASE_ROUTES).
 * - Node's own (event loop lag, heap, CPU) with the estudio_ prefix.
 */
export const BOOKING_ROUTES = new Set(["POST /api/class_reservations"]);
export const PURCHASE_ROUTES = new Set([
  "POST /api/checkout",
  "POST /api/checkout/confirm",
  "POST /api/checkout/capture",
  "POST /api/purchases/admin/:id/confirm",
  "POST /api/payments/sandbox/session/:id/pay",
]);

function tokenMatches(expected: string, header: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? "unmatched";
}

export default fp(async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "estudio_" });
  const routes = new RouteMetrics(
    { requests: "estudio_http_requests_total", duration: "estudio_http_request_duration_seconds" },
    {
      requests: "HTTP answers by route pattern, method and status",
      duration: "Time to answer, by route pattern and method",
    },
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  routes.registerIn(registry);
  const bookings = new Counter({
    name: "estudio_bookings_total",
    help: "Classes booked (successful POST /api/class_reservations)",
    registers: [registry],
  });
  const purchases = new Counter({
    name: "estudio_purchases_total",
    help: "Purchases recorded or confirmed, by route",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const pool = app.database.pool;
  new Gauge({
    name: "estudio_db_pool_connections",
    help: "PostgreSQL pool clients: total, idle, waiting (requests queued for a client)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "estudio_job_queue_depth",
    help: "Background jobs waiting to run (pg-boss created or retry), by queue",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, depth] of Object.entries(await app.jobs.queueDepth())) this.set({ queue }, depth);
    },
  });

  // A callback hook: it runs on every answer of the app.
  app.addHook("onResponse", (request, reply, done) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    if (route !== "/metrics") routes.record(request.method, route, status, reply.elapsedTime / 1000);
    if (status < 300) {
      const key = `${request.method} ${route}`;
      if (BOOKING_ROUTES.has(key)) bookings.inc();
      else if (PURCHASE_ROUTES.has(key)) purchases.inc({ route });
    }
    done();
  });

  app.get("/metrics", { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const token = app.config.METRICS_TOKEN;
    if (!token) throw AppError.of("NOT_FOUND", { message: "routeNotFound" });
    if (!tokenMatches(token, request.headers.authorization)) {
      throw AppError.of("UNAUTHORIZED");
    }
    reply.header("content-type", registry.contentType);
    reply.header("cache-control", "no-store");
    return registry.metrics();
  });
});
