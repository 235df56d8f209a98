import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { eventAttendeesAnswer } from "../../../domain/api/packages";
import { idParams } from "../../../domain/api/wire";
import { notFound } from "../../../domain/errors";
import { requireAdmin } from "../../auth/auth";
import { getPackage } from "../packages/packages.service";
import { getPackageBuyers } from "./purchases.service";

/**
 * The attendees of a special event: who bought the package. It reads the packages and the
 * purchases, so it lives here, in purchases (which uses packages), and packages never calls
 * purchases (no cycles between modules: docs/contributing.md, Boundaries). Path and tag as the
 * catalogue's.
 */
const eventAttendeesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/class_packages/especiales/:id/asistentes",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["paquetes"],
        summary: "Asistentes de un evento especial (admin): quienes lo compraron",
        description: "404 PACKAGE_NOT_FOUND si el paquete no existe o no es un evento especial.",
        params: idParams,
        response: { 200: eventAttendeesAnswer },
      },
    },
    async (request) => {
      const pkg = await getPackage(app.db, request.params.id, { admin: true });
      if (!pkg.is_special_event) throw notFound("packageNotFound", "PACKAGE_NOT_FOUND");
      const timeZone = (await app.appConfig.get()).timezone;
      return { asistentes: await getPackageBuyers(app.db, pkg.class_package_id, timeZone) };
    },
  );
};

export default eventAttendeesRoutes;
