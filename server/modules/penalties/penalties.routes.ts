import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changePenaltyBody,
  createPenaltyBody,
  penaltyAnswer,
  penaltySavedAnswer,
} from "../../../domain/api/credits";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { t } from "../../../domain/messages";
import { currentCustomerId, requireAdmin, requireUser, signedInUser } from "../../auth/auth";
import { actorOf } from "../audit/actor";
import { changePenalty, createPenalty, liftPenalty, penaltyById } from "./penalties.service";

/**
 * No-show penalties (the job that marks no-shows is in penalties.jobs.ts) and the admin's lift. Lifting reuses the admin-customers service (one rule, one audit trail).
 */
const penaltiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The contract's resource (GET list: credits.routes, with the customer's own list).
  app.get(
    "/class_reservation_penaltys/:id",
    {
      preHandler: requireUser,
      schema: {
        tags: ["penalizaciones"],
        summary: "Una penalización (propia; un administrador, de cualquier cliente)",
        params: idParams,
        response: { 200: penaltyAnswer },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const owner = user.role === "admin" ? null : await currentCustomerId(request);
      return { class_reservation_penalty: await penaltyById(app.db, request.params.id, owner) };
    },
  );

  app.post(
    "/class_reservation_penaltys",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["penalizaciones"],
        summary:
          "Agrega una penalización a mano: bloquea reservar desde start_date (hoy) hasta end_date (auditado)",
        body: createPenaltyBody,
        response: { 200: penaltySavedAnswer },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      const penalty = await createPenalty(app.db, await actorOf(request), request.body, config.timezone);
      return { message: t("penaltySaved"), class_reservation_penalty: penalty };
    },
  );

  app.put(
    "/class_reservation_penaltys",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["penalizaciones"],
        summary: "Cambia las fechas o inasistencias de una penalización (auditado)",
        body: changePenaltyBody,
        response: { 200: penaltySavedAnswer },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      const { class_reservation_penalty_id, ...input } = request.body;
      const penalty = await changePenalty(
        app.db,
        await actorOf(request),
        class_reservation_penalty_id,
        input,
        config.timezone,
      );
      return { message: t("penaltySaved"), class_reservation_penalty: penalty };
    },
  );

  // DELETE lifts: the record stays (decision 0020), so the no-shows it counted are not counted
  // again by the next no-show run, and the Bitácora keeps who lifted it.
  app.delete(
    "/class_reservation_penaltys/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["penalizaciones"],
        summary: "Levanta una penalización activa (el registro se conserva; 409 si ya no está activa)",
        params: idParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      await liftPenalty(app.db, { user_id: user.id }, request.params.id);
      return { message: t("penaltyLifted") };
    },
  );

  app.put(
    "/class_reservation_penaltys/:id/lift",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["penalizaciones"],
        summary: "Levanta una penalización activa: el cliente puede volver a reservar de inmediato",
        params: idParams,
        response: { 200: messageAnswer },
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
