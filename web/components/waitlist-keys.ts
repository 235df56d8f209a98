const all = ["waitlist"] as const;

/**
 * Query keys of the waitlists, from one factory (docs/decisions/0133); values unchanged. Here and
 * not in web/features/waitlists because the calendar's waitlist modal (shared code, which may not
 * import a feature) queries them too; Mis Listas de Espera takes them from here.
 */
export const waitlistKeys = {
  /** Every waitlist query: refreshed after joining or leaving a line. */
  all,
  ofClass: (classId: number) => [...all, "class", classId] as const,
  mine: [...all, "mine"] as const,
};
