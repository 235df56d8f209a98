import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { t } from "../../../domain/messages";
import { requireAdmin, signedInUser } from "../../plugins/auth";
import { liftPenalty } from "../admin-customers/admin-customers.service";
import { NO_SHOW_JOB, runNoShowJob } from "./penalties.service";

/**
 * No-show penalties: the job that marks no-shows after classes end (every 15 minutes) and the
 * admin's lift. Lifting reuses the admin-customers service (one rule, one audit trail).
 */
const penaltiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(
    NO_SHOW_JOB,
    async () => {
      await runNoShowJob(app);
    },
    { cron: "*/15 * * * *" },
  );

  app.put(
    "/class_reservation_penaltys/:id/lift",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["penalizaciones"],
        summary: "Levanta una penalización activa: el cliente puede volver a reservar de inmediato",
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      await liftPenalty(app.db, { user_id: user.id }, request.params.id);
      return { message: t("penaltyLifted") };
    },
  );
};

export default penaltiesRoutes;
