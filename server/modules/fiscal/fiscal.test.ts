import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fiscalMessages } from "../../../domain/fiscal/messages";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { customerLogin } from "../../test/commerce";

/** Datos de facturación (decision 0032): a customer reads and writes only their own. */

let t: TestApp;
let ana: Awaited<ReturnType<typeof customerLogin>>;
let beto: Awaited<ReturnType<typeof customerLogin>>;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await customerLogin(t, "Ana");
  beto = await customerLogin(t, "Beto");
});
afterAll(() => t.close());

const good = {
  rfc: "gode-561231-gr8",
  razon_social: "Ana García",
  regimen_fiscal: "612",
  codigo_postal: "06700",
  uso_cfdi: "G03",
};

const put = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/fiscal-data", headers, payload });
const get = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/fiscal-data", headers });

describe("datos de facturación", () => {
  it("a visitor may not read or write them", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/fiscal-data" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: "/api/fiscal-data", payload: good })).statusCode).toBe(
      401,
    );
  });

  it("none yet: null", async () => {
    const res = await get(ana.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fiscal_data: null });
  });

  it("saves them normalized with the catalogue's words, and a second save replaces the first", async () => {
    const res = await put(ana.headers, good);
    expect(res.statusCode).toBe(200);
    expect(res.json().fiscal_data).toMatchObject({
      rfc: "GODE561231GR8",
      person: "fisica",
      razon_social: "ANA GARCÍA",
      regimen_fiscal: "612",
      regimen_fiscal_text: "Personas Físicas con Actividades Empresariales y Profesionales",
      uso_cfdi: "G03",
      uso_cfdi_text: "Gastos en general",
      codigo_postal: "06700",
    });
    const again = await put(ana.headers, { ...good, regimen_fiscal: "605", uso_cfdi: "D01" });
    expect(again.statusCode).toBe(200);
    expect((await get(ana.headers)).json().fiscal_data).toMatchObject({
      regimen_fiscal: "605",
      uso_cfdi: "D01",
    });
  });

  it("each is the caller's own: Beto sees none of Ana's and his save does not touch hers", async () => {
    expect((await get(beto.headers)).json()).toEqual({ fiscal_data: null });
    const res = await put(beto.headers, {
      ...good,
      rfc: "SAT970701NN3",
      regimen_fiscal: "601",
      customer_id: ana.customer_id,
    });
    expect(res.statusCode).toBe(200);
    expect((await get(ana.headers)).json().fiscal_data.rfc).toBe("GODE561231GR8");
    expect((await get(beto.headers)).json().fiscal_data).toMatchObject({
      rfc: "SAT970701NN3",
      person: "moral",
    });
  });

  it("bad data: 400 with a Spanish message on each wrong field, nothing saved", async () => {
    const generic = await put(ana.headers, { ...good, rfc: "XAXX010101000" });
    expect(generic.statusCode).toBe(400);
    expect(generic.json().fields).toEqual({ rfc: fiscalMessages.rfcGeneric });

    const digit = await put(ana.headers, { ...good, rfc: "GODE561231GR9", codigo_postal: "6700" });
    expect(digit.statusCode).toBe(400);
    expect(digit.json().fields).toEqual({
      rfc: fiscalMessages.rfcCheckDigit,
      codigo_postal: fiscalMessages.codigoPostal,
    });

    const pair = await put(ana.headers, { ...good, regimen_fiscal: "605", uso_cfdi: "G03" });
    expect(pair.statusCode).toBe(400);
    expect(pair.json().fields).toEqual({ uso_cfdi: fiscalMessages.usoNotForRegimen });

    const empty = await put(ana.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual([
      "codigo_postal",
      "razon_social",
      "regimen_fiscal",
      "rfc",
      "uso_cfdi",
    ]);
    expect((await get(ana.headers)).json().fiscal_data).toMatchObject({
      rfc: "GODE561231GR8",
      uso_cfdi: "D01",
    });
  });

  it("are in the caller's ARCO data export", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/customer/data-export", headers: ana.headers });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).fiscal_data).toEqual([expect.objectContaining({ rfc: "GODE561231GR8" })]);
  });

  it("deletes only the caller's own", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/fiscal-data", headers: beto.headers });
    expect(res.json()).toEqual({ deleted: true });
    expect((await get(beto.headers)).json()).toEqual({ fiscal_data: null });
    expect((await get(ana.headers)).json().fiscal_data).not.toBeNull();
  });
});
