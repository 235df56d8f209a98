import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  tagAnswer,
  tagBody,
  tagDeletedAnswer,
  tagParams,
  tagSavedAnswer,
  tagsAnswer,
  tagsQuery,
  tagUpdateBody,
} from "../../../domain/api/content";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import * as service from "./tags.service";

const tags = ["contenido"];

/** Tags for classes and videos (GET /tags?type=video for the video filters). Writes: admin. */
const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/tags",
    {
      schema: {
        tags,
        summary: "Tags (filtra por tipo con ?type=video)",
        querystring: tagsQuery,
        response: { 200: tagsAnswer },
      },
    },
    async (request) => ({ tags: await service.listTags(app.db, request.query.type) }),
  );

  app.get(
    "/tags/:id",
    {
      schema: { tags, summary: "Un tag", params: tagParams, response: { 200: tagAnswer } },
    },
    async (request) => ({ tag: await service.getTag(app.db, request.params.id) }),
  );

  app.post(
    "/tags",
    {
      preHandler: requireAdmin,
      schema: { tags, summary: "Crear tag (admin)", body: tagBody, response: { 201: tagSavedAnswer } },
    },
    async (request, reply) =>
      reply.status(201).send({ tag: await service.createTag(app.db, request.body), message: t("tagSaved") }),
  );

  app.put(
    "/tags",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Actualizar tag (admin; tag_id en el cuerpo)",
        body: tagUpdateBody,
        response: { 200: tagSavedAnswer },
      },
    },
    async (request) => {
      const { tag_id, ...input } = request.body;
      return { tag: await service.updateTag(app.db, tag_id, input), message: t("tagSaved") };
    },
  );

  app.delete(
    "/tags/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Eliminar tag (admin)",
        params: tagParams,
        response: { 200: tagDeletedAnswer },
      },
    },
    async (request) => {
      await service.deleteTag(app.db, request.params.id);
      return { message: t("tagDeleted") };
    },
  );
};

export default tagsRoutes;
