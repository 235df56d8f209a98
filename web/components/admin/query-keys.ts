/**
 * Query keys of the back office's shared kit, from one factory (docs/decisions/0133); values
 * unchanged.
 */
export const adminKitKeys = {
  /**
   * The customer picker's search; the same value as the admin feature's own search
   * (web/features/admin/query-keys.ts), so both share their cache.
   */
  customerSearch: (query: string) => ["admin", "customer-search", query] as const,
};
