const purchases = ["purchases"] as const;

/**
 * Query keys of Mis Compras (purchases, invoices, facturas), from one factory (docs/decisions/
 * 0133): its queries and invalidations take keys only from here. The values are the ones the
 * feature always used: checkout refreshes `["purchases"]` after a payment, which reaches every
 * key under it here.
 */
export const purchaseKeys = {
  /** Everything about the customer's purchases: refreshed after a payment, a cancel or a freeze. */
  all: purchases,
  paymentIssues: [...purchases, "payment-issues"] as const,
  savedCards: [...purchases, "saved-cards"] as const,
  freezes: [...purchases, "freezes"] as const,
  invoices: ["invoices"] as const,
  facturas: ["facturas"] as const,
};
