/**
 * Query keys of the cash close, from one factory (docs/decisions/0133): every query and
 * invalidation of the feature takes its key from here, so an invalidation cannot miss a query.
 */
export const cashCloseKeys = {
  all: ["corte-de-caja"] as const,
  day: (query: { location_id?: number; day?: string }) => [...cashCloseKeys.all, "day", query] as const,
  history: (locationId: number | undefined) => [...cashCloseKeys.all, "history", locationId] as const,
};
