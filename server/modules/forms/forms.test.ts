import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { pages } from "../../db/schema/content";
import { custom_fields } from "../../db/schema/forms";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { multipart, PNG, signUpCustomer, withAuth } from "../../test/customers";
import { testDriver } from "../../test/test-driver";
import { pendingRequiredPages } from "../accepted-pages/accepted-pages.service";

describe(`dynamic forms, legal pages and files (${testDriver()})`, () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof signUpCustomer>>;
  let b: Awaited<ReturnType<typeof signUpCustomer>>;
  let termsId: number;
  let privacyId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    a = await signUpCustomer(t);
    b = await signUpCustomer(t);
    await t.app.db.insert(custom_fields).values([
      { key: "shoe", name: "shoe", label: "Talla", type: "number", step: 2, order: 0 },
      {
        key: "level",
        name: "level",
        label: "Nivel",
        type: "select",
        options: "A,B",
        required: true,
        step: 1,
        order: 5,
      },
      { key: "contact", name: "contact", label: "Contacto", type: "phone", step: 1, order: 1 },
      { key: "waiver", name: "waiver", label: "Responsiva", type: "file", required: true, step: 3, order: 0 },
      {
        key: "other",
        name: "other",
        label: "¿Cuál?",
        type: "text",
        required: true,
        step: 1,
        order: 6,
        precondition: "level=B",
      },
      { key: "vip", name: "vip", label: "VIP", type: "boolean", required: true, step: 1, order: 7 },
    ]);
    const [terms, privacy] = await t.app.db
      .insert(pages)
      .values([
        { title: "Términos", slug: "t", content: "<p>t</p>", required: true },
        { title: "Privacidad", slug: "p", content: "<p>p</p>", required: true },
        { title: "FAQ", slug: "f", content: "<p>f</p>" },
      ])
      .returning();
    termsId = terms!.page_id;
    privacyId = privacy!.page_id;
  });
  afterAll(() => t.close());

  const putValues = (headers: Record<string, string>, values: Record<string, unknown>) =>
    t.app.inject({ method: "PUT", url: "/api/customer_field_values", headers, payload: { values } });

  it("lists custom fields sorted by step, then order", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/custom_fields?object=customer" });
    expect(res.json().custom_fields.map((f: { key: string }) => f.key)).toEqual([
      "contact",
      "level",
      "other",
      "vip",
      "shoe",
      "waiver",
    ]);
    const forms = await t.app.inject({ method: "GET", url: "/api/forms" });
    expect(forms.statusCode).toBe(200);
  });

  it("validates per type with the forms' messages, one field or several", async () => {
    const one = await putValues(a.headers, { level: "A", vip: false, contact: "123", waiver: null });
    expect(one.statusCode).toBe(400);
    expect(one.json().fields).toMatchObject({ contact: messages.phoneFormat, waiver: messages.fileRequired });
    expect(one.json().message).toBe(messages.checkFields);
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/files",
      ...withAuth(multipart(PNG, "r.png"), a.headers),
    });
    const fileId = upload.json().file_id;
    const single = await putValues(a.headers, { level: null, vip: false, waiver: fileId });
    expect(single.json()).toMatchObject({
      message: "Revisa el campo: Nivel",
      fields: { level: messages.selectRequired },
    });
    const low = await putValues(a.headers, { level: "A", vip: false, waiver: fileId, shoe: -2 });
    expect(low.json().fields.shoe).toBe(messages.numberTooLow);
    const revealed = await putValues(a.headers, { level: "B", vip: false, waiver: fileId });
    expect(revealed.json()).toMatchObject({
      message: "Revisa el campo: ¿Cuál?",
      fields: { other: messages.fieldRequired },
    });
    // 'false' counts as an answer for a required boolean/select.
    const ok = await putValues(a.headers, {
      level: "A",
      vip: false,
      waiver: fileId,
      shoe: -1,
      contact: "55 1234 5678",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      values: { level: "A", vip: false, shoe: -1, contact: "5512345678" },
      missing: [],
    });
  });

  it("reports missing required fields (the booking guard) until they are filled", async () => {
    // Read through the profile (GET /api/customer), as the 'Completar Información' modal does: a
    // forms test calling the customers module would make forms depend on it (docs/contributing.md,
    // Boundaries).
    const missing = async (who: { headers: Record<string, string> }) =>
      (await t.app.inject({ method: "GET", url: "/api/customer", headers: who.headers })).json().customer
        .missing_fields as { key: string; label: string }[];
    expect((await missing(b)).map((f) => f.label)).toEqual(["Nivel", "VIP", "Responsiva"]);
    expect((await missing(b)).map((f) => f.key)).toEqual(["level", "vip", "waiver"]);
    expect(await missing(a)).toEqual([]);
  });

  it("a customer cannot attach another customer's file, nor see their values", async () => {
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/files",
      ...withAuth(multipart(PNG, "b.png"), b.headers),
    });
    const res = await putValues(a.headers, { level: "A", vip: true, waiver: upload.json().file_id });
    expect(res.statusCode).toBe(400);
    const mine = await t.app.inject({ method: "GET", url: "/api/customer_field_values", headers: b.headers });
    expect(mine.json().values).toEqual({});
  });

  it("field definitions change only for admins", async () => {
    const payload = { key: "x", label: "X", type: "text" };
    expect(
      (await t.app.inject({ method: "POST", url: "/api/custom_fields", headers: a.headers, payload }))
        .statusCode,
    ).toBe(403);
    const admin = (await t.signUp({ role: "admin" })).headers;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/custom_fields",
      headers: admin,
      payload: { ...payload, object: "otro" },
    });
    expect(created.statusCode).toBe(201);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/custom_fields/${created.json().custom_field.id}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
  });

  it("required pages stay pending until accepted; nobody accepts for someone else", async () => {
    expect(await pendingRequiredPages(t.app.db, a.customer.customer_id)).toEqual([
      { page_id: termsId, title: "Términos" },
      { page_id: privacyId, title: "Privacidad" },
    ]);
    const forOther = await t.app.inject({
      method: "POST",
      url: "/api/accepted_pages",
      headers: a.headers,
      payload: { page_id: termsId, customer_id: b.customer.customer_id },
    });
    expect(forOther.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/accepted_pages",
      headers: a.headers,
      payload: { page_id: termsId, customer_id: a.customer.customer_id },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().pending.map((p: { page_id: number }) => p.page_id)).toEqual([privacyId]);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/accepted_pages",
      headers: a.headers,
      payload: { page_id: termsId },
    });
    expect(again.statusCode).toBe(201);
    const list = await t.app.inject({ method: "GET", url: "/api/accepted_pages", headers: a.headers });
    expect(list.json().accepted_pages.map((p: { page_id: number }) => p.page_id)).toEqual([termsId]);
    expect(await pendingRequiredPages(t.app.db, b.customer.customer_id)).toHaveLength(2);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/accepted_pages",
          headers: a.headers,
          payload: { page_id: 999999 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("files: sniffed types, image-only uploads, size limit, safe names, owner-only access", async () => {
    const text = await t.app.inject({
      method: "POST",
      url: "/api/files",
      ...withAuth(multipart(Buffer.from("<svg onload=alert(1)>"), "x.png"), a.headers),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(messages.fileTypeNotAllowed);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(100, 32)]);
    const notImage = await t.app.inject({
      method: "POST",
      url: "/api/files",
      ...withAuth(multipart(pdf, "a.pdf", { kind: "image" }), a.headers),
    });
    expect(notImage.json()).toMatchObject({ code: "IMAGE_ONLY", message: messages.imageOnly });
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooBig = await t.app.inject({
      method: "POST",
      url: "/api/files",
      ...withAuth(multipart(big, "big.png"), a.headers),
    });
    expect(tooBig.statusCode).toBe(413);

    const ok = await t.app.inject({
      method: "POST",
      url: "/api/files",
      ...withAuth(multipart(PNG, "../../etc/pass\u0000wd.png"), a.headers),
    });
    expect(ok.statusCode).toBe(201);
    const file = ok.json().file;
    expect(file.name).toBe("passwd.png");
    // A customer's upload is private: its owner gets it, another customer and a visitor get 404.
    expect(file.src).toMatch(/^\/files\/private\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: "GET", url: file.src, headers: a.headers });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: file.src, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: file.src })).statusCode).toBe(404);

    expect(
      (await t.app.inject({ method: "GET", url: `/api/files/${file.file_id}`, headers: b.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/files/${file.file_id}`, headers: b.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/files", headers: b.headers }))
        .json()
        .files.map((f: { file_id: number }) => f.file_id),
    ).not.toContain(file.file_id);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/files/${file.file_id}`, headers: a.headers }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: "GET", url: file.src, headers: a.headers })).statusCode).toBe(404);
  });
});
