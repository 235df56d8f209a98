import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActorsAnswer, auditPage } from "../../../domain/api/audit";
import { requireAdmin } from "../../plugins/auth";
import { AUDIT_PAGE_SIZE, listAudit, listAuditActors } from "./audit.service";

/** GET /api/admin/audit: the studio's audit log, newest first (admin only). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/audit",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Bitácora de cambios (quién, qué, cuándo), más recientes primero",
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          size: z.coerce.number().int().min(1).max(500).default(AUDIT_PAGE_SIZE),
          customer_id: z.coerce.number().int().positive().optional(),
          entity: z.string().trim().max(60).optional(),
          actor_user_id: z.string().trim().min(1).max(100).optional(),
        }),
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
