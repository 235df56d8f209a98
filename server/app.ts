import Fastify, { type FastifyInstance, LogController } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { applySpanishZodMessages } from "../domain/zod-locale";
import authPlugin from "./auth/auth";
import type { ScryptCost } from "./auth/password-hashing";
import type { AppConfigEnv } from "./config";
import type { Database } from "./db/client";
import { registerJobs } from "./jobs";
import { accessLog, productionLogger } from "./lib/access-log";
import acceptedPagesRoutes from "./modules/accepted-pages/accepted-pages.routes";
import addressesRoutes from "./modules/addresses/addresses.routes";
import adminCatalogueRoutes from "./modules/admin-catalogue/catalogue.routes";
import adminCustomersRoutes from "./modules/admin-customers/admin-customers.routes";
import adminListsRoutes from "./modules/admin-lists/admin-lists.routes";
import adminScheduleRoutes from "./modules/admin-schedule/schedule.routes";
import appConfigRoutes from "./modules/app-config/app-config.routes";
import { type AppConfigService, createAppConfigService } from "./modules/app-config/app-config.service";
import attendanceRoutes from "./modules/attendance/attendance.routes";
import auditRoutes from "./modules/audit/audit.routes";
import calendarRoutes from "./modules/calendar/calendar.routes";
import checkoutRoutes from "./modules/checkout/checkout.routes";
import offlinePaymentsRoutes from "./modules/checkout/offline-payments.routes";
import sandboxSessionRoutes from "./modules/checkout/sandbox-session.routes";
import webhooksRoutes from "./modules/checkout/webhooks.routes";
import announcementsRoutes from "./modules/content/announcements.routes";
import pagesRoutes from "./modules/content/pages.routes";
import siteRoutes from "./modules/content/site.routes";
import tagsRoutes from "./modules/content/tags.routes";
import creditsRoutes from "./modules/credits/credits.routes";
import customersRoutes from "./modules/customers/customers.routes";
import dashboardRoutes from "./modules/dashboard/dashboard.routes";
import discountsRoutes from "./modules/discounts/discounts.routes";
import fileDeliveryRoutes from "./modules/files/file-delivery.routes";
import filesRoutes from "./modules/files/files.routes";
import fiscalRoutes from "./modules/fiscal/fiscal.routes";
import formsRoutes from "./modules/forms/forms.routes";
import healthRoutes from "./modules/health/health.routes";
import metricsPlugin from "./modules/health/metrics";
import instructorsRoutes from "./modules/instructors/instructors.routes";
import outboxRoutes from "./modules/mail/outbox.routes";
import unsubscribeRoutes from "./modules/notifications/unsubscribe.routes";
import packagesRoutes from "./modules/packages/packages.routes";
import paymentMethodsRoutes from "./modules/payment-methods/payment-methods.routes";
import penaltiesRoutes from "./modules/penalties/penalties.routes";
import privacyRoutes from "./modules/privacy/privacy.routes";
import purchasesRoutes from "./modules/purchases/purchases.routes";
import reservationsRoutes from "./modules/reservations/reservations.routes";
import staffRoutes from "./modules/staff/staff.routes";
import programsRoutes from "./modules/videos/programs.routes";
import videosRoutes from "./modules/videos/videos.routes";
import waitlistsRoutes from "./modules/waitlists/waitlists.routes";
import cleanInputPlugin from "./plugins/clean-input";
import docsPlugin from "./plugins/docs";
import errorsPlugin, { frameworkErrors } from "./plugins/errors";
import jobsPlugin from "./plugins/jobs";
import mailerPlugin from "./plugins/mailer";
import readCachePlugin from "./plugins/read-cache";
import { responseSerializerCompiler } from "./plugins/response-serializer";
import routeAccessPlugin from "./plugins/route-access";
import sameOriginPlugin from "./plugins/same-origin";
import securityPlugin from "./plugins/security";
import sharedStatePlugin from "./plugins/shared-state";
import staticWebPlugin from "./plugins/static-web";

