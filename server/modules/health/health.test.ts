import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { testDriver } from "../../test/test-driver";

describe(`GET /api/health (${testDriver()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("answers ok when the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: testDriver() });
  });

  it("answers 503 in Spanish once the database is gone", async () => {
    const other = await buildTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: "DATABASE_UNAVAILABLE",
      message: expect.stringContaining("servicio"),
    });
    await other.app.close();
  });
});
