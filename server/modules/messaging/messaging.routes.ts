import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  automationBody,
  automationParams,
  automationsAnswer,
  inboxAnswer,
  messagesAnswer,
  myMessagingAnswer,
  myMessagingBody,
  pushSubscriptionBody,
  replyBody,
  statusAnswer,
  twilioWebhookBody,
  twilioWebhookHeaders,
} from "../../../domain/api/messaging";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { AppError } from "../../../domain/errors";
import { currentCustomerId, requireAdmin, requireUser } from "../../auth/auth";
import { listAutomations, updateAutomation } from "./automations.service";
import { myMessaging, saveMyMessaging, subscribePush } from "./consents.service";
import { customerMessages, inbox, replyFromDesk } from "./desk.service";
import { receiveInbound, receiveStatus } from "./inbound.service";
import { providersOf } from "./providers";

const tags = ["mensajes"];

/**
 * WhatsApp, SMS and push (docs/product-rules.md#messaging): the customer's channels and
 * purposes, Twilio's signed webhooks (inbound replies, delivery status) and the back office's
 * messages, inbox and automations.
 */
const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Twilio posts urlencoded forms; the signature covers every field, so they are kept as sent.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** The signature check of both webhooks (twilio.validateRequest over the public URL). */
  const verified = (url: string, signature: string | undefined, form: Record<string, string>) => {
    const text = providersOf(app.config).text;
    if (!text) throw AppError.of("MESSAGING_NOT_CONFIGURED");
    if (!text.validSignature(signature, `${app.config.publicUrl}${url}`, form))
      throw AppError.of("MESSAGING_SIGNATURE_INVALID");
  };

  app.post(
    "/webhooks/twilio/inbound",
    {
      schema: {
        tags,
        summary: "Respuestas de clientes por WhatsApp o SMS (firma X-Twilio-Signature verificada)",
        description:
          "BAJA/STOP, ALTA, SÍ (toma el lugar ofrecido), NO VOY (cancela con las reglas); lo demás llega a la bandeja del estudio. 403 firma inválida, 404 remitente desconocido, 400 incompleto: nada cambia.",
        headers: twilioWebhookHeaders,
        body: twilioWebhookBody,
        documentedAnswer: { description: "TwiML vacío", contentTypes: ["text/xml"] },
      },
    },
    async (request, reply) => {
      verified("/api/webhooks/twilio/inbound", request.headers["x-twilio-signature"], request.body);
      await receiveInbound(app, request.body);
      return reply
        .type("text/xml; charset=utf-8")
        .send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );

  app.post(
    "/webhooks/twilio/status",
    {
      schema: {
        tags,
        summary: "Estado de entrega de un mensaje (enviado, entregado, leído, falló), firmado por Twilio",
        headers: twilioWebhookHeaders,
        body: twilioWebhookBody,
        response: { 200: statusAnswer },
      },
    },
    async (request) => {
      verified("/api/webhooks/twilio/status", request.headers["x-twilio-signature"], request.body);
      return { received: true as const, changed: await receiveStatus(app, request.body) };
    },
  );

  app.get(
    "/customer/messaging",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis canales (WhatsApp, SMS, notificaciones) y finalidades",
        response: { 200: myMessagingAnswer },
      },
    },
    async (request) => myMessaging(app, await currentCustomerId(request)),
  );

  app.put(
    "/customer/messaging",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Guarda mis canales y finalidades (cada cambio queda registrado con su texto y su origen)",
        body: myMessagingBody,
        response: { 200: myMessagingAnswer.extend({ message: messageAnswer.shape.message }) },
      },
    },
    async (request) => saveMyMessaging(app, await currentCustomerId(request), request.body),
  );

  app.post(
    "/customer/push-subscriptions",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Registra este dispositivo para notificaciones",
        body: pushSubscriptionBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => subscribePush(app, await currentCustomerId(request), request.body),
  );

  app.get(
    "/admin/customers/:id/messages",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Mensajes de un cliente con su estado de entrega",
        params: idParams,
        response: { 200: messagesAnswer },
      },
    },
    async (request) => customerMessages(app, request.params.id),
  );

  app.get(
    "/admin/messaging/inbox",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Bandeja: respuestas de clientes por atender",
        response: { 200: inboxAnswer },
      },
    },
    async () => inbox(app),
  );

  app.post(
    "/admin/messaging/inbox/:id/reply",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Contesta a un cliente (WhatsApp: dentro de las 24 horas de su último mensaje)",
        params: idParams,
        body: replyBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => replyFromDesk(app, request.params.id, request.body.text),
  );

  app.get(
    "/admin/messaging/automations",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Mensajes automáticos: interruptor, texto y resultados a 7 días",
        response: { 200: automationsAnswer },
      },
    },
    async () => ({ automations: await listAutomations(app) }),
  );

  app.put(
    "/admin/messaging/automations/:automation",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Enciende o apaga un mensaje automático y edita su texto",
        params: automationParams,
        body: automationBody,
        response: { 200: automationsAnswer.extend({ message: messageAnswer.shape.message }) },
      },
    },
    async (request) => updateAutomation(app, request.params.automation, request.body),
  );
};

export default messagingRoutes;
