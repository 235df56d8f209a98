import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { unsubscribeQuery } from "../../../domain/api/notifications";
import { studioName } from "../../../domain/app-config";
import { escapeHtml } from "../../plugins/page-template";
import { setReminderEmails } from "./notifications.repository";
import { customerOfUnsubscribeToken } from "./unsubscribe";

/**
 * "Darte de baja" of class reminders (the link in their footer and the List-Unsubscribe header),
 * per RFC 8058 (decision 0056 §4):
 * - GET (the link, opened by a person or by a mail scanner that follows every link) changes
 *   nothing: it answers a page with one button that posts the change;
 * - POST with the same signed URL makes the change: the page's button, and the mail client's own
 *   one-click "unsubscribe" (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`, sent by the
 *   provider's server with that body, no cookie and no Origin).
 * `again=1` switches them back on the same way. Transactional emails (bookings, receipts,
 * password resets) are not affected. The link's signature is the credential (unsubscribe.ts).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058's body ("List-Unsubscribe=One-Click") and the page's form; the URL carries all we
  // read, so the body is accepted and ignored. Only this plugin's scope parses these types.
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
    app.addContentTypeParser(type, { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, {}),
    );
  }

  const pageOf = async (reply: FastifyReply, status: number, title: string, body: string) => {
    const studio = escapeHtml(studioName(await app.appConfig.get()));
    return reply
      .status(status)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · ${studio}</title></head><body><main><h1>${title}</h1>${body}<p><a href="/">${studio}</a></p></main></body></html>`,
      );
  };
  const invalid = (reply: FastifyReply) =>
    pageOf(
      reply,
      400,
      "Enlace no válido",
      "<p>Este enlace no es válido. Abre el enlace completo del correo o escríbenos.</p>",
    );
  const actionOf = (token: string, again: boolean) =>
    `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}${again ? "&amp;again=1" : ""}`;

  const schema = (summary: string) => ({
    tags: ["notificaciones"],
    summary,
    documentedAnswer: { description: "Una página (HTML)", contentTypes: ["text/html"] },
    querystring: unsubscribeQuery,
  });

  app.get(
    "/notifications/unsubscribe",
    {
      schema: schema(
        "Página para confirmar la baja (o con again=1 la reactivación) de los recordatorios de clase; abrirla no cambia nada",
      ),
    },
    async (request, reply) => {
      const { token, again } = request.query;
      if (customerOfUnsubscribeToken(app.config.authSecret, token) === null) return invalid(reply);
      const on = again === "1";
      return pageOf(
        reply,
        200,
        on ? "¿Volver a recibir recordatorios?" : "¿Darte de baja de los recordatorios?",
        on
          ? `<p>Te enviaremos un recordatorio antes de cada clase reservada.</p><form method="post" action="${actionOf(token, true)}"><button type="submit">Volver a recibir recordatorios</button></form>`
          : `<p>Dejaremos de enviarte recordatorios de clase. Seguirás recibiendo las confirmaciones de tus reservaciones y compras.</p><form method="post" action="${actionOf(token, false)}"><button type="submit">Darme de baja</button></form>`,
      );
    },
  );

  app.post(
    "/notifications/unsubscribe",
    {
      schema: schema(
        "Desactiva (o con again=1 vuelve a activar) los recordatorios de clase: el botón de la página y el «cancelar suscripción» de un clic del cliente de correo (RFC 8058)",
      ),
    },
    async (request, reply) => {
      const { token, again } = request.query;
      const customerId = customerOfUnsubscribeToken(app.config.authSecret, token);
      if (customerId === null || !(await setReminderEmails(app.db, customerId, again === "1"))) {
        return invalid(reply);
      }
      if (again === "1") {
        return pageOf(
          reply,
          200,
          "Recordatorios activados",
          "<p>Te volveremos a enviar recordatorios de tus clases.</p>",
        );
      }
      return pageOf(
        reply,
        200,
        "Listo, te diste de baja",
        `<p>Ya no te enviaremos recordatorios de clase. Seguirás recibiendo las confirmaciones de tus reservaciones y compras.</p><form method="post" action="${actionOf(token, true)}"><button type="submit">Volver a recibir recordatorios</button></form>`,
      );
    },
  );
};

export default unsubscribeRoutes;
