import type { z } from "zod";
import type { reportQuery } from "../../../domain/api/reports";
import type { AppConfig } from "../../../domain/app-config";
import { localDay, localTime, zonedInstant } from "../../../domain/booking";
import { effectiveIvaRate, ivaBreakdown } from "../../../domain/fiscal/iva";
import { centsToNumber, toCents } from "../../../domain/money";
import { type CsvCell, reportCsv, reportCsvPieces } from "../../../domain/reports/csv";
import {
  customerValueReportOfSums,
  introBehind,
  introReport,
  type RetentionGroup,
  retentionReportOfCounts,
} from "../../../domain/reports/customers";
import { bucketsBehind, liabilityReport, NEVER } from "../../../domain/reports/liability";
import { monthsOf, percent, periodInstants } from "../../../domain/reports/period";
import {
  movementsBehind,
  REVENUE_METHOD_LABELS,
  type RevenueDimension,
  type RevenueMethod,
  type RevenueMovement,
  revenueReport,
} from "../../../domain/reports/revenue";
import {
  type ClassFact,
  type UtilisationDimension,
  utilisationReportOfSums,
} from "../../../domain/reports/utilisation";
import type { Db } from "../../db/client";
import { aggregatorRevenueMovements } from "../aggregators/aggregators-admin.service";
import { retailRevenueMovements } from "../retail/retail.service";
import { retentionCustomersPage, valueCustomersPage } from "./customer-lists.repository";
import { customerValueSums, paidPurchasesAround, retentionCounts } from "./customers.repository";
import { openBuckets } from "./liability.repository";
import { activeSubscriptions, revenueMovements } from "./revenue.repository";
import { classesBehindPage, type ListPage, utilisationSums } from "./utilisation.repository";

/**
 * The owner's reports (decision 0078): each reads its facts for the period (its repository) and
 * leaves the arithmetic to domain/reports, so a figure and its drill-down come from the same rows.
 * Days and months are the studio's (config.timezone).
 */
type ReportQuery = z.infer<typeof reportQuery>;

function rangeOf(query: ReportQuery, tz: string) {
  return { ...periodInstants(query, tz), locationId: query.location_id };
}

function head(query: ReportQuery, tz: string) {
  return { timezone: tz, from: query.from, to: query.to, location_id: query.location_id ?? null };
}

/**
 * A drill-down's page (decision 0138): `limit` rows from `offset` on, or null for the whole list
 * (its CSV). The paging fields of the answer say which page it is and how long the list is.
 */
export const pageOf = (q: { limit: number; offset: number }): ListPage => ({
  limit: q.limit,
  offset: q.offset,
});
function paging(page: ListPage, total: number) {
  return { total, limit: page?.limit ?? total, offset: page?.offset ?? 0 };
}
/** A page of a list the service built whole (the short lists: charges, credits, intro customers). */
function pageIn<T>(list: T[], page: ListPage): { rows: T[]; total: number } {
  return { rows: page ? list.slice(page.offset, page.offset + page.limit) : list, total: list.length };
}

/** "2022-10-31 23:30" on the studio's clock, for spreadsheets. */
const stamp = (d: Date, tz: string) => `${localDay(d, tz)} ${localTime(d, tz)}`;

// ---------------------------------------------------------------------------------------------
// Utilisation

export async function utilisation(db: Db, config: AppConfig, query: ReportQuery, now = new Date()) {
  const tz = config.timezone;
  // Sums per group from the database, not a row per class (decision 0120).
  const sums = await utilisationSums(db, rangeOf(query, tz), tz, now);
  return { ...head(query, tz), ...utilisationReportOfSums(sums) };
}

function classOut(f: ClassFact) {
  return {
    single_class_id: f.single_class_id,
    class_date: f.class_date,
    class_type: f.class_type,
    location: f.location,
    coaches: f.coaches,
    capacity: f.capacity,
    cancelled: f.cancelled,
    seats: f.seats,
    guests: f.guests,
    attended: f.attended,
    late_cancels: f.late_cancels,
    fill_rate: f.capacity && !f.cancelled ? percent(f.seats, f.capacity) : null,
  };
}

