import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Pool } from "pg";
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
      // Under a burst every pooled connection is busy: the database is clearly answering, and a
      // health check queued behind the burst would time out and make a load balancer drop a
      // healthy instance. Only an idle or partly used pool is probed.
      if (poolIsSaturated(app.database.pool)) return { status: "ok" as const, database: app.database.kind };
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        throw AppError.of(503, "DATABASE_UNAVAILABLE", "databaseUnavailable");
      }
      return { status: "ok" as const, database: app.database.kind };
    },
  );
};

function poolIsSaturated(pool: Pool | undefined): boolean {
  return pool !== undefined && pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);
}

export default healthRoutes;
