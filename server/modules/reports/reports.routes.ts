import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  customerValueAnswer,
  customerValueDetailAnswer,
  customerValueDetailQuery,
  introAnswer,
  introDetailAnswer,
  introDetailQuery,
  liabilityAnswer,
  liabilityDetailAnswer,
  liabilityDetailQuery,
  reportQuery,
  retentionAnswer,
  retentionDetailAnswer,
  retentionDetailQuery,
  revenueAnswer,
  revenueDetailAnswer,
  revenueDetailQuery,
  utilisationAnswer,
  utilisationDetailAnswer,
  utilisationDetailQuery,
} from "../../../domain/api/reports";
import { requireAdmin } from "../../plugins/auth";
import {
  bucketsCsv,
  classesCsv,
  customerValue,
  customerValueCsv,
  customerValueDetail,
  intro,
  introCsv,
  introCustomersCsv,
  introDetail,
  liability,
  liabilityCsv,
  liabilityDetail,
  movementsCsv,
  retention,
  retentionCsv,
  retentionCustomersCsv,
  retentionDetail,
  revenue,
  revenueCsv,
  revenueDetail,
  utilisation,
  utilisationCsv,
  utilisationDetail,
  valueCustomersCsv,
} from "./reports.service";

/**
 * The owner's reports (decision 0078): owner and manager (server/plugins/permissions.ts). Each
 * report answers JSON at its path and the same table as CSV at `<path>/csv`; `<path>/detalle`
 * lists the classes, charges or credits behind one figure (`dimension` + `key`), as JSON or CSV.
 */
const tags = ["reportes"];
const csvAnswer = (what: string) => ({ description: `${what} (CSV)`, contentTypes: ["text/csv"] });

