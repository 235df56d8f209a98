import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { instructorInput } from "../../../domain/content";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../plugins/auth";
import * as service from "./instructors.service";

const instructorOut = z.object({
  instructor_id: z.number(),
  name: z.string(),
  last_name: z.string().nullable(),
  nick_name: z.string().nullable(),
  quote: z.string().nullable(),
  short_bio: z.string().nullable(),
  instagram: z.string().nullable(),
  music_type: z.string().nullable(),
  birthday: z.object({ day: z.number(), month: z.number() }).nullable(),
  birthdate: z.string().nullable().optional(),
  active: z.boolean().optional(),
  order: z.number().optional(),
  file_id: z.number().nullable(),
  image: z.string().nullable(),
});
const list = z.object({ instructors: z.array(instructorOut) });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const saved = z.object({ instructor: instructorOut, message: z.string() });
const tags = ["coaches"];

/** Coaches: public reads (active ones; admins see all and the full birthdate), admin writes. */
const instructorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const isAdmin = async (request: { getUser(): Promise<{ role: string } | null> }) =>
    (await request.getUser())?.role === "admin";

  app.get(
    "/instructors",
    { schema: { tags, summary: "Coaches", response: { 200: list } } },
    async (request) => ({ instructors: await service.listInstructors(app.db, await isAdmin(request)) }),
  );

  app.get(
    "/instructors/home/all",
    {
      schema: {
        tags,
        summary: "Coaches de la sección del home (activos, en orden)",
        response: { 200: list },
      },
    },
    async () => ({ instructors: await service.listInstructors(app.db, false) }),
  );

  app.get(
    "/instructors/:id",
    {
      schema: {
        tags,
        summary: "Un coach",
        params: idParams,
        response: { 200: z.object({ instructor: instructorOut }) },
      },
    },
    async (request) => ({
      instructor: await service.getInstructor(app.db, request.params.id, await isAdmin(request)),
    }),
  );

  app.post(
    "/instructors",
    {
      preHandler: requireAdmin,
      schema: { tags, summary: "Crear coach (admin)", body: instructorInput, response: { 201: saved } },
    },
    async (request, reply) =>
      reply.status(201).send({
        instructor: await service.createInstructor(app.db, request.body),
        message: t("instructorSaved"),
      }),
  );

  app.put(
    "/instructors",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Actualizar coach (admin; instructor_id en el cuerpo)",
        body: instructorInput.extend({ instructor_id: z.number().int().positive() }),
        response: { 200: saved },
      },
    },
    async (request) => {
      const { instructor_id, ...input } = request.body;
      return {
        instructor: await service.updateInstructor(app.db, instructor_id, input),
        message: t("instructorSaved"),
      };
    },
  );

  app.delete(
    "/instructors/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Eliminar coach (admin)",
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await service.deleteInstructor(app.db, request.params.id);
      return { message: t("instructorDeleted") };
    },
  );
};

export default instructorsRoutes;
