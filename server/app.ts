import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { applySpanishZodMessages } from "../domain/zod-locale";
import type { AppConfigEnv } from "./config";
import type { Database } from "./db/client";
import appConfigRoutes from "./modules/app-config/app-config.routes";
import { type AppConfigService, createAppConfigService } from "./modules/app-config/app-config.service";
import pagesRoutes from "./modules/content/pages.routes";
import customersRoutes from "./modules/customers/customers.routes";
import healthRoutes from "./modules/health/health.routes";
import authPlugin from "./plugins/auth";
import docsPlugin from "./plugins/docs";
import errorsPlugin from "./plugins/errors";
import mailerPlugin from "./plugins/mailer";
import securityPlugin from "./plugins/security";
import staticWebPlugin from "./plugins/static-web";

export type AppDeps = {
  config: AppConfigEnv;
  database: Database;
  /** Logger settings; tests pass false. */
  logger?: boolean | object;
};

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfigEnv;
    database: Database;
    db: Database["db"];
    /** Studio settings, read by every domain through this service. */
    appConfig: AppConfigService;
  }
}

/**
 * Builds the whole app without listening: external plugins first, then our infrastructure
 * plugins, then every domain's routes under /api, then the SPA. Tests call this with a fresh
 * database and use app.inject().
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  applySpanishZodMessages();
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Long ids and hostile query strings are rejected by the router, not by our code.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("appConfig", createAppConfigService(database.db));

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    rateLimitMax: config.RATE_LIMIT_MAX,
    secureCookies: config.publicUrl.startsWith("https://"),
  });
  await app.register(docsPlugin);
  await app.register(mailerPlugin);
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(appConfigRoutes);
      await api.register(customersRoutes);
      await api.register(pagesRoutes);
    },
    { prefix: "/api" },
  );

  await app.register(staticWebPlugin, { webDist: config.WEB_DIST, dataDir: config.dataDir });
  return app;
}
