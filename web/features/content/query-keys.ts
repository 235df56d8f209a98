/**
 * Query keys of the public site's content (pages, announcements, coaches, the home's lists), from
 * one factory (docs/decisions/0133). The values are the ones the feature always used.
 */
export const contentKeys = {
  pages: ["pages"] as const,
  page: (slug: string) => ["pages", slug] as const,
  announcements: ["announcements"] as const,
  homeInstructors: ["instructors", "home"] as const,
  instructor: (id: number) => ["instructors", id] as const,
  /** The same value as the calendar's class types (web/features/calendar/query-keys.ts): one cache. */
  classTypes: ["class_types"] as const,
  homePackages: ["class_packages", "presenciales", "home"] as const,
  /**
   * A coach's or the home's days of classes. Not the calendar's key (["single_class", start, end,
   * location]): this one caches a plain list of days, the calendar the API's answer, and sharing a
   * key handed one the other's shape. Under the same prefix, so a booking refreshes it too.
   */
  days: (startDate: string, endDate: string, instructorId: number | null) =>
    ["single_class", "days", startDate, endDate, instructorId] as const,
};
