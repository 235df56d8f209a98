import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { testDriver } from "../../test/test-driver";

// Runs on PostgreSQL too: the pool's health and metrics (docs/decisions/0061).

// Two apps for the whole file (each boot is seconds on a loaded machine): the default one, and one
// with METRICS_TOKEN whose database is closed last, for the answers once the database is gone.
const TOKEN = "metricas-secretas-0123456789";
let plain: TestApp;
let withMetrics: TestApp;
beforeAll(async () => {
  [plain, withMetrics] = await Promise.all([buildTestApp(), buildTestApp({ METRICS_TOKEN: TOKEN })]);
});
afterAll(async () => {
  await plain?.close();
  await withMetrics?.app.close();
});

describe(`GET /api/health and /api/ready (${testDriver()})`, () => {
  it("health answers ok when the database answers", async () => {
    const res = await plain.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: testDriver() });
  });

  it("is ready with the migrations applied and jobs off on purpose (JOBS=0)", async () => {
    const res = await plain.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: "ready", database: "ok", jobs: "off" });
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(0);
  });
});

describe(`GET /metrics (${testDriver()})`, () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const res = await plain.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(404);
  });

  it("refuses a missing or wrong token and counts requests, bookings and the pool for the right one", async () => {
    const t = withMetrics;
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    await t.app.inject({ method: "GET", url: "/api/single_class/single/7654321" });
    await t.app.inject({ method: "GET", url: "/api/health" });
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const text = res.body;
    // The route pattern, never the id: series cannot grow with the URLs callers invent.
    expect(text).toMatch(
      /estudio_http_requests_total\{method="GET",route="\/api\/single_class\/single\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(
      /estudio_http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} 1/,
    );
    // A histogram Prometheus can read: its type, cumulative buckets up to +Inf, then the sum.
    expect(text).toContain("# TYPE estudio_http_request_duration_seconds histogram");
    expect(text).toMatch(
      /estudio_http_request_duration_seconds_bucket\{le="10",method="GET",route="\/api\/health"\} 1\n/,
    );
    expect(text).toMatch(
      /estudio_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health"\} 1\n/,
    );
    expect(text).toMatch(
      /estudio_http_request_duration_seconds_sum\{method="GET",route="\/api\/health"\} [\d.e-]+\n/,
    );
    expect(text).toContain("# TYPE estudio_http_requests_total counter");
    expect(text).not.toContain("7654321");
    expect(text).toContain("estudio_bookings_total 0");
    expect(text).toContain("estudio_purchases_total");
    expect(text).toContain("estudio_job_queue_depth");
    if (testDriver() === "postgres") expect(text).toMatch(/estudio_db_pool_connections\{state="total"\} \d+/);
  });
});

// Last: these close the second app's database.
describe(`once the database is gone (${testDriver()})`, () => {
  beforeAll(() => withMetrics.database.close());

  it("health answers 503 in Spanish", async () => {
    const res = await withMetrics.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: "DATABASE_UNAVAILABLE",
      message: expect.stringContaining("servicio"),
    });
  });

  it("ready answers 503 in Spanish, naming the database", async () => {
    const res = await withMetrics.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: "not_ready",
      database: "unavailable",
      message: expect.stringContaining("listo"),
    });
  });
});
