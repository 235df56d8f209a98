import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { STAFF_ROLES } from "../../../domain/staff";
import { requireAdmin } from "../../plugins/auth";
import { AUDIT_PAGE_SIZE, listAudit, listAuditActors } from "./audit.service";

export const auditEntryOut = z.object({
  audit_log_id: z.number(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** The staff member's name and role today (null: a system job, or a login since deleted). */
  actor_name: z.string().nullable(),
  actor_role: z.enum(STAFF_ROLES).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.date(),
});

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
        response: { 200: z.object({ entries: z.array(auditEntryOut), total: z.number() }) },
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
        response: {
          200: z.object({
            actors: z.array(
              z.object({
                user_id: z.string(),
                name: z.string(),
                email: z.string(),
                role: z.enum(STAFF_ROLES).nullable(),
                entries: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ actors: await listAuditActors(app.db) }),
  );
};

export default auditRoutes;
