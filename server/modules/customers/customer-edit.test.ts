import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { audit_log } from "../../db/schema/audit";
import { customers } from "../../db/schema/customers";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { signUpCustomer, uniquePhone } from "../../test/customers";
import { testDriver } from "../../test/test-driver";

/**
 * `PUT /api/customer {customer_id, name, last_name, phone}`. An administrator edits the
 * customer the id names (audited, before and after); a customer may only name themselves.
 * And `GET /api/customer/phone`: yes/no for everyone but an administrator, who gets the customer.
 */
describe(`PUT /api/customer by customer_id, GET /api/customer/phone (${testDriver()})`, () => {
  let t: TestApp;
  let admin: { headers: Record<string, string>; userId: string };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signUp({ role: "admin" });
  });
  afterAll(() => t.close());

  const put = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PUT", url: "/api/customer", headers, payload });
  const row = async (customerId: number) =>
    (await t.app.db.select().from(customers).where(eq(customers.customer_id, customerId)))[0]!;

  it("an administrator edits the customer named by customer_id, audited with before and after", async () => {
    const target = await signUpCustomer(t);
    const phone = uniquePhone();
    const res = await put(admin.headers, {
      customer_id: target.customer.customer_id,
      name: "Mariana",
      last_name: "Pérez",
      phone,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.profileUpdated,
      customer: { customer_id: target.customer.customer_id, name: "Mariana", last_name: "Pérez", phone },
    });
    const saved = await row(target.customer.customer_id);
    expect(saved).toMatchObject({ name: "Mariana", last_name: "Pérez", phone });
    // Fields outside the contract's four are left alone (the desk's record screen edits the rest).
    expect(saved.email).toBe(target.customer.email);
    const entries = await t.app.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.customer_id, target.customer.customer_id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "customer.update",
      actor_user_id: admin.userId,
      details: {
        before: { name: "Ana", last_name: "López", phone: target.customer.phone },
        after: { name: "Mariana", last_name: "Pérez", phone },
      },
    });
  });

  it("an administrator gets 404 for an unknown customer and 409 for a phone in use, and nothing is audited", async () => {
    const target = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const missing = await put(admin.headers, {
      customer_id: 99_999_999,
      name: "X",
      last_name: "Y",
      phone: uniquePhone(),
    });
    expect(missing.statusCode).toBe(404);
    const taken = await put(admin.headers, {
      customer_id: target.customer.customer_id,
      name: "X",
      last_name: "Y",
      phone: other.customer.phone,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.phoneInUse);
    expect((await row(target.customer.customer_id)).name).toBe("Ana");
    const entries = await t.app.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.customer_id, target.customer.customer_id));
    expect(entries).toEqual([]);
  });

  it("a customer naming anyone but themselves gets 403 in Spanish and nothing changes", async () => {
    const me = await signUpCustomer(t);
    const victim = await signUpCustomer(t);
    const res = await put(me.headers, {
      customer_id: victim.customer.customer_id,
      name: "Intrusa",
      last_name: "X",
      phone: uniquePhone(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "FORBIDDEN", message: messages.profileNotYours });
    expect((await row(victim.customer.customer_id)).name).toBe("Ana");
    expect((await row(me.customer.customer_id)).name).toBe("Ana");
    // Their own id, or none, edits their own record.
    const own = await put(me.headers, {
      customer_id: me.customer.customer_id,
      name: "Ana Sofía",
      last_name: "López",
      phone: me.customer.phone,
    });
    expect(own.statusCode).toBe(200);
    expect((await row(me.customer.customer_id)).name).toBe("Ana Sofía");
  });

  it("the phone check says only yes or no to visitors and customers, and who it is to an administrator", async () => {
    const owner = await signUpCustomer(t);
    const url = `/api/customer/phone?phone=${owner.customer.phone}`;
    const visitor = await t.app.inject({ method: "GET", url });
    expect(visitor.json()).toEqual({ exists: true });
    const customer = await signUpCustomer(t);
    expect((await t.app.inject({ method: "GET", url, headers: customer.headers })).json()).toEqual({
      exists: true,
    });
    const desk = await t.app.inject({ method: "GET", url, headers: admin.headers });
    expect(desk.json()).toEqual({
      exists: true,
      customer: {
        customer_id: owner.customer.customer_id,
        name: "Ana",
        last_name: "López",
        email: owner.customer.email,
      },
    });
    const nobody = await t.app.inject({
      method: "GET",
      url: "/api/customer/phone?phone=5500000001",
      headers: admin.headers,
    });
    expect(nobody.json()).toEqual({ exists: false, customer: null });
  });
});
