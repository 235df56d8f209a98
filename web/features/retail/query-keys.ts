import type { SalesFilter } from "./api";

/** Query keys of retail at the counter, from one factory (docs/decisions/0133); values unchanged. */
export const retailKeys = {
  all: ["retail"] as const,
  products: () => [...retailKeys.all, "products"] as const,
  lowStock: () => [...retailKeys.all, "low-stock"] as const,
  sales: (f: SalesFilter) => [...retailKeys.all, "sales", f] as const,
};