export type AppDeps = {
  config: AppConfigEnv;
  database: Database;
  /** Logger settings; tests pass false. */
  logger?: boolean | object;
  /** scrypt's work factor for new password hashes: production's unless the API suites pass theirs. */
  passwordCost?: ScryptCost;
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
    logger: deps.logger ?? productionLogger(config.LOG_LEVEL),
    // One access line per answer instead of Fastify's two (server/lib/access-log.ts, decision 0082).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Long ids and hostile query strings are rejected by the router, not by our code.
    routerOptions: { maxParamLength: 200 },
    // A URL that is not valid percent-encoding answers in our Spanish shape, not Fastify's English.
    frameworkErrors,
    // Loading the server render of the public pages takes over 10 s (Fastify's default) on a
    // loaded two-core machine, where CI starts two journey servers beside the API suites.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("appConfig", createAppConfigService(database.db, { publicUrl: config.publicUrl }));

  await app.register(accessLog);
  await app.register(errorsPlugin);
  await app.register(routeAccessPlugin);
  await app.register(securityPlugin, {
    rateLimitMax: config.RATE_LIMIT_MAX,
    secureCookies: config.publicUrl.startsWith("https://"),
  });
  // Before the guards and every route: cross-site writes and unreadable text never reach them.
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
  await app.register(cleanInputPlugin);
  await app.register(docsPlugin);
  await app.register(mailerPlugin);
  await app.register(authPlugin, { passwordCost: deps.passwordCost });
  await app.register(jobsPlugin);
  await app.register(readCachePlugin);
  // Other instances drop their caches after this one's writes (SHARED_STATE=postgres).
  await app.register(sharedStatePlugin);
  // Its onResponse hook sees every answer of the routes registered after it.
  await app.register(metricsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(appConfigRoutes);
      await api.register(customersRoutes);
      await api.register(pagesRoutes);
      await api.register(packagesRoutes);
      await api.register(discountsRoutes);
      await api.register(checkoutRoutes);
      await api.register(webhooksRoutes);
      await api.register(import("./modules/checkout/mercadopago.routes"));
      await api.register(offlinePaymentsRoutes);
      await api.register(sandboxSessionRoutes);
      await api.register(purchasesRoutes);
      await api.register(paymentMethodsRoutes);
      await api.register(calendarRoutes);
      await api.register(reservationsRoutes);
      await api.register(waitlistsRoutes);
      await api.register(attendanceRoutes);
      await api.register(penaltiesRoutes);
      registerJobs(api);
      await api.register(unsubscribeRoutes);
      await api.register(creditsRoutes);
      await api.register(addressesRoutes);
      await api.register(fiscalRoutes);
      await api.register(import("./modules/invoicing/invoicing.routes"));
      await api.register(formsRoutes);
      await api.register(acceptedPagesRoutes);
      await api.register(filesRoutes);
      await api.register(outboxRoutes);
      await api.register(announcementsRoutes);
      await api.register(tagsRoutes);
      await api.register(instructorsRoutes);
      await api.register(videosRoutes);
      await api.register(programsRoutes);
      await api.register(adminScheduleRoutes);
      await api.register(adminCatalogueRoutes);
      await api.register(adminCustomersRoutes);
      await api.register(adminListsRoutes);
      await api.register(auditRoutes);
      await api.register(dashboardRoutes);
      await api.register(privacyRoutes);
      await api.register(import("./modules/studio-export/studio-export.routes"));
      await api.register(staffRoutes);
      await api.register(import("./modules/cash-close/cash-close.routes"));
      await api.register(import("./modules/reports/reports.routes"));
      await api.register(import("./modules/coach-pay/coach-pay.routes"));
      await api.register(import("./modules/today/today.routes"));
      await api.register(import("./modules/kiosk/kiosk.routes"));
      await api.register(import("./modules/waivers/waivers.routes"));
      await api.register(import("./modules/substitutes/substitutes.routes"));
      await api.register(import("./modules/aggregators/aggregators.routes"));
      await api.register(import("./modules/messaging/messaging.routes"));
      await api.register(import("./modules/gift-cards/gift-cards.routes"));
      await api.register(import("./modules/referrals/referrals.routes"));
      await api.register(import("./modules/retail/retail.routes"));
    },
    { prefix: "/api" },
  );

  await app.register(siteRoutes);
  await app.register(fileDeliveryRoutes);
  await app.register(staticWebPlugin, {
    webDist: config.WEB_DIST,
    ssrDist: config.WEB_SSR_DIST,
    dataDir: config.dataDir,
  });
  return app;
}
