import fs from "node:fs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { studioName } from "../../../domain/app-config";
import { requireAdmin } from "../../auth/auth";
import type { Db } from "../../db/client";
import { actorOf } from "../audit/actor";
import { recordAudit } from "../audit/audit.service";
import { startStudioExport } from "./studio-export.service";

const appVersion = (() => {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));
    return String(pkg.version ?? "");
  } catch {
    return "";
  }
})();

/** "Exportar todo": the owner downloads every table of the studio (owner only: permissions.ts). */
const studioExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/studio-export",
    {
      preHandler: requireAdmin,
      // A ZIP is compressed already; it goes out as it is made.
      compress: false,
      schema: {
        tags: ["privacidad"],
        summary:
          "Descarga todas las tablas del estudio: un ZIP con un CSV por tabla y manifest.json (sin contraseñas, tokens ni secretos)",
        documentedAnswer: { description: "Las tablas del estudio (ZIP)", contentTypes: ["application/zip"] },
      },
    },
    async (request, reply) => {
      const config = await app.appConfig.get();
      const actor = await actorOf(request);
      await recordAudit(app.db, {
        actor_user_id: actor.user_id,
        action: "studio.export",
        entity: "studio",
        details: { format_version: 1 },
      });
      // PostgreSQL: one read-only snapshot for the whole download, on one pooled connection.
      // PGlite has one connection: a transaction would hold every other request until the end, so
      // the tables are read one after the other between requests (the manifest says which).
      const postgres = app.database.kind === "postgres";
      const withReader = <T>(read: (db: Db) => Promise<T>): Promise<T> =>
        postgres
          ? app.db.transaction((tx) => read(tx), {
              isolationLevel: "repeatable read",
              accessMode: "read only",
            })
          : read(app.db);
      const { stream, done } = startStudioExport(withReader, {
        name: studioName(config),
        timezone: config.timezone,
        appVersion,
        consistency: postgres ? "snapshot" : "table_by_table",
      });
      done.catch((error) => request.log.warn({ err: error }, "studio export stopped"));
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: config.timezone }).format(new Date());
      reply.header("cache-control", "no-store");
      reply.header("content-disposition", `attachment; filename="estudio-datos-${day}.zip"`);
      return reply.type("application/zip").send(stream);
    },
  );
};

export default studioExportRoutes;
