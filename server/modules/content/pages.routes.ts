import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../../domain/errors";
import { findPageBySlug, listPages } from "./pages.repository";

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

/** Public content pages (legal texts, FAQ...). Content is sanitised HTML, stored that way on save. */
const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/pages",
    {
      schema: {
        tags: ["contenido"],
        summary: "Páginas de contenido",
        response: { 200: z.object({ pages: z.array(pageOut) }) },
      },
    },
    async () => ({ pages: await listPages(app.db) }),
  );

  app.get(
    "/pages/:slug",
    {
      schema: {
        tags: ["contenido"],
        summary: "Una página por su slug",
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: z.object({ page: pageOut }) },
      },
    },
    async (request) => {
      const page = await findPageBySlug(app.db, request.params.slug);
      if (!page) throw notFound();
      return { page };
    },
  );
};

export default pagesRoutes;
