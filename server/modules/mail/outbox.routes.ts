import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../plugins/auth";
import { listOutbox } from "./outbox.repository";
import { redactTokenParameters } from "./redact";

/**
 * GET /api/admin/outbox: the emails the app wrote. Admin only. Secret links (password reset,
 * email confirmation, invitations) are stored hidden (plugins/mailer.ts) and hidden again here
 * for rows written before that: the outbox never hands staff a way to act as a customer
 * (issue 23.6). Developers and the browser journeys read whole emails from MAIL_DIR.
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
      const emails = await listOutbox(app.db, request.query);
      return {
        emails: emails.map((email) => ({
          ...email,
          text: email.text === null ? null : redactTokenParameters(email.text),
          html: email.html === null ? null : redactTokenParameters(email.html),
        })),
      };
    },
  );
};

export default outboxRoutes;
