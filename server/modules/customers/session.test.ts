import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
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

  it("better-auth's reset request answers in Spanish (decision 0056 §4)", async () => {
    const { email } = await t.signUp();
    for (const address of [email, "nadie@prueba.mx"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email: address, redirectTo: "/restablecer" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: messages.recoverySent });
    }
  });

  /** Decision 0055: a page's script never receives a session token; sessions are listed by id. */
  describe("sessions without tokens", () => {
    const PHONE_UA =
      "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    const browser = { "sec-fetch-site": "same-origin", "user-agent": PHONE_UA };

    async function browserSignIn(email: string) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { ...browser, "x-forwarded-for": "203.0.113.9" },
        payload: { email, password: "secreto123" },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    }

    it("a browser's sign-in, session and password change answers carry no token, header or body", async () => {
      const { email } = await t.signUp();
      const signIn = await browserSignIn(email);
      expect(signIn.headers["set-auth-token"]).toBeUndefined();
      // One session cookie, and the trusted-device mark beside it (decision 0056 §3).
      const setCookies = [signIn.headers["set-cookie"]].flat().join("\n");
      expect(setCookies.match(/session_token=/g)).toHaveLength(1);
      expect(setCookies).toMatch(/estudio_device=[\w.-]+; Path=\/api\/auth;.*HttpOnly/);
      expect(signIn.body).not.toMatch(/"token"/);
      const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
      const session = await t.app.inject({ url: "/api/auth/get-session", headers: { ...browser, cookie } });
      expect(session.statusCode).toBe(200);
      expect(session.json().session.id).toEqual(expect.any(String));
      expect(session.body).not.toMatch(/"token"/);
      // better-auth's list and revoke by token are closed.
      const list = await t.app.inject({ url: "/api/auth/list-sessions", headers: { cookie } });
      expect(list.statusCode).toBe(404);
      const revoke = await t.app.inject({
        method: "POST",
        url: "/api/auth/revoke-session",
        headers: { cookie },
        payload: { token: "x" },
      });
      expect(revoke.statusCode).toBe(404);
    });

    it("lists my sessions with device, place and time, and ends any of them; another's id is 404", async () => {
      const me = await t.signUp();
      const phone = await browserSignIn(me.email);
      const phoneCookie = String(phone.headers["set-cookie"]).split(";")[0]!;
      const list = await t.app.inject({ url: "/api/account/sessions", headers: me.headers });
      expect(list.statusCode, list.body).toBe(200);
      const sessions = list.json().sessions as Record<string, unknown>[];
      // t.signUp's own sign-up session, its sign-in (these headers) and the phone.
      expect(sessions).toHaveLength(3);
      expect(list.body).not.toMatch(/"token"/);
      const [, bearerToken] = me.headers.authorization!.split(" ");
      expect(list.body).not.toContain(bearerToken!.split(".")[0]);
      const onPhone = sessions.find((s) => s.device === "Chrome en Android")!;
      // The address Fastify saw (inject's), not the one the client wrote in X-Forwarded-For.
      expect(onPhone).toMatchObject({ place: "127.0.0.1", current: false });
      expect(Date.parse(String(onPhone.signed_in_at))).toBeLessThanOrEqual(Date.now());
      expect(sessions.filter((s) => s.current)).toHaveLength(1);

      const someoneElse = await t.signUp();
      const notMine = await t.app.inject({
        method: "DELETE",
        url: `/api/account/sessions/${onPhone.id}`,
        headers: someoneElse.headers,
      });
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json().code).toBe("SESSION_NOT_FOUND");
      expect(
        (await t.app.inject({ url: "/api/customer", headers: { cookie: phoneCookie } })).statusCode,
      ).toBe(200);

      const ended = await t.app.inject({
        method: "DELETE",
        url: `/api/account/sessions/${onPhone.id}`,
        headers: me.headers,
      });
      expect(ended.statusCode, ended.body).toBe(200);
      expect(
        (await t.app.inject({ url: "/api/customer", headers: { cookie: phoneCookie } })).statusCode,
      ).toBe(401);
      // And this one, from itself.
      const current = sessions.find((s) => s.current)!;
      expect(
        (
          await t.app.inject({
            method: "DELETE",
            url: `/api/account/sessions/${current.id}`,
            headers: me.headers,
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ url: "/api/customer", headers: me.headers })).statusCode).toBe(401);
    });
  });
});
