import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deskLocationQuery } from "../../../domain/api/cash-close";
import {
  cancelSubscriptionAnswer,
  cancelSubscriptionBody,
  cashConfirmedAnswer,
  invoicesAnswer,
  purchaseDetailAnswer,
  purchasesAnswer,
  renewalConfirmedAnswer,
} from "../../../domain/api/purchases";
import { idParams } from "../../../domain/api/wire";
import { AppError, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireAdmin, requireUser } from "../../auth/auth";
import { cardGateway, mercadopagoClient, paypalClient } from "../../payments/gateways";
import { actorOf } from "../audit/actor";
import { confirmCashPurchaseAudited, confirmRenewalInvoiceAudited } from "./cash-confirmation";
import eventAttendeesRoutes from "./event-attendees.routes";
import freezesRoutes from "./freezes.routes";
import { paymentCompleted } from "./payment-completed";
import {
  cancelSubscription,
  getCustomerInvoices,
  getCustomerPurchase,
  getCustomerPurchases,
} from "./purchases.service";
import { sendCancellationEmail, sendPurchaseReceipt } from "./receipt-email";
import refundsRoutes from "./refunds.routes";

const tags = ["compras"];
/** The customer's purchases and invoices; every query is scoped to the signed-in customer. */
const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = async () => (await app.appConfig.get()).timezone;
  // Refunds and frozen memberships (decision 0027): their own files, under the same prefix.
  await app.register(refundsRoutes);
  await app.register(freezesRoutes);
  // The special event's attendees read packages and purchases: served here, not by packages.
  await app.register(eventAttendeesRoutes);

  app.get(
    "/purchases",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis Compras",
        response: { 200: purchasesAnswer },
      },
    },
    async (request) => ({
      purchases: await getCustomerPurchases(app.db, await currentCustomerId(request), await timeZone(), {
        hideUnpaidAttempts: true,
      }),
    }),
  );

  app.get(
    "/purchases/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Una compra propia, con lo que otorgó (página de gracias)",
        params: idParams,
        response: { 200: purchaseDetailAnswer },
      },
    },
    async (request) => ({
      purchase: await getCustomerPurchase(
        app.db,
        await currentCustomerId(request),
        request.params.id,
        await timeZone(),
      ),
    }),
  );

  app.post(
    "/purchases/cancel/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Cancela una suscripción propia (motivo obligatorio)",
        params: idParams,
        body: cancelSubscriptionBody,
        response: { 200: cancelSubscriptionAnswer },
      },
    },
    async (request) => {
      const paypal = paypalClient(app);
      const mp = mercadopagoClient(app);
      const gateways = [
        cardGateway(app),
        ...(paypal ? [{ name: "paypal", ...paypal }] : []),
        ...(mp ? [{ name: "mercadopago", ...mp }] : []),
      ];
      const cancelled = await cancelSubscription(app.db, gateways, {
        customer_id: await currentCustomerId(request),
        purchase_id: request.params.id,
        reason: request.body.reason,
      });
      if (cancelled) await sendCancellationEmail(app, cancelled);
      return {
        message: t("subscriptionCancelled"),
        purchase_id: request.params.id,
        access_until: cancelled?.expiration_date?.toISOString() ?? null,
      };
    },
  );

  app.post(
    "/purchases/admin/:id/confirm",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Confirma el pago en efectivo de una compra pendiente (admin); otorga los créditos una vez",
        params: idParams,
        querystring: deskLocationQuery,
        response: { 200: cashConfirmedAnswer },
      },
    },
    async (request) => {
      const result = await confirmCashPurchaseAudited(
        app.db,
        await timeZone(),
        await actorOf(request),
        request.params.id,
        new Date(),
        request.query.location_id,
      );
      if (result.granted) await sendPurchaseReceipt(app, request.params.id);
      return { message: t("paymentSuccess"), purchase_id: request.params.id, granted: result.granted };
    },
  );

  app.post(
    "/purchases/admin/invoices/:id/confirm",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Confirma el pago en efectivo de una renovación (admin); otorga el periodo una vez",
        description: "404 INVOICE_NOT_FOUND, 412 INVOICE_NOT_PENDING.",
        params: idParams,
        querystring: deskLocationQuery,
        response: { 200: renewalConfirmedAnswer },
      },
    },
    async (request) => {
      const result = await confirmRenewalInvoiceAudited(
        app.db,
        await timeZone(),
        await actorOf(request),
        request.params.id,
        request.query.location_id,
      );
      if (result.status === "not_found") throw notFound("invoiceNotFound", "INVOICE_NOT_FOUND");
      if (result.status === "not_pending") throw AppError.of("INVOICE_NOT_PENDING");
      if (result.status === "granted") await paymentCompleted(app, result.invoice.customer_id);
      return {
        message: t("paymentSuccess"),
        invoice_id: request.params.id,
        granted: result.status === "granted",
      };
    },
  );

  app.get(
    "/invoices",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis Cargos",
        response: {
          200: invoicesAnswer,
        },
      },
    },
    async (request) => ({ invoices: await getCustomerInvoices(app.db, await currentCustomerId(request)) }),
  );
};

export default purchasesRoutes;
