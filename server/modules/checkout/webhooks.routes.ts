import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { cardGateway } from "../../payments/gateways";
import { applyGatewayEvent } from "./webhooks.service";

/**
 * Provider webhooks. Public by nature (the provider cannot sign in): the signature over the raw
 * body is the credential, so this plugin's scope parses JSON bodies as raw bytes (only here; every
 * other route keeps the normal JSON parser) and the adapter verifies them before anything is read.
 */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/webhooks/stripe",
    {
      schema: {
        tags: ["checkout"],
        summary: "Eventos de Stripe (firma verificada con STRIPE_WEBHOOK_SECRET)",
        description: "400 WEBHOOK_SIGNATURE_INVALID; 409 si la compra aún no existe (Stripe reintenta).",
        headers: z.object({ "stripe-signature": z.string().max(2000).optional() }).loose(),
        response: { 200: z.object({ received: z.boolean(), result: z.string() }) },
      },
    },
    async (request) => {
      const gateway = cardGateway(app);
      if (gateway.name !== "stripe" || !gateway.parseWebhook)
        throw AppError.of(404, "NOT_FOUND", "paymentProviderNotConfigured");
      const raw = request.body as Buffer;
      const event = Buffer.isBuffer(raw)
        ? gateway.parseWebhook(raw, request.headers["stripe-signature"] ?? "")
        : null;
      if (!event) throw AppError.of(400, "WEBHOOK_SIGNATURE_INVALID", "webhookSignatureInvalid");
      const result = await applyGatewayEvent(app, "stripe", event, JSON.parse(raw.toString("utf8")));
      return { received: true, result };
    },
  );
};

export default webhooksRoutes;
