const reservations = ["class_reservations"] as const;
const credits = ["available_classes"] as const;

/**
 * Query keys of Mis Reservaciones, from one factory (docs/decisions/0133): its queries and
 * invalidations take keys only from here. The values are the ones the feature always used: the
 * calendar refreshes `["class_reservations"]` and `["available_classes"]` after a booking.
 */
export const reservationKeys = {
  /** Every page of every filter of the list. */
  all: reservations,
  list: (filter: string, page: number) => [...reservations, filter, page] as const,
  /** The customer's credits (every view of them, the credits feature's too). */
  credits,
  activeCredits: [...credits, "active"] as const,
  /** The calendar's schedules (web/features/calendar/query-keys.ts), refreshed after a cancel. */
  schedules: ["single_class"] as const,
  calendarFeed: ["calendar-feed"] as const,
  changeNotices: ["class_change_notices"] as const,
};
