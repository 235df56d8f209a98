/**
 * Query keys of the customer's credits, from one factory (docs/decisions/0133). The same value as
 * Mis Reservaciones' (web/features/reservations/query-keys.ts): one cache, refreshed by the
 * `["available_classes"]` prefix after a booking or a cancel.
 */
export const creditKeys = {
  all: ["available_classes"] as const,
  active: ["available_classes", "active"] as const,
};
