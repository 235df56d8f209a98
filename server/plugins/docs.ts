import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI generated from the routes' Zod schemas, browsable at /api/docs. */
export default fp(async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "API del estudio",
        description:
          "Reservas de clases, paquetes y administración. Errores: `{ message, code, fields? }` con mensajes en español.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          cookie: { type: "apiKey", in: "cookie", name: "estudio.session_token" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    // The UI bootstraps with inline scripts: relax the CSP for these pages only.
    staticCSP: true,
    transformStaticCSP: (header) => header,
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
});
