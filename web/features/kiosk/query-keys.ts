/** Query keys of the kiosk, from one factory (docs/decisions/0133); value unchanged. */
export const kioskKeys = { state: ["kiosk", "state"] as const };
