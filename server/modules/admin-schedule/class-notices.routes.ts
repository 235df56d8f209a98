import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { classChangeTexts as x } from "../../../domain/class-changes";
import { currentCustomerId, requireUser } from "../../plugins/auth";
import { notifyReservationCancelled } from "../notifications/notifications.service";
import { cancelAfterChange, dismissNotice, noticesOf } from "./class-changes.service";

const tags = ["reservaciones"];
const id = z.coerce.number().int().positive();

const noticeOut = z.object({
  class_change_notice_id: z.number(),
  kind: z.enum(["changed", "cancelled"]),
  changes: z.array(z.object({ label: z.string(), before: z.string(), after: z.string() })),
  refunded_credits: z.number(),
  createdAt: z.string(),
  class_reservation_id: z.number().nullable(),
  can_cancel_free: z.boolean(),
  single_class: z.object({
    single_class_id: z.number(),
    class_date: z.string(),
    class_type: z.object({ name: z.string() }),
    location: z.object({ name: z.string() }).nullable(),
    coaches: z.array(z.string()),
    cancelled: z.boolean(),
  }),
});

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
        response: { 200: z.object({ notices: z.array(noticeOut) }) },
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
        params: z.object({ id }),
        response: { 200: z.object({ message: z.string() }) },
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
        params: z.object({ id }),
        response: { 200: z.object({ message: z.string(), refunded: z.boolean() }) },
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
