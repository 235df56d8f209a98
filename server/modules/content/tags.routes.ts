import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { tagInput } from "../../../domain/content";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../plugins/auth";
import * as service from "./tags.service";

const tagOut = z.object({
  tag_id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  type: z.string(),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });
const saved = z.object({ tag: tagOut, message: z.string() });
const tags = ["contenido"];

/** Tags for classes and videos (GET /tags?type=video for the video filters). Writes: admin. */
const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/tags",
    {
      schema: {
        tags,
        summary: "Tags (filtra por tipo con ?type=video)",
        querystring: z.object({
          type: z
            .string()
            .regex(/^[a-z_]{1,30}$/)
            .optional()
            .or(z.literal("").transform(() => undefined)),
        }),
        response: { 200: z.object({ tags: z.array(tagOut) }) },
      },
    },
    async (request) => ({ tags: await service.listTags(app.db, request.query.type) }),
  );

  app.get(
    "/tags/:id",
    {
      schema: { tags, summary: "Un tag", params: idParams, response: { 200: z.object({ tag: tagOut }) } },
    },
    async (request) => ({ tag: await service.getTag(app.db, request.params.id) }),
  );

  app.post(
    "/tags",
    {
      preHandler: requireAdmin,
      schema: { tags, summary: "Crear tag (admin)", body: tagInput, response: { 201: saved } },
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
        body: tagInput.extend({ tag_id: z.number().int().positive() }),
        response: { 200: saved },
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
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await service.deleteTag(app.db, request.params.id);
      return { message: t("tagDeleted") };
    },
  );
};

export default tagsRoutes;
