/**
 * Query keys of the checkout, from one factory (docs/decisions/0133): its queries and invalidations
 * take keys only from here. The values are the ones the feature always used: the purchases and
 * saved cards share their cache with Mis Compras and Mis Métodos de Pago, which match them by
 * prefix, so they stay `["purchases", …]` and `["metodosPago"]`.
 */
const all = ["checkout"] as const;
const purchases = ["purchases"] as const;

export const checkoutKeys = {
  all,
  paymentMethods: [...all, "payment_methods"] as const,
  acceptedPages: [...all, "accepted_pages"] as const,
  requiredPages: [...all, "required_pages"] as const,
  mercadopago: [...all, "mercadopago"] as const,
  /** Every purchase of the customer (list, one purchase, its voucher): refreshed after a payment. */
  purchases,
  signupFee: [...purchases, "signup-fee"] as const,
  purchase: (id: number) => [...purchases, id] as const,
  voucher: (purchaseId: number) => [...purchases, purchaseId, "voucher"] as const,
  /** The customer's saved cards: a card saved while paying shows in Mis Métodos de Pago. */
  savedCards: ["metodosPago"] as const,
};
