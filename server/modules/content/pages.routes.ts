import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageInput } from "../../../domain/content";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../plugins/auth";
import { packagesPathOf } from "./content-config";
import * as service from "./pages.service";

const pageOut = z.object({
  page_id: z.number(),
  title: z.string(),
  slug: z.string(),
  content: z.string().nullable(),
  required: z.boolean(),
  required_at_signup: z.boolean(),
  show_in_footer: z.boolean(),
  order: z.number(),
});
const saved = z.object({ page: pageOut, message: z.string() });
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
        response: { 200: z.object({ pages: z.array(pageOut) }) },
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
        params: z.object({ page: z.string().min(1).max(200).describe("El slug de la página") }),
        response: { 200: z.object({ page: pageOut }) },
      },
    },
    async (request) => ({ page: await service.getPageBySlug(app.db, request.params.page) }),
  );

  app.post(
    "/pages",
    {
      preHandler: requireAdmin,
      schema: { tags, summary: "Crear página (admin)", body: pageInput, response: { 201: saved } },
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
        tags,
        summary: "Actualizar página (admin; page_id en el cuerpo)",
        body: pageInput.extend({ page_id: z.number().int().positive() }),
        response: { 200: saved },
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
        // One path for both (GET by slug, DELETE by id, as the seeds have them): one name for its part.
        params: z.object({ page: z.coerce.number().int().positive().describe("El page_id de la página") }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await service.deletePage(app.db, request.params.page);
      return { message: t("pageDeleted") };
    },
  );
};

export default pagesRoutes;
