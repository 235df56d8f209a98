import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  coachPayAnswer,
  coachPayApproveBody,
  coachPayApprovedAnswer,
  coachPayPeriodQuery,
  coachPayRateAnswer,
  coachPayRateBody,
  coachPayRatesAnswer,
  coachRateChangeAnswer,
  coachRateChangeBody,
  coachRateChangeParams,
  coachRateHistoryAnswer,
  coachRateHistoryParams,
  myPayAnswer,
} from "../../../domain/api/coach-pay";
import { requireAdmin, signedInUser } from "../../auth/auth";
import { actorOf } from "../audit/actor";
import {
  addRateChange,
  approvePay,
  coachPay,
  coachPayCsv,
  listRates,
  myPay,
  rateHistory,
  removeRateChange,
  saveRate,
} from "./coach-pay.service";

/**
 * Coach pay (decision 0079): owner and manager read rates and pay; only the owner sets a rate or
 * approves a period (server/plugins/permissions.ts). A coach reads their own at /staff/me/pay when
 * the studio shows it.
 */
const tags = ["nomina"];

const coachPayRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = () => app.appConfig.get();

  app.get(
    "/nomina/tarifas",
    {
      preHandler: requireAdmin,
      schema: { tags, summary: "Tarifas de pago de cada coach", response: { 200: coachPayRatesAnswer } },
    },
    async () => listRates(app.db),
  );
  app.put(
    "/nomina/tarifas",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Guarda la tarifa de un coach: por clase, por persona, escalones y porcentaje de talleres",
        body: coachPayRateBody,
        response: { 200: coachPayRateAnswer },
        errors: ["COACH_NOT_FOUND"],
      },
    },
    async (request) => saveRate(app.db, await actorOf(request), request.body),
  );
  // Rate history (docs/product-rules.md#coach-rate-history, decision 0119).
  app.get(
    "/nomina/tarifas/:instructor_id/historial",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Historial de tarifas de un coach: la de siempre y cada cambio desde su fecha",
        params: coachRateHistoryParams,
        response: { 200: coachRateHistoryAnswer },
        errors: ["COACH_NOT_FOUND"],
      },
    },
    async (request) => rateHistory(app.db, request.params.instructor_id),
  );
  app.post(
    "/nomina/tarifas/historial",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Nueva tarifa de un coach desde una fecha (las clases anteriores conservan la suya)",
        body: coachRateChangeBody,
        response: { 200: coachRateChangeAnswer },
        errors: ["COACH_NOT_FOUND"],
      },
    },
    async (request) => addRateChange(app.db, await actorOf(request), request.body),
  );
  app.delete(
    "/nomina/tarifas/:instructor_id/historial/:from",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Borra la tarifa de un coach desde una fecha (capturada por error); no si cambiaría un pago aprobado",
        params: coachRateChangeParams,
        response: { 200: coachRateChangeAnswer },
        errors: ["COACH_NOT_FOUND", "COACH_RATE_CHANGE_NOT_FOUND", "COACH_RATE_CHANGE_APPROVED"],
      },
    },
    async (request) =>
      removeRateChange(
        app.db,
        await config(),
        await actorOf(request),
        request.params.instructor_id,
        request.params.from,
      ),
  );
  app.get(
    "/nomina",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Pago de los coaches en un periodo, con el detalle por clase y su aprobación",
        querystring: coachPayPeriodQuery,
        response: { 200: coachPayAnswer },
      },
    },
    async (request) => coachPay(app.db, await config(), request.query),
  );
  app.get(
    "/nomina/csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Pago de los coaches en un periodo (CSV para el contador)",
        querystring: coachPayPeriodQuery,
        documentedAnswer: { description: "Pago por clase y coach (CSV)", contentTypes: ["text/csv"] },
      },
    },
    async (request, reply) => {
      const q = request.query;
      reply.header("content-disposition", `attachment; filename="pago-coaches-${q.from}-${q.to}.csv"`);
      reply.header("cache-control", "no-store");
      return reply
        .type("text/csv; charset=utf-8")
        .send(coachPayCsv(await coachPay(app.db, await config(), q)));
    },
  );
  app.post(
    "/nomina/aprobar",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Aprueba el pago de un coach en un periodo (queda guardado como está)",
        body: coachPayApproveBody,
        response: { 200: coachPayApprovedAnswer },
        errors: ["COACH_NOT_FOUND", "COACH_PAY_ALREADY_APPROVED"],
      },
    },
    async (request) => approvePay(app.db, await config(), await actorOf(request), request.body),
  );
  app.get(
    "/staff/me/pay",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Mis clases y mi pago en un periodo (si el estudio lo muestra)",
        querystring: coachPayPeriodQuery,
        response: { 200: myPayAnswer },
        errors: ["COACH_PAY_HIDDEN"],
      },
    },
    async (request) => myPay(app.db, await config(), (await signedInUser(request)).id, request.query),
  );
};

export default coachPayRoutes;
