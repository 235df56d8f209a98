import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  appConfigAnswer,
  appConfigNotModified,
  appConfigSavedAnswer,
  saveAppConfigBody,
} from "../../../domain/api/app-config";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { ENCODES_ITS_OWN_ANSWER, sendPrecompressedJson } from "../../plugins/serialized";
import { runSettingsChecks } from "./settings-checks";

const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.appConfig;

  app.get(
    "/appconfig",
    {
      ...ENCODES_ITS_OWN_ANSWER,
      schema: {
        tags: ["configuración"],
        summary:
          "Configuración del estudio: lista de pares clave/valor (todas las claves, con valores por defecto)",
        response: { 200: appConfigAnswer, 304: appConfigNotModified },
      },
    },
    async (request, reply) => {
      const { etag, json } = await service.list();
      reply.header("etag", etag).header("cache-control", "no-cache");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(null);
      // Read by every page load: the list is serialised and compressed once per config change
      // (or per CACHE_MS of the service), not per request; bytes skip the response serializer.
      return sendPrecompressedJson(request, reply, json);
    },
  );

  app.put(
    "/appconfig",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["configuración"],
        errors: ["SETTING_PACKAGE_INVALID"],
        summary: "Actualiza claves de configuración (solo administradores)",
        body: saveAppConfigBody,
        response: { 200: appConfigSavedAnswer },
      },
    },
    async (request) => {
      const changes = Array.isArray(request.body) ? request.body : request.body.config;
      await runSettingsChecks(app.db, changes);
      await service.update(changes);
      const { entries } = await service.list();
      return { message: t("configSaved"), config: entries };
    },
  );
};

export default appConfigRoutes;
