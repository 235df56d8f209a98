/**
 * Query keys of web/lib's own queries, from one factory (docs/decisions/0133); values unchanged.
 * The shell's two keys stay next to their queries, `appConfigQueryKey` (app-config.ts) and
 * `currentUserQueryKey` (session.ts). Shared code may not import a feature, so its keys live
 * beside it: these, web/components/waitlist-keys.ts and web/components/admin/query-keys.ts. Each
 * file is imported only by the code that queries it, so it lands in that code's chunk: one file
 * for all of them was a chunk of its own, named in the first download's list (decision 0140).
 */
export const libKeys = {
  /** Which processor plays the card and the wallet (GET /checkout/providers). */
  paymentProviders: ["checkout", "providers"] as const,
};
