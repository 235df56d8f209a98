import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminFreezeBody,
  freezeAnswer,
  freezeBody,
  freezesAnswer,
  myFreezesAnswer,
  paymentIssuesAnswer,
  payRenewalAnswer,
  payRenewalBody,
  renewalVoucherAnswer,
  renewalVoucherBody,
} from "../../../domain/api/purchases";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { formatDate } from "../../../domain/format";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireAdmin, requireUser } from "../../auth/auth";
import { cardGateway, sandboxGateway, subscriptionGatewayFor } from "../../payments/gateways";
import { actorOf } from "../audit/actor";
import {
  cancelFreeze,
  currentFreezesOf,
  type FreezeDeps,
  freezeMembership,
  freezeOut,
  freezesOfPurchase,
} from "./freezes.service";
import { paymentCompleted } from "./payment-completed";
import { payFailedRenewal, paymentIssuesOf } from "./renewal-payment";
import { requestRenewalVoucher } from "./renewal-voucher";

const tags = ["compras"];
/** Frozen memberships and failed renewals the customer pays (decision 0027). */
const freezesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = async (): Promise<FreezeDeps> => ({
    db: app.db,
    config: await app.appConfig.get(),
    subscriptionGateway: (provider) => subscriptionGatewayFor(app, provider),
    cardGateway: cardGateway(app),
  });
  /** "Membresía congelada del 1 de marzo de 2027 al 14 de marzo de 2027." */
  const said = (f: { starts_at: Date; ends_at: Date }, tz: string) =>
    t("freezeSaved", {
      from: formatDate(f.starts_at, tz),
      to: formatDate(new Date(f.ends_at.getTime() - 1), tz),
    });

  app.post(
    "/purchases/admin/:id/freeze",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Congela una membresía ilimitada o una suscripción por un rango de días (admin)",
        description:
          "from/to: días del estudio (ambos congelados). Mueve vencimiento y siguiente cobro por los días congelados; pausa la suscripción en el procesador. 400 FREEZE_DATES_INVALID, 409 FREEZE_OVERLAPS, 412 FREEZE_NOT_ALLOWED.",
        params: idParams,
        body: adminFreezeBody,
        response: { 200: freezeAnswer },
      },
    },
    async (request) => {
      const d = await deps();
      const freeze = freezeOut(
        await freezeMembership(d, await actorOf(request), {
          purchase_id: request.params.id,
          ...request.body,
        }),
        d.config.timezone,
      );
      return { message: said(freeze, d.config.timezone), freeze };
    },
  );

  app.get(
    "/purchases/admin/:id/freezes",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Congelamientos de una compra (admin)",
        params: idParams,
        response: { 200: freezesAnswer },
      },
    },
    async (request) => ({
      freezes: await freezesOfPurchase(app.db, request.params.id, (await app.appConfig.get()).timezone),
    }),
  );

  app.delete(
    "/purchases/admin/freezes/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Quita un congelamiento que no ha empezado (admin); las fechas regresan",
        params: idParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await cancelFreeze(await deps(), await actorOf(request), request.params.id);
      return { message: t("freezeCancelled") };
    },
  );

  app.get(
    "/purchases/freezes",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis congelamientos vigentes y si el estudio me deja congelar (y con qué cuota)",
        response: { 200: myFreezesAnswer },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      return {
        freezes: await currentFreezesOf(app.db, await currentCustomerId(request), config.timezone),
        allowed: Boolean(config.membership_freeze_by_customer),
        fee: config.membership_freeze_fee ?? 0,
        max_days: config.membership_freeze_max_days ?? 90,
      };
    },
  );

  app.post(
    "/purchases/:id/freeze",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Congela mi membresía (si el estudio lo permite; cuota con mi tarjeta guardada)",
        description:
          "403 FREEZE_BY_CUSTOMER_DISABLED si el estudio no lo permite; 402 tarjeta rechazada; 412 FREEZE_FEE_NEEDS_CARD.",
        params: idParams,
        body: freezeBody,
        response: { 200: freezeAnswer },
      },
    },
    async (request) => {
      const d = await deps();
      const freeze = freezeOut(
        // The customer is the actor of their own freeze (Bitácora shows who asked).
        await freezeMembership(d, await actorOf(request), {
          purchase_id: request.params.id,
          customer_id: await currentCustomerId(request),
          ...request.body,
        }),
        d.config.timezone,
      );
      return { message: said(freeze, d.config.timezone), freeze };
    },
  );

  app.get(
    "/purchases/payment-issues",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis suscripciones con un cobro de renovación fallido (banner 'Actualiza tu tarjeta')",
        response: { 200: paymentIssuesAnswer },
      },
    },
    async (request) => ({
      issues: await paymentIssuesOf(app.db, await currentCustomerId(request), await app.appConfig.get()),
    }),
  );

  app.post(
    "/purchases/:id/pay-renewal",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Paga el cobro fallido de mi suscripción con una tarjeta guardada o una nueva",
        description:
          "El cobro queda registrado antes de pedirlo al procesador (decisión 0137): si el periodo ya se pagó de otra forma, paid es false y el cargo se devuelve. 402 CARD_DECLINED; 412 INVOICE_NOT_FAILED; 502 CHARGE_PROCESSOR_UNREACHABLE.",
        params: idParams,
        body: payRenewalBody,
        response: { 200: payRenewalAnswer },
      },
    },
    async (request) => {
      const customerId = await currentCustomerId(request);
      const result = await payFailedRenewal(
        { db: app.db, gateway: sandboxGateway(app), timeZone: (await app.appConfig.get()).timezone },
        customerId,
        { purchase_id: request.params.id, ...request.body },
      );
      await paymentCompleted(app, customerId);
      return { message: t("invoicePaid"), paid: result.paid };
    },
  );

  app.post(
    "/purchases/:id/renewal-voucher",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Ficha OXXO o datos SPEI para pagar el periodo fallido de mi suscripción",
        description:
          "La ficha es del periodo (decisión 0134); una abierta del mismo método se responde de nuevo. 412 INVOICE_NOT_FAILED, 412 PAYMENT_METHOD_DISABLED, 412 OXXO_AMOUNT_OUT_OF_RANGE.",
        params: idParams,
        body: renewalVoucherBody,
        response: { 200: renewalVoucherAnswer },
      },
    },
    async (request) => ({
      voucher: await requestRenewalVoucher(app, cardGateway(app), await currentCustomerId(request), {
        purchase_id: request.params.id,
        ...request.body,
      }),
    }),
  );
};

export default freezesRoutes;
