import { desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "../../../domain/messages";
import { user, verification } from "../../db/schema/auth";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { signUpCustomer, TEST_PASSWORD } from "../../test/customers";
import { testDriver } from "../../test/test-driver";

// Runs on PostgreSQL too: better-auth's sessions and accounts on node-postgres (docs/decisions/0061).

describe(`sign-in, recovery and sessions (${testDriver()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await t.signUp({ role: "admin" })).headers;
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });

  /**
   * The reset token of the newest request for this email. The outbox hides it (outbox-redaction
   * test), so the test reads better-auth's verification row, as only the recipient could.
   */
  async function resetToken(email: string): Promise<string> {
    const [row] = await t.app.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .innerJoin(user, eq(user.id, verification.value))
      .where(eq(user.email, email))
      .orderBy(desc(verification.createdAt))
      .limit(1);
    return row!.identifier.replace(/^reset-password:/, "");
  }

  it("tells an unknown email from a wrong password with two different messages", async () => {
    const { payload } = await signUpCustomer(t);
    const unknown = await signIn("nadie@prueba.mx", TEST_PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: "USER_NOT_FOUND", message: messages.userNotFound });
    const wrong = await signIn(payload.email, "incorrecta");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: "WRONG_PASSWORD", message: messages.wrongPassword });
    expect((await signIn(payload.email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("slows sign-in per address and account with a Spanish 429 that says how long (decision 0056)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const { payload } = await signUpCustomer(t);
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await signIn(payload.email, "mala")).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
      const slowed = await signIn(payload.email, TEST_PASSWORD);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toMatchObject({ code: "SIGN_IN_THROTTLED", retry_after: 1 });
      // Another account from the same IP is not slowed by this one's typos.
      const other = await signUpCustomer(t);
      expect((await signIn(other.payload.email, TEST_PASSWORD)).statusCode).toBe(200);
      // After the wait, the right password signs in.
      vi.setSystemTime(Date.now() + 1000);
      expect((await signIn(payload.email, TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("rate-limits recovery requests too", async () => {
    const email = `limite.${Date.now()}@prueba.mx`;
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await t.app.inject({ method: "POST", url: "/api/customer/recover", payload: { email } })).statusCode,
      );
    }
    expect(codes.at(-1)).toBe(429);
  });

  it("answers recovery the same for known and unknown emails; only a real account gets the email", async () => {
    const { payload } = await signUpCustomer(t);
    const known = await t.app.inject({
      method: "POST",
      url: "/api/customer/recover",
      payload: { email: payload.email },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/customer/recover",
      payload: { email: "nadie.mas@prueba.mx" },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: messages.recoverySent });
    const outbox = await t.app.inject({
      method: "GET",
      url: "/api/admin/outbox?to=nadie.mas@prueba.mx",
      headers: admin,
    });
    expect(outbox.json().emails).toEqual([]);
    expect(await resetToken(payload.email)).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it("resets the password once with a policy-checked password, signing out every session", async () => {
    const { payload, headers } = await signUpCustomer(t);
    await t.app.inject({ method: "POST", url: "/api/customer/recover", payload: { email: payload.email } });
    const token = await resetToken(payload.email);
    const weak = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "123" },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe("La contraseña es muy corta: usa más caracteres (al menos 8).");
    const common = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "contraseña123" },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: "PASSWORD_POLICY", message: messages.passwordTooCommon });
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "Nopal.Lunar.Brinca.71" },
    });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "Ranas-Verdes-Nadan-48" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: "INVALID_TOKEN", message: messages.resetTokenInvalid });
    expect((await signIn(payload.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(payload.email, "Nopal.Lunar.Brinca.71")).statusCode).toBe(200);
    // The old session was revoked by the reset: its token now reads as an expired session.
    const stale = await t.app.inject({ method: "GET", url: "/api/customer", headers });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ code: "SESSION_EXPIRED", message: messages.sessionExpired });
  });

  it("refuses an expired reset token (one hour)", async () => {
    const { payload } = await signUpCustomer(t);
    await t.app.inject({ method: "POST", url: "/api/customer/recover", payload: { email: payload.email } });
    const token = await resetToken(payload.email);
    const [row] = await t.app.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `%${token}`));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    await t.app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row!.id));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "Nopal.Lunar.Brinca.71" },
    });
    expect(res.statusCode).toBe(400);
  });

  it("a visitor gets UNAUTHORIZED, a signed-out session SESSION_EXPIRED", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/customer" })).json().code).toBe("UNAUTHORIZED");
    const { headers } = await signUpCustomer(t);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { ...headers, origin: "http://localhost:3000" },
      payload: {},
    });
    expect((await t.app.inject({ method: "GET", url: "/api/customer", headers })).json().code).toBe(
      "SESSION_EXPIRED",
    );
  });

  it("the outbox is admin-only", async () => {
    const { headers } = await signUpCustomer(t);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/outbox" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers })).statusCode).toBe(403);
  });

  it("stores passwords hashed (scrypt), never in clear", async () => {
    const { payload } = await signUpCustomer(t);
    const rows = await t.app.db.execute<{ password: string }>(
      (await import("drizzle-orm"))
        .sql`select a.password from account a join "user" u on u.id = a.user_id where u.email = ${payload.email}`,
    );
    const password = (rows as unknown as { rows: { password: string }[] }).rows[0]!.password;
    expect(password).not.toContain(TEST_PASSWORD);
    // The suites hash at their own cost, which the stored text names (decision 0039); production's
    // is better-auth's `salt:key` (server/auth/password-hashing.test.ts).
    expect(password).toMatch(/^scrypt\$1024\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
  });
});
