import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { refundAnswer, refundBody, refundsAnswer } from "../../../domain/api/purchases";
import { idParams } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { actorOf } from "../audit/actor";
import { afterRefund, refundDeps } from "./refund-app";
import { refundOut, refundPurchase, refundsOfPurchase } from "./refunds.service";

const tags = ["compras"];

/** Refunds at the back office (decision 0027). */
const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/purchases/admin/:id/refund",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Reembolsa toda o parte de una compra (admin); idempotente por clave",
        description:
          "amount en pesos (sin él, todo lo que queda). Tarjeta y PayPal: se reembolsa en el procesador; efectivo y mostrador: se registra. Retira los créditos sin usar de la compra en la misma transacción (proporcionales en un reembolso parcial, decisión 0027) y envía un correo al cliente. 400 REFUND_AMOUNT_INVALID, 402 REFUND_FAILED, 404 PURCHASE_NOT_FOUND, 409 REFUND_KEY_REUSED, 412 NOTHING_TO_REFUND / REFUND_AT_PAYPAL.",
        params: idParams,
        body: refundBody,
        response: { 200: refundAnswer },
      },
    },
    async (request) => {
      const { refund, applied } = await refundPurchase(await refundDeps(app), await actorOf(request), {
        purchase_id: request.params.id,
        ...request.body,
      });
      if (applied) await afterRefund(app, refund);
      return { message: t("refundSaved"), refund: refundOut(refund) };
    },
  );

  app.get(
    "/purchases/admin/:id/refunds",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Los reembolsos de una compra (admin)",
        params: idParams,
        response: { 200: refundsAnswer },
      },
    },
    async (request) => ({ refunds: await refundsOfPurchase(app.db, request.params.id) }),
  );
};

export default refundsRoutes;