const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = () => app.appConfig.get();
  const csv = (filename: string, text: string, reply: import("fastify").FastifyReply) => {
    reply.header("content-disposition", `attachment; filename="${filename}.csv"`);
    reply.header("cache-control", "no-store");
    return reply.type("text/csv; charset=utf-8").send(text);
  };

  // --- Utilisation -------------------------------------------------------------------------
  app.get(
    "/reportes/utilizacion",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Ocupación: por tipo de clase, coach, ubicación y día y hora, con inasistencias",
        querystring: reportQuery,
        response: { 200: utilisationAnswer },
      },
    },
    async (request) => utilisation(app.db, await config(), request.query),
  );
  app.get(
    "/reportes/utilizacion/csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Ocupación (CSV)",
        querystring: reportQuery,
        documentedAnswer: csvAnswer("Ocupación"),
      },
    },
    async (request, reply) => {
      const q = request.query;
      return csv(
        `ocupacion-${q.from}-${q.to}`,
        utilisationCsv(await utilisation(app.db, await config(), q)),
        reply,
      );
    },
  );
  app.get(
    "/reportes/utilizacion/detalle",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Las clases detrás de una cifra de ocupación",
        querystring: utilisationDetailQuery,
        response: { 200: utilisationDetailAnswer },
      },
    },
    async (request) => utilisationDetail(app.db, await config(), request.query),
  );
  app.get(
    "/reportes/utilizacion/detalle/csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Las clases detrás de una cifra de ocupación (CSV)",
        querystring: utilisationDetailQuery,
        documentedAnswer: csvAnswer("Clases"),
      },
    },
    async (request, reply) => {
      const c = await config();
      const q = request.query;
      return csv(
        `clases-${q.from}-${q.to}`,
        classesCsv(await utilisationDetail(app.db, c, q), c.timezone),
        reply,
      );
    },
  );

  // --- Revenue -----------------------------------------------------------------------------
  app.get(
    "/reportes/ingresos",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Ingresos: por paquete, método, ubicación y mes, con y sin IVA, reembolsos descontados",
        querystring: reportQuery,
        response: { 200: revenueAnswer },
      },
    },
    async (request) => revenue(app.db, await config(), request.query),
  );
  app.get(
    "/reportes/ingresos/csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Ingresos (CSV)",
        querystring: reportQuery,
        documentedAnswer: csvAnswer("Ingresos"),
      },
    },
    async (request, reply) => {
      const q = request.query;
      return csv(`ingresos-${q.from}-${q.to}`, revenueCsv(await revenue(app.db, await config(), q)), reply);
    },
  );
  app.get(
    "/reportes/ingresos/detalle",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Los cobros y reembolsos detrás de una cifra de ingresos",
        querystring: revenueDetailQuery,
        response: { 200: revenueDetailAnswer },
      },
    },
    async (request) => revenueDetail(app.db, await config(), request.query),
  );
  app.get(
    "/reportes/ingresos/detalle/csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Los cobros y reembolsos detrás de una cifra de ingresos (CSV)",
        querystring: revenueDetailQuery,
        documentedAnswer: csvAnswer("Cobros y reembolsos"),
      },
    },
    async (request, reply) => {
      const c = await config();
      const q = request.query;
      return csv(
        `movimientos-${q.from}-${q.to}`,
        movementsCsv(await revenueDetail(app.db, c, q), c.timezone),
        reply,
      );
    },
  );

  // --- Liability ---------------------------------------------------------------------------
  app.get(
    "/reportes/pasivo",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Clases pagadas sin usar y su valor (ingreso diferido), por mes de vencimiento",
        response: { 200: liabilityAnswer },
      },
    },
    async () => liability(app.db, await config()),
  );
  app.get(
    "/reportes/pasivo/csv",
    {
      preHandler: requireAdmin,
      schema: { tags, summary: "Clases sin usar (CSV)", documentedAnswer: csvAnswer("Clases sin usar") },
    },
    async (_request, reply) =>
      csv("clases-sin-usar", liabilityCsv(await liability(app.db, await config())), reply),
  );
  app.get(
    "/reportes/pasivo/detalle",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Los paquetes con clases sin usar detrás de un mes de vencimiento",
        querystring: liabilityDetailQuery,
        response: { 200: liabilityDetailAnswer },
      },
    },
    async (request) => liabilityDetail(app.db, await config(), request.query.key),
  );
  app.get(
    "/reportes/pasivo/detalle/csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Los paquetes con clases sin usar de un mes de vencimiento (CSV)",
        querystring: liabilityDetailQuery,
        documentedAnswer: csvAnswer("Paquetes con clases sin usar"),
      },
    },
    async (request, reply) => {
      const c = await config();
      return csv(
        `clases-sin-usar-${request.query.key}`,
        bucketsCsv(await liabilityDetail(app.db, c, request.query.key), c.timezone),
        reply,
      );
    },
  );

  // --- Intro offers to members, retention, customer value ---------------------------------
  // The same four routes each: the report, its CSV, the customers behind a figure and their CSV.
  const customerReport = <Q extends z.ZodType, DQ extends z.ZodType>(spec: {
    path: string;
    summary: string;
    file: string;
    answer: z.ZodType;
    detailQuery: DQ;
    detailAnswer: z.ZodType;
    query?: Q;
    report: (query: z.infer<typeof reportQuery>) => Promise<unknown>;
    csv: (report: never) => string;
    detail: (query: z.infer<DQ>) => Promise<unknown>;
    detailCsv: (detail: never, tz: string) => string;
  }) => {
    app.get(
      `/reportes/${spec.path}`,
      {
        preHandler: requireAdmin,
        schema: { tags, summary: spec.summary, querystring: reportQuery, response: { 200: spec.answer } },
      },
      async (request) => spec.report(request.query),
    );
    app.get(
      `/reportes/${spec.path}/csv`,
      {
        preHandler: requireAdmin,
        schema: {
          tags,
          summary: `${spec.summary} (CSV)`,
          querystring: reportQuery,
          documentedAnswer: csvAnswer(spec.file),
        },
      },
      async (request, reply) =>
        csv(
          `${spec.file}-${request.query.from}-${request.query.to}`,
          spec.csv((await spec.report(request.query)) as never),
          reply,
        ),
    );
    app.get(
      `/reportes/${spec.path}/detalle`,
      {
        preHandler: requireAdmin,
        schema: {
          tags,
          summary: `Los clientes detrás de una cifra: ${spec.summary.toLowerCase()}`,
          querystring: spec.detailQuery,
          response: { 200: spec.detailAnswer },
        },
      },
      async (request) => spec.detail(request.query as z.infer<DQ>),
    );
    app.get(
      `/reportes/${spec.path}/detalle/csv`,
      {
        preHandler: requireAdmin,
        schema: {
          tags,
          summary: `Los clientes detrás de una cifra (CSV): ${spec.summary.toLowerCase()}`,
          querystring: spec.detailQuery,
          documentedAnswer: csvAnswer("Clientes"),
        },
      },
      async (request, reply) =>
        csv(
          `${spec.file}-clientes`,
          spec.detailCsv(
            (await spec.detail(request.query as z.infer<DQ>)) as never,
            (await config()).timezone,
          ),
          reply,
        ),
    );
  };

  customerReport({
    path: "intro",
    summary: "De oferta de introducción a miembro: quién volvió a comprar en 30, 60 y 90 días, por oferta",
    file: "intro-a-miembro",
    answer: introAnswer,
    detailQuery: introDetailQuery,
    detailAnswer: introDetailAnswer,
    report: async (q) => intro(app.db, await config(), q),
    csv: introCsv,
    detail: async (q) => introDetail(app.db, await config(), q),
    detailCsv: introCustomersCsv,
  });
  customerReport({
    path: "retencion",
    summary: "Retención: cohortes mensuales por primera visita, clientes que se fueron y que regresaron",
    file: "retencion",
    answer: retentionAnswer,
    detailQuery: retentionDetailQuery,
    detailAnswer: retentionDetailAnswer,
    report: async (q) => retention(app.db, await config(), q),
    csv: retentionCsv,
    detail: async (q) => retentionDetail(app.db, await config(), q),
    detailCsv: retentionCustomersCsv,
  });
  customerReport({
    path: "valor-de-clientes",
    summary: "Valor de los clientes por cómo llegaron: ingreso por cliente y meses activos",
    file: "valor-de-clientes",
    answer: customerValueAnswer,
    detailQuery: customerValueDetailQuery,
    detailAnswer: customerValueDetailAnswer,
    report: async (q) => customerValue(app.db, await config(), q),
    csv: customerValueCsv,
    detail: async (q) => customerValueDetail(app.db, await config(), q),
    detailCsv: valueCustomersCsv,
  });
};

export default reportsRoutes;
