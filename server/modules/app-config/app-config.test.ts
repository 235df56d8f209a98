import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_CONFIG_KEYS } from "../../../domain/app-config";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { testDriver } from "../../test/test-driver";

describe(`app config API (${testDriver()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await t.signUp({ role: "admin" })).headers;
    customer = (await t.signUp()).headers;
  });
  afterAll(() => t.close());

  const get = () => t.app.inject({ method: "GET", url: "/api/appconfig" });
  const configValue = (list: { key: string; value: unknown }[], key: string) =>
    list.find((e) => e.key === key)?.value;

  it("lists every key with its default on a fresh studio", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const list = res.json() as { key: string; value: unknown }[];
    expect(list.map((e) => e.key).sort()).toEqual(Object.keys(APP_CONFIG_KEYS).sort());
    expect(configValue(list, "timezone")).toBe("America/Mexico_City");
    expect(configValue(list, "waitlist_enabled")).toBe(true);
    expect(configValue(list, "class_packages_path")).toBe("paquetes");
  });

  it("derives timezone_offset from the zone and domain from PUBLIC_URL, and refuses to store them", async () => {
    const list = (await get()).json() as { key: string; value: unknown }[];
    // Mexico City has kept UTC-6 all year since 2022.
    expect(configValue(list, "timezone_offset")).toBe(6);
    expect(configValue(list, "domain")).toBe(new URL(t.app.config.publicUrl).host);
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin,
      payload: [
        { key: "timezone_offset", value: 3 },
        { key: "domain", value: "otro.mx" },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      timezone_offset: "La diferencia con UTC se calcula de la zona horaria: cambia la zona horaria.",
      domain: "El dominio se toma de PUBLIC_URL, la dirección con la que corre el servidor.",
    });

    const badZone = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin,
      payload: [{ key: "timezone", value: "Marte/Olympus" }],
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toBe("Elige una zona horaria válida (por ejemplo America/Mexico_City).");
    const badUnit = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin,
      payload: [{ key: "cancel_timeframe_unit", value: "semanas" }],
    });
    expect(badUnit.json().message).toBe("Elige horas o días.");

    const zone = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin,
      payload: [{ key: "timezone", value: "Asia/Kolkata" }],
    });
    expect(zone.statusCode).toBe(200);
    expect(configValue(zone.json().config, "timezone_offset")).toBe(-5.5);
    await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin,
      payload: [{ key: "timezone", value: "America/Mexico_City" }],
    });
  });

  it("answers 304 to a client that already has the same version", async () => {
    const first = await get();
    const again = await t.app.inject({
      method: "GET",
      url: "/api/appconfig",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("lets an admin change keys, and everyone sees the change", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin,
      payload: [
        { key: "business_name", value: "Estudio Ola" },
        { key: "primary", value: "#0ca678" },
        { key: "waitlist_enabled", value: false },
        { key: "whatsapp", value: "5512345678" },
        { key: "cancel_timeframe_value", value: null },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Configuración guardada.");
    const list = (await get()).json();
    expect(configValue(list, "business_name")).toBe("Estudio Ola");
    expect(configValue(list, "primary")).toBe("#0ca678");
    expect(configValue(list, "waitlist_enabled")).toBe(false);
    // A digits-only text must come back as text, not as a number.
    expect(configValue(list, "whatsapp")).toBe("5512345678");
    // Clearing a number setting stores "no value", not the default.
    expect(configValue(list, "cancel_timeframe_value")).toBeNull();
  });

  it("sends the same JSON compressed as the client asks, and an admin's change at once in every form", async () => {
    const encodings = [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
      ["deflate", inflateSync],
    ] as const;
    const variants = async () => {
      const plain = await get();
      expect(plain.headers["content-encoding"]).toBeUndefined();
      for (const [encoding, decode] of encodings) {
        const res = await t.app.inject({
          method: "GET",
          url: "/api/appconfig",
          headers: { "accept-encoding": `${encoding}, identity;q=0.5` },
        });
        expect(res.headers["content-encoding"]).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
      // A browser's header picks brotli; refusing it (q=0) falls back to gzip.
      const browser = await t.app.inject({
        method: "GET",
        url: "/api/appconfig",
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(browser.headers["content-encoding"]).toBe("br");
      const noBrotli = await t.app.inject({
        method: "GET",
        url: "/api/appconfig",
        headers: { "accept-encoding": "br;q=0, gzip" },
      });
      expect(noBrotli.headers["content-encoding"]).toBe("gzip");
      return { etag: String(plain.headers.etag), list: plain.json() as { key: string; value: unknown }[] };
    };
    const before = await variants();
    const name = "Estudio Brisa";
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin,
      payload: [{ key: "business_name", value: name }],
    });
    expect(res.statusCode).toBe(200);
    const after = await variants();
    expect(configValue(after.list, "business_name")).toBe(name);
    expect(after.etag).not.toBe(before.etag);
    // A client holding the old version gets the new one, not a 304.
    const stale = await t.app.inject({
      method: "GET",
      url: "/api/appconfig",
      headers: { "if-none-match": before.etag },
    });
    expect(stale.statusCode).toBe(200);
  });

  it("refuses bad values with Spanish field messages and writes nothing", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: admin,
      payload: [
        { key: "business_name", value: "No debe guardarse" },
        { key: "primary", value: "rojo" },
        { key: "no_existe", value: 1 },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.message).toBe("Revisa los campos faltantes o inválidos.");
    expect(body.fields).toEqual({
      primary: "Usa un color en formato #RRGGBB.",
      no_existe: "Esta opción de configuración no existe.",
    });
    expect(configValue((await get()).json(), "business_name")).not.toBe("No debe guardarse");
  });

  it("is admin-only: 401 for visitors, 403 for customers", async () => {
    const payload = [{ key: "business_name", value: "Intruso" }];
    const visitor = await t.app.inject({ method: "PUT", url: "/api/appconfig", payload });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: "Debes iniciar sesión para continuar.", code: "UNAUTHORIZED" });
    const asCustomer = await t.app.inject({
      method: "PUT",
      url: "/api/appconfig",
      headers: customer,
      payload,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe("FORBIDDEN");
    expect(configValue((await get()).json(), "business_name")).not.toBe("Intruso");
  });
});
