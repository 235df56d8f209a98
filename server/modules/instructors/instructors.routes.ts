import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  instructorAnswer,
  instructorsAnswer,
  instructorUpdateBody,
  savedInstructorAnswer,
} from "../../../domain/api/instructors";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { instructorInput } from "../../../domain/content";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import * as service from "./instructors.service";

const tags = ["coaches"];

/** Coaches: public reads (active ones; admins see all and the full birthdate), admin writes. */
const instructorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const isAdmin = async (request: { getUser(): Promise<{ role: string } | null> }) =>
    (await request.getUser())?.role === "admin";

  app.get(
    "/instructors",
    { schema: { tags, summary: "Coaches", response: { 200: instructorsAnswer } } },
    async (request) => ({ instructors: await service.listInstructors(app.db, await isAdmin(request)) }),
  );

  app.get(
    "/instructors/home/all",
    {
      schema: {
        tags,
        summary: "Coaches de la sección del home (activos, en orden)",
        response: { 200: instructorsAnswer },
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
        response: { 200: instructorAnswer },
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
      schema: {
        tags,
        summary: "Crear coach (admin)",
        body: instructorInput,
        response: { 201: savedInstructorAnswer },
      },
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
        body: instructorUpdateBody,
        response: { 200: savedInstructorAnswer },
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
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await service.deleteInstructor(app.db, request.params.id);
      return { message: t("instructorDeleted") };
    },
  );
};

export default instructorsRoutes;
