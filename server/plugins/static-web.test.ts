import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app";

describe("serving the built web app", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>shell</title>");
    fs.writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
    fs.writeFileSync(path.join(dist, "robots-test.txt"), "x");
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("caches hashed assets for a year and marks them immutable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers client routes with index.html, revalidated on every visit", async () => {
    for (const url of ["/", "/mystudio/reservaciones", "/checkout/3", "/terminos-y-condiciones"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<title>shell</title>");
      expect(String(res.headers["cache-control"])).toMatch(/no-cache|must-revalidate/);
    }
  });

  it("answers a missing file or API path with the JSON 404, not the shell", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/assets/nope-999.js" });
    expect(missing.statusCode).toBe(404);
    const api = await t.app.inject({ method: "GET", url: "/api/nada" });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe("NOT_FOUND");
  });
});
