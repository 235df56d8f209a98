import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { testDriver } from "../../test/test-driver";

describe(`current user (${testDriver()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("GET /api/session is 200 with customer null for a visitor", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/session" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customer: null });
  });

  it("GET /api/customer is 401 for a visitor and the person's own data when signed in", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/customer" })).statusCode).toBe(401);
    const { headers, email } = await t.signUp({ name: "Lucía Pérez" });
    const res = await t.app.inject({ method: "GET", url: "/api/customer", headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toMatchObject({ email, role: "customer" });
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers });
    expect(session.json().customer.email).toBe(email);
  });

  it("signs in through a cookie as well as a Bearer token, and signing out ends the session", async () => {
    const { email } = await t.signUp();
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: "secreto123" },
    });
    const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
    expect(String(signIn.headers["set-cookie"])).toMatch(/HttpOnly/i);
    const me = await t.app.inject({ method: "GET", url: "/api/customer", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: "http://localhost:3000" },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/customer", headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});
