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

describe("every operation documents its answer and its body", () => {
  type Operation = {
    requestBody?: { content?: Record<string, unknown> };
    responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  };
  const operations = () =>
    Object.entries(t.app.swagger().paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ path, method, op })),
    );

  it("has a 2xx answer with a schema, or says it answers no JSON", () => {
    const undocumented = operations()
      .filter(({ op }) => {
        const ok = Object.entries(op.responses ?? {}).filter(([status]) => /^2|^3/.test(status));
        return !ok.some(
          ([status, r]) =>
            status.startsWith("3") || status === "204" || Object.keys(r.content ?? {}).length > 0,
        );
      })
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(undocumented).toEqual([]);
  });

  it("declares the body of every write that reads one", () => {
    const withoutBody = operations()
      .filter(({ method }) => ["post", "put", "patch"].includes(method))
      .filter(({ op }) => Object.keys(op.requestBody?.content ?? {}).length === 0)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort();
    // Only these write without a JSON body of ours: the providers' signed webhooks (their raw
    // bytes are the signature's input), the multipart uploads, and actions on the path's resource.
    expect(withoutBody).toEqual(
      [
        "POST /api/webhooks/stripe",
        "POST /api/webhooks/paypal",
        "POST /api/files",
        "POST /api/files/s3",
        "POST /api/payments/sandbox/renewal-vouchers/{id}/pay",
        "POST /api/payments/sandbox/vouchers/{purchase_id}/pay",
        "POST /api/purchases/admin/{id}/confirm",
        "POST /api/purchases/admin/invoices/{id}/confirm",
        "POST /api/class_reservations/calendar-feed",
        "POST /api/admin/single_class/{id}/check_in_all",
        "PUT /api/class_reservation_penaltys/{id}/lift",
        "POST /api/facturas/admin/{id}/cancellation-status",
        "POST /api/facturas/admin/{id}/retry",
        "POST /api/videos/{id}/playback",
        "PUT /api/videos/{id}/complete",
        "PUT /api/videos/{id}/uncomplete",
        "POST /api/class_change_notices/{id}/dismiss",
        "POST /api/class_change_notices/{id}/cancel-reservation",
        "POST /api/customer/admin/{id}/password-reset",
        "POST /api/customer/admin/{id}/deactivate",
        "POST /api/customer/admin/{id}/reactivate",
        "POST /api/customer/closure-request",
        "POST /api/admin/customers/{id}/close",
        // Substitute requests: each step acts on the request of the path (decision 0101).
        "POST /api/substitute-requests/{id}/take",
        "POST /api/substitute-requests/{id}/cancel",
        "POST /api/substitute-requests/{id}/approve",
        "POST /api/substitute-requests/{id}/decline",
        // RFC 8058's one-click body ("List-Unsubscribe=One-Click") carries nothing we read.
        "POST /api/notifications/unsubscribe",
        "POST /api/auth/sign-out",
        // Wellhub's and TotalPass's signed webhooks (raw bytes), and asking a visit's validation again.
        "POST /api/webhooks/aggregators/{aggregator}",
        "POST /api/admin/aggregators/visits/{id}/validate",
      ].sort(),
    );
  });
});
