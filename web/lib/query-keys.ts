/**
 * Query keys of the code every feature shares (web/lib and web/components), from one factory
 * (docs/decisions/0133). Shared code may not import a feature, so the keys it queries live here and
 * the features that touch the same caches take them from here too. Values unchanged.
 */
const waitlists = ["waitlist"] as const;

export const sharedKeys = {
  /** The studio's config: kept when a sign-in or sign-out clears the cache. */
  appConfig: ["appconfig"] as const,
  /** Who is signed in (GET /session). */
  currentUser: ["auth", "current-user"] as const,
  /** Which processor plays the card and the wallet (GET /checkout/providers). */
  paymentProviders: ["checkout", "providers"] as const,
  /**
   * The back office's customer picker; the same value as the admin feature's own search
   * (web/features/admin/query-keys.ts), so both share their cache.
   */
  customerSearch: (query: string) => ["admin", "customer-search", query] as const,
  /** Every waitlist query: a class's line (the calendar's modal) and mine (Mis Listas de Espera). */
  waitlists,
  classWaitlist: (classId: number) => [...waitlists, "class", classId] as const,
  myWaitlists: [...waitlists, "mine"] as const,
};
