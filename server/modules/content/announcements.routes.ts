import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  announcementAnswer,
  announcementBody,
  announcementDeletedAnswer,
  announcementParams,
  announcementSavedAnswer,
  announcementsAnswer,
  announcementUpdateBody,
} from "../../../domain/api/content";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import * as service from "./announcements.service";

const tags = ["contenido"];

/** Announcements (/avisos and the home section). Public reads show published ones only. */
const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const isAdmin = async (request: { getUser(): Promise<{ role: string } | null> }) =>
    (await request.getUser())?.role === "admin";

  app.get(
    "/announcements",
    {
      schema: {
        tags,
        summary: "Avisos (publicados; un admin ve también los borradores)",
        response: { 200: announcementsAnswer },
      },
    },
    async (request) => ({
      announcements: await service.listAnnouncements(app.db, await isAdmin(request)),
    }),
  );

  app.get(
    "/announcements/:id",
    {
      schema: {
        tags,
        summary: "Un aviso",
        params: announcementParams,
        response: { 200: announcementAnswer },
      },
    },
    async (request) => ({
      announcement: await service.getAnnouncement(app.db, request.params.id, await isAdmin(request)),
    }),
  );

  app.post(
    "/announcements",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Crear aviso (admin)",
        body: announcementBody,
        response: { 201: announcementSavedAnswer },
      },
    },
    async (request, reply) => {
      const announcement = await service.createAnnouncement(app.db, request.body);
      return reply.status(201).send({ announcement, message: t("announcementSaved") });
    },
  );

  app.put(
    "/announcements",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Actualizar aviso (admin; announcement_id en el cuerpo)",
        body: announcementUpdateBody,
        response: { 200: announcementSavedAnswer },
      },
    },
    async (request) => {
      const { announcement_id, ...input } = request.body;
      const announcement = await service.updateAnnouncement(app.db, announcement_id, input);
      return { announcement, message: t("announcementSaved") };
    },
  );

  app.delete(
    "/announcements/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Eliminar aviso (admin)",
        params: announcementParams,
        response: { 200: announcementDeletedAnswer },
      },
    },
    async (request) => {
      await service.deleteAnnouncement(app.db, request.params.id);
      return { message: t("announcementDeleted") };
    },
  );
};

export default announcementsRoutes;
