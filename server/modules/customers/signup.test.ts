import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { user } from "../../db/schema/auth";
import { accepted_pages, pages } from "../../db/schema/content";
import { customers } from "../../db/schema/customers";
import { custom_fields, customer_field_values } from "../../db/schema/forms";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { signUpCustomer, signupPayload } from "../../test/customers";
import { testDriver } from "../../test/test-driver";

describe(`sign-up (${testDriver()})`, () => {
  let t: TestApp;
  let termsId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const [terms] = await t.app.db
      .insert(pages)
      .values({
        title: "Términos y Condiciones",
        slug: "terminos",
        content: "<p>x</p>",
        required: true,
        required_at_signup: true,
      })
      .returning();
    termsId = terms!.page_id;
    await t.app.db.insert(custom_fields).values([
      {
        key: "level",
        name: "level",
        label: "Nivel",
        type: "select",
        options: "A,B",
        required: true,
        order: 1,
      },
      { key: "emergency", name: "emergency", label: "Contacto de emergencia", type: "phone", order: 0 },
    ]);
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>, url = "/api/customer/signup") =>
    t.app.inject({ method: "POST", url, payload });

  it("creates login, customer, field values and accepted terms, and signs in (cookie and Bearer)", async () => {
    const payload = signupPayload({
      phone: "(555) 123-4567",
      fields: { level: "B", emergency: "555.987.6543" },
    });
    const res = await post(payload);
    expect(res.statusCode).toBe(201);
    expect(String(res.headers["set-cookie"])).toMatch(/estudio\.session_token=.*HttpOnly/i);
    const token = res.headers["set-auth-token"];
    expect(typeof token).toBe("string");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/customer",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const customer = me.json().customer;
    expect(customer).toMatchObject({
      email: payload.email,
      phone: "5551234567",
      name: "Ana",
      last_name: "López",
      missing_fields: [],
    });
    const values = await t.app.db
      .select()
      .from(customer_field_values)
      .where(eq(customer_field_values.customer_id, customer.customer_id));
    expect(values.map((v) => v.value).sort()).toEqual(["5559876543", "B"]);
    const accepted = await t.app.db
      .select()
      .from(accepted_pages)
      .where(eq(accepted_pages.customer_id, customer.customer_id));
    expect(accepted.map((a) => a.page_id)).toEqual([termsId]);
  });

  it("POST /api/customer is the same single flow", async () => {
    const res = await post(signupPayload({ fields: { level: "A" } }), "/api/customer");
    expect(res.statusCode).toBe(201);
    expect(res.json().customer.customer_id).toBeGreaterThan(0);
  });

  it("keeps 'Otro' free text only with signup_reason Otro", async () => {
    const a = await signUpCustomer(t, {
      signup_reason: "Otro",
      signup_reason_other: "Un volante",
      fields: { level: "A" },
    });
    const b = await signUpCustomer(t, {
      signup_reason: "Google",
      signup_reason_other: "ignorado",
      fields: { level: "A" },
    });
    const rows = await t.app.db
      .select()
      .from(customers)
      .where(sql`${customers.customer_id} in (${a.customer.customer_id}, ${b.customer.customer_id})`);
    const byId = new Map(rows.map((r) => [r.customer_id, r]));
    expect(byId.get(a.customer.customer_id)!.signup_reason_other).toBe("Un volante");
    expect(byId.get(b.customer.customer_id)!.signup_reason_other).toBeNull();
  });

  it("answers every sign-up validation message verbatim", async () => {
    const mismatch = await post(signupPayload({ password_confirm: "otra", fields: { level: "A" } }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      message: messages.passwordsDontMatch,
      fields: { password_confirm: messages.passwordsDontMatch },
    });

    const terms = await post(signupPayload({ accept_terms: false, fields: { level: "A" } }));
    expect(terms.statusCode).toBe(400);
    expect(terms.json()).toMatchObject({ code: "MUST_ACCEPT_TERMS", message: messages.mustAcceptTerms });

    const phone = await post(signupPayload({ phone: "12345", fields: { level: "A" } }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fields.phone).toBe(messages.phoneFormat);

    const missing = await post(signupPayload({ fields: {} }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: "Revisa el campo: Nivel",
      fields: { level: messages.selectRequired },
    });
  });

  it("refuses a used phone and a used email with their messages (409)", async () => {
    const first = await signUpCustomer(t, { fields: { level: "A" } });
    const samePhone = await post(signupPayload({ phone: first.payload.phone, fields: { level: "A" } }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toMatchObject({ code: "PHONE_IN_USE", message: messages.phoneInUse });
    const sameEmail = await post(
      signupPayload({ email: first.payload.email.toUpperCase(), fields: { level: "A" } }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: "ACCOUNT_EXISTS", message: messages.accountExists });
  });

  it("enforces the studio's password policy from app config", async () => {
    await t.app.appConfig.update([
      { key: "password_min_length", value: 8 },
      { key: "password_require_uppercase", value: true },
      { key: "password_require_symbol", value: true },
    ]);
    const policy = await t.app.inject({ method: "GET", url: "/api/auth-policy" });
    expect(policy.json().policy).toMatchObject({
      min_length: 8,
      require_uppercase: true,
      require_symbol: true,
    });
    const short = await post(
      signupPayload({ password: "Ab!1", password_confirm: "Ab!1", fields: { level: "A" } }),
    );
    expect(short.json().fields.password).toBe("La contraseña es muy corta: usa más caracteres (al menos 8).");
    const noUpper = await post(
      signupPayload({ password: "abcdefg!", password_confirm: "abcdefg!", fields: { level: "A" } }),
    );
    expect(noUpper.json().fields.password).toBe(messages.passwordNeedsUppercase);
    const ok = await post(
      signupPayload({ password: "Abcdefg!", password_confirm: "Abcdefg!", fields: { level: "A" } }),
    );
    expect(ok.statusCode).toBe(201);
    await t.app.appConfig.update([
      { key: "password_min_length", value: 6 },
      { key: "password_require_uppercase", value: false },
      { key: "password_require_symbol", value: false },
    ]);
  });

  it("leaves no half-made account when the customer record cannot be written", async () => {
    // A trigger makes the customer insert fail after better-auth created the login.
    await t.app.db.execute(sql`create function fail_customer() returns trigger language plpgsql as $$
      begin if new.email like 'falla%' then raise exception 'boom'; end if; return new; end $$`);
    await t.app.db.execute(
      sql`create trigger fail_customer before insert on customers for each row execute function fail_customer()`,
    );
    const payload = signupPayload({ email: `falla.${Date.now()}@prueba.mx`, fields: { level: "A" } });
    const res = await post(payload);
    expect(res.statusCode).toBe(500);
    expect(await t.app.db.select().from(user).where(eq(user.email, payload.email))).toEqual([]);
    await t.app.db.execute(sql`drop trigger fail_customer on customers`);
    // The same email can then sign up for real.
    expect((await post(payload)).statusCode).toBe(201);
  });

  it("two simultaneous sign-ups with one phone make exactly one account", async () => {
    const phone = "5512340000";
    const a = signupPayload({ phone, fields: { level: "A" } });
    const b = signupPayload({ phone, fields: { level: "A" } });
    const results = await Promise.all([post(a), post(b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const logins = await t.app.db.select().from(user).where(sql`${user.email} in (${a.email}, ${b.email})`);
    expect(logins).toHaveLength(1);
  });

  it("GET /api/customer/phone answers only whether the phone is used", async () => {
    const { payload, headers } = await signUpCustomer(t, { fields: { level: "A" } });
    const used = await t.app.inject({ method: "GET", url: `/api/customer/phone?phone=${payload.phone}` });
    expect(used.json()).toEqual({ exists: true });
    const free = await t.app.inject({ method: "GET", url: "/api/customer/phone?phone=5599999999" });
    expect(free.json()).toEqual({ exists: false });
    // One's own phone is not "used by another account".
    const own = await t.app.inject({
      method: "GET",
      url: `/api/customer/phone?phone=${payload.phone}`,
      headers,
    });
    expect(own.json()).toEqual({ exists: false });
  });

  it("direct better-auth sign-up is closed: accounts always come with a customer record", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email: "directo@prueba.mx", password: "secreto123", name: "X" },
    });
    expect(res.statusCode).toBe(404);
  });
});
