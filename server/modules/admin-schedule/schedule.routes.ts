import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cancelClassAnswer,
  cancelledClassesAnswer,
  changeImpactAnswer,
  changeImpactQuery,
  classBody,
  classRosterAnswer,
  classUpdateBody,
  clonedAnswer,
  coachClassesAnswer,
  copyWeekBody,
  dayRangeQuery,
  repeatBody,
  savedClassAnswer,
  scopeQuery,
  substitutionAnswer,
  substitutionBody,
  updatedClassAnswer,
} from "../../../domain/api/admin-schedule";
import { idParams } from "../../../domain/api/wire";
import { classChangeTexts } from "../../../domain/class-changes";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { actorOf } from "./audit";
import type { ChangeDeps } from "./class-changes.service";
import * as changes from "./class-changes.service";
import classNoticeRoutes from "./class-notices.routes";
import * as service from "./schedule.service";

const tags = ["administración: horario"];

/** Staff schedule: create, edit, cancel, repeat and copy classes; a class's roster. */
const adminScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  // The customers' notices of the classes staff changed (decision 0026) belong with the changes
  // that write them; registered here so app.ts stays as it is.
  await app.register(classNoticeRoutes);

  const depsOf = async (): Promise<ChangeDeps> => ({
    db: app.db,
    mailer: app.mailer,
    config: await app.appConfig.get(),
    publicUrl: app.config.publicUrl,
    log: app.log,
  });

  app.get(
    "/admin/single_class/:id/change-impact",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "A cuántas personas (reservadas o en lista de espera) avisaría un cambio de la clase en ese alcance, con sus nombres; con capacity, las clases que ya tienen más lugares reservados",
        params: idParams,
        querystring: changeImpactQuery,
        response: { 200: changeImpactAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { timezone } = await app.appConfig.get();
      return changes.changeImpact(app.db, request.params.id, request.query.scope, new Date(), {
        capacity: request.query.capacity,
        zone: timezone,
      });
    },
  );

  app.get(
    "/admin/single_class/cancelled",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Clases canceladas de un rango de días (el horario del personal las muestra como Cancelada)",
        querystring: dayRangeQuery,
        response: { 200: cancelledClassesAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const config = await app.appConfig.get();
      return {
        single_classes: await changes.cancelledClasses(
          app.db,
          config,
          request.query.start_date,
          request.query.end_date,
        ),
      };
    },
  );

  app.get(
    "/admin/instructors/:id/classes",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Clases de un coach entre dos días (para sustituirlo)",
        params: idParams,
        querystring: dayRangeQuery,
        response: { 200: coachClassesAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const config = await app.appConfig.get();
      const { start_date, end_date } = request.query;
      return {
        single_classes: await changes.coachClasses(app.db, config, request.params.id, start_date, end_date),
      };
    },
  );

  app.post(
    "/admin/substitutions",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Sustituir a un coach en varias clases (un sustituto por clase); avisa a quienes reservaron o esperan",
        body: substitutionBody,
        response: { 200: substitutionAnswer },
      },
    },
    async (request) => {
      const result = await changes.substituteCoach(await depsOf(), await actorOf(request), request.body);
      return { ...result, message: classChangeTexts.substitutionSaved(result.updated) };
    },
  );

  app.post(
    "/single_class",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Crear clase (class_date en hora local del estudio, AAAA-MM-DDTHH:mm)",
        body: classBody,
        response: { 201: savedClassAnswer },
      },
    },
    async (request, reply) => {
      const config = await app.appConfig.get();
      const single_class = await service.createClass(app.db, config, await actorOf(request), request.body);
      return reply.status(201).send({ single_class, message: t("classSaved") });
    },
  );

  app.put(
    "/single_class",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Editar clase (single_class_id en el cuerpo; cambia solo lo enviado). scope: one (solo esta), following (esta y las siguientes de su serie) o all (toda la serie por venir). Un cambio de fecha, hora, duración, lugar o coach avisa a quienes reservaron o esperan. Una clase pasada no se edita (409 CLASS_IN_PAST)",
        body: classUpdateBody,
        response: { 200: updatedClassAnswer },
      },
    },
    async (request) => {
      const { single_class_id, scope, ...input } = request.body;
      const result = await service.updateClass(
        await depsOf(),
        await actorOf(request),
        single_class_id,
        input,
        scope,
      );
      return { ...result, message: t("classSaved") };
    },
  );

  app.delete(
    "/single_class/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Cancelar clase (scope: one, following o all de su serie): cancela sus reservaciones, devuelve créditos, deja un aviso en la cuenta y avisa por correo con la cancelación para el calendario. Una clase pasada no se cancela (409 CLASS_IN_PAST)",
        params: idParams,
        querystring: scopeQuery,
        response: { 200: cancelClassAnswer },
      },
    },
    async (request) => {
      const result = await service.cancelClass(
        await depsOf(),
        await actorOf(request),
        request.params.id,
        request.query.scope,
      );
      return { message: t("classCancelled"), ...result };
    },
  );

  app.post(
    "/single_class/repeat",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Repetir una clase cada semana hasta una fecha (omite las que ya existen)",
        body: repeatBody,
        response: { 200: clonedAnswer },
      },
    },
    async (request) =>
      service.repeatWeekly(app.db, await app.appConfig.get(), await actorOf(request), request.body),
  );

  app.post(
    "/single_class/copy-week",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Copiar las clases de 7 días a partir de una fecha a otra (omite las que ya existen)",
        body: copyWeekBody,
        response: { 200: clonedAnswer },
      },
    },
    async (request) =>
      service.copyWeek(app.db, await app.appConfig.get(), await actorOf(request), request.body),
  );

  app.get(
    "/admin/single_class/:id/reservations",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Reservaciones de una clase con su asistencia (incluye canceladas)",
        params: idParams,
        response: { 200: classRosterAnswer },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.classRoster(app.db, request.params.id);
    },
  );
};

export default adminScheduleRoutes;
