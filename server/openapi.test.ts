import fs from "node:fs";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./test/build-test-app";

/**
 * /api/docs passes Redocly's recommended rules (the same engine as `redocly lint`): every
 * operation has an operationId, its security and its 4xx answers; no two paths collide. The
 * document is written to .tmp/openapi.json for `npx @redocly/cli lint .tmp/openapi.json`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("OpenAPI document (/api/docs)", () => {
  it("passes Redocly's recommended rules without errors", async () => {
    const document = t.app.swagger();
    const source = JSON.stringify(document, null, 2);
    fs.mkdirSync(".tmp", { recursive: true });
    fs.writeFileSync(".tmp/openapi.json", source);
    const problems = await lintFromString({
      source,
      absoluteRef: "openapi.json",
      config: await createConfig({ extends: ["recommended"] }),
    });
    const errors = problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ""}`);
    const summary = new Map<string, number>();
    for (const p of problems)
      summary.set(`${p.severity} ${p.ruleId}`, (summary.get(`${p.severity} ${p.ruleId}`) ?? 0) + 1);
    console.log("redocly recommended:", Object.fromEntries(summary));
    expect(errors.slice(0, 30)).toEqual([]);
  });

  it("documents the sign-in, sign-out and recovery endpoints and the sign-up body", () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> })
      .paths;
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-out",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
    ])
      expect(paths[path]?.post, path).toBeDefined();
    const signup = paths["/api/customer/signup"]?.post?.requestBody as {
      content: Record<string, { schema: { properties?: Record<string, unknown> } }>;
    };
    expect(Object.keys(signup.content["application/json"]!.schema.properties ?? {})).toEqual(
      expect.arrayContaining(["email", "password", "password_confirm", "phone", "name", "last_name"]),
    );
  });
});
