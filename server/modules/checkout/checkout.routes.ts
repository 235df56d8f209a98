import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cardAttemptAnswer,
  cardAttemptBody,
  cardConfirmAnswer,
  cardConfirmBody,
  cashCheckoutAnswer,
  cashCheckoutBody,
  checkoutBody,
  idempotencyHeaders,
  paymentProvidersAnswer,
  signupFeeAnswer,
  walletCaptureAnswer,
  walletCaptureBody,
  walletCheckoutAnswer,
} from "../../../domain/api/checkout";
import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireUser } from "../../auth/auth";
import { cardGateway, paymentProviders, walletClient } from "../../payments/gateways";
import { paymentCompleted } from "../purchases/payment-completed";
import {
  cashCheckout,
  confirmCardCheckout,
  requireIdempotencyKey,
  signupFeeOf,
  startCardCheckout,
} from "./checkout.service";
import { capturePaypal, startPaypalCheckout } from "./paypal.service";
import { providerCall } from "./provider-call";

const tags = ["checkout"];
/**
 * Checkout. Every call that creates a purchase carries an idempotency key (body or header): the
 * same key answers the same purchase, so double clicks and retries never buy twice.
 */
const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/checkout/attempt",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Pago con tarjeta, paso 1: compra pendiente y client secret",
        description:
          "404 PACKAGE_NOT_FOUND, 409 PURCHASE_LIMIT, 412 PEOPLE_LIMIT, 412 DISCOUNT_USED_UP / DISCOUNT_INVALID, 412 SIGNUP_FEE_REQUIRED. mode=session devuelve session.url (página de pago alojada).",
        headers: idempotencyHeaders,
        body: cardAttemptBody,
        response: { 200: cardAttemptAnswer },
      },
    },
    async (request) => {
      const { payment_method: _ignored, ...body } = request.body;
      return startCardCheckout(app, cardGateway(app), {
        ...body,
        idempotency_key: requireIdempotencyKey(request.body, request.headers),
        customer_id: await currentCustomerId(request),
        email: (await request.getUser())?.email,
        return_url: app.config.publicUrl,
      });
    },
  );

  app.post(
    "/checkout/confirm",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Pago con tarjeta, paso 2: confirma con el token de la tarjeta o una tarjeta guardada",
        description:
          "402 CARD_DECLINED con decline_code (insufficient_funds, card_declined, lost_card, ...). La confirmación se registra antes de pedirla al procesador (decisión 0066): 502 CHARGE_PROCESSOR_UNREACHABLE si no respondió; un trabajo la termina.",
        body: cardConfirmBody,
        response: { 200: cardConfirmAnswer },
      },
    },
    async (request) => {
      const customer_id = await currentCustomerId(request);
      const result = await confirmCardCheckout(app, cardGateway(app), { ...request.body, customer_id });
      await paymentCompleted(app, customer_id);
      return { ...result, message: t("purchaseSuccess") };
    },
  );

  app.post(
    "/checkout",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Compra en efectivo (pendiente hasta que el estudio confirme el pago) u oferta gratuita",
        headers: idempotencyHeaders,
        body: cashCheckoutBody,
        response: { 200: cashCheckoutAnswer },
      },
    },
    async (request) => {
      // customer_id in older clients' payload is ignored: a purchase is always for the signed-in
      // customer.
      const { customer_id: _ignored, ...body } = request.body;
      return cashCheckout(app, {
        ...body,
        idempotency_key: requireIdempotencyKey(request.body, request.headers),
        customer_id: await currentCustomerId(request),
      });
    },
  );
  app.post(
    "/checkout/paypal",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "PayPal, paso 1: compra pendiente y orderID (o plan_id para suscripciones)",
        description:
          "Mismos errores que /checkout/attempt; 412 PAYMENT_PROVIDER_NOT_CONFIGURED sin llaves de PayPal; 502 PAYMENT_PROVIDER_ERROR.",
        headers: idempotencyHeaders,
        body: checkoutBody,
        response: { 200: walletCheckoutAnswer },
      },
    },
    async (request) => {
      const customer_id = await currentCustomerId(request);
      const idempotency_key = requireIdempotencyKey(request.body, request.headers);
      return providerCall(() =>
        startPaypalCheckout(app, requirePaypal(), { ...request.body, idempotency_key, customer_id }),
      );
    },
  );

  app.post(
    "/checkout/capture",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "PayPal, paso 2: cobra la orden aprobada (o verifica la suscripción) y otorga una vez",
        description: "402 PAYPAL_NOT_COMPLETED, 404 PURCHASE_NOT_FOUND.",
        body: walletCaptureBody,
        response: { 200: walletCaptureAnswer },
      },
    },
    async (request) => {
      const customer_id = await currentCustomerId(request);
      const result = await providerCall(async () =>
        capturePaypal(app, requirePaypal(), { ...request.body, customer_id }),
      );
      await paymentCompleted(app, customer_id);
      // The wallet's success message (docs/product-rules.md#checkout).
      return { ...result, message: t("paymentSuccess") };
    },
  );

  app.get(
    "/checkout/signup-fee",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "La inscripción del cliente: pagada, por pagar o en otra orden abierta (OXXO, SPEI, efectivo)",
        description:
          "state: none (el estudio no cobra inscripción), paid, due (se agrega al pago) o carried (va en otra orden abierta: carried.message lo dice; no se vuelve a cobrar). Decisión 0050.",
        response: { 200: signupFeeAnswer },
      },
    },
    async (request) => signupFeeOf(app, await currentCustomerId(request)),
  );

  app.get(
    "/checkout/providers",
    {
      schema: {
        tags,
        summary: "Qué procesador atiende cada forma de pago (tarjeta y monedero)",
        description:
          "card: sandbox | stripe. wallet: paypal (llaves de PayPal), sandbox (el sandbox hace de monedero en la demo) o null.",
        response: { 200: paymentProvidersAnswer },
      },
    },
    async () => paymentProviders(app),
  );

  /** PayPal when its keys are set; the sandbox wallet in a studio without keys (walletClient). */
  function requirePaypal() {
    const client = walletClient(app);
    if (!client) throw AppError.of("PAYMENT_PROVIDER_NOT_CONFIGURED");
    return client;
  }
};

export default checkoutRoutes;
