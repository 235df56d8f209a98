import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";

/** Liveness and readiness in one: 200 only when the database answers. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["sistema"],
        summary: "Estado del servicio y de la base de datos",
        response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }) },
      },
    },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        throw AppError.of(503, "DATABASE_UNAVAILABLE", "databaseUnavailable");
      }
      return { status: "ok" as const, database: app.database.kind };
    },
  );
};

export default healthRoutes;
