import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { announcementInput } from "../../../domain/content";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../plugins/auth";
import * as service from "./announcements.service";

const announcementOut = z.object({
  announcement_id: z.number(),
  title: z.string(),
  content: z.string().nullable(),
  image: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });
const saved = z.object({ announcement: announcementOut, message: z.string() });
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
        response: { 200: z.object({ announcements: z.array(announcementOut) }) },
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
        params: idParams,
        response: { 200: z.object({ announcement: announcementOut }) },
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
      schema: { tags, summary: "Crear aviso (admin)", body: announcementInput, response: { 201: saved } },
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
        body: announcementInput.extend({ announcement_id: z.number().int().positive() }),
        response: { 200: saved },
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
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await service.deleteAnnouncement(app.db, request.params.id);
      return { message: t("announcementDeleted") };
    },
  );
};

export default announcementsRoutes;
