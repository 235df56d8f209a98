import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  aggregatorParams,
  aggregatorSavedAnswer,
  aggregatorSettingsBody,
  aggregatorSettingsList,
  aggregatorWebhookParams,
  classAggregatorSeatsAnswer,
  classParams,
  messageAnswer,
  reconciliationAnswer,
  reconciliationQuery,
  unvalidatedVisitsAnswer,
  visitParams,
  webhookResultAnswer,
} from "../../../domain/api/aggregators";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { currentWaiverSignatures } from "../waivers/waivers.service";
import { receiveWebhook, retryValidation } from "./aggregators.service";
import {
  classSeats,
  reconciliation,
  reconciliationCsv,
  saveSettings,
  settingsList,
  unvalidated,
} from "./aggregators-admin.service";
import { provideWaiverFacts } from "./waiver-facts";

/**
 * Wellhub and TotalPass (docs/product-rules.md#aggregators): the back office's settings, the
 * desk's visits and the month's reconciliation, and the aggregators' signed webhooks (in their
 * own scope: the raw bytes are the signature's input).
 */
const tags = ["plataformas"];

const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The app's JSON parser (plugins/clean-input.ts) is replaced in this scope only.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    "/webhooks/aggregators/:aggregator",
    {
      schema: {
        tags,
        summary: "Avisos firmados de Wellhub (X-Gympass-Signature) y TotalPass",
        description:
          "404 AGGREGATOR_NOT_ENABLED o AGGREGATOR_CLASS_UNKNOWN; 401 AGGREGATOR_SIGNATURE_INVALID o _EXPIRED; 400 AGGREGATOR_EVENT_INVALID. Un aviso repetido o más viejo que el último aplicado responde 200 sin cambiar nada.",
        params: aggregatorWebhookParams,
        response: { 200: webhookResultAnswer },
      },
    },
    async (request) =>
      receiveWebhook(
        app,
        request.params.aggregator,
        Buffer.isBuffer(request.body) ? request.body : null,
        request.headers,
      ),
  );
};

const aggregatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Members' carta responsiva beside their visits (decision 0099): unknown (null) unless the studio asks for one.
  provideWaiverFacts(app.db, async (db, customerIds) =>
    currentWaiverSignatures(db, await app.appConfig.get(), customerIds),
  );
  await app.register(webhookRoutes);

  app.get(
    "/admin/aggregators",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Wellhub y TotalPass: la configuración (sin secretos)",
        response: { 200: aggregatorSettingsList },
      },
    },
    async () => settingsList(app),
  );
  app.put(
    "/admin/aggregators/:aggregator",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Guarda la configuración de una plataforma (un secreto vacío conserva el guardado)",
        params: aggregatorParams,
        body: aggregatorSettingsBody,
        response: { 200: aggregatorSavedAnswer },
      },
    },
    async (request) => saveSettings(app, request.params.aggregator, request.body),
  );
  app.get(
    "/admin/aggregators/classes/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Las reservaciones de plataformas de una clase (origen, validación, responsiva)",
        params: classParams,
        response: { 200: classAggregatorSeatsAnswer },
      },
    },
    async (request) => classSeats(app.db, request.params.id),
  );
  app.get(
    "/admin/aggregators/visits",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Visitas registradas aún sin validar con la plataforma",
        response: { 200: unvalidatedVisitsAnswer },
      },
    },
    async () => unvalidated(app.db),
  );
  app.post(
    "/admin/aggregators/visits/:id/validate",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Vuelve a pedir la validación de una visita mientras su plazo siga abierto",
        params: visitParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await retryValidation(app, request.params.id);
      return { message: t("aggregatorValidationQueued") };
    },
  );
  app.get(
    "/admin/aggregators/reconciliation",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Conciliación del mes por plataforma: validadas, rechazadas, inasistencias y pago esperado",
        querystring: reconciliationQuery,
        response: { 200: reconciliationAnswer },
      },
    },
    async (request) => reconciliation(app, request.query.month),
  );
  app.get(
    "/admin/aggregators/reconciliation/csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Conciliación del mes (CSV)",
        querystring: reconciliationQuery,
        documentedAnswer: { description: "Conciliación (CSV)", contentTypes: ["text/csv"] },
      },
    },
    async (request, reply) => {
      const report = await reconciliation(app, request.query.month);
      reply.header("content-disposition", `attachment; filename="plataformas-${report.month}.csv"`);
      reply.header("cache-control", "no-store");
      return reply.type("text/csv; charset=utf-8").send(reconciliationCsv(report));
    },
  );
};

export default aggregatorsRoutes;
