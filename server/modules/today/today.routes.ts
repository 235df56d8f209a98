import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayAnswer, todayQuery } from "../../../domain/api/today";
import { requireAdmin } from "../../auth/auth";
import { todayAtTheDesk } from "./today.service";

const tags = ["recepción"];

/** Hoy: the desk's home screen (docs/product-rules.md#hoy). */
const todayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/hoy",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Hoy: las clases de un día (hoy si no se indica) en todas las ubicaciones o una, en orden de hora, con reservados, asistencias, lista de espera, lugares libres y coach; marca la siguiente clase",
        querystring: todayQuery,
        response: { 200: todayAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return todayAtTheDesk(app.db, await app.appConfig.get(), request.query);
    },
  );
};

export default todayRoutes;
