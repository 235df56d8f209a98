import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  customerValueAnswer,
  customerValueDetailAnswer,
  introAnswer,
  introDetailAnswer,
  liabilityAnswer,
  liabilityDetailAnswer,
  retentionAnswer,
  retentionDetailAnswer,
  revenueAnswer,
  revenueDetailAnswer,
  utilisationAnswer,
  utilisationDetailAnswer,
} from "../../../domain/api/reports";
import { API_BASE, api, toQueryString } from "../../lib/api-client";
import { reportKeys } from "./query-keys";

/** The owner's reports (server/modules/reports, decision 0078). */

export type ReportFilters = { from: string; to: string; location_id?: number | undefined };
export type Utilisation = z.input<typeof utilisationAnswer>;
export type UtilisationGroup = Utilisation["by_class_type"][number];
export type Revenue = z.input<typeof revenueAnswer>;
export type RevenueGroup = Revenue["by_package"][number];
export type Liability = z.input<typeof liabilityAnswer>;
export type ClassRow = z.input<typeof utilisationDetailAnswer>["classes"][number];
export type MovementRow = z.input<typeof revenueDetailAnswer>["movements"][number];
export type BucketRow = z.input<typeof liabilityDetailAnswer>["buckets"][number];

export type ReportName = "utilizacion" | "ingresos" | "pasivo" | "intro" | "retencion" | "valor-de-clientes";

/** Which figure a drill-down opens: the report and what picks the figure (dimension, group, key...). */
export type Drill = { report: ReportName; params: Record<string, string | number>; title: string };

export type Intro = z.input<typeof introAnswer>;
export type Retention = z.input<typeof retentionAnswer>;
export type CustomerValue = z.input<typeof customerValueAnswer>;
export type CustomerRow =
  | z.input<typeof introDetailAnswer>["customers"][number]
  | z.input<typeof retentionDetailAnswer>["customers"][number]
  | z.input<typeof customerValueDetailAnswer>["customers"][number];

export function useUtilisation(filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.report("utilizacion", filters),
    queryFn: ({ signal }) => api.get<Utilisation>("/reportes/utilizacion", { signal, query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useRevenue(filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.report("ingresos", filters),
    queryFn: ({ signal }) => api.get<Revenue>("/reportes/ingresos", { signal, query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useLiability() {
  return useQuery({
    queryKey: reportKeys.liability,
    queryFn: ({ signal }) => api.get<Liability>("/reportes/pasivo", { signal }),
  });
}

function drillQuery(drill: Drill, filters: ReportFilters) {
  return drill.report === "pasivo" ? drill.params : { ...filters, ...drill.params };
}

export function useIntro(filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.report("intro", filters),
    queryFn: ({ signal }) => api.get<Intro>("/reportes/intro", { signal, query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useRetention(filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.report("retencion", filters),
    queryFn: ({ signal }) => api.get<Retention>("/reportes/retencion", { signal, query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerValue(filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.report("valor-de-clientes", filters),
    queryFn: ({ signal }) =>
      api.get<CustomerValue>("/reportes/valor-de-clientes", { signal, query: filters }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the rows behind a figure (decision 0138): `total` is the whole list's length. */
type Paged<A> = A & { total: number; limit: number; offset: number };

export type DrillAnswer =
  | z.input<typeof utilisationDetailAnswer>
  | z.input<typeof revenueDetailAnswer>
  | z.input<typeof liabilityDetailAnswer>
  | Paged<{ customers: CustomerRow[] }>;

export function useDrill(
  drill: Drill | null,
  filters: ReportFilters,
  page: { limit: number; offset: number },
) {
  const figure = JSON.stringify([drill, filters]);
  return useQuery({
    queryKey: reportKeys.drill(drill, filters, page),
    enabled: drill !== null,
    // The page shown stays while the next page of the same figure loads (not another figure's).
    placeholderData: (previous: DrillAnswer | undefined, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey.slice(2, 4)) === figure ? previous : undefined,
    queryFn: ({ signal }) =>
      api.get<DrillAnswer>(`/reportes/${drill?.report}/detalle`, {
        signal,
        query: drill ? { ...drillQuery(drill, filters), ...page } : {},
      }),
  });
}

/** The CSV of a report (a plain link: the browser saves what the server writes). */
export function reportCsvHref(report: ReportName, filters: ReportFilters): string {
  return `${API_BASE}/reportes/${report}/csv${report === "pasivo" ? "" : toQueryString(filters)}`;
}

export function drillCsvHref(drill: Drill, filters: ReportFilters): string {
  return `${API_BASE}/reportes/${drill.report}/detalle/csv${toQueryString(drillQuery(drill, filters))}`;
}
