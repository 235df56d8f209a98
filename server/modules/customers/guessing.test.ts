import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { FAILED_PASSWORDS_PER_ACCOUNT } from "../../plugins/guessing-limit";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { signUpCustomer, signupPayload, TEST_PASSWORD, uniquePhone } from "../../test/customers";
import { testDriver } from "../../test/test-driver";

/**
 * Issue 23.3: guessing is bounded. The seed's two sign-in messages stay, but one address names
 * at most 10 different emails or phones an hour across sign-in, sign-up, recovery and the phone
 * check; wrong passwords on one account are bounded from any address; and passwords that are
 * common or derived from the studio or the person are refused on sign-up, reset and change.
 * Each test uses its own client address (inject's remoteAddress), as separate people would.
 */
describe(`guessing bounds and password policy (${testDriver()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production default, which the other test files raise.
    t = await buildTestApp({ AUTH_DISTINCT_EMAILS_MAX: "10" });
  });
  afterAll(() => t.close());

  let address = 0;
  const newAddress = () => `203.0.113.${++address}`;

  const signIn = (ip: string, email: string, password = "no-es-esta-9") =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: ip,
      payload: { email, password },
    });

  it("keeps the seed's two sign-in messages", async () => {
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
    // The eleventh different one is refused on every route, in Spanish.
    for (const res of [
      await signIn(ip, "once@prueba.mx"),
      await t.app.inject({
        method: "POST",
        url: "/api/customer/recover",
        remoteAddress: ip,
        payload: { email: "doce@prueba.mx" },
      }),
      await t.app.inject({
        method: "GET",
        url: `/api/customer/phone?phone=${uniquePhone()}`,
        remoteAddress: ip,
      }),
      await t.app.inject({
        method: "POST",
        url: "/api/customer/signup",
        remoteAddress: ip,
        payload: signupPayload(),
      }),
    ]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ code: "TOO_MANY_EMAILS", message: messages.tooManyEmails });
    }
    // An email this address already named is not a new guess: a second try still gets its answer.
    expect((await signIn(ip, first)).json().code).toBe("USER_NOT_FOUND");
    // Another address is not affected.
    expect((await signIn(newAddress(), "otra.persona@prueba.mx")).statusCode).toBe(401);
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

  it("a repeated email does not count again", async () => {
    const ip = newAddress();
    const { payload } = await signUpCustomer(t);
    for (let i = 0; i < 8; i++) expect((await signIn(ip, payload.email)).statusCode).toBe(401);
    expect((await signIn(ip, payload.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it(`wrong passwords on one account are bounded from any address (${FAILED_PASSWORDS_PER_ACCOUNT} an hour)`, async () => {
    const { payload } = await signUpCustomer(t);
    // A guesser rotating addresses: each address stays under its own per-IP limit.
    for (let i = 0; i < FAILED_PASSWORDS_PER_ACCOUNT; i++) {
      expect((await signIn(`198.51.100.${i + 1}`, payload.email)).statusCode).toBe(401);
    }
    const blocked = await signIn("198.51.100.200", payload.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: "RATE_LIMITED", message: messages.rateLimited });
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
