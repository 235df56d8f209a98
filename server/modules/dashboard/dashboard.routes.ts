import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../plugins/auth";
import { dashboard } from "./dashboard.service";

/** A class with its seats booked (classSummaryColumns); the admin's class list answers it too. */
export const classSummaryRow = {
  single_class_id: z.number(),
  class_date: z.date(),
  duration_minutes: z.number(),
  capacity: z.number().nullable(),
  cancelledAt: z.date().nullable(),
  class_type: z.string(),
  color: z.string().nullable(),
  location: z.string().nullable(),
  booked: z.number(),
};

const dayCount = (key: string) => z.array(z.object({ day: z.string(), [key]: z.number() }));

/** Revenue of the last 30 days less refunds: with IVA (`revenue`) or before it (`revenue_sin_iva`). */
const revenue = z.object({
  days: z.number(),
  total: z.number(),
  refunds: z.number(),
  by_day: dayCount("total"),
  by_package: z.array(z.object({ title: z.string(), total: z.number(), count: z.number() })),
});

/** GET /api/admin/dashboard: the studio at a glance (admin only). */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/dashboard",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "Panel: clases de hoy, reservaciones de la semana, ingresos de 30 días, suscripciones, clientes nuevos, inasistencias",
        response: {
          200: z.object({
            timezone: z.string(),
            today: z.string(),
            today_classes: z.array(
              z.object({
                ...classSummaryRow,
                coaches: z.array(z.string()),
                occupancy: z.number().nullable(),
              }),
            ),
            week: z.object({ start: z.string(), bookings: z.number(), by_day: dayCount("bookings") }),
            revenue,
            revenue_sin_iva: revenue,
            subscriptions: z.object({ active: z.number(), unlimited_members: z.number() }),
            customers: z.object({
              total: z.number(),
              new_last_30_days: z.number(),
              new_by_day: dayCount("count"),
            }),
            no_shows: z.object({ seats: z.number(), no_shows: z.number(), rate: z.number() }),
          }),
        },
      },
    },
    async () => dashboard(app.db, await app.appConfig.get()),
  );
};

export default dashboardRoutes;
