import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changeProgramBody,
  programAnswer,
  programBody,
  programSavedAnswer,
  programsAnswer,
  videoTypesAnswer,
} from "../../../domain/api/videos";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { requireAdmin, requireUser } from "../../auth/auth";
import * as programs from "./programs.service";

const tags = ["videos"];

/**
 * Programs (series of videos) and video types. Signed-in people read them (customers see the
 * available programs only); programs are written by admins. Update is PUT with program_id in the
 * body, as every "save" of the published contract does.
 */
const programsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/video_types",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Tipos de video",
        response: { 200: videoTypesAnswer },
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
        response: { 200: programsAnswer },
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
        response: { 200: programAnswer },
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
        body: programBody,
        response: { 201: programSavedAnswer },
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
        body: changeProgramBody,
        response: { 200: programSavedAnswer },
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
        response: { 200: messageAnswer },
      },
    },
    async (request) => programs.deleteProgram(app.db, request.params.id),
  );
};

export default programsRoutes;
