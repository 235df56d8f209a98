const schedule = ["single_class"] as const;

/**
 * Query keys of the calendar, from one factory (docs/decisions/0133): its queries and
 * invalidations take keys only from here. The values are the ones the feature always used: Mis
 * Reservaciones refreshes the schedule by the `["single_class"]` prefix after a cancel.
 */
export const calendarKeys = {
  /** Every schedule (each week or month, and each class's live seats). */
  schedule,
  range: (start: string, end: string, location: number | null) =>
    [...schedule, start, end, location] as const,
  singleClass: (id: number | null) => [...schedule, "single", id] as const,
  classTypes: ["class_types"] as const,
  locations: ["locations"] as const,
  /**
   * Caches of other features a booking changes, by the prefixes they use: Mis Reservaciones'
   * lists (web/features/reservations) and the credits (web/features/credits).
   */
  reservationLists: ["class_reservations"] as const,
  credits: ["available_classes"] as const,
};
