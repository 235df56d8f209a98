import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import Stripe from "stripe";
import {
  idempotencyHeaders,
  offlineCheckoutAnswer,
  offlineCheckoutBody,
  voucherAnswer,
  voucherParams,
  voucherSimulatedAnswer,
} from "../../../domain/api/checkout";
import { renewalVoucherParams, renewalVoucherSimulatedAnswer } from "../../../domain/api/purchases";
import { AppError } from "../../../domain/errors";
import { currentCustomerId, requireUser } from "../../auth/auth";
import { cardGateway } from "../../payments/gateways";
import { forBuyer } from "./checkout.service";
import {
  getOwnVoucher,
  simulateSandboxPayment,
  simulateSandboxRenewalVoucherPayment,
  startOfflineCheckout,
} from "./offline-payments.service";
import { providerCall } from "./provider-call";

const tags = ["checkout"];

/**
 * OXXO and SPEI (decision 0034): the checkout that answers a voucher or transfer
 * details instead of charging a card, the customer's own voucher, and the sandbox's "simulate
 * payment" (only while the sandbox is the processor: with Stripe it is a 404).
 */
const offlinePaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/checkout/offline",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Pago en OXXO o por transferencia SPEI: compra pendiente y ficha (o CLABE)",
        description:
          "Mismos errores que /checkout/attempt; 412 PAYMENT_METHOD_DISABLED, 412 OFFLINE_SUBSCRIPTION (las suscripciones se pagan con tarjeta), 412 OXXO_AMOUNT_OUT_OF_RANGE (OXXO: hasta $10,000.00), 502 PAYMENT_PROVIDER_ERROR.",
        headers: idempotencyHeaders,
        body: offlineCheckoutBody,
        response: { 200: offlineCheckoutAnswer },
      },
    },
    async (request) => {
      return forBuyer(request, (buyer) =>
        stripeCall(() => startOfflineCheckout(app, cardGateway(app), { ...request.body, ...buyer })),
      );
    },
  );

  app.get(
    "/checkout/offline/:purchase_id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "La ficha OXXO o los datos SPEI de una compra propia",
        description: "404 VOUCHER_NOT_FOUND si la compra no es tuya o no se paga en OXXO/SPEI.",
        params: voucherParams,
        response: { 200: voucherAnswer },
      },
    },
    async (request) => ({
      voucher: await getOwnVoucher(app, await currentCustomerId(request), request.params.purchase_id),
    }),
  );

  app.post(
    "/payments/sandbox/vouchers/:purchase_id/pay",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Sandbox: simula que la ficha OXXO o la transferencia SPEI se pagó",
        description:
          "Solo con el procesador sandbox (con Stripe: 404) y solo el cliente de la compra. Envía el mismo evento normalizado que el webhook de Stripe por el mismo camino: otorga una vez; repetirlo no cambia nada.",
        params: voucherParams,
        response: { 200: voucherSimulatedAnswer },
      },
    },
    async (request) => {
      if (cardGateway(app).name !== "sandbox")
        throw AppError.of(404, "NOT_FOUND", "paymentProviderNotConfigured");
      return simulateSandboxPayment(app, await currentCustomerId(request), request.params.purchase_id);
    },
  );

  app.post(
    "/payments/sandbox/renewal-vouchers/:id/pay",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Sandbox: simula que se pagó la ficha OXXO o la transferencia SPEI de un periodo de renovación",
        description:
          "Solo con el procesador sandbox (con Stripe: 404) y solo el cliente de la suscripción. 409 VOUCHER_NOT_PENDING si la ficha se cerró (la suscripción terminó o el periodo ya se pagó).",
        params: renewalVoucherParams,
        response: { 200: renewalVoucherSimulatedAnswer },
      },
    },
    async (request) => {
      if (cardGateway(app).name !== "sandbox")
        throw AppError.of(404, "NOT_FOUND", "paymentProviderNotConfigured");
      return simulateSandboxRenewalVoucherPayment(app, await currentCustomerId(request), request.params.id);
    },
  );
};

/** Stripe refusing or unreachable is a 502 in Spanish (as PayPal's errors are), never a bare 500. */
async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
  return providerCall(async () => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) throw AppError.of("PAYMENT_PROVIDER_ERROR");
      throw error;
    }
  });
}

export default offlinePaymentsRoutes;
