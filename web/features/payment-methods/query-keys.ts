/**
 * Query keys of Mis Métodos de Pago, from one factory (docs/decisions/0133). The saved cards'
 * value is checkout's too (web/features/checkout/query-keys.ts): a card saved while paying shows
 * here, a card removed here leaves checkout.
 */
export const paymentMethodKeys = {
  savedCards: ["metodosPago"] as const,
};
