import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app";

// Production logs one line per answer, not Fastify's two per request (decision 0082): the
// bench measured the two lines as a third of a cheap route's throughput.
describe("access log", () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { logger: { level: "info", stream } });
  });
  afterAll(() => t.close());

  it("writes one line per answer with method, URL, status and time, and nothing else per request", async () => {
    lines.length = 0;
    await t.app.inject({ method: "GET", url: "/api/health" });
    await t.app.inject({ method: "GET", url: "/api/no-existe?x=1" });
    const perRequest = lines.filter((line) => line.reqId !== undefined);
    expect(perRequest).toEqual([
      expect.objectContaining({ msg: "respuesta", method: "GET", url: "/api/health", status: 200 }),
      expect.objectContaining({ msg: "respuesta", method: "GET", url: "/api/no-existe?x=1", status: 404 }),
    ]);
    expect(typeof perRequest[0]?.ms).toBe("number");
  });
});
