import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cashCloseAnswer,
  cashCloseBody,
  cashCloseDoneAnswer,
  cashCloseHistoryAnswer,
  cashCloseHistoryQuery,
  cashCloseQuery,
  cashCloseReopenBody,
} from "../../../domain/api/cash-close";
import { idParams } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { requireAdmin, signedInUser } from "../../auth/auth";
import { actorOf } from "../audit/actor";
import { cashCloseOf, closeDay, closeHistory, reopenClose } from "./cash-close.service";

const tags = ["corte de caja"];

/** The cash close (corte de caja, decision 0063): the desk's day per location, closed and reopened. */
const cashCloseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/corte-de-caja",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Lo que cada persona del mostrador cobró en una sucursal y día, por método, y su corte",
        description:
          "Ventas de mostrador, pedidos en efectivo confirmados y reembolsos entregados por el mostrador (en negativo), del día del estudio (su zona horaria). Sin location_id: la primera sucursal; sin day: hoy. expected_cash = efectivo de mostrador + pedidos en efectivo − reembolsos en efectivo.",
        querystring: cashCloseQuery,
        errors: ["LOCATION_NOT_FOUND", "CASH_CLOSE_DAY_INVALID"],
        response: { 200: cashCloseAnswer },
      },
    },
    async (request) =>
      cashCloseOf(
        app.db,
        (await app.appConfig.get()).timezone,
        (await signedInUser(request)).staff_role,
        request.query,
      ),
  );

  app.post(
    "/corte-de-caja",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Cierra el día de una sucursal con el efectivo contado (registra esperado, contado y diferencia)",
        body: cashCloseBody,
        errors: [
          "LOCATION_NOT_FOUND",
          "CASH_CLOSE_DAY_INVALID",
          "CASH_CLOSE_AMOUNT_INVALID",
          "CASH_CLOSE_ALREADY_CLOSED",
        ],
        response: { 200: cashCloseDoneAnswer },
      },
    },
    async (request) => ({
      message: t("cashClosed"),
      close: await closeDay(
        app.db,
        (await app.appConfig.get()).timezone,
        await actorOf(request),
        request.body,
      ),
    }),
  );

  app.post(
    "/corte-de-caja/:id/reopen",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Reabre un corte de caja (dueño o gerente) con un motivo; queda en el historial",
        params: idParams,
        body: cashCloseReopenBody,
        errors: ["CASH_CLOSE_REOPEN_REASON", "CASH_CLOSE_NOT_FOUND", "CASH_CLOSE_ALREADY_REOPENED"],
        response: { 200: cashCloseDoneAnswer },
      },
    },
    async (request) => ({
      message: t("cashCloseReopened"),
      close: await reopenClose(app.db, await actorOf(request), request.params.id, request.body.reason),
    }),
  );

  app.get(
    "/corte-de-caja/historial",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Los cortes de caja de una sucursal, del día más reciente al más antiguo (también los reabiertos)",
        querystring: cashCloseHistoryQuery,
        errors: ["LOCATION_NOT_FOUND"],
        response: { 200: cashCloseHistoryAnswer },
      },
    },
    async (request) => ({ closes: await closeHistory(app.db, request.query) }),
  );
};

export default cashCloseRoutes;
