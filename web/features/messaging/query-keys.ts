/** Query keys of WhatsApp and SMS messaging, from one factory (docs/decisions/0133); values unchanged. */
export const messagingKeys = {
  all: ["messaging"] as const,
  mine: () => [...messagingKeys.all, "mine"] as const,
  inbox: () => [...messagingKeys.all, "inbox"] as const,
  automations: () => [...messagingKeys.all, "automations"] as const,
  customer: (customerId: number) => [...messagingKeys.all, "customer", customerId] as const,
};
