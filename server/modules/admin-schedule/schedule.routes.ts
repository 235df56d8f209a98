import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isLocalDay } from "../../../domain/booking";
import { CHANGE_SCOPES, classChangeTexts } from "../../../domain/class-changes";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../plugins/auth";
import { actorOf } from "./audit";
import type { ChangeDeps } from "./class-changes.service";
import * as changes from "./class-changes.service";
import * as service from "./schedule.service";

const tags = ["administración: horario"];
const id = z.coerce.number().int().positive();
const optionalRef = id.nullable().optional();
const day = z.string().refine(isLocalDay, { message: "Usa una fecha AAAA-MM-DD." });

const classFields = {
  class_type_id: id,
  class_date: z.string().min(1, { message: t("classDateInvalid") }),
  duration_minutes: z.coerce.number().int().min(5).max(600).optional(),
  capacity: z.coerce.number().int().min(0).max(1000).nullable().optional(),
  location_id: optionalRef,
  class_category_id: optionalRef,
  class_package_id: optionalRef,
  description: z.string().max(2000).nullable().optional(),
  icon: z.string().max(500).nullable().optional(),
  instructor_ids: z.array(id).max(20).optional(),
  tag_ids: z.array(id).max(50).optional(),
};
const classBody = z.object(classFields);
const scope = z.enum(CHANGE_SCOPES).default("one");
const classUpdateBody = z.object(classFields).partial().extend({ single_class_id: id, scope });

const classOut = z.object({ single_class_id: z.number(), class_date: z.string() }).loose();
const savedOut = z.object({ single_class: classOut, message: z.string() });
const updatedOut = savedOut.extend({ updated: z.number(), notified: z.number() });
const clonedOut = z.object({ created: z.array(z.number()), skipped: z.number(), message: z.string() });

/** Staff schedule: create, edit, cancel, repeat and copy classes; a class's roster. */
const adminScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
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
          "A cuántas personas (reservadas o en lista de espera) avisaría un cambio de la clase en ese alcance",
        params: z.object({ id }),
        querystring: z.object({ scope }),
        response: {
          200: z.object({
            classes: z.number(),
            people: z.number(),
            booked: z.number(),
            waiting: z.number(),
            series: z.boolean(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return changes.changeImpact(app.db, request.params.id, request.query.scope);
    },
  );

  app.get(
    "/admin/single_class/cancelled",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Clases canceladas de un rango de días (el horario del personal las muestra como Cancelada)",
        querystring: z.object({ start_date: day, end_date: day }),
        response: { 200: z.object({ single_classes: z.array(classOut) }) },
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
        params: z.object({ id }),
        querystring: z.object({ start_date: day, end_date: day }),
        response: {
          200: z.object({
            single_classes: z.array(
              z.object({
                single_class_id: z.number(),
                class_date: z.string(),
                duration_minutes: z.number(),
                class_type: z.object({ name: z.string() }),
                location: z.object({ name: z.string() }).nullable(),
                coaches: z.array(z.object({ instructor_id: z.number(), name: z.string() })),
                reserved: z.number(),
              }),
            ),
          }),
        },
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
        body: z.object({
          instructor_id: id,
          changes: z
            .array(z.object({ single_class_id: id, instructor_id: id }))
            .min(1, { message: classChangeTexts.substitutionEmpty })
            .max(200),
        }),
        response: { 200: z.object({ message: z.string(), updated: z.number(), notified: z.number() }) },
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
        response: { 201: savedOut },
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
        response: { 200: updatedOut },
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
        params: z.object({ id }),
        querystring: z.object({ scope }),
        response: {
          200: z.object({
            message: z.string(),
            cancelled_classes: z.number(),
            cancelled_reservations: z.number(),
            refunded_credits: z.number(),
            notified: z.number(),
          }),
        },
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
        body: z.object({ single_class_id: id, until: day }),
        response: { 200: clonedOut },
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
        body: z.object({ from_start_date: day, to_start_date: day }),
        response: { 200: clonedOut },
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
        params: z.object({ id }),
        response: {
          200: z.object({
            single_class: classOut,
            reservations: z.array(
              z.object({
                class_reservation_id: z.number(),
                customer_id: z.number(),
                name: z.string().nullable(),
                last_name: z.string().nullable(),
                email: z.string(),
                phone: z.string().nullable(),
                guest: z.string().nullable(),
                guest_of_id: z.number().nullable(),
                spot: z.string().nullable(),
                attend: z.boolean(),
                is_cash: z.boolean(),
                is_paid: z.boolean(),
                paid_with: z.string(),
                deletedAt: z.string().nullable(),
                createdAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.classRoster(app.db, request.params.id);
    },
  );
};

export default adminScheduleRoutes;
