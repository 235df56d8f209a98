import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "../../../domain/messages";
import { ACCOUNT_ATTACK_FAILURES, ACCOUNT_FREE_FAILURES, growingDelayMs } from "../../auth/guessing-limit";
import { email_outbox } from "../../db/schema/mail";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { signUpCustomer, signupPayload, TEST_PASSWORD } from "../../test/customers";
import { testDriver } from "../../test/test-driver";

/**
 * Decision 0056 §3: guessing is slowed, never locked. The two sign-in
 * messages stay; one address names 10 different emails or phones an hour freely, then waits a
 * growing delay for each new one, during which refusals become 429 while right passwords and new
 * accounts go through; wrong passwords slow down the address that makes them on that account,
 * never the owner elsewhere; passwords that are common or derived from the studio or the person
 * are refused. Each test uses its own client address (inject's remoteAddress), as separate people
 * would.
 */
describe(`guessing bounds and password policy (${testDriver()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production default, which the other test files raise.
    t = await buildTestApp({ AUTH_DISTINCT_EMAILS_MAX: "10" });
  });
  afterAll(() => t.close());
  // The delays are measured in seconds: tests that check one freeze the clock (Date only) so a
  // slow machine cannot let a wait pass between two requests.
  const freezeClock = () => vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  afterEach(() => vi.useRealTimers());

  let address = 0;
  const newAddress = () => `203.0.113.${++address}`;

  const signIn = (ip: string, email: string, password = "no-es-esta-9") =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: ip,
      payload: { email, password },
    });

  it("keeps the two sign-in messages", async () => {
    const ip = newAddress();
    const { payload } = await signUpCustomer(t);
    expect((await signIn(ip, "nadie.aqui@prueba.mx")).json()).toEqual({
      code: "USER_NOT_FOUND",
      message: messages.userNotFound,
    });
    expect((await signIn(ip, payload.email)).json()).toEqual({
      code: "WRONG_PASSWORD",
      message: messages.wrongPassword,
    });
  });

  it("one address may name 10 different emails or phones an hour across sign-in, sign-up, recovery and phone checks", async () => {
    const ip = newAddress();
    const known = [await signUpCustomer(t), await signUpCustomer(t), await signUpCustomer(t)];
    const first = `sondeo.${Date.now()}@prueba.mx`;
    const codes: number[] = [];
    // Refused sign-ins count (unknown email, wrong password)...
    codes.push((await signIn(ip, first)).statusCode);
    codes.push((await signIn(ip, known[0]!.payload.email)).statusCode);
    for (let i = 2; i < 4; i++)
      codes.push((await signIn(ip, `sondeo${i}.${Date.now()}@prueba.mx`)).statusCode);
    // ...every recovery request (it sends an email)...
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/customer/recover",
        remoteAddress: ip,
        payload: { email: `recupera${i}.${Date.now()}@prueba.mx` },
      });
      codes.push(res.statusCode);
    }
    // ...a phone check that finds an account...
    for (const { customer } of known.slice(1)) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/customer/phone?phone=${customer.phone}`,
        remoteAddress: ip,
      });
      codes.push(res.json().exists ? 200 : 0);
    }
    // ...and a refused sign-up (the email has an account).
    for (const { payload } of known.slice(1)) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/customer/signup",
        remoteAddress: ip,
        payload: signupPayload({ email: payload.email }),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 200, 200, 200, 200, 409, 409]);
    freezeClock();
    // The eleventh different one waits: a refusal would tell something, so it is a 429 that says
    // how long, in Spanish, on every route.
    const wait = (res: {
      statusCode: number;
      json(): Record<string, unknown>;
      headers: Record<string, unknown>;
    }) => {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: "TOO_MANY_EMAILS", retry_after: 1 });
      expect(res.json().message).toBe(messages.tooManyEmails.replace("{seconds}", "1"));
      expect(res.headers["retry-after"]).toBe("1");
    };
    const fourth = known[0]!.customer.phone;
    const unnamed = await signUpCustomer(t);
    wait(await signIn(ip, "once@prueba.mx"));
    wait(
      await t.app.inject({
        method: "POST",
        url: "/api/customer/recover",
        remoteAddress: ip,
        payload: { email: "doce@prueba.mx" },
      }),
    );
    wait(
      await t.app.inject({ method: "GET", url: `/api/customer/phone?phone=${fourth}`, remoteAddress: ip }),
    );
    wait(
      await t.app.inject({
        method: "POST",
        url: "/api/customer/signup",
        remoteAddress: ip,
        payload: signupPayload({ email: unnamed.payload.email }),
      }),
    );
    // ...while the right password and a new account from the same address go through.
    const fresh = await signUpCustomer(t);
    expect((await signIn(ip, fresh.payload.email, TEST_PASSWORD)).statusCode).toBe(200);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/customer/signup",
      remoteAddress: ip,
      payload: signupPayload(),
    });
    expect(made.statusCode, made.body).toBe(201);
    // An email this address already named is not a new guess: a second try still gets its answer.
    expect((await signIn(ip, first)).json().code).toBe("USER_NOT_FOUND");
    // Another address is not affected.
    expect((await signIn(newAddress(), "otra.persona@prueba.mx")).statusCode).toBe(401);
  });

  it("the waits grow: 1 s, 2 s, 4 s… up to the cap, never an hour's lockout", () => {
    expect([0, 1, 2, 3].map((n) => growingDelayMs(n, 600_000))).toEqual([1000, 2000, 4000, 8000]);
    expect(growingDelayMs(40, 600_000)).toBe(600_000);
  });

  it("people sharing one address (a studio's Wi-Fi) sign up and sign in freely: successes do not count", async () => {
    const ip = newAddress();
    for (let i = 0; i < 12; i++) {
      const payload = signupPayload();
      const free = await t.app.inject({
        method: "GET",
        url: `/api/customer/phone?phone=${payload.phone}`,
        remoteAddress: ip,
      });
      expect(free.json()).toEqual({ exists: false });
      const made = await t.app.inject({
        method: "POST",
        url: "/api/customer/signup",
        remoteAddress: ip,
        payload,
      });
      expect(made.statusCode, made.body).toBe(201);
      expect((await signIn(ip, payload.email, TEST_PASSWORD)).statusCode).toBe(200);
    }
  });

  it("a repeated email does not count again; after a few typos the right password waits a second, not an hour", async () => {
    const ip = newAddress();
    const { payload } = await signUpCustomer(t);
    freezeClock();
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      expect((await signIn(ip, payload.email)).statusCode).toBe(401);
    expect((await signIn(ip, payload.email, TEST_PASSWORD)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 1000);
    expect((await signIn(ip, payload.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("one account guessed from one address: that address waits, the owner elsewhere signs in", async () => {
    const { payload } = await signUpCustomer(t);
    freezeClock();
    const guesser = newAddress();
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect((await signIn(guesser, payload.email)).statusCode).toBe(401);
    }
    // The sixth try from the guesser's address is not even checked: it waits, even with the
    // right password (a guesser who found it must wait like one who did not).
    const slowed = await signIn(guesser, payload.email, TEST_PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: "SIGN_IN_THROTTLED", retry_after: 1 });
    expect(slowed.json().message).toBe(messages.signInThrottled.replace("{seconds}", "1"));
    // The owner from their own address gets in at once.
    expect((await signIn(newAddress(), payload.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("one account guessed from many addresses: each address is slowed, a fresh address and a trusted browser still sign in", async () => {
    const { payload } = await signUpCustomer(t);
    // A browser that signed in before (its trusted-device cookie).
    const home = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: newAddress(),
      headers: { "sec-fetch-site": "same-origin" },
      payload: { email: payload.email, password: TEST_PASSWORD },
    });
    expect(home.statusCode).toBe(200);
    const device = String(home.headers["set-cookie"])
      .split(/,(?=\s*\w+=)/)
      .map((c) => c.trim().split(";")[0]!)
      .find((c) => c.startsWith("estudio_device="))!;
    expect(device).toBeDefined();
    freezeClock();
    // The attack: many addresses, more failures than the old hard limit (30) ever allowed.
    const attackers = Array.from({ length: ACCOUNT_ATTACK_FAILURES + 15 }, () => newAddress());
    for (const ip of attackers) expect((await signIn(ip, payload.email)).statusCode).toBe(401);
    // Under attack each address gets one try; its second waits.
    expect((await signIn(attackers[0]!, payload.email)).statusCode).toBe(429);
    expect((await signIn(attackers.at(-1)!, payload.email)).statusCode).toBe(429);
    // A fresh address with the right password gets in while the attack runs...
    expect((await signIn(newAddress(), payload.email, TEST_PASSWORD)).statusCode).toBe(200);
    // ...and so does the trusted browser, even from an address that failed.
    const trusted = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: attackers[0]!,
      headers: { "sec-fetch-site": "same-origin", cookie: device },
      payload: { email: payload.email, password: TEST_PASSWORD },
    });
    expect(trusted.statusCode, trusted.body).toBe(200);
  });

  it("emails the person on a sign-in from a new device and on a password change", async () => {
    const { payload, headers } = await signUpCustomer(t);
    const notices = async (template: string) =>
      (
        await t.app.db
          .select()
          .from(email_outbox)
          .where(and(eq(email_outbox.to, payload.email), eq(email_outbox.template, template)))
      ).length;
    const withAgent = (ua: string, cookie?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: newAddress(),
        headers: { "user-agent": ua, "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) },
        payload: { email: payload.email, password: TEST_PASSWORD },
      });
    const laptop =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const phone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const first = await withAgent(laptop);
    expect(first.statusCode).toBe(200);
    const laptopCookie = String(first.headers["set-cookie"]).match(/estudio_device=[^;]+/)![0];
    // The laptop again (its cookie): not news. The phone: a new device.
    expect((await withAgent(laptop, laptopCookie)).statusCode).toBe(200);
    const before = await notices("new-sign-in");
    expect((await withAgent(phone)).statusCode).toBe(200);
    expect(await notices("new-sign-in")).toBe(before + 1);
    const [mail] = await t.app.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.to, payload.email), eq(email_outbox.template, "new-sign-in")));
    expect(mail!.text!.replace(/\s+/g, " ")).toContain("Safari en iPhone");
    // A password change tells the person too.
    const change = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: "Nopal.Lunar.Brinca.71" },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await notices("password-changed")).toBe(1);
  });

  it("refuses short, common and studio- or person-derived passwords at sign-up with a field message", async () => {
    const config = await t.app.appConfig.get();
    const cases: [string, string][] = [
      ["corta1", "La contraseña es muy corta: usa más caracteres (al menos 8)."],
      ["12345678", messages.passwordTooCommon],
      ["demo1234", messages.passwordTooCommon],
      ["contraseña", messages.passwordTooCommon],
      ["estudio2026", messages.passwordPersonal],
      [`${config.name.replace(/\s+/g, "")}2026`, messages.passwordPersonal],
    ];
    for (const [password, message] of cases) {
      const ip = newAddress();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/customer/signup",
        remoteAddress: ip,
        payload: signupPayload({ password, password_confirm: password }),
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields.password, password).toBe(message);
    }
    const personal = signupPayload({ name: "Valentina", last_name: "Quiroga" });
    const own = `${personal.email.split("@")[0]}`;
    for (const password of ["Valentina2026", `${own}!`]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/customer/signup",
        remoteAddress: newAddress(),
        payload: { ...personal, password, password_confirm: password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields.password, password).toBe(messages.passwordPersonal);
    }
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/customer/signup",
      remoteAddress: newAddress(),
      payload: signupPayload({
        password: "Bici Roja en Marzo 77",
        password_confirm: "Bici Roja en Marzo 77",
      }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("the same policy applies to a password change", async () => {
    const { headers } = await signUpCustomer(t);
    const change = (newPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/change-password",
        headers,
        payload: { currentPassword: TEST_PASSWORD, newPassword },
      });
    const weak = await change("estudio123");
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: "PASSWORD_POLICY",
      fields: { newPassword: messages.passwordPersonal },
    });
    const common = await change("qwertyuiop");
    expect(common.json().fields.newPassword).toBe(messages.passwordTooCommon);
    expect((await change("Nopal.Lunar.Brinca.71")).statusCode).toBe(200);
  });
});
