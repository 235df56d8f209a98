import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Pool } from "pg";
import { healthAnswer, readinessAnswer } from "../../../domain/api/health";
import { AppError } from "../../../domain/errors";
import { MIGRATIONS_FOLDER } from "../../db/migrate";

/** Apps shutting down (SIGTERM): /api/ready answers 503 so the load balancer stops sending. */
const draining = new WeakSet<object>();
export function startDraining(app: FastifyInstance): void {
  draining.add(app.database);
}

/**
 * GET /api/health: alive, and the database answers (a load balancer's check). GET /api/ready:
 * ready for traffic — the database answers, every committed migration is applied, and the
 * background jobs run (or are off on purpose with JOBS=0); 503 saying which part is missing.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["sistema"],
        summary: "Estado del servicio y de la base de datos",
        response: { 200: healthAnswer },
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
        throw AppError.of("DATABASE_UNAVAILABLE");
      }
      return { status: "ok" as const, database: app.database.kind };
    },
  );

  const expected = committedMigrations();
  // Migrations are never un-applied: once all are seen, later checks skip the query.
  let migrationsSeen = false;
  app.get(
    "/ready",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["sistema"],
        summary: "Listo para recibir tráfico: base de datos, migraciones y tareas en segundo plano",
        response: { 200: readinessAnswer, 503: readinessAnswer },
      },
    },
    async (_request, reply) => {
      let database: "ok" | "unavailable" = "ok";
      let applied = migrationsSeen ? expected : 0;
      if (!migrationsSeen || !poolIsSaturated(app.database.pool)) {
        try {
          applied = await appliedMigrations(app);
          migrationsSeen = applied >= expected;
        } catch {
          database = "unavailable";
        }
      }
      const jobs = !app.config.JOBS ? "off" : app.jobs.running ? "running" : "starting";
      const stopping = draining.has(app.database);
      const ready = database === "ok" && applied >= expected && jobs !== "starting" && !stopping;
      const body = {
        status: ready ? "ready" : "not_ready",
        database,
        migrations: { applied, expected },
        jobs,
        ...(stopping ? { draining: true } : {}),
      } as const;
      if (ready) return body;
      return reply.code(503).send({
        ...body,
        message: "El servicio todavía no está listo. Inténtalo en unos segundos.",
      });
    },
  );
};

/** Migrations committed with this build (drizzle-kit's journal beside the migrations). */
function committedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
  return (journal.entries as unknown[]).length;
}

async function appliedMigrations(app: FastifyInstance): Promise<number> {
  const result = await app.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    applied: number;
  }[];
  return Number(rows[0]?.applied ?? 0);
}

function poolIsSaturated(pool: Pool | undefined): boolean {
  return pool !== undefined && pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);
}

export default healthRoutes;
