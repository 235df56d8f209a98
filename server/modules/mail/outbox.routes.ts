import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../plugins/auth";
import { listOutbox } from "./outbox.repository";

/**
 * GET /api/admin/outbox: the emails the app wrote (offline, the outbox is the delivery). Admin
 * only; the browser journeys read the password-reset link from here.
 */
const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/outbox",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Correos enviados o en cola (más recientes primero)",
        querystring: z.object({
          to: z.string().trim().toLowerCase().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.object({
            emails: z.array(
              z.object({
                email_outbox_id: z.number(),
                to: z.string(),
                subject: z.string(),
                text: z.string().nullable(),
                html: z.string().nullable(),
                template: z.string().nullable(),
                status: z.string(),
                createdAt: z.date(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      return { emails: await listOutbox(app.db, request.query) };
    },
  );
};

export default outboxRoutes;
