import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  idempotencyHeaders,
  mercadoPagoAnswer,
  mercadoPagoBody,
  mercadoPagoReturnAnswer,
  mercadoPagoReturnBody,
  mercadoPagoStatusAnswer,
  mercadoPagoWebhookBody,
  mercadoPagoWebhookHeaders,
  mercadoPagoWebhookQuery,
  webhookAnswer,
} from "../../../domain/api/checkout";
import { AppError } from "../../../domain/errors";
import { currentCustomerId, requireUser } from "../../auth/auth";
import { mercadopagoClient } from "../../payments/gateways";
import { MercadoPagoFailure } from "../../payments/mercadopago";
import { paymentCompleted } from "../purchases/payment-completed";
import { sendDueReceipts } from "../purchases/receipt-email";
import { forBuyer } from "./checkout.service";
import { returnFromMercadoPago, startMercadoPagoCheckout } from "./mercadopago.service";
import { applyMercadoPagoNotification } from "./mercadopago-webhooks.service";

const tags = ["checkout"];
/**
 * Mercado Pago (decision 0035): Checkout Pro for packages, preapprovals for subscriptions, the
 * customer's return from Mercado Pago, and its signed webhook. Offered when the studio turns it
 * on (mercadopago_enabled) and MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET are set.
 */
/**
 * How far a webhook's signed `ts` may be from our clock (decision 0056 §4): a captured delivery
 * replayed later is refused even though its signature is genuine.
 */
export const MERCADOPAGO_WEBHOOK_TOLERANCE_MS = 10 * 60 * 1000;

/** Whether x-signature's `ts` (seconds, or milliseconds in newer deliveries) is within the window. */
export function signedRecently(signature: string | undefined, now: number): boolean {
  const ts = /(?:^|,)\s*ts=(\d{1,16})\s*(?:,|$)/.exec(signature ?? "")?.[1];
  if (!ts) return false;
  const value = Number(ts);
  const ms = value > 1e12 ? value : value * 1000;
  return Math.abs(now - ms) <= MERCADOPAGO_WEBHOOK_TOLERANCE_MS;
}

const mercadopagoRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Mercado Pago is down or refuses our request: 502 in Spanish, never a bare 500. */
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof MercadoPagoFailure)
        throw AppError.of(502, "PAYMENT_PROVIDER_ERROR", "paymentProviderError");
      throw error;
    }
  };
  const client = () => {
    const mp = mercadopagoClient(app);
    if (!mp) throw AppError.of(404, "NOT_FOUND", "paymentProviderNotConfigured");
    return mp;
  };

  app.get(
    "/checkout/mercadopago",
    {
      schema: {
        tags,
        summary: "Si el estudio acepta Mercado Pago (paquetes y, aparte, suscripciones)",
        response: { 200: mercadoPagoStatusAnswer },
      },
    },
    async () => {
      const config = await app.appConfig.get();
      const enabled = Boolean(mercadopagoClient(app)) && config.mercadopago_enabled;
      return { enabled, subscriptions: enabled && config.mercadopago_subscriptions_enabled };
    },
  );

  app.post(
    "/checkout/mercadopago",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Pago con Mercado Pago: compra pendiente y la página de Mercado Pago (init_point)",
        description:
          "Paquete: preferencia de Checkout Pro. Suscripción: preapproval (412 MERCADOPAGO_SUBSCRIPTIONS_DISABLED, 412 MERCADOPAGO_SUBSCRIPTION_DISCOUNT). 404 si Mercado Pago no está configurado; 502 si no responde. Mismas reglas de idempotencia que el pago con tarjeta.",
        headers: idempotencyHeaders,
        body: mercadoPagoBody,
        response: { 200: mercadoPagoAnswer },
      },
    },
    async (request) => {
      const mp = client();
      return forBuyer(request, (buyer) =>
        call(() => startMercadoPagoCheckout(app, mp, { ...request.body, ...buyer })),
      );
    },
  );

  app.post(
    "/checkout/mercadopago/return",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Regreso desde Mercado Pago: lee el pago (o la suscripción) en Mercado Pago y lo aplica una vez",
        description:
          "No confía en el estado de la dirección de regreso. 402 MERCADOPAGO_REJECTED; 404 si el pago no es de esta compra.",
        body: mercadoPagoReturnBody,
        response: { 200: mercadoPagoReturnAnswer },
      },
    },
    async (request) => {
      const mp = client();
      const customerId = await currentCustomerId(request);
      const answer = await call(() =>
        returnFromMercadoPago(app, mp, { ...request.body, customer_id: customerId }),
      );
      await paymentCompleted(app, customerId);
      return answer;
    },
  );

  app.post(
    "/webhooks/mercadopago",
    {
      schema: {
        tags,
        summary: "Notificaciones de Mercado Pago (firma x-signature con MERCADOPAGO_WEBHOOK_SECRET)",
        description:
          "401 MERCADOPAGO_SIGNATURE_INVALID; 409 si la compra aún no existe (Mercado Pago reintenta); 502 si Mercado Pago no responde.",
        querystring: mercadoPagoWebhookQuery,
        headers: mercadoPagoWebhookHeaders,
        body: mercadoPagoWebhookBody,
        response: { 200: webhookAnswer },
      },
    },
    async (request) => {
      const mp = client();
      const body = request.body ?? {};
      // The signature covers the query's data.id (Mercado Pago's manifest), not the body.
      const dataId = request.query["data.id"] ?? (body.data?.id === undefined ? "" : String(body.data.id));
      const type = request.query.type ?? body.type ?? "";
      const requestId = request.headers["x-request-id"];
      const signature = request.headers["x-signature"];
      const signed =
        dataId !== "" &&
        signedRecently(signature, Date.now()) &&
        mp.verifyWebhook({ signature, requestId, dataId });
      if (!signed) throw AppError.of(401, "MERCADOPAGO_SIGNATURE_INVALID", "webhookSignatureInvalid");
      // The repeat-delivery id comes from what the signature covers (data.id and x-request-id),
      // never from the body, which anyone who saw one delivery could rewrite.
      const eventId = `mp:${dataId}:${requestId ?? ""}`;
      const result = await call(() =>
        applyMercadoPagoNotification(app, mp, { event_id: eventId, type, data_id: dataId }, body),
      );
      // Whoever paid: the receipts sweep sends every due one (decision 0051).
      if (result === "granted") await sendDueReceipts(app, null);
      return { received: true, result };
    },
  );
};

export default mercadopagoRoutes;