export async function utilisationDetail(
  db: Db,
  config: AppConfig,
  query: ReportQuery & { dimension: UtilisationDimension; key: string },
  page: ListPage,
) {
  const tz = config.timezone;
  const figure = { dimension: query.dimension, key: query.key, timeZone: tz };
  const { rows, total } = await classesBehindPage(db, rangeOf(query, tz), figure, page);
  return { classes: rows.map(classOut), ...paging(page, total) };
}

const WEEKDAYS = ["", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"];

export function utilisationCsv(report: Awaited<ReturnType<typeof utilisation>>): string {
  const rows: CsvCell[][] = [];
  const figures = (g: (typeof report)["totals"]) => [
    g.classes,
    g.cancelled_classes,
    g.capacity,
    g.seats,
    g.guests,
    g.fill_rate,
    g.no_shows,
    g.no_show_rate,
    g.late_cancels,
    g.late_cancel_rate,
  ];
  rows.push(["Total", "", ...figures(report.totals)]);
  for (const [section, groups] of [
    ["Tipo de clase", report.by_class_type],
    ["Coach", report.by_coach],
    ["Ubicación", report.by_location],
  ] as const) {
    for (const g of groups) rows.push([section, g.key, ...figures(g)]);
  }
  for (const c of report.heatmap) {
    rows.push([
      "Día y hora",
      `${WEEKDAYS[c.weekday]} ${String(c.hour).padStart(2, "0")}:00`,
      c.classes,
      "",
      c.capacity,
      c.seats,
      "",
      c.fill_rate,
    ]);
  }
  return reportCsv(
    [
      "Sección",
      "Grupo",
      "Clases",
      "Clases canceladas",
      "Capacidad",
      "Lugares reservados",
      "Invitados",
      "Ocupación %",
      "Inasistencias",
      "Inasistencia %",
      "Cancelaciones tardías",
      "Cancelación tardía %",
    ],
    rows,
  );
}

export function classesCsv(
  detail: Awaited<ReturnType<typeof utilisationDetail>>,
  tz: string,
): Iterable<string> {
  return reportCsvPieces(
    [
      "Clase",
      "Fecha",
      "Tipo de clase",
      "Ubicación",
      "Coaches",
      "Capacidad",
      "Cancelada",
      "Lugares reservados",
      "Invitados",
      "Asistieron",
      "Cancelaciones tardías",
      "Ocupación %",
    ],
    detail.classes.map((c) => [
      c.single_class_id,
      stamp(c.class_date, tz),
      c.class_type,
      c.location,
      c.coaches.join(" / "),
      c.capacity,
      c.cancelled ? "sí" : "no",
      c.seats,
      c.guests,
      c.attended,
      c.late_cancels,
      c.fill_rate,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Revenue

function labelOf(dimension: Exclude<RevenueDimension, "all">, key: string): string {
  return dimension === "method" ? (REVENUE_METHOD_LABELS[key as RevenueMethod] ?? key) : key;
}

/**
 * Every source of the studio's income: purchases (charges and refunds), retail at the counter
 * (decision 0094) and the aggregators' validated visits (decision 0104). The report and its
 * detail read the same list, so a figure always opens onto the lines that make it.
 */
async function allRevenueMovements(db: Db, range: ReturnType<typeof rangeOf>) {
  return [
    ...(await revenueMovements(db, range)),
    ...(await retailRevenueMovements(db, range)),
    ...(await aggregatorRevenueMovements(db, range)),
  ];
}

export async function revenue(db: Db, config: AppConfig, query: ReportQuery) {
  const tz = config.timezone;
  const [movements, subscriptions] = [
    await allRevenueMovements(db, rangeOf(query, tz)),
    await activeSubscriptions(db),
  ];
  const report = revenueReport(movements, subscriptions, query, tz);
  const labelled = <R extends { key: string }>(dimension: Exclude<RevenueDimension, "all">, rows: R[]) =>
    rows.map((r) => ({ ...r, label: labelOf(dimension, r.key) }));
  return {
    ...head(query, tz),
    ...report,
    by_package: labelled("package", report.by_package),
    by_method: labelled("method", report.by_method),
    by_location: labelled("location", report.by_location),
    by_month: labelled("month", report.by_month),
  };
}

function movementOut(m: RevenueMovement) {
  const sign = m.kind === "charge" ? 1 : -1;
  const b = ivaBreakdown(sign * m.cents, effectiveIvaRate(m.iva_rate));
  return {
    kind: m.kind,
    id: m.id,
    purchase_id: m.purchase_id,
    customer_id: m.customer_id,
    customer: m.customer,
    at: m.at,
    title: m.title,
    amount: centsToNumber(sign * m.cents),
    subtotal: centsToNumber(b.subtotal),
    iva: centsToNumber(b.iva),
    iva_rate: b.rate,
    method: m.method,
    method_label: REVENUE_METHOD_LABELS[m.method],
    location: m.location,
  };
}

export async function revenueDetail(
  db: Db,
  config: AppConfig,
  query: ReportQuery & { dimension: RevenueDimension | "recurring"; key: string },
  page: ListPage,
) {
  const tz = config.timezone;
  const movements = await allRevenueMovements(db, rangeOf(query, tz));
  const { rows, total } = pageIn(movementsBehind(movements, query.dimension, query.key, tz), page);
  return { movements: rows.map(movementOut), ...paging(page, total) };
}

export function revenueCsv(report: Awaited<ReturnType<typeof revenue>>): string {
  const rows: CsvCell[][] = [];
  const figures = (g: (typeof report)["totals"]) => [
    g.charged,
    g.refunded,
    g.net,
    g.subtotal,
    g.iva,
    g.charges,
    g.refunds,
  ];
  rows.push(["Total", "", ...figures(report.totals)]);
  for (const [section, groups] of [
    ["Mes", report.by_month],
    ["Paquete", report.by_package],
    ["Método", report.by_method],
    ["Ubicación", report.by_location],
  ] as const) {
    for (const g of groups) rows.push([section, g.label, ...figures(g)]);
  }
  for (const l of report.iva_by_month) {
    rows.push([
      `IVA ${l.rate === "exento" ? "exento" : `${l.rate} %`}`,
      l.month,
      "",
      "",
      l.total,
      l.base,
      l.iva,
    ]);
  }
  rows.push(["Ingreso recurrente mensual (MRR)", "", "", "", report.recurring.mrr]);
  return reportCsv(
    [
      "Sección",
      "Grupo",
      "Cobrado",
      "Reembolsado",
      "Neto con IVA",
      "Neto sin IVA",
      "IVA",
      "Cobros",
      "Reembolsos",
    ],
    rows,
  );
}

export function movementsCsv(
  detail: Awaited<ReturnType<typeof revenueDetail>>,
  tz: string,
): Iterable<string> {
  return reportCsvPieces(
    [
      "Tipo",
      "Folio",
      "Compra",
      "Fecha",
      "Cliente",
      "Paquete",
      "Método",
      "Ubicación",
      "Importe",
      "Subtotal",
      "IVA",
      "Tasa",
    ],
    detail.movements.map((m) => [
      m.kind === "charge" ? "Cobro" : "Reembolso",
      m.id,
      m.purchase_id,
      stamp(m.at, tz),
      m.customer,
      m.title,
      m.method_label,
      m.location,
      m.amount,
      m.subtotal,
      m.iva,
      m.iva_rate,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Liability

export async function liability(db: Db, config: AppConfig, now = new Date()) {
  const tz = config.timezone;
  return { timezone: tz, as_of: now, ...liabilityReport(await openBuckets(db, now), tz, now) };
}

export async function liabilityDetail(
  db: Db,
  config: AppConfig,
  key: string,
  page: ListPage,
  now = new Date(),
) {
  const tz = config.timezone;
  const { rows, total } = pageIn(bucketsBehind(await openBuckets(db, now), key, tz, now), page);
  return {
    ...paging(page, total),
    buckets: rows.map((b) => ({
      available_class_id: b.available_class_id,
      customer_id: b.customer_id,
      customer: b.customer,
      purchase_id: b.purchase_id,
      title: b.title,
      credits: b.credits,
      expiration_date: b.expiration_date,
      value: b.value,
    })),
  };
}

export function liabilityCsv(report: Awaited<ReturnType<typeof liability>>): string {
  return reportCsv(
    ["Vence en", "Clases sin usar", "Valor", "Paquetes", "Clientes"],
    [
      ...report.by_expiry_month.map((m) => [
        m.key === NEVER ? "Sin vencimiento" : m.key,
        m.credits,
        m.value,
        m.buckets,
        m.customers,
      ]),
      ["Total", report.totals.credits, report.totals.value, "", report.totals.customers],
    ],
  );
}

export function bucketsCsv(
  detail: Awaited<ReturnType<typeof liabilityDetail>>,
  tz: string,
): Iterable<string> {
  return reportCsvPieces(
    ["Cliente", "Compra", "Paquete", "Clases sin usar", "Vence", "Valor"],
    detail.buckets.map((b) => [
      b.customer,
      b.purchase_id,
      b.title,
      b.credits,
      b.expiration_date ? stamp(b.expiration_date, tz) : "Sin vencimiento",
      b.value,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Intro offers to members, retention, customer value

export async function intro(db: Db, config: AppConfig, query: ReportQuery, now = new Date()) {
  const tz = config.timezone;
  const { start, end } = periodInstants(query, tz);
  return {
    ...head(query, tz),
    ...introReport(await paidPurchasesAround(db, { start, end }), start, end, now),
  };
}

export async function introDetail(
  db: Db,
  config: AppConfig,
  query: ReportQuery & { key: string; within?: 30 | 60 | 90 | undefined },
  page: ListPage,
) {
  const { start, end } = periodInstants(query, config.timezone);
  const purchases = await paidPurchasesAround(db, { start, end });
  const { rows, total } = pageIn(introBehind(purchases, start, end, query.key, query.within ?? null), page);
  return { customers: rows, ...paging(page, total) };
}

export function introCsv(report: Awaited<ReturnType<typeof intro>>): string {
  const row = (name: string, g: (typeof report)["totals"]) => [
    name,
    g.customers,
    g.converted_30,
    g.rate_30,
    g.converted_60,
    g.rate_60,
    g.converted_90,
    g.rate_90,
    g.still_open,
  ];
  return reportCsv(
    [
      "Oferta",
      "Clientes",
      "Compraron en 30 días",
      "%",
      "En 60 días",
      "%",
      "En 90 días",
      "%",
      "Aún en sus 90 días",
    ],
    [...report.by_offer.map((o) => row(o.key, o)), row("Total", report.totals)],
  );
}

export function introCustomersCsv(
  detail: Awaited<ReturnType<typeof introDetail>>,
  tz: string,
): Iterable<string> {
  return reportCsvPieces(
    ["Cliente", "Oferta", "Fecha de compra", "Días hasta su siguiente compra"],
    detail.customers.map((c) => [c.customer, c.offer, stamp(c.first_at, tz), c.converted_after_days]),
  );
}

/** The period's months as the retention queries take them. */
function retentionMonths(query: ReportQuery, tz: string) {
  const months = monthsOf(query);
  const first = months[0] ?? query.from.slice(0, 7);
  const last = months.at(-1) ?? first;
  return { first, last, lastStarts: zonedInstant(`${last}-01`, "00:00", tz) };
}

export async function retention(db: Db, config: AppConfig, query: ReportQuery) {
  const tz = config.timezone;
  // Counts added up by the database, not a row per customer (decision 0120).
  const counts = await retentionCounts(db, rangeOf(query, tz), retentionMonths(query, tz));
  return { ...head(query, tz), ...retentionReportOfCounts(counts, monthsOf(query)) };
}

export async function retentionDetail(
  db: Db,
  config: AppConfig,
  query: ReportQuery & { group: RetentionGroup; key: string },
  page: ListPage,
) {
  const tz = config.timezone;
  // The activity of decision 0105, filtered, ordered and paged by the database (decision 0138).
  const figure = { group: query.group, key: query.key };
  const { rows, total } = await retentionCustomersPage(
    db,
    rangeOf(query, tz),
    retentionMonths(query, tz),
    figure,
    page,
  );
  return { customers: rows, ...paging(page, total) };
}

export function retentionCsv(report: Awaited<ReturnType<typeof retention>>): string {
  const span = Math.max(0, ...report.cohorts.map((c) => c.retention.length));
  return reportCsv(
    [
      "Mes",
      "Activos",
      "Nuevos",
      "Se fueron",
      "Regresaron",
      "Cohorte (primera visita)",
      ...Array.from({ length: span }, (_, i) => `Mes +${i + 1} %`),
    ],
    report.by_month.map((m, i) => [
      m.key,
      m.active,
      m.new,
      m.churned,
      m.reactivated,
      report.cohorts[i]?.customers ?? "",
      ...(report.cohorts[i]?.retention.map((r) => r.rate) ?? []),
    ]),
  );
}

export function retentionCustomersCsv(detail: Awaited<ReturnType<typeof retentionDetail>>): Iterable<string> {
  return reportCsvPieces(
    ["Cliente", "Primera visita", "Meses con visitas"],
    detail.customers.map((c) => [c.customer, c.first_month, c.months_active]),
  );
}

export async function customerValue(db: Db, config: AppConfig, query: ReportQuery) {
  const tz = config.timezone;
  return {
    ...head(query, tz),
    ...customerValueReportOfSums(await customerValueSums(db, periodInstants(query, tz))),
  };
}

export async function customerValueDetail(
  db: Db,
  config: AppConfig,
  query: ReportQuery & { key: string },
  page: ListPage,
) {
  const tz = config.timezone;
  const range = periodInstants(query, tz);
  const { rows, total } = await valueCustomersPage(db, range, query.key, page);
  return {
    customers: rows.map((c) => ({
      customer_id: c.customer_id,
      customer: c.customer,
      signup_reason: c.signup_reason,
      net: centsToNumber(toCents(c.paid) - toCents(c.refunded)),
      months_active: c.months_active,
    })),
    ...paging(page, total),
  };
}

export function customerValueCsv(report: Awaited<ReturnType<typeof customerValue>>): string {
  const row = (name: string, g: (typeof report)["totals"]) => [
    name,
    g.customers,
    g.paying,
    g.revenue,
    g.per_customer,
    g.avg_months_active,
  ];
  return reportCsv(
    [
      "Cómo llegó",
      "Clientes",
      "Con compras",
      "Ingreso neto",
      "Ingreso por cliente",
      "Meses activos (promedio)",
    ],
    [...report.by_reason.map((r) => row(r.key, r)), row("Total", report.totals)],
  );
}

export function valueCustomersCsv(detail: Awaited<ReturnType<typeof customerValueDetail>>): Iterable<string> {
  return reportCsvPieces(
    ["Cliente", "Cómo llegó", "Ingreso neto", "Meses con visitas"],
    detail.customers.map((c) => [c.customer, c.signup_reason, c.net, c.months_active]),
  );
}
