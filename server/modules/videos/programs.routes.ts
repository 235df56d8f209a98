import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin, requireUser } from "../../plugins/auth";
import * as programs from "./programs.service";
import { idParams, message, programIn, programOut } from "./videos.schemas";

const tags = ["videos"];

/**
 * Programs (series of videos) and video types. Signed-in people read them (customers see the
 * available programs only); programs are written by admins. Update is PUT with program_id in the
 * body, as the seeds do for every "save".
 */
const programsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/video_types",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Tipos de video",
        response: {
          200: z.object({
            video_types: z.array(
              z.object({
                video_type_id: z.number(),
                name: z.string(),
                description: z.string().nullable(),
                order: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ video_types: await programs.listVideoTypes(app.db) }),
  );

  app.get(
    "/programs",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Programas (los clientes ven solo los disponibles)",
        response: { 200: z.object({ programs: z.array(programOut) }) },
      },
    },
    async (request) => ({
      programs: await programs.listPrograms(app.db, (await request.getUser())?.role === "admin"),
    }),
  );

  app.get(
    "/programs/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Un programa",
        params: idParams,
        response: { 200: z.object({ program: programOut }) },
      },
    },
    async (request) => ({
      program: await programs.getProgram(
        app.db,
        request.params.id,
        (await request.getUser())?.role === "admin",
      ),
    }),
  );

  app.post(
    "/programs",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Crear programa (admin)",
        body: programIn,
        response: { 201: z.object({ program: programOut, message: z.string() }) },
      },
    },
    async (request, reply) => reply.status(201).send(await programs.createProgram(app.db, request.body)),
  );

  app.put(
    "/programs",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Actualizar programa (admin), program_id en el cuerpo",
        body: programIn.partial().extend({ program_id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ program: programOut, message: z.string() }) },
      },
    },
    async (request) => {
      const { program_id, ...changes } = request.body;
      return programs.updateProgram(app.db, program_id, changes);
    },
  );

  app.delete(
    "/programs/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Eliminar programa (admin); sus videos quedan sin programa",
        params: idParams,
        response: { 200: message },
      },
    },
    async (request) => programs.deleteProgram(app.db, request.params.id),
  );
};

export default programsRoutes;
