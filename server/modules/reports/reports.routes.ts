import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
import { declareReport, reportSpec } from "./report-route";
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
  pageOf,
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
import type { ListPage } from "./utilisation.repository";

/**
 * The owner's reports (decision 0078): owner and manager (server/plugins/permissions.ts). Each
 * report answers JSON at its path and the same table as CSV at `<path>/csv`; `<path>/detalle`
 * lists the classes, charges, credits or customers behind one figure, as JSON or CSV. Each pair
 * is declared once here (report-route.ts); the figures are reports.service.ts's.
 */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const period = (q: { from: string; to: string }) => `${q.from}-${q.to}`;
  const reports = [
    // --- Utilisation
    reportSpec({
      path: "utilizacion",
      summary: "Ocupación: por tipo de clase, coach, ubicación y día y hora, con inasistencias",
      query: reportQuery,
      answer: utilisationAnswer,
      run: (q, c) => utilisation(app.db, c, q),
      csv: {
        summary: "Ocupación (CSV)",
        what: "Ocupación",
        file: (q) => `ocupacion-${period(q)}`,
        table: utilisationCsv,
      },
    }),
    reportSpec({
      path: "utilizacion/detalle",
      summary: "Las clases detrás de una cifra de ocupación",
      query: utilisationDetailQuery,
      answer: utilisationDetailAnswer,
      run: (q, c) => utilisationDetail(app.db, c, q, pageOf(q)),
      csv: {
        what: "Clases",
        file: (q) => `clases-${period(q)}`,
        table: classesCsv,
        run: (q, c) => utilisationDetail(app.db, c, q, null),
      },
    }),
    // --- Revenue (its sources: domain/reports/revenue.ts and revenue.repository.ts)
    reportSpec({
      path: "ingresos",
      summary: "Ingresos: por paquete, método, ubicación y mes, con y sin IVA, reembolsos descontados",
      query: reportQuery,
      answer: revenueAnswer,
      run: (q, c) => revenue(app.db, c, q),
      csv: {
        summary: "Ingresos (CSV)",
        what: "Ingresos",
        file: (q) => `ingresos-${period(q)}`,
        table: revenueCsv,
      },
    }),
    reportSpec({
      path: "ingresos/detalle",
      summary: "Los cobros y reembolsos detrás de una cifra de ingresos",
      query: revenueDetailQuery,
      answer: revenueDetailAnswer,
      run: (q, c) => revenueDetail(app.db, c, q, pageOf(q)),
      csv: {
        what: "Cobros y reembolsos",
        file: (q) => `movimientos-${period(q)}`,
        table: movementsCsv,
        run: (q, c) => revenueDetail(app.db, c, q, null),
      },
    }),
    // --- Liability
    reportSpec({
      path: "pasivo",
      summary: "Clases pagadas sin usar y su valor (ingreso diferido), por mes de vencimiento",
      answer: liabilityAnswer,
      run: (_q, c) => liability(app.db, c),
      csv: {
        summary: "Clases sin usar (CSV)",
        what: "Clases sin usar",
        file: () => "clases-sin-usar",
        table: liabilityCsv,
      },
    }),
    reportSpec({
      path: "pasivo/detalle",
      summary: "Los paquetes con clases sin usar detrás de un mes de vencimiento",
      query: liabilityDetailQuery,
      answer: liabilityDetailAnswer,
      run: (q, c) => liabilityDetail(app.db, c, q.key, pageOf(q)),
      csv: {
        summary: "Los paquetes con clases sin usar de un mes de vencimiento (CSV)",
        what: "Paquetes con clases sin usar",
        file: (q) => `clases-sin-usar-${q.key}`,
        table: bucketsCsv,
        run: (q, c) => liabilityDetail(app.db, c, q.key, null),
      },
    }),
  ];
  for (const spec of reports) declareReport(app, spec as Parameters<typeof declareReport>[1]);

  // --- Intro offers to members, retention, customer value: a report and the customers behind a figure.
  const customerReport = <
    R,
    D,
    DQ extends typeof introDetailQuery | typeof retentionDetailQuery | typeof customerValueDetailQuery,
  >(spec: {
    path: string;
    summary: string;
    file: string;
    answer: import("zod").ZodType;
    detailQuery: DQ;
    detailAnswer: import("zod").ZodType;
    run: (
      q: import("zod").infer<typeof reportQuery>,
      c: import("../../../domain/app-config").AppConfig,
    ) => Promise<R>;
    csv: (report: R) => string;
    detail: (
      q: import("zod").infer<DQ>,
      c: import("../../../domain/app-config").AppConfig,
      page: ListPage,
    ) => Promise<D>;
    detailCsv: (detail: D, tz: string) => Iterable<string>;
  }) => {
    declareReport(
      app,
      reportSpec({
        path: spec.path,
        summary: spec.summary,
        query: reportQuery,
        answer: spec.answer,
        run: spec.run,
        csv: { what: spec.file, file: (q) => `${spec.file}-${period(q)}`, table: spec.csv },
      }),
    );
    declareReport(
      app,
      reportSpec({
        path: `${spec.path}/detalle`,
        summary: `Los clientes detrás de una cifra: ${spec.summary.toLowerCase()}`,
        query: spec.detailQuery as DQ,
        answer: spec.detailAnswer,
        run: (q, c) => spec.detail(q as import("zod").infer<DQ>, c, pageOf(q as import("zod").infer<DQ>)),
        csv: {
          summary: `Los clientes detrás de una cifra (CSV): ${spec.summary.toLowerCase()}`,
          what: "Clientes",
          file: () => `${spec.file}-clientes`,
          table: spec.detailCsv,
          run: (q, c) => spec.detail(q as import("zod").infer<DQ>, c, null),
        },
      }) as Parameters<typeof declareReport>[1],
    );
  };

  customerReport({
    path: "intro",
    summary: "De oferta de introducción a miembro: quién volvió a comprar en 30, 60 y 90 días, por oferta",
    file: "intro-a-miembro",
    answer: introAnswer,
    detailQuery: introDetailQuery,
    detailAnswer: introDetailAnswer,
    run: (q, c) => intro(app.db, c, q),
    csv: introCsv,
    detail: (q, c, page) => introDetail(app.db, c, q, page),
    detailCsv: introCustomersCsv,
  });
  customerReport({
    path: "retencion",
    summary: "Retención: cohortes mensuales por primera visita, clientes que se fueron y que regresaron",
    file: "retencion",
    answer: retentionAnswer,
    detailQuery: retentionDetailQuery,
    detailAnswer: retentionDetailAnswer,
    run: (q, c) => retention(app.db, c, q),
    csv: retentionCsv,
    detail: (q, c, page) => retentionDetail(app.db, c, q, page),
    detailCsv: retentionCustomersCsv,
  });
  customerReport({
    path: "valor-de-clientes",
    summary: "Valor de los clientes por cómo llegaron: ingreso por cliente y meses activos",
    file: "valor-de-clientes",
    answer: customerValueAnswer,
    detailQuery: customerValueDetailQuery,
    detailAnswer: customerValueDetailAnswer,
    run: (q, c) => customerValue(app.db, c, q),
    csv: customerValueCsv,
    detail: (q, c, page) => customerValueDetail(app.db, c, q, page),
    detailCsv: valueCustomersCsv,
  });
};

export default reportsRoutes;
