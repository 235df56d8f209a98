import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { unsubscribeQuery } from "../../../domain/api/notifications";
import { studioName } from "../../../domain/app-config";
import { escapeHtml } from "../../plugins/page-template";
import { setReminderEmails } from "./notifications.repository";
import { customerOfUnsubscribeToken, reminderUnsubscribeToken } from "./unsubscribe";

/**
 * "Darte de baja" of class reminders (the link in their footer). Opening it switches them off and
 * answers a small page that can switch them on again; transactional emails (bookings, receipts,
 * password resets) are not affected. The link's signature is the credential (unsubscribe.ts).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notifications/unsubscribe",
    {
      schema: {
        tags: ["notificaciones"],
        summary:
          "Desactiva (o con again=1 vuelve a activar) los recordatorios de clase desde el enlace del correo",
        documentedAnswer: {
          description: "Una página que confirma el cambio (HTML)",
          contentTypes: ["text/html"],
        },
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) => {
      const { token, again } = request.query;
      const config = await app.appConfig.get();
      const studio = escapeHtml(studioName(config));
      const customerId = customerOfUnsubscribeToken(app.config.authSecret, token);
      const page = (status: number, title: string, body: string) =>
        reply
          .status(status)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(
            `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · ${studio}</title></head><body><main><h1>${title}</h1>${body}<p><a href="/">${studio}</a></p></main></body></html>`,
          );
      if (customerId === null || !(await setReminderEmails(app.db, customerId, again === "1"))) {
        return page(
          400,
          "Enlace no válido",
          "<p>Este enlace no es válido. Abre el enlace completo del correo o escríbenos.</p>",
        );
      }
      if (again === "1") {
        return page(
          200,
          "Recordatorios activados",
          "<p>Te volveremos a enviar recordatorios de tus clases.</p>",
        );
      }
      const back = `/api/notifications/unsubscribe?token=${reminderUnsubscribeToken(app.config.authSecret, customerId)}&amp;again=1`;
      return page(
        200,
        "Listo, te diste de baja",
        `<p>Ya no te enviaremos recordatorios de clase. Seguirás recibiendo las confirmaciones de tus reservaciones y compras.</p><p><a href="${back}">Volver a recibir recordatorios</a></p>`,
      );
    },
  );
};

export default unsubscribeRoutes;
