import type { RouteOptions } from "fastify";
import { z } from "zod";
import { type ErrorCode, errorCodes } from "../../domain/error-codes";
import { t } from "../../domain/messages";
import { requireAdmin, requireUser } from "../auth/auth";

/**
 * What every operation of /api/docs says that its route does not spell out: an operationId, who
 * may call it (`security`, from its requireUser/requireAdmin hook) and the error answers it can
 * give, each `{ message, code, fields? }` with the codes of domain/error-codes.ts. A route names
 * the codes of its own rules with `schema.errors` (e.g. `errors: ["SOLD_OUT", "NO_CREDITS"]`);
 * the ones every route of its kind can answer are added here.
 */

declare module "fastify" {
  interface FastifySchema {
    /** Error codes (domain/error-codes.ts) this route's rules answer, for /api/docs. */
    errors?: readonly ErrorCode[];
  }
}

export type Access = "admin" | "user" | "public";

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);

/** Who may call a route, from its hooks: requireAdmin (staff), requireUser (signed in) or anyone. */
export function accessOf(route: Pick<RouteOptions, "preHandler" | "onRequest" | "preValidation">): Access {
  const hooks = [...hooksOf(route.onRequest), ...hooksOf(route.preValidation), ...hooksOf(route.preHandler)];
  if (hooks.includes(requireAdmin)) return "admin";
  if (hooks.includes(requireUser)) return "user";
  return "public";
}

/** The session travels as `Authorization: Bearer` (API clients) or as the session cookie (the web). */
export const securitySchemes = {
  bearer: { type: "http", scheme: "bearer", description: "El token de `set-auth-token` al iniciar sesión." },
  cookie: {
    type: "apiKey",
    in: "cookie",
    name: "estudio.session_token",
    description: "La cookie de sesión del sitio.",
  },
} as const;

export const securityOf = (access: Access): Record<string, string[]>[] =>
  access === "public" ? [] : [{ bearer: [] }, { cookie: [] }];

/** The one error body of the API (server/plugins/errors.ts). */
export function errorBodySchema(codes: readonly ErrorCode[], description: string) {
  return {
    description,
    type: "object",
    required: ["message", "code"],
    properties: {
      message: { type: "string", description: "Texto en español para mostrar a la persona." },
      code: { type: "string", enum: [...codes], description: "Código estable para programas." },
      fields: {
        type: "object",
        additionalProperties: { type: "string" },
        description: "Mensaje por campo inválido.",
      },
    },
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: "Datos inválidos",
  401: "Sin sesión",
  402: "Pago rechazado",
  403: "Sin permiso",
  404: "No encontrado",
  409: "Conflicto con el estado actual",
  412: "No se cumple una regla del estudio",
  413: "Contenido demasiado grande",
  415: "Tipo de contenido no soportado",
  429: "Demasiadas solicitudes",
};

/** The error codes a route can answer, by status: its own `errors` plus those of its kind. */
export function errorCodesOf(route: {
  method: string;
  url: string;
  access: Access;
  hasInput: boolean;
  errors?: readonly ErrorCode[];
}): Map<number, ErrorCode[]> {
  const codes: ErrorCode[] = [...(route.errors ?? []), "RATE_LIMITED"];
  if (route.hasInput) codes.push("VALIDATION_ERROR");
  if (route.method !== "GET") codes.push("INVALID_JSON", "CROSS_SITE_REQUEST");
  if (route.access !== "public") codes.push("UNAUTHORIZED", "SESSION_EXPIRED");
  if (route.access === "admin") codes.push("FORBIDDEN");
  if (route.url.includes(":")) codes.push("NOT_FOUND");
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorCodes[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

/** The 4xx responses of a route's schema, as @fastify/swagger reads them (JSON Schema per status). */
export function errorResponses(codesByStatus: Map<number, ErrorCode[]>): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const [status, codes] of [...codesByStatus].sort(([a], [b]) => a - b)) {
    if (status >= 500) continue;
    const texts = codes.map((code) => `\`${code}\`: ${t(errorCodes[code].message)}`).join("; ");
    out[status] = errorBodySchema(codes, `${STATUS_TEXT[status] ?? "Error"}. ${texts}`);
  }
  return out;
}

/** A stable camelCase id from method and path: GET /api/pages/{page} → getPagesByPage. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split("/")
    .filter((part) => part !== "" && part !== "api")
    .flatMap((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      const text = param ? `by-${param[1]}` : part;
      return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
  return method.toLowerCase() + pascal;
}

/** Zod schema → the JSON Schema an OpenAPI 3 document holds. */
export const jsonSchemaOf = (schema: z.ZodType, io: "input" | "output" = "output") => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: "openapi-3.0",
    io,
    unrepresentable: "any",
  });
  return json;
};
