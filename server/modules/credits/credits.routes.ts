import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentCustomerId, requireUser } from "../../plugins/auth";
import { myCredits, myPenalties } from "./credits.service";

const creditsOut = z.object({
  available_classes: z.array(
    z
      .object({
        available_class_id: z.number(),
        available_classes: z.number(),
        expiration_date: z.string().nullable(),
        class_type_names: z.array(z.string()),
        allowed_times: z.string().nullable(),
      })
      .loose(),
  ),
  total: z.number(),
  unlimited: z.boolean(),
  unlimited_expiration: z.string().nullable(),
});

/** The signed-in customer's own credit buckets and penalties (read-only; admin edits come later). */
const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/available_classes",
    {
      preHandler: requireUser,
      schema: {
        tags: ["créditos"],
        summary: "Mis créditos vigentes (-1 = ilimitados) y el resumen del distintivo de créditos",
        response: { 200: creditsOut },
      },
    },
    async (request) => myCredits(app.db, await currentCustomerId(request), false),
  );

  app.get(
    "/available_classes/date/all",
    {
      preHandler: requireUser,
      schema: {
        tags: ["créditos"],
        summary: "Todos mis paquetes de créditos, también vencidos o agotados",
        response: { 200: creditsOut },
      },
    },
    async (request) => myCredits(app.db, await currentCustomerId(request), true),
  );

  app.get(
    "/class_reservation_penaltys",
    {
      preHandler: requireUser,
      schema: {
        tags: ["créditos"],
        summary: "Mis penalizaciones por inasistencia",
        response: {
          200: z.object({
            class_reservation_penaltys: z.array(
              z.object({
                class_reservation_penalty_id: z.number(),
                no_shows: z.number(),
                start_date: z.string(),
                end_date: z.string(),
                active: z.boolean(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({
      class_reservation_penaltys: await myPenalties(app.db, await currentCustomerId(request)),
    }),
  );
};

export default creditsRoutes;
