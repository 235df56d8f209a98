import { brotliDecompressSync } from "node:zlib";
import { errorCodes as fastifyErrors } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isErrorCode } from "../../domain/error-codes";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { toAppError } from "./errors";

describe("error shape, headers and routing", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    // Body errors are only reported to someone allowed to call the route (guards run first).
    admin = (await t.signUp({ role: "admin" })).headers;
  });
  afterAll(() => t.close());

  it("unknown API routes answer a Spanish JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-existe" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Esta ruta no existe.", code: "NOT_FOUND" });
  });

  it("malformed JSON is a 400 in Spanish, not a 500", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: { ...admin, "content-type": "application/json" },
      payload: "{ roto",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "INVALID_JSON",
      message: "El cuerpo de la solicitud no es JSON válido.",
    });
  });

  it("a wrong content type is a 415 in Spanish", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: { ...admin, "content-type": "application/x-nada" },
      payload: "x",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Tipo de contenido no soportado.");
  });

  it("sends security headers with a strict Content-Security-Policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    // A JSON answer gets the API's short set; pages get helmet's (security.test.ts checks both).
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("compresses large responses", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/appconfig",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("compresses an answer over the threshold and sends a small one as it is", async () => {
    const large = await t.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "br" } });
    expect(large.headers["content-encoding"]).toBe("br");
    expect(large.headers.vary).toContain("accept-encoding");
    const paths = JSON.parse(brotliDecompressSync(large.rawPayload).toString()).paths;
    expect(paths).toHaveProperty("/api/appconfig");

    const small = await t.app.inject({ url: "/api/health", headers: { "accept-encoding": "br, gzip" } });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.json().status).toBe("ok");
  });

  it("publishes the OpenAPI description", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty("/api/appconfig");
  });
});

describe("no answer carries an internal Fastify code (decision 0056 §4)", () => {
  const made = Object.entries(fastifyErrors).map(([name, FastifyErrorClass]) => {
    // Each is a class made by @fastify/error; some take message arguments.
    const error = new (
      FastifyErrorClass as unknown as new (
        ...a: string[]
      ) => Error & { statusCode?: number }
    )("a", "b", "c");
    return [name, error] as const;
  });
  // @fastify/multipart's and others' errors are plain objects with a code and a status.
  const plugins = [
    ["FST_INVALID_MULTIPART_CONTENT_TYPE", 406],
    ["FST_FILES_LIMIT", 413],
    ["FST_PARTS_LIMIT", 413],
    ["FST_PROTO_VIOLATION", 400],
    ["FST_ERR_CTP_INVALID_CONTENT_LENGTH", 400],
  ].map(([code, statusCode]) => [code, Object.assign(new Error("x"), { code, statusCode })] as const);

  it.each([...made, ...plugins])("%s answers one of our catalogued codes", (_name, error) => {
    const answer = toAppError(error);
    expect(answer.code).not.toMatch(/^FST_/);
    expect(isErrorCode(answer.code)).toBe(true);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) expect(answer.status).toBeLessThan(500);
  });
});
