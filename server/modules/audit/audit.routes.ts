import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditActorsAnswer, auditPage, auditQuery } from "../../../domain/api/audit";
import { requireAdmin } from "../../auth/auth";
import { listAudit, listAuditActors } from "./audit.service";

/** GET /api/admin/audit: the studio's audit log, newest first (admin only). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/audit",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Bitácora de cambios (quién, qué, cuándo), más recientes primero",
        querystring: auditQuery,
        response: { 200: auditPage },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return listAudit(app.db, filter, page, size);
    },
  );

  app.get(
    "/admin/audit/actors",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Personas que aparecen en la bitácora (para filtrar por persona)",
        response: { 200: auditActorsAnswer },
      },
    },
    async () => ({ actors: await listAuditActors(app.db) }),
  );
};

export default auditRoutes;
