import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { classChangeNoticesAnswer, freeCancelAnswer } from "../../../domain/api/admin-schedule";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { classChangeTexts as x } from "../../../domain/class-changes";
import { currentCustomerId, requireUser } from "../../auth/auth";
import { notifyReservationCancelled } from "../notifications/notifications.service";
import { cancelAfterChange, dismissNotice, noticesOf } from "./class-changes.service";

const tags = ["reservaciones"];

/**
 * The signed-in customer's notices of classes the studio changed or cancelled (shown on Mis
 * Reservaciones), their dismissal and the free cancellation a change of ours gives.
 */
const classNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/class_change_notices",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mis avisos de clases que el estudio cambió o canceló (sin los que oculté)",
        response: { 200: classChangeNoticesAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { notices: await noticesOf(app.db, await currentCustomerId(request)) };
    },
  );

  app.post(
    "/class_change_notices/:id/dismiss",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Ocultar uno de mis avisos",
        params: idParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await dismissNotice(app.db, await currentCustomerId(request), request.params.id);
      return { message: x.noticeDismissed };
    },
  );

  app.post(
    "/class_change_notices/:id/cancel-reservation",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Cancelar sin costo la reservación de una clase que el estudio cambió (aun dentro del tiempo límite; el crédito vuelve)",
        params: idParams,
        response: { 200: freeCancelAnswer },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      const result = await cancelAfterChange(
        app.db,
        config,
        await currentCustomerId(request),
        request.params.id,
      );
      await notifyReservationCancelled(
        app,
        result.customer,
        result.klass,
        result.refunded,
        result.class_reservation_id,
      );
      return { message: x.freeCancelDone, refunded: result.refunded };
    },
  );
};

export default classNoticeRoutes;
