import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { messages } from "../../domain/messages";
import { tokenizeSandboxCard } from "../../domain/sandbox-card";
import { applySpanishZodMessages } from "../../domain/zod-locale";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { signUpCustomer } from "../test/customers";

/**
 * Plain refusals (docs/security.md): what a person reads when a request is refused is plain
 * Spanish. Zod's own wording ("se esperaba number, recibido NaN", "debe coincidir con el patrón
 * /^…/") and the numbers only programs know (9007199254740991) never reach them.
 */

/** Fragments of library wording a customer must never read. */
const JARGON =
  /NaN|Infinity|recibido|se esperaba|patrón|instanceof|undefined|9007199254740991|\/\^|\\d|\[a-z|Entrada inválida|Cadena inválida/;

describe("Zod messages in plain Spanish", () => {
  beforeAll(() => applySpanishZodMessages());
  const first = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error("expected a refusal");
    return result.error.issues[0]!.message;
  };

  it("says what to write instead of what the parser received", () => {
    expect(first(z.coerce.number(), "abc")).toBe("Escribe un número.");
    expect(first(z.coerce.number().int(), "1.5")).toBe("Escribe un número entero.");
    expect(first(z.object({ name: z.string() }), {})).toBe("Este campo es obligatorio.");
    expect(first(z.string(), 5)).toBe("Escribe un texto.");
    expect(first(z.boolean(), "sí")).toBe("Elige sí o no.");
  });

  it("never shows a pattern, and names formats people know", () => {
    const code = first(z.string().regex(/^[a-z0-9-]{1,60}$/), "Hola Mundo");
    expect(code).toBe("El formato de este dato no es válido.");
    expect(first(z.string().email(), "ana@")).toBe("Escribe un correo electrónico válido.");
    expect(first(z.string().url(), "hola")).toBe("Escribe una dirección web completa (https://...).");
    expect(first(z.iso.date(), "2026-02-30")).toBe("Escribe una fecha válida (AAAA-MM-DD).");
  });

  it("limits read as people write them, with singular and plural", () => {
    expect(first(z.string().max(1), "ab")).toBe("Escribe como máximo 1 carácter.");
    expect(first(z.string().max(120), "a".repeat(121))).toBe("Escribe como máximo 120 caracteres.");
    expect(first(z.string().min(2), "a")).toBe("Escribe al menos 2 caracteres.");
    expect(first(z.string().min(1), "")).toBe("Este campo es obligatorio.");
    expect(first(z.number().max(10_000_000), 20_000_000)).toBe("Escribe un número de hasta 10,000,000.");
    expect(first(z.number().positive(), 0)).toBe("Escribe un número mayor que cero.");
    expect(first(z.number().min(1), 0)).toBe("Escribe un número de al menos 1.");
    expect(first(z.array(z.string()).min(1), [])).toBe("Elige al menos 1 elemento.");
    expect(first(z.enum(["day", "month", "year"]), "week")).toBe("Elige una de las opciones disponibles.");
    // The largest safe integer is a limit of the number type, not one a person should read.
    expect(first(z.coerce.number().int(), "99999999999999999999999")).toBe("Escribe un número más pequeño.");
  });
});

describe("refusals over HTTP", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await t.signUp({ role: "admin" })).headers;
  });
  afterAll(() => t.close());

  it("bad ids, numbers and formats on every route with an id answer without library jargon", async () => {
    const failures: string[] = [];
    const routes = t.app.routeTable.filter((r) => r.url.startsWith("/api/") && /:\w+/.test(r.url));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const id of ["abc", "1e400", "-1", "99999999999999999999999", "1.5"]) {
        const res = await t.app.inject({
          method: route.method as "GET",
          url: route.url.replace(/:\w+/g, id),
          headers: { ...admin, "content-type": "application/json" },
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: "{}" }),
        });
        if (res.statusCode < 400) continue;
        const body = res.json() as { message: string; fields?: Record<string, string> };
        const texts = [body.message, ...Object.values(body.fields ?? {})];
        if (texts.some((text) => JARGON.test(text))) {
          failures.push(`${route.method} ${route.url} (${id}) → ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("a catalogue form with wrong values explains each field in plain Spanish", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/class_categories",
      headers: admin,
      payload: { name: "", handle: "Con Espacios", available: "sí" },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; fields: Record<string, string> };
    expect(body.message).toBe(messages.checkFields);
    for (const text of Object.values(body.fields)) expect(text).not.toMatch(JARGON);
    expect(body.fields.available).toBe("Elige sí o no.");
  });

  it("deleting another customer's saved card answers 404 with the not-found text, and the card stays", async () => {
    const owner = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/metodosPago",
      headers: owner.headers,
      payload: { token_id: tokenizeSandboxCard("5555555555554444", { month: 12, year: 2099 }) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().metodo_pago.payment_source_id as number;
    const byOther = await t.app.inject({
      method: "DELETE",
      url: `/api/metodosPago/${id}`,
      headers: other.headers,
    });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual({
      code: "PAYMENT_SOURCE_NOT_FOUND",
      message: messages.paymentSourceNotFound,
    });
    // A card that never existed answers the same: the answer does not tell whose ids exist.
    const missing = await t.app.inject({
      method: "DELETE",
      url: "/api/metodosPago/999999",
      headers: other.headers,
    });
    expect(missing.json()).toEqual(byOther.json());
    const mine = await t.app.inject({ method: "GET", url: "/api/metodosPago", headers: owner.headers });
    expect(mine.json().metodos_pago).toHaveLength(1);
  });
});
