/**
 * Hoy, the desk's home (docs/product-rules.md#hoy): which class is next and how many spots are
 * left. Pure; the server answers both with the day's classes.
 */

type DayClass = {
  single_class_id: number;
  class_date: Date;
  duration_minutes: number;
  cancelled: boolean;
};

/**
 * The class the desk works on now: the first of the day, not cancelled, that has not ended (one
 * in progress stays "next" until it ends, since latecomers still check in). Null when the day is over.
 */
export function nextClassId(classes: readonly DayClass[], now: Date): number | null {
  const live = classes
    .filter((c) => !c.cancelled && c.class_date.getTime() + c.duration_minutes * 60_000 > now.getTime())
    .sort((a, b) => a.class_date.getTime() - b.class_date.getTime());
  return live[0]?.single_class_id ?? null;
}

/** Spots left: capacity less seats booked, never below 0; a class without capacity counts as full. */
export function spotsLeft(capacity: number | null, booked: number): number {
  return capacity === null ? 0 : Math.max(0, capacity - booked);
}

/** A class offered in the desk's "Reservar clase" list, as the filters read it. */
type BookableClass = { class_date: Date | string; class_type_id: number; available: number };

export type BookableFilter = {
  /** A studio day ("YYYY-MM-DD"); null: every day of the list. */
  day: string | null;
  /** null: every class type. */
  classTypeId: number | null;
  /** Full classes are hidden unless asked for (docs/product-rules.md#desk-booking-list). */
  showFull: boolean;
};

/** The desk's "Reservar clase" list filtered by day, class type and fullness; `dayOf` is the studio's day of an instant. */
export function filterBookable<C extends BookableClass>(
  classes: readonly C[],
  filter: BookableFilter,
  dayOf: (instant: Date | string) => string,
): C[] {
  return classes.filter(
    (k) =>
      (filter.day === null || dayOf(k.class_date) === filter.day) &&
      (filter.classTypeId === null || k.class_type_id === filter.classTypeId) &&
      (filter.showFull || k.available > 0),
  );
}
