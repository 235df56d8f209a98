import type { ListPath } from "./api";

const lists = ["admin", "lists"] as const;

/**
 * Query keys of the admin lists, from one factory (docs/decisions/0133); values unchanged. They
 * sit under the admin feature's `["admin"]` (web/features/admin/query-keys.ts), so a change to a
 * customer there refreshes these lists too.
 */
export const adminListKeys = {
  /** The whole back office's data: a refund or freeze here changes customers, dashboard and audit. */
  admin: ["admin"] as const,
  list: (path: ListPath) => [...lists, path] as const,
  page: (path: ListPath, state: unknown, filters: unknown) => [...lists, path, state, filters] as const,
  packageOptions: [...lists, "package-options"] as const,
  paymentMethodOptions: [...lists, "payment-method-options"] as const,
};
