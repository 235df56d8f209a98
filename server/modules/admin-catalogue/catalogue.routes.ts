import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  catalogueItemAnswer,
  catalogueListAnswer,
  catalogueSavedAnswer,
  catalogueUpdateBody,
} from "../../../domain/api/admin-catalogue";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { actorOf } from "../admin-schedule/audit";
import * as service from "./catalogue.service";
import { CATALOGUES } from "./catalogue.specs";

const tags = ["administración: catálogo"];

/**
 * Admin writes of the catalogues that had none (locations, class types, categories, custom spot
 * maps, packages, video types, videos), each with the contract's save semantics, plus admin lists
 * that include what customers do not see (unavailable rows).
 */
const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const spec of CATALOGUES) {
    const saved = catalogueSavedAnswer(spec.key);

    // The packages module already has /class_packages/admin/all.
    if (spec.path !== "/class_packages") {
      app.get(
        `/admin${spec.path}`,
        {
          preHandler: requireAdmin,
          schema: {
            tags,
            summary: `Todos los registros de ${spec.listKey} (admin, incluye inactivos)`,
            response: { 200: catalogueListAnswer(spec.listKey) },
          },
        },
        async () => ({ [spec.listKey]: await service.listForAdmin(app.db, spec) }),
      );
      app.get(
        `/admin${spec.path}/:id`,
        {
          preHandler: requireAdmin,
          schema: {
            tags,
            summary: `Un registro de ${spec.listKey} (admin)`,
            params: idParams,
            response: { 200: catalogueItemAnswer(spec.key) },
          },
        },
        async (request) => ({ [spec.key]: await service.readOne(app.db, spec, request.params.id) }),
      );
    }

    app.post(
      spec.path,
      {
        preHandler: requireAdmin,
        schema: {
          tags,
          summary: `Crear ${spec.key} (admin; un id no numérico en el cuerpo se ignora)`,
          body: spec.input,
          response: { 201: saved },
        },
      },
      async (request, reply) => {
        const row = await service.create(
          app.db,
          spec,
          await actorOf(request),
          request.body as Record<string, unknown>,
        );
        return reply.status(201).send({ [spec.key]: row, message: t(spec.messages.saved) });
      },
    );

    app.put(
      spec.path,
      {
        preHandler: requireAdmin,
        schema: {
          tags,
          summary: `Actualizar ${spec.key} (admin; ${spec.idKey} numérico en el cuerpo, cambia solo lo enviado)`,
          body: catalogueUpdateBody(spec.input, spec.idKey),
          response: { 200: saved },
        },
      },
      async (request) => {
        const { [spec.idKey]: id, ...input } = request.body as Record<string, unknown>;
        const row = await service.update(app.db, spec, await actorOf(request), Number(id), input);
        return { [spec.key]: row, message: t(spec.messages.saved) };
      },
    );

    app.delete(
      `${spec.path}/:id`,
      {
        preHandler: requireAdmin,
        schema: {
          tags,
          summary: `Eliminar ${spec.key} (admin; 409 si está en uso)`,
          params: idParams,
          response: { 200: messageAnswer },
        },
      },
      async (request) => {
        await service.remove(app.db, spec, await actorOf(request), request.params.id);
        return { message: t(spec.messages.deleted) };
      },
    );
  }

  app.get(
    "/class_categories/:id",
    {
      schema: {
        tags: ["calendario"],
        summary: "Una categoría de clase",
        params: idParams,
        response: { 200: catalogueItemAnswer("class_category") },
      },
    },
    async (request) => {
      const category = await service.findCategory(app.db, request.params.id);
      if (!category) throw notFound();
      return { class_category: category };
    },
  );
};

export default adminCatalogueRoutes;
