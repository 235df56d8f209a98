/** Query keys of the carta responsiva, from one factory (docs/decisions/0133); values unchanged. */
export const waiverKeys = {
  all: ["waivers"] as const,
  mine: () => [...waiverKeys.all, "mine"] as const,
  admin: () => [...waiverKeys.all, "admin"] as const,
  signatures: (versionId: number) => [...waiverKeys.all, "signatures", versionId] as const,
  customer: (customerId: number) => [...waiverKeys.all, "customer", customerId] as const,
};
