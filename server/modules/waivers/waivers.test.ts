import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email_outbox } from "../../db/schema/mail";
import { waiver_signatures } from "../../db/schema/waivers";
import { book, makeClass, makeCustomer, makeStudio, type Studio, setConfig } from "../../test/booking";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { PNG } from "../../test/customers";
import { only } from "../../test/fixtures";
import { customersWithoutCurrentWaiver } from "./waivers.service";

// Classes in 2031: fixed dates, always in the future for these tests.
let t: TestApp;
let studio: Studio;
let owner: Record<string, string>;
let desk: Awaited<ReturnType<TestApp["signUp"]>>;

beforeAll(async () => {
  t = await buildTestApp();
  studio = await makeStudio(t.app);
  owner = (await t.signUp({ role: "admin" })).headers;
  desk = await t.signUp({ role: "front_desk", name: "Rosa Recepción" });
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const inject = (method: "GET" | "POST", url: string, headers: Json = {}, payload?: Json) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
const drawn = `data:image/png;base64,${PNG.toString("base64")}`;

async function publish(title: string, body_html: string) {
  const res = await inject("POST", "/api/admin/waivers", owner, { title, body_html });
  expect(res.statusCode).toBe(201);
  return res.json().waiver as { waiver_version_id: number; version: number; body_html: string };
}

async function pdfBytes(url: string, headers: Json) {
  const res = await inject("GET", url, headers);
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  return res.rawPayload;
}

describe("carta responsiva (decision 0099)", () => {
  it("publishes sanitised versions, blocks booking until signed, signs with a drawn signature into a private PDF that is emailed", async () => {
    const klass = await makeClass(t.app, studio, { at: new Date("2031-03-03T14:00:00Z") });
    const ana = await makeCustomer(t, { credits: 2 });
    await setConfig(t.app, { waiver_enforcement: "block" });
    // Nothing to sign yet: booking is not blocked.
    expect((await inject("GET", "/api/waivers/mine", ana.headers)).json().state).toBe("not_required");

    const v1 = await publish(
      "Carta responsiva",
      "<p>Acepto los riesgos del ejercicio.</p><script>alert(1)</script>",
    );
    expect(v1).toMatchObject({ version: 1, body_html: "<p>Acepto los riesgos del ejercicio.</p>" });
    const refused = await book(t, ana.headers, { single_class_id: klass.single_class_id });
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toMatchObject({
      code: "WAIVER_REQUIRED",
      message: "Antes de tu primera clase necesitas firmar la carta responsiva del estudio.",
    });

    const badDrawing = await inject("POST", "/api/waivers/sign", ana.headers, {
      waiver_version_id: v1.waiver_version_id,
      signer_name: "Ana Zúñiga",
      method: "drawn",
      signature_png: "data:image/png;base64,AAAA",
      accepted: true,
    });
    expect(badDrawing.statusCode).toBe(400);
    expect(badDrawing.json().code).toBe("WAIVER_SIGNATURE_INVALID");
    const noAccept = await inject("POST", "/api/waivers/sign", ana.headers, {
      waiver_version_id: v1.waiver_version_id,
      signer_name: "Ana Zúñiga",
      method: "typed",
    });
    expect(noAccept.statusCode).toBe(400);

    const signed = await t.app.inject({
      method: "POST",
      url: "/api/waivers/sign",
      headers: { ...ana.headers, "user-agent": "Prueba/1.0" },
      payload: {
        waiver_version_id: v1.waiver_version_id,
        signer_name: "Ana Zúñiga",
        method: "drawn",
        signature_png: drawn,
        accepted: true,
      },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().message).toBe("Carta responsiva firmada. Te enviamos una copia en PDF por correo.");
    const row = only(
      await t.app.db
        .select()
        .from(waiver_signatures)
        .where(eq(waiver_signatures.customer_id, ana.customerId)),
    );
    expect(row).toMatchObject({ signer_name: "Ana Zúñiga", method: "drawn", user_agent: "Prueba/1.0" });
    expect(row.ip).toBeTruthy();
    expect(row.text_sha256).toMatch(/^[0-9a-f]{64}$/);

    const pdf = await PDFDocument.load(await pdfBytes(signed.json().signature.pdf_url, ana.headers));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getSubject()).toBe("Versión 1");
    // Another customer cannot read it; the desk can.
    const beto = await makeCustomer(t, { credits: 1 });
    expect((await inject("GET", signed.json().signature.pdf_url, beto.headers)).statusCode).toBe(404);
    await pdfBytes(`/api/admin/waiver-signatures/${row.waiver_signature_id}/pdf`, desk.headers);

    const mail = only(
      (await t.app.db.select().from(email_outbox).where(eq(email_outbox.to, ana.email))).filter(
        (m) => m.template === "waiver-signed",
      ),
    );
    expect(mail.attachments?.[0]).toMatchObject({ contentType: "application/pdf" });

    expect((await book(t, ana.headers, { single_class_id: klass.single_class_id })).statusCode).toBe(200);

    // A new version asks again, with its own words.
    const v2 = await publish("Carta responsiva", "<p>Nueva versión: también acepto el reglamento.</p>");
    const other = await makeClass(t.app, studio, { at: new Date("2031-03-04T14:00:00Z") });
    const again = await book(t, ana.headers, { single_class_id: other.single_class_id });
    expect(again.json()).toMatchObject({ code: "WAIVER_REQUIRED" });
    expect(again.json().message).toContain("actualizó");
    const stale = await inject("POST", "/api/waivers/sign", ana.headers, {
      waiver_version_id: v1.waiver_version_id,
      signer_name: "Ana Zúñiga",
      method: "typed",
      accepted: true,
    });
    expect(stale.json().code).toBe("WAIVER_NOT_CURRENT");
    const flags = await customersWithoutCurrentWaiver(t.app.db, await t.app.appConfig.get(), [
      ana.customerId,
      beto.customerId,
    ]);
    expect([...flags].sort()).toEqual([ana.customerId, beto.customerId].sort());

    // The desk collects Beto's on its tablet with the typed name; the signature records who.
    const atDesk = await inject("POST", `/api/admin/customers/${beto.customerId}/waiver`, desk.headers, {
      waiver_version_id: v2.waiver_version_id,
      signer_name: "Beto Álvarez",
      method: "typed",
      accepted: true,
    });
    expect(atDesk.statusCode).toBe(200);
    const status = (
      await inject("GET", `/api/admin/customers/${beto.customerId}/waiver`, desk.headers)
    ).json();
    expect(status.state).toBe("signed");
    expect(status.signatures[0]).toMatchObject({
      collected_by: "Rosa Recepción",
      method: "typed",
      version: 2,
    });

    const versions = (await inject("GET", "/api/admin/waivers", desk.headers)).json();
    expect(
      versions.versions.map((v: { version: number; signatures: number }) => [v.version, v.signatures]),
    ).toEqual([
      [2, 1],
      [1, 1],
    ]);
    // The desk sees versions but does not publish them.
    expect(
      (await inject("POST", "/api/admin/waivers", desk.headers, { title: "x", body_html: "" })).statusCode,
    ).toBe(403);
    const who = (
      await inject("GET", `/api/admin/waivers/${v1.waiver_version_id}/signatures`, desk.headers)
    ).json();
    expect(who.signatures.map((s: { signer_name: string }) => s.signer_name)).toEqual(["Ana Zúñiga"]);
    await setConfig(t.app, { waiver_enforcement: "flag" });
    // Flag: booking goes through; the roster still knows.
    expect((await book(t, ana.headers, { single_class_id: other.single_class_id })).statusCode).toBe(200);
  });

  it("the ARCO export carries the signatures; closing the account keeps the signed PDF", async () => {
    await setConfig(t.app, { waiver_enforcement: "flag" });
    const current = (await inject("GET", "/api/waivers/current")).json().waiver;
    const caro = await makeCustomer(t);
    await inject("POST", "/api/waivers/sign", caro.headers, {
      waiver_version_id: current.waiver_version_id,
      signer_name: "Carolina Pérez",
      method: "typed",
      accepted: true,
    });
    const exported = await inject("GET", "/api/customer/data-export", caro.headers);
    expect(JSON.parse(exported.body).waiver_signatures).toMatchObject([
      { signer_name: "Carolina Pérez", version: 2 },
    ]);
    const closed = await inject("POST", `/api/admin/customers/${caro.customerId}/close`, owner);
    expect(closed.statusCode).toBe(200);
    const row = only(
      await t.app.db
        .select()
        .from(waiver_signatures)
        .where(eq(waiver_signatures.signer_name, "Carolina Pérez")),
    );
    expect(row.file_id).not.toBeNull();
    await pdfBytes(`/api/admin/waiver-signatures/${row.waiver_signature_id}/pdf`, owner);
  });
});
