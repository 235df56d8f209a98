import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  askedSubstituteAnswer,
  askSubstituteBody,
  substituteRequestsAnswer,
  substituteStepAnswer,
} from "../../../domain/api/substitutes";
import { idParams } from "../../../domain/api/wire";
import { requireAdmin, signedInUser } from "../../auth/auth";
import type { ChangeDeps } from "../admin-schedule/class-changes.service";
import * as service from "./substitutes.service";

const tags = ["suplencias"];

/**
 * Substitute requests (decision 0101): coaches ask and take on their own profile (the handlers
 * scope by the signed-in coach); owner and manager approve or decline (domain/staff-permissions.ts).
 */
const substitutesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = async (): Promise<ChangeDeps> => ({
    db: app.db,
    mailer: app.mailer,
    config: await app.appConfig.get(),
    publicUrl: app.config.publicUrl,
    log: app.log,
  });
  const step = { 200: substituteStepAnswer };
  const closed = ["SUBSTITUTE_REQUEST_NOT_FOUND", "SUBSTITUTE_REQUEST_CLOSED"] as const;

  app.get(
    "/substitute-requests",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Solicitudes de suplencia de clases por venir (un coach ve las que puede tomar y las suyas)",
        response: { 200: substituteRequestsAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.listRequests(await deps(), await signedInUser(request));
    },
  );

  app.post(
    "/substitute-requests",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Pedir suplente para una clase propia; se avisa a los demás coaches",
        body: askSubstituteBody,
        response: { 201: askedSubstituteAnswer },
        errors: ["SUBSTITUTE_NOT_A_COACH", "SUBSTITUTE_ALREADY_ASKED", "NOT_THE_COACH", "CLASS_IN_PAST"],
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.askForSubstitute(await deps(), await signedInUser(request), request.body)),
  );

  app.post(
    "/substitute-requests/:id/take",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Tomar la clase de otro coach: queda por aprobar si el estudio lo pide; si no, se hace el cambio y se avisa",
        params: idParams,
        response: step,
        errors: [...closed, "SUBSTITUTE_NOT_A_COACH", "SUBSTITUTE_OWN_REQUEST"],
      },
    },
    async (request) => service.takeRequest(await deps(), await signedInUser(request), request.params.id),
  );

  app.post(
    "/substitute-requests/:id/cancel",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Retirar una solicitud de suplencia",
        params: idParams,
        response: step,
        errors: [...closed],
      },
    },
    async (request) => service.cancelRequest(await deps(), await signedInUser(request), request.params.id),
  );

  app.post(
    "/substitute-requests/:id/approve",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Aprobar una suplencia tomada: se cambia el coach y se avisa a los coaches y a quienes reservaron",
        params: idParams,
        response: step,
        errors: [...closed],
      },
    },
    async (request) => service.approveRequest(await deps(), await signedInUser(request), request.params.id),
  );

  app.post(
    "/substitute-requests/:id/decline",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Rechazar una suplencia tomada: la solicitud vuelve a estar abierta",
        params: idParams,
        response: step,
        errors: [...closed],
      },
    },
    async (request) => service.declineRequest(await deps(), await signedInUser(request), request.params.id),
  );
};

export default substitutesRoutes;
