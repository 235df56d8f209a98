import type { FacturaFilters } from "./api";

const all = ["facturas-admin"] as const;

/**
 * Query keys of the back office's facturas, from one factory (docs/decisions/0133); values
 * unchanged. Every issue, cancel or settings save invalidates `all`.
 */
export const facturaKeys = {
  all,
  list: (filters: FacturaFilters) => [...all, "list", filters] as const,
  invoiceable: (q: string) => [...all, "invoiceable", q] as const,
  settings: [...all, "settings"] as const,
  globalPurchases: (cfdiId: number | null) => [...all, "global-purchases", cfdiId] as const,
};
