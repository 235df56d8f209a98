import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { paypalWebhookHeaders, stripeWebhookHeaders, webhookAnswer } from "../../../domain/api/checkout";
import { AppError } from "../../../domain/errors";
import { cardGateway, paypalClient } from "../../payments/gateways";
import { parsePaypalEvent } from "../../payments/paypal-events";
import { applyPaypalEvent } from "./paypal-webhooks.service";
import { providerCall } from "./provider-call";
import { applyGatewayEvent } from "./webhooks.service";

/**
 * Provider webhooks. Public by nature (the provider cannot sign in): the signature over the raw
 * body is the credential, so this plugin's scope parses JSON bodies as raw bytes (only here; every
 * other route keeps the normal JSON parser) and the adapter verifies them before anything is
 * applied. Stripe's signature is checked here with its secret; PayPal's by PayPal's
 * verify-webhook-signature API, which is sent the event exactly as it arrived.
 */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  // The app's JSON parser (plugins/clean-input.ts) is replaced in this scope only.
  app.removeContentTypeParser("application/json");
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
        headers: stripeWebhookHeaders,
        response: { 200: webhookAnswer },
      },
    },
    async (request) => {
      const gateway = cardGateway(app);
      if (gateway.name !== "stripe" || !gateway.parseWebhook)
        throw AppError.of("NOT_FOUND", { message: "paymentProviderNotConfigured" });
      const raw = request.body as Buffer;
      const event = Buffer.isBuffer(raw)
        ? gateway.parseWebhook(raw, request.headers["stripe-signature"] ?? "")
        : null;
      if (!event) throw AppError.of("WEBHOOK_SIGNATURE_INVALID");
      // A hosted session's event names no card: asked before the event's transaction (never a
      // processor call inside one), so the receipt sent after it shows the digits. A failed
      // lookup only leaves them out.
      if (event.type === "payment_succeeded" && gateway.cardOfHostedPayment)
        event.card_last4 = await gateway.cardOfHostedPayment(event.provider_ref).catch((error) => {
          request.log.warn({ err: error, ref: event.provider_ref }, "card of hosted payment not read");
          return null;
        });
      const result = await applyGatewayEvent(app, "stripe", event, JSON.parse(raw.toString("utf8")));
      return { received: true, result };
    },
  );

  app.post(
    "/webhooks/paypal",
    {
      schema: {
        tags: ["checkout"],
        summary: "Eventos de PayPal (verificados con la API de PayPal y PAYPAL_WEBHOOK_ID)",
        description:
          "400 WEBHOOK_SIGNATURE_INVALID; 409 si la compra aún no existe (PayPal reintenta); 502 si PayPal no responde.",
        headers: paypalWebhookHeaders,
        response: { 200: webhookAnswer },
      },
    },
    async (request) => {
      const paypal = paypalClient(app);
      if (!paypal || !app.config.PAYPAL_WEBHOOK_ID)
        throw AppError.of("NOT_FOUND", { message: "paymentProviderNotConfigured" });
      const invalid = () => AppError.of("WEBHOOK_SIGNATURE_INVALID");
      const raw = Buffer.isBuffer(request.body) ? request.body.toString("utf8") : null;
      const payload = raw === null ? null : parseJson(raw);
      const event = payload === undefined ? null : parsePaypalEvent(payload);
      if (raw === null || !event) throw invalid();
      const h = request.headers;
      const verified = await providerCall(() =>
        paypal.verifyWebhook(
          {
            auth_algo: h["paypal-auth-algo"],
            cert_url: h["paypal-cert-url"],
            transmission_id: h["paypal-transmission-id"],
            transmission_sig: h["paypal-transmission-sig"],
            transmission_time: h["paypal-transmission-time"],
          },
          raw,
        ),
      );
      if (!verified) throw invalid();
      const result = await applyPaypalEvent(app, event, payload);
      return { received: true, result };
    },
  );
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export default webhooksRoutes;
