import type { Drill, ReportFilters, ReportName } from "./api";
import type { Period } from "./pay-api";

const reports = ["reportes"] as const;
const pay = ["nomina"] as const;

/**
 * Query keys of the reports and of coach pay, from one factory (docs/decisions/0133); values
 * unchanged. A change to a rate or an approval refreshes all of `pay.all` (the period's pay, the
 * rates, a coach's history and own pay).
 */
export const reportKeys = {
  all: reports,
  /** A report's figures for a period and location (the liability report takes no filters). */
  report: (report: Exclude<ReportName, "pasivo">, filters: ReportFilters) =>
    [...reports, report, filters] as const,
  liability: [...reports, "pasivo"] as const,
  /** One page of the rows behind a figure; the drill's placeholder compares items 2 and 3. */
  drill: (drill: Drill | null, filters: ReportFilters, page: { limit: number; offset: number }) =>
    [...reports, "detalle", drill, filters, page] as const,
  pay: {
    all: pay,
    period: (period: Period) => [...pay, "pay", period] as const,
    rates: [...pay, "rates"] as const,
    mine: (period: Period) => [...pay, "mine", period] as const,
    history: (instructorId: number) => [...pay, "history", instructorId] as const,
  },
};
