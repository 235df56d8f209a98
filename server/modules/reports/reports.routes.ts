import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  liabilityAnswer,
  liabilityDetailAnswer,
  liabilityDetailQuery,
  reportQuery,
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
  liability,
  liabilityCsv,
  liabilityDetail,
  movementsCsv,
  revenue,
  revenueCsv,
  revenueDetail,
  utilisation,
  utilisationCsv,
  utilisationDetail,
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
};

export default reportsRoutes;
