import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  pageAnswer,
  pageBody,
  pageDeletedAnswer,
  pageIdParams,
  pageSavedAnswer,
  pageSlugParams,
  pagesAnswer,
  pageUpdateBody,
} from "../../../domain/api/content";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { packagesPathOf } from "./content-config";
import * as service from "./pages.service";

const tags = ["contenido"];

/**
 * Content pages (legal texts, FAQ...). Reads are public; writes are admin-only, and the HTML is
 * sanitised on save (and again on read). Create is POST, update is PUT with page_id in the body.
 */
const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/pages",
    {
      schema: {
        tags,
        summary: "Páginas de contenido",
        response: { 200: pagesAnswer },
      },
    },
    async () => ({ pages: await service.listPages(app.db) }),
  );

  app.get(
    "/pages/:page",
    {
      schema: {
        tags,
        summary: "Una página por su slug",
        params: pageSlugParams,
        response: { 200: pageAnswer },
      },
    },
    async (request) => ({ page: await service.getPageBySlug(app.db, request.params.page) }),
  );

  app.post(
    "/pages",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["PAGE_SLUG_RESERVED", "PAGE_SLUG_TAKEN"],
        tags,
        summary: "Crear página (admin)",
        body: pageBody,
        response: { 201: pageSavedAnswer },
      },
    },
    async (request, reply) => {
      const page = await service.createPage(app.db, request.body, await packagesPathOf(app));
      return reply.status(201).send({ page, message: t("pageSaved") });
    },
  );

  app.put(
    "/pages",
    {
      preHandler: requireAdmin,
      schema: {
        errors: ["PAGE_SLUG_RESERVED", "PAGE_SLUG_TAKEN"],
        tags,
        summary: "Actualizar página (admin; page_id en el cuerpo)",
        body: pageUpdateBody,
        response: { 200: pageSavedAnswer },
      },
    },
    async (request) => {
      const { page_id, ...input } = request.body;
      const page = await service.updatePage(app.db, page_id, input, await packagesPathOf(app));
      return { page, message: t("pageSaved") };
    },
  );

  app.delete(
    "/pages/:page",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Eliminar página (admin)",
        params: pageIdParams,
        response: { 200: pageDeletedAnswer },
      },
    },
    async (request) => {
      await service.deletePage(app.db, request.params.page);
      return { message: t("pageDeleted") };
    },
  );
};

export default pagesRoutes;
