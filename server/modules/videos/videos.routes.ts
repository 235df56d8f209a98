import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  favoriteAnswer,
  favoritesAnswer,
  playbackAnswer,
  rateVideoBody,
  ratingAnswer,
  videoAnswer,
  videoFiltersAnswer,
  videoIdBody,
  videoListQuery,
  videoMarkedAnswer,
  videoPageAnswer,
  videoPageQuery,
  videosAnswer,
} from "../../../domain/api/videos";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { unauthorized } from "../../../domain/errors";
import { requireUser } from "../../auth/auth";
import { ENCODES_ITS_OWN_ANSWER, sendPrecompressedJson } from "../../plugins/serialized";
import { toFilters } from "./videos.schemas";
import * as service from "./videos.service";

const tags = ["videos"];
const ACCESS =
  "Requiere sesión. Con videos_enabled apagado responde 404 (VIDEOS_DISABLED); un cliente sin paquete online vigente ni membresía ilimitada recibe 412 (PURCHASE_REQUIRED). Los administradores siempre tienen acceso.";

/** The signed-in viewer, after the library's access rule (service.resolveViewer). */
async function viewerOf(app: FastifyInstance, request: FastifyRequest) {
  const user = await request.getUser();
  if (!user) throw unauthorized();
  return service.resolveViewer(app.db, app.viewerCache, user, await app.appConfig.get());
}

/**
 * The online library (docs/product-rules.md#online-library): list with filters and pages of 32,
 * single video, completion, ratings, favourites and view counting. Every per-customer row is scoped
 * to the signed-in customer; ids in paths and bodies only name videos.
 */
const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  // The library's read caches: shared pages, each viewer's access and flags.
  const caches = { shared: app.readCache, viewers: app.viewerCache };
  app.get(
    "/videos",
    {
      ...ENCODES_ITS_OWN_ANSWER,
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Biblioteca de videos (32 por página, más nuevos primero)",
        description: ACCESS,
        querystring: videoListQuery,
        response: { 200: videoPageAnswer },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app, request);
      const { page, ...rest } = request.query;
      const answer = await service.videoPage(app.db, caches, viewer, toFilters(rest), page);
      return sendPrecompressedJson(request, reply, answer);
    },
  );

  app.get(
    "/videos/filters",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Opciones de los filtros: coaches, tipos de clase y etiquetas que usan los videos",
        description: ACCESS,
        response: { 200: videoFiltersAnswer },
      },
    },
    async (request) => {
      await viewerOf(app, request);
      return service.filterOptions(app.db);
    },
  );

  app.get(
    "/videos/upcoming",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Próximos videos (fecha de estreno futura)",
        description: ACCESS,
        response: { 200: videosAnswer },
      },
    },
    async (request) => service.listUpcoming(app.db, await viewerOf(app, request)),
  );

  app.get(
    "/videos/tag/:id",
    {
      ...ENCODES_ITS_OWN_ANSWER,
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Videos con una etiqueta",
        description: ACCESS,
        params: idParams,
        querystring: videoPageQuery,
        response: { 200: videoPageAnswer },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app, request);
      const filters = { tags: [request.params.id] };
      const answer = await service.videoPage(app.db, caches, viewer, filters, request.query.page);
      return sendPrecompressedJson(request, reply, answer);
    },
  );

  app.get(
    "/videos/program/:id",
    {
      ...ENCODES_ITS_OWN_ANSWER,
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Videos de un programa",
        description: ACCESS,
        params: idParams,
        querystring: videoPageQuery,
        response: { 200: videoPageAnswer },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app, request);
      const filters = { program_id: request.params.id };
      const answer = await service.videoPage(app.db, caches, viewer, filters, request.query.page);
      return sendPrecompressedJson(request, reply, answer);
    },
  );

  app.get(
    "/videos/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Un video (404: 'Lo sentimos, no hemos encontrado este video.')",
        description: `${ACCESS} Abrir un video no cuenta una reproducción: el reproductor llama a POST /videos/{id}/playback al empezar.`,
        params: idParams,
        response: { 200: videoAnswer },
      },
    },
    async (request) => ({
      video: await service.getVideo(app.db, await viewerOf(app, request), request.params.id),
    }),
  );

  app.post(
    "/videos/:id/playback",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Cuenta una reproducción: una por cliente, video y día (zona horaria del estudio)",
        description: ACCESS,
        params: idParams,
        response: { 200: playbackAnswer },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, request);
      const { timezone } = await app.appConfig.get();
      return service.recordPlayback(app.db, viewer, request.params.id, timezone);
    },
  );

  for (const [path, completed] of [
    ["/videos/:id/complete", true],
    ["/videos/:id/uncomplete", false],
  ] as const) {
    app.put(
      path,
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: completed ? "Marcar video como completado" : "Marcar video como no completado",
          description: ACCESS,
          params: idParams,
          response: { 200: videoMarkedAnswer },
        },
      },
      async (request) =>
        service.setCompleted(app.db, await viewerOf(app, request), request.params.id, completed),
    );
  }

  app.post(
    "/videos/rating",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Calificar un video (1 a 5); calificar de nuevo reemplaza la calificación",
        description: ACCESS,
        body: rateVideoBody,
        response: { 200: ratingAnswer },
      },
    },
    async (request) => service.rateVideo(app.db, await viewerOf(app, request), request.body),
  );

  app.post(
    "/videos/rating/email",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Envía al cliente un correo para calificar el video",
        description: ACCESS,
        body: videoIdBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, request);
      const user = (await request.getUser())!;
      const config = await app.appConfig.get();
      return service.sendRatingEmail(app.db, app.mailer, viewer, user.email, {
        videoId: request.body.video_id,
        publicUrl: app.config.publicUrl,
        config,
      });
    },
  );

  app.get(
    "/favorites",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Videos favoritos del cliente",
        description: ACCESS,
        response: { 200: favoritesAnswer },
      },
    },
    async (request) => service.listFavorites(app.db, await viewerOf(app, request)),
  );

  app.post(
    "/favorites",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Agregar a favoritos ('¡Favorito agregado!'); repetirlo no duplica",
        description: ACCESS,
        body: videoIdBody,
        response: { 201: favoriteAnswer },
      },
    },
    async (request, reply) => {
      const result = await service.addFavorite(app.db, await viewerOf(app, request), request.body.video_id);
      return reply.status(201).send(result);
    },
  );

  app.delete(
    "/favorites/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Quitar de favoritos ('¡Favorito eliminado!'); {id} es el video_id",
        description: ACCESS,
        params: idParams,
        response: { 200: favoriteAnswer },
      },
    },
    async (request) => service.removeFavorite(app.db, await viewerOf(app, request), request.params.id),
  );
};

export default videosRoutes;
