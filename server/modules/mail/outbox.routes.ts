import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { outboxAnswer, outboxQuery } from "../../../domain/api/outbox";
import { requireAdmin } from "../../auth/auth";
import { redactTokenParameters } from "../../plugins/mail-redaction";
import { listOutbox } from "./outbox.repository";

/**
 * GET /api/admin/outbox: the emails the app wrote. Admin only. Secret links (password reset,
 * email confirmation, invitations) are stored hidden (plugins/mailer.ts) and hidden again here
 * for rows written before that: the outbox never hands staff a way to act as a customer
 * (decision 0018). Developers and the browser journeys read whole emails from MAIL_DIR.
 */
const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/outbox",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Correos enviados o en cola (más recientes primero)",
        querystring: outboxQuery,
        response: { 200: outboxAnswer },
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
