import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { z } from "zod";
import { authEndpoints } from "../../domain/api/auth";
import {
  accessOf,
  errorCodesOf,
  errorResponses,
  jsonSchemaOf,
  operationIdOf,
  securityOf,
  securitySchemes,
} from "./openapi-shape";

declare module "fastify" {
  interface FastifySchema {
    /**
     * The body as /api/docs shows it, for a route that validates its body at request time
     * (sign-up: the rules depend on the studio's password policy and custom fields).
     */
    documentedBody?: z.ZodType;
    /**
     * The answer as /api/docs shows it, for a route that answers no JSON (a page, a calendar
     * file, a download): its status (200 unless given), what it is, and its content types.
     */
    documentedAnswer?: { status?: number; description: string; contentTypes: string[] };
  }
}

/** A non-JSON answer as an OpenAPI response: text or bytes of the given content types. */
function nonJsonResponse(answer: NonNullable<FastifySchema["documentedAnswer"]>) {
  if (answer.contentTypes.length === 0) return { description: answer.description };
  const binary = (type: string) => !/^text\/|json/.test(type);
  return {
    description: answer.description,
    content: Object.fromEntries(
      answer.contentTypes.map((type) => [
        type,
        { schema: binary(type) ? { type: "string", format: "binary" } : { type: "string" } },
      ]),
    ),
  };
}

type Operation = Record<string, unknown> & { responses?: Record<string, unknown> };

/** better-auth's endpoints that API clients call, bridged at /api/auth/* (server/auth/auth.ts). */
function authPaths(): Record<string, Record<string, Operation>> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const endpoint of authEndpoints) {
    const codes = errorCodesOf({
      method: endpoint.method,
      url: endpoint.path,
      access: endpoint.signedIn ? "user" : "public",
      hasInput: endpoint.body !== undefined,
      errors: endpoint.errors,
    });
    const responses: Record<string, unknown> = {
      200: {
        description: endpoint.answer,
        content: { "application/json": { schema: jsonSchemaOf(endpoint.response) } },
      },
    };
    for (const [status, schema] of Object.entries(errorResponses(codes))) {
      const { description, ...body } = schema as { description: string };
      responses[status] = { description, content: { "application/json": { schema: body } } };
    }
    paths[endpoint.path] = {
      ...paths[endpoint.path],
      [endpoint.method.toLowerCase()]: {
        tags: ["sesión"],
        summary: endpoint.summary,
        operationId: operationIdOf(endpoint.method, endpoint.path),
        security: securityOf(endpoint.signedIn ? "user" : "public"),
        ...(endpoint.body
          ? {
              requestBody: {
                required: true,
                content: { "application/json": { schema: jsonSchemaOf(endpoint.body, "input") } },
              },
            }
          : {}),
        responses,
      },
    };
  }
  return paths;
}

/**
 * OpenAPI 3.0 wants `type` beside `nullable`: Zod writes a nullable union as `{ nullable, anyOf }`
 * and a nullable "anything" as `{ nullable }`. Each typed member of the union takes `nullable`
 * instead; "anything" already includes null.
 */
function withTypedNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withTypedNullables);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withTypedNullables(value);
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    for (const key of ["anyOf", "oneOf"] as const) {
      const members = out[key];
      if (Array.isArray(members))
        out[key] = members.map((m: Record<string, unknown>) => (m.type ? { ...m, nullable: true } : m));
    }
  }
  return out;
}

/**
 * OpenAPI generated from the routes' Zod schemas, browsable at /api/docs. Every operation gets an
 * operationId, its security and its error answers here (server/plugins/openapi-shape.ts);
 * server/openapi.test.ts lints the document with Redocly's recommended rules.
 */
export default fp(async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "API del estudio",
        description:
          "Reservas de clases, paquetes y administración. Errores: `{ message, code, fields? }` con mensajes en español; los códigos y su estado HTTP están en domain/error-codes.ts.",
        version: "1.0.0",
        license: { name: "Privada: todos los derechos reservados" },
      },
      servers: [{ url: "/", description: "Este servidor" }],
      components: { securitySchemes },
    },
    transform(input) {
      const { documentedBody, documentedAnswer, errors, ...schema } = (input.schema ??
        {}) as typeof input.schema & {
        documentedBody?: z.ZodType;
        documentedAnswer?: FastifySchema["documentedAnswer"];
        errors?: Parameters<typeof errorCodesOf>[0]["errors"];
      };
      const out = jsonSchemaTransform({
        ...input,
        schema: documentedBody ? { ...schema, body: documentedBody } : schema,
      });
      if ((out.schema as { hide?: boolean }).hide) return out;
      const method = [input.route.method].flat()[0] ?? "GET";
      const access = accessOf(input.route);
      const codes = errorCodesOf({
        method,
        url: input.url,
        access,
        hasInput: Boolean(schema.body ?? schema.querystring ?? schema.params ?? documentedBody),
        errors,
      });
      const response = {
        ...errorResponses(codes),
        ...(documentedAnswer ? { [documentedAnswer.status ?? 200]: nonJsonResponse(documentedAnswer) } : {}),
        ...(out.schema.response as object | undefined),
      };
      return {
        url: out.url,
        schema: {
          ...out.schema,
          operationId: operationIdOf(method, out.url.replace(/:(\w+)/g, "{$1}")),
          security: securityOf(access),
          response,
        } as FastifySchema,
      };
    },
    transformObject(documentObject) {
      const document = "openapiObject" in documentObject ? documentObject.openapiObject : {};
      const paths = { ...document.paths, ...authPaths() };
      return withTypedNullables({ ...document, paths }) as typeof document;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    // The UI bootstraps with inline scripts: relax the CSP for these pages only.
    staticCSP: true,
    transformStaticCSP: (header) => header,
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
});
