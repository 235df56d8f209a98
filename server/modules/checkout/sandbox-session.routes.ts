import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sandboxPayBody, sandboxSessionParams, sandboxSessionQuery } from "../../../domain/api/checkout";
import { t } from "../../../domain/messages";
import { verifySandboxSession } from "../../payments/sandbox";
import { paymentCompleted } from "../purchases/payment-completed";
import { findPurchase } from "../purchases/purchases.service";
import { paySandboxSession } from "./sandbox-session.service";
import { sandboxSessionPage } from "./sandbox-session-page";

/**
 * The sandbox processor's hosted payment page (checkout's session mode). The link is signed by
 * the sandbox gateway (amount, purchase, return URLs), so the page is public: the signature is
 * the credential, as a processor's session id is, and nobody can change the amount or send the
 * customer elsewhere afterwards.
 */
const sandboxSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The page's form posts urlencoded fields; only this plugin's scope parses them.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const signed = (id: string, rawUrl: string) =>
    verifySandboxSession(app.config.authSecret, id, new URL(rawUrl, "http://x").searchParams);

  app.get(
    "/payments/sandbox/session/:id",
    {
      schema: {
        tags: ["checkout"],
        summary: "Página de pago alojada del procesador sandbox",
        documentedAnswer: { description: "La página de pago (HTML)", contentTypes: ["text/html"] },
        params: sandboxSessionParams,
        querystring: sandboxSessionQuery,
      },
    },
    async (request, reply) => {
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      if (!signed(request.params.id, request.url)) return reply.code(404).send(invalidPage());
      return sandboxSessionPage({
        action: payUrl(request.params.id, request.url),
        title: request.query.title,
        amount_cents: request.query.amount,
        cancel_url: request.query.cancel_url,
      });
    },
  );

  app.post(
    "/payments/sandbox/session/:id/pay",
    {
      schema: {
        tags: ["checkout"],
        summary: "Paga la sesión alojada del sandbox; redirige a /gracias/{id}",
        documentedAnswer: { status: 303, description: "Pagada: redirige a return_url", contentTypes: [] },
        params: sandboxSessionParams,
        querystring: sandboxSessionQuery,
        body: sandboxPayBody,
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (!signed(request.params.id, request.url))
        return reply.code(404).type("text/html").send(invalidPage());
      const result = await paySandboxSession(app, {
        session_id: request.params.id,
        purchase_id: request.query.purchase_id,
        number: request.body.number,
        exp: request.body.exp,
      });
      if (result.status === "paid") {
        const paid = await findPurchase(app.db, request.query.purchase_id);
        if (paid) await paymentCompleted(app, paid.customer_id);
        return reply.redirect(request.query.return_url, 303);
      }
      if (result.status === "invalid") return reply.code(404).type("text/html").send(invalidPage());
      return reply
        .code(402)
        .type("text/html; charset=utf-8")
        .send(
          sandboxSessionPage({
            action: payUrl(request.params.id, request.url),
            title: request.query.title,
            amount_cents: request.query.amount,
            cancel_url: request.query.cancel_url,
            error: result.message,
            values: { exp: request.body.exp },
          }),
        );
    },
  );
};

/** The form posts to the pay route with the same signed query string. */
function payUrl(id: string, rawUrl: string) {
  return `/api/payments/sandbox/session/${id}/pay${rawUrl.slice(rawUrl.indexOf("?"))}`;
}

function invalidPage() {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Pago</title></head><body><p>${t("paymentSessionInvalid")}</p></body></html>`;
}

export default sandboxSessionRoutes;
