import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../db/schema/auth";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { must } from "../test/fixtures";
import { SESSION_COOKIE_PREFIX } from "./auth";
import { fastSessionLookup, type SessionPolicy } from "./session-lookup";

let t: TestApp;
let policy: SessionPolicy;
beforeAll(async () => {
  t = await buildTestApp();
  policy = {
    secret: t.app.config.authSecret,
    cookieName: `${SESSION_COOKIE_PREFIX}.session_token`,
    expiresInSeconds: 60 * 60 * 24 * 30,
    updateAgeSeconds: 60 * 60 * 24,
  };
});
afterAll(() => t.close());

const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

async function signedIn() {
  const login = await t.signUp();
  const signed = must(login.headers.authorization, "a bearer token").slice("Bearer ".length);
  const raw = signed.slice(0, signed.lastIndexOf("."));
  const [row] = await t.app.db.select().from(session).where(eq(session.token, raw));
  expect(row?.userId).toBe(login.userId);
  return { login, signed, raw };
}

describe("fast session lookup (only accepts what better-auth accepts)", () => {
  it("accepts a signed Bearer token, an unsigned one and the signed cookie, each as the same login", async () => {
    const { login, signed, raw } = await signedIn();
    for (const headers of <Record<string, string>[]>[
      { authorization: `Bearer ${signed}` },
      { authorization: `Bearer ${raw}` },
      { cookie: `other=1; ${policy.cookieName}=${encodeURIComponent(signed)}` },
    ]) {
      const found = await fastSessionLookup(t.app.db, requestWith(headers), policy);
      expect(found?.id).toBe(login.userId);
      expect(found?.email).toBe(login.email);
      // And the real API agrees: the same credential opens a signed-in route.
      const me = await t.app.inject({ url: "/api/class_reservations/calendar-feed", headers });
      expect(me.statusCode).not.toBe(401);
    }
  });

  it("leaves to better-auth a forged signature, an unsigned cookie, an expired session and one due for refresh", async () => {
    const { signed, raw } = await signedIn();
    const forged = `${raw}.${"A".repeat(43)}=`;
    expect(
      await fastSessionLookup(t.app.db, requestWith({ authorization: `Bearer ${forged}` }), policy),
    ).toBe(undefined);
    expect(
      await fastSessionLookup(t.app.db, requestWith({ cookie: `${policy.cookieName}=${raw}` }), policy),
    ).toBe(undefined);
    const twoDaysAfterExtension = Date.now() + 2 * 86_400_000;
    expect(
      await fastSessionLookup(
        t.app.db,
        requestWith({ authorization: `Bearer ${signed}` }),
        policy,
        twoDaysAfterExtension,
      ),
    ).toBe(undefined);
    await t.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, raw));
    expect(
      await fastSessionLookup(t.app.db, requestWith({ authorization: `Bearer ${signed}` }), policy),
    ).toBe(undefined);
    const me = await t.app.inject({
      url: "/api/class_reservations/calendar-feed",
      headers: { authorization: `Bearer ${signed}` },
    });
    expect(me.statusCode).toBe(401);
  });
  it("reads tokens that arrive together as one array parameter: each finds its own login, and a token made of array syntax is only a string", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    t.app.forgetSessions();
    const hostile = ['"}{', "x\\", "a,b", "NULL", "{1,2}", "' or '1'='1"];
    const found = await Promise.all([
      fastSessionLookup(t.app.db, requestWith({ authorization: `Bearer ${a.raw}` }), policy),
      fastSessionLookup(t.app.db, requestWith({ authorization: `Bearer ${b.raw}` }), policy),
      ...hostile.map((token) =>
        fastSessionLookup(t.app.db, requestWith({ authorization: `Bearer ${token}` }), policy),
      ),
    ]);
    expect(found.slice(0, 2).map((login) => login?.id)).toEqual([a.login.userId, b.login.userId]);
    expect(found.slice(2)).toEqual(hostile.map(() => undefined));
    // Through the API: refused as not signed in, never a server error.
    for (const token of hostile) {
      const res = await t.app.inject({
        url: "/api/class_reservations/calendar-feed",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
