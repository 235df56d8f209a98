import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { cardGateway, mercadopagoClient, paypalClient, sandboxGateway } from "../../payments/gateways";
import { currentCustomerId, requireAdmin, requireUser } from "../../plugins/auth";
import { actorOf } from "../audit/actor";
import { confirmCashPurchaseAudited, confirmRenewalInvoiceAudited } from "./cash-confirmation";
import freezesRoutes from "./freezes.routes";
import {
  cancelSubscription,
  getCustomerInvoices,
  getCustomerPurchase,
  getCustomerPurchases,
} from "./purchases.service";
import { sendPurchaseReceipt } from "./receipt-email";
import refundsRoutes from "./refunds.routes";
import { RENEWAL_JOB, renewDueSubscriptions } from "./renewals";

const tags = ["compras"];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const purchaseOut = z
  .object({
    purchase_id: z.number(),
    class_package_id: z.number(),
    title: z.string(),
    status: z.string(),
    status_text: z.string(),
    amount: z.number(),
    discount_total: z.number(),
    total_payment: z.number(),
    class_amount: z.number().nullable(),
    expiration_days: z.number().nullable(),
    expiration_date: z.date().nullable(),
    provider: z.string(),
    subscription_id: z.string().nullable(),
    subscription_interval: z.number().nullable(),
    subscription_period: z.string().nullable(),
    free_trial_length: z.number().nullable(),
    free_trial_period: z.string().nullable(),
    next_charge: z.date().nullable(),
    cancel_reason: z.string().nullable(),
    credits_granted_at: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
    cancelledAt: z.date().nullable(),
  })
  .loose();

/** The customer's purchases and invoices; every query is scoped to the signed-in customer. */
const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = async () => (await app.appConfig.get()).timezone;
  // Refunds and frozen memberships (issue 21): their own files, under the same prefix.
  await app.register(refundsRoutes);
  await app.register(freezesRoutes);

  // Daily at 15:00 UTC (morning in Mexico): sandbox-card and cash subscriptions that are due.
  app.jobs.register(
    RENEWAL_JOB,
    async () => {
      await renewDueSubscriptions({ ...pickDeps(app), gateway: sandboxGateway(app), log: app.log });
    },
    { cron: "0 15 * * *" },
  );

  app.get(
    "/purchases",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis Compras",
        response: { 200: z.object({ purchases: z.array(purchaseOut) }) },
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
        response: { 200: z.object({ purchase: purchaseOut }) },
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
        body: z.object({ reason: z.string().max(1000).optional().default("") }),
        response: { 200: z.object({ message: z.string(), purchase_id: z.number() }) },
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
      await cancelSubscription(app.db, gateways, {
        customer_id: await currentCustomerId(request),
        purchase_id: request.params.id,
        reason: request.body.reason,
      });
      return { message: t("subscriptionCancelled"), purchase_id: request.params.id };
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
        response: { 200: z.object({ message: z.string(), purchase_id: z.number(), granted: z.boolean() }) },
      },
    },
    async (request) => {
      const result = await confirmCashPurchaseAudited(
        app.db,
        await timeZone(),
        await actorOf(request),
        request.params.id,
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
        response: { 200: z.object({ message: z.string(), invoice_id: z.number(), granted: z.boolean() }) },
      },
    },
    async (request) => {
      const result = await confirmRenewalInvoiceAudited(
        app.db,
        await timeZone(),
        await actorOf(request),
        request.params.id,
      );
      if (result.status === "not_found") throw notFound("invoiceNotFound", "INVOICE_NOT_FOUND");
      if (result.status === "not_pending") throw AppError.of("INVOICE_NOT_PENDING");
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
          200: z.object({
            invoices: z.array(
              z
                .object({
                  invoice_id: z.number(),
                  purchase_id: z.number(),
                  total_payment: z.number(),
                  status: z.string(),
                  createdAt: z.date(),
                  period_start: z.date().nullable(),
                  period_end: z.date().nullable(),
                  class_package: z.object({ class_package_id: z.number(), title: z.string() }),
                  purchase: z.object({ purchase_id: z.number(), title: z.string() }),
                })
                .loose(),
            ),
          }),
        },
      },
    },
    async (request) => ({ invoices: await getCustomerInvoices(app.db, await currentCustomerId(request)) }),
  );
};

const pickDeps = (app: Parameters<typeof purchasesRoutes>[0]) => ({
  db: app.db,
  appConfig: app.appConfig,
  mailer: app.mailer,
});

export default purchasesRoutes;
