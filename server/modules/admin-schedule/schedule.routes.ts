import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isLocalDay } from "../../../domain/booking";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../plugins/auth";
import { actorOf } from "./audit";
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
const classUpdateBody = z.object(classFields).partial().extend({ single_class_id: id });

const classOut = z.object({ single_class_id: z.number(), class_date: z.string() }).loose();
const savedOut = z.object({ single_class: classOut, message: z.string() });
const clonedOut = z.object({ created: z.array(z.number()), skipped: z.number(), message: z.string() });

/** Staff schedule: create, edit, cancel, repeat and copy classes; a class's roster. */
const adminScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: "Editar clase (single_class_id en el cuerpo; cambia solo lo enviado)",
        body: classUpdateBody,
        response: { 200: savedOut },
      },
    },
    async (request) => {
      const { single_class_id, ...input } = request.body;
      const config = await app.appConfig.get();
      const single_class = await service.updateClass(
        app.db,
        config,
        await actorOf(request),
        single_class_id,
        input,
      );
      return { single_class, message: t("classSaved") };
    },
  );

  app.delete(
    "/single_class/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Cancelar clase: cancela sus reservaciones, devuelve créditos y avisa por correo",
        params: z.object({ id }),
        response: {
          200: z.object({
            message: z.string(),
            cancelled_reservations: z.number(),
            refunded_credits: z.number(),
            notified: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const config = await app.appConfig.get();
      const result = await service.cancelClass(
        app.db,
        app.mailer,
        config,
        await actorOf(request),
        request.params.id,
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
