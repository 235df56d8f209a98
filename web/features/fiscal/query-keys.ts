/** Query keys of the customer's fiscal data, from one factory (docs/decisions/0133); value unchanged. */
export const fiscalKeys = {
  mine: ["fiscal-data"] as const,
};
