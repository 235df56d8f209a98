import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acceptedPagesAnswer,
  acceptPageAnswer,
  acceptPageBody,
  signupPagesAnswer,
} from "../../../domain/api/accepted-pages";
import { forbidden } from "../../../domain/errors";
import { currentCustomerId, requireUser } from "../../auth/auth";
import {
  acceptedPages,
  acceptPage,
  pendingRequiredPagesWithContent,
  signupPages,
} from "./accepted-pages.service";

/** Legal pages a customer accepted (docs/product-rules.md#accounts), and the ones still pending. */
const acceptedPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/accepted_pages",
    {
      onRequest: requireUser,
      schema: {
        tags: ["páginas"],
        summary: "Páginas que acepté y páginas obligatorias pendientes",
        response: { 200: acceptedPagesAnswer },
      },
    },
    async (request) => {
      const customerId = await currentCustomerId(request);
      return {
        accepted_pages: await acceptedPages(app.db, customerId),
        pending: await pendingRequiredPagesWithContent(app.db, customerId),
      };
    },
  );

  app.post(
    "/accepted_pages",
    {
      onRequest: requireUser,
      schema: {
        tags: ["páginas"],
        summary: "Acepta una página. customer_id, si se envía, debe ser el propio",
        body: acceptPageBody,
        response: { 201: acceptPageAnswer },
      },
    },
    async (request, reply) => {
      const customerId = await currentCustomerId(request);
      // Older clients send customer_id; nobody accepts terms on someone else's behalf.
      if (request.body.customer_id !== undefined && request.body.customer_id !== customerId)
        throw forbidden();
      await acceptPage(app.db, customerId, request.body.page_id);
      return reply.status(201).send({ pending: await pendingRequiredPagesWithContent(app.db, customerId) });
    },
  );

  app.get(
    "/signup_pages",
    {
      schema: {
        tags: ["páginas"],
        summary: "Páginas que el registro pide aceptar (casilla de términos)",
        response: { 200: signupPagesAnswer },
      },
    },
    async () => ({ pages: await signupPages(app.db) }),
  );
};

export default acceptedPagesRoutes;
