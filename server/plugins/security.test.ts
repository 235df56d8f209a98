import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { helmetOptions } from "./security";

/** A minimal web build, so the app serves a real HTML page and a static file. */
function webDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "security-dist-"));
  fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>x</title><p>hola</p>");
  fs.writeFileSync(path.join(dist, "logo.svg"), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  return dist;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: webDist() });
});
afterAll(() => t.close());

/** What @fastify/helmet (the per-request middleware we replaced) sends with the same options. */
async function helmetReference(secureCookies: boolean): Promise<Record<string, unknown>> {
  const app = Fastify();
  // Its options type is the same object, declared through its own copy of helmet's types.
  await app.register(
    fastifyHelmet,
    helmetOptions({ rateLimitMax: 1, secureCookies }) as FastifyHelmetOptions,
  );
  app.get("/", async () => ({ ok: true }));
  const res = await app.inject({ method: "GET", url: "/" });
  await app.close();
  const {
    "content-type": _type,
    "content-length": _length,
    date: _date,
    connection: _c,
    ...rest
  } = res.headers;
  return rest;
}

/** The short set of every JSON answer (OWASP REST Security Cheat Sheet). */
const API_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
};

/** The names of the security headers a response carries (helmet's or the API's). */
function securityHeaderNames(headers: Record<string, unknown>, reference: Record<string, unknown>) {
  return Object.keys(headers).filter((name) => name in reference || name in API_HEADERS);
}

describe("security headers", () => {
  it("pages and static files get exactly helmet's headers", async () => {
    const expected = await helmetReference(false);
    expect(expected["content-security-policy"]).toContain("object-src 'none'");
    const answers = await Promise.all([
      t.app.inject({ method: "GET", url: "/" }),
      t.app.inject({ method: "GET", url: "/mystudio/reservaciones" }),
      t.app.inject({ method: "GET", url: "/logo.svg" }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]!.headers["content-type"]).toMatch(/text\/html/);
    for (const res of answers) {
      expect(res.headers).toMatchObject(expected);
      expect(securityHeaderNames(res.headers, expected).sort()).toEqual(Object.keys(expected).sort());
    }
  });

  it("JSON answers, errors, unknown API routes and a 304 get the short API set and nothing of the page's", async () => {
    const admin = await t.signUp({ role: "admin" });
    const answers = await Promise.all([
      t.app.inject({ method: "GET", url: "/api/appconfig" }),
      t.app.inject({ method: "GET", url: "/api/appconfig", headers: { "accept-encoding": "br" } }),
      t.app.inject({ method: "GET", url: "/api/class_reservations" }),
      t.app.inject({ method: "GET", url: "/api/no-existe" }),
      t.app.inject({
        method: "PUT",
        url: "/api/appconfig",
        headers: { ...admin.headers, "content-type": "application/json" },
        payload: "{",
      }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400]);
    const notModified = await t.app.inject({
      method: "GET",
      url: "/api/appconfig",
      headers: { "if-none-match": String(answers[0]!.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    const pageOnly = await helmetReference(false);
    for (const res of [...answers, notModified]) {
      expect(res.headers).toMatchObject(API_HEADERS);
      expect(securityHeaderNames(res.headers, pageOnly).sort()).toEqual(Object.keys(API_HEADERS).sort());
    }
  });

  it("behind https both sets send HSTS, and pages upgrade-insecure-requests, as helmet does", async () => {
    const expected = await helmetReference(true);
    expect(expected["strict-transport-security"]).toBeTruthy();
    const secure = await buildTestApp({ PUBLIC_URL: "https://estudio.example.mx", WEB_DIST: webDist() });
    try {
      const page = await secure.app.inject({ method: "GET", url: "/" });
      expect(page.headers).toMatchObject(expected);
      expect(String(page.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
      const api = await secure.app.inject({ method: "GET", url: "/api/health" });
      expect(api.headers).toMatchObject({
        ...API_HEADERS,
        "strict-transport-security": expected["strict-transport-security"],
      });
    } finally {
      await secure.close();
    }
  });
});
