import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardAnswer } from "../../../domain/api/dashboard";
import { requireAdmin } from "../../auth/auth";
import { dashboard } from "./dashboard.service";

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
          200: dashboardAnswer,
        },
      },
    },
    async () => dashboard(app.db, await app.appConfig.get()),
  );
};

export default dashboardRoutes;
