import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { customers } from "../../db/schema/customers";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { multipart, PNG, signUpCustomer, uniquePhone, withAuth } from "../../test/customers";
import { testDriver } from "../../test/test-driver";

describe(`profile and address (${testDriver()})`, () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof signUpCustomer>>;
  let b: Awaited<ReturnType<typeof signUpCustomer>>;
  beforeAll(async () => {
    t = await buildTestApp();
    a = await signUpCustomer(t);
    b = await signUpCustomer(t);
  });
  afterAll(() => t.close());

  const put = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PUT", url: "/api/customer", headers, payload });

  it("updates only the signed-in customer's profile, ignoring the fields older clients strip", async () => {
    const res = await put(a.headers, {
      customer_id: a.customer.customer_id,
      name: "Ana María",
      last_name: "López",
      phone: "55-1111-2222",
      birthdate: "1990-05-17",
      instagram: "@ana.mx",
      class_reservations: [{ x: 1 }],
      purchases: [],
      invoices: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.profileUpdated);
    expect(res.json().customer).toMatchObject({
      name: "Ana María",
      phone: "5511112222",
      birthdate: "1990-05-17",
      instagram: "ana.mx",
    });
    const [other] = await t.app.db
      .select()
      .from(customers)
      .where(eq(customers.customer_id, b.customer.customer_id));
    expect(other!.name).toBe("Ana");
  });

  /**
   * Decision 0056: every optional profile field, one at a time. A PUT that leaves it out keeps
   * it; null (or "" for text) clears it. The required ones (name, last name, phone) are always sent.
   */
  it.each([
    ["birthdate", "1991-02-03", "1991-02-03", null],
    ["instagram", "@ana.pilates", "ana.pilates", ""],
    ["signup_reason", "Instagram", "Instagram", ""],
    ["signup_reason_other", "Una amiga", "Una amiga", ""],
  ] as const)("PUT without %s keeps it; null or empty clears it", async (field, given, stored, empty) => {
    const c = await signUpCustomer(t);
    const base = { name: "Ana", last_name: "López", phone: c.payload.phone };
    const row = async () =>
      (await t.app.db.select().from(customers).where(eq(customers.customer_id, c.customer.customer_id)))[0]!;
    expect((await put(c.headers, { ...base, [field]: given })).statusCode).toBe(200);
    expect((await row())[field]).toBe(stored);
    // Every other optional field set too, so a PUT of only the required ones must keep them all.
    await put(c.headers, {
      ...base,
      birthdate: "1991-02-03",
      instagram: "ana.pilates",
      signup_reason: "Instagram",
      signup_reason_other: "Una amiga",
    });
    const before = await row();
    const kept = await put(c.headers, { ...base, name: "Ana Sofía" });
    expect(kept.statusCode, kept.body).toBe(200);
    const after = await row();
    expect(after.name).toBe("Ana Sofía");
    expect(after[field]).toBe(before[field]);
    expect(after[field]).not.toBeNull();
    const cleared = await put(c.headers, { ...base, [field]: empty });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await row())[field]).toBeNull();
  });

  it("refuses another customer's phone and a malformed phone", async () => {
    const taken = await put(a.headers, { name: "Ana", last_name: "L", phone: b.payload.phone });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.phoneInUse);
    const bad = await put(a.headers, { name: "Ana", last_name: "L", phone: "12ab" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.phone).toBe(messages.phoneFormat);
    // Digits only, truncated to 10: extra digits are dropped, not rejected.
    const long = await put(a.headers, { name: "Ana", last_name: "L", phone: `${uniquePhone()}99` });
    expect(long.statusCode).toBe(200);
    expect(long.json().customer.phone).toHaveLength(10);
  });

  it("takes a profile photo only from the customer's own uploads", async () => {
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/files",
      ...withAuth(multipart(PNG, "yo.png", { kind: "image" }), b.headers),
    });
    expect(upload.statusCode).toBe(201);
    const fileId = upload.json().file_id;
    const stolen = await put(a.headers, {
      name: "Ana",
      last_name: "L",
      phone: uniquePhone(),
      file_id: fileId,
    });
    expect(stolen.statusCode).toBe(400);
    const own = await put(b.headers, {
      name: "Bea",
      last_name: "L",
      phone: b.payload.phone,
      file_id: fileId,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().customer.file).toMatchObject({ file_id: fileId, type: "image/png" });
    // A PUT without file_id keeps the photo (decision 0056); null removes it.
    const kept = await put(b.headers, { name: "Bea", last_name: "L", phone: b.payload.phone });
    expect(kept.json().customer.file).toMatchObject({ file_id: fileId });
    const removed = await put(b.headers, {
      name: "Bea",
      last_name: "L",
      phone: b.payload.phone,
      file_id: null,
    });
    expect(removed.json().customer.file).toBeNull();
  });

  it("address: city, state and country required, each with its message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/addresses",
      headers: a.headers,
      payload: { street: "Colima" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      city: messages.cityRequired,
      state: messages.stateRequired,
      country: messages.countryRequired,
    });
    const blank = await t.app.inject({
      method: "POST",
      url: "/api/addresses",
      headers: a.headers,
      payload: { city: " ", state: "CDMX", country: "México" },
    });
    expect(blank.json().fields.city).toBe(messages.cityRequired);
  });

  it("address: create, read, update, delete only one's own", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/addresses",
      headers: a.headers,
      payload: {
        street: "Colima",
        number: "215",
        city: "CDMX",
        state: "CDMX",
        country: "México",
        customer_id: b.customer.customer_id,
      },
    });
    expect(created.statusCode).toBe(201);
    const address = created.json().address;
    expect(address.customer_id).toBe(a.customer.customer_id);
    const twice = await t.app.inject({
      method: "POST",
      url: "/api/addresses",
      headers: a.headers,
      payload: { city: "X", state: "Y", country: "Z" },
    });
    expect(twice.statusCode).toBe(409);

    const id = address.address_id;
    expect(
      (await t.app.inject({ method: "GET", url: `/api/addresses/${id}`, headers: b.headers })).statusCode,
    ).toBe(404);
    const hijack = await t.app.inject({
      method: "PUT",
      url: "/api/addresses",
      headers: b.headers,
      payload: { address_id: id, city: "X", state: "Y", country: "Z" },
    });
    expect(hijack.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/addresses/${id}`, headers: b.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/addresses", headers: b.headers })).json().addresses,
    ).toEqual([]);

    const updated = await t.app.inject({
      method: "PUT",
      url: "/api/addresses",
      headers: a.headers,
      payload: { address_id: id, city: "Puebla", state: "Puebla", country: "México" },
    });
    expect(updated.json().address).toMatchObject({ city: "Puebla", street: null });
    const profile = await t.app.inject({ method: "GET", url: "/api/customer", headers: a.headers });
    expect(profile.json().customer.address).toMatchObject({ city: "Puebla" });
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/addresses/${id}`, headers: a.headers })).statusCode,
    ).toBe(200);
  });

  it("visitors get 401 everywhere", async () => {
    for (const [method, url] of [
      ["GET", "/api/customer"],
      ["PUT", "/api/customer"],
      ["GET", "/api/addresses"],
      ["GET", "/api/accepted_pages"],
      ["GET", "/api/customer_field_values"],
      ["GET", "/api/files"],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === "PUT" ? {} : undefined })).statusCode,
      ).toBe(401);
    }
  });
});
