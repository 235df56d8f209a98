import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { createLogin } from "./auth/auth-users";
import type { AppConfigEnv } from "./config";
import { openDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { seedDemoStudio } from "./db/seed/demo-studio";

/** Opens the configured database, migrates it, builds the app and (optionally) seeds the demo. */
export async function startApp(
  config: AppConfigEnv,
  options: { logger?: boolean | object; seed?: boolean } = {},
): Promise<FastifyInstance> {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  await migrateDatabase(database);
  const app = await buildApp({ config, database, logger: options.logger });
  app.addHook("onClose", async () => {
    await database.close();
  });
  if (options.seed ?? config.DEMO) {
    const result = await seedDemoStudio(app.db, { createUser: (login) => createLogin(app, login) });
    if (result.created) app.log.info("Estudio de demostración creado.");
  }
  return app;
}
