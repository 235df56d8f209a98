import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../db/schema/customers";
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

  it("never answers the private calendar feed's secret outside the feed route", async () => {
    const { headers, userId, email } = await t.signUp();
    await t.app.db.insert(customers).values({ uid: userId, name: "Ana", last_name: "Prueba", email });
    const feed = await t.app.inject({ url: "/api/class_reservations/calendar-feed", headers });
    expect(feed.statusCode).toBe(200);
    const token = /\/api\/ical\/([\w-]+)\.ics$/.exec(feed.json().url)?.[1];
    expect(token).toBeTruthy();
    for (const url of ["/api/session", "/api/customer"]) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(String(token));
    }
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
