/** Query keys of the desk's day, from one factory (docs/decisions/0133); values unchanged. */
export const frontDeskKeys = {
  all: ["front-desk"] as const,
  today: (day: string | null, locationId: number | null) => ["front-desk", "today", day, locationId] as const,
};
