/**
 * Utilisation report (docs/decisions/0078): how classes fill, by class type, coach, location and
 * the studio's weekday x hour, with no-show and late-cancel rates. The repository answers one
 * fact row per class of the period; every figure here is arithmetic on those rows, so the
 * drill-down (`classesBehind`) lists exactly the classes a figure counted.
 *
 * Definitions (what the owner reads in the screen's help):
 * - a cancelled class counts in `cancelled_classes` only (no seats, no capacity);
 * - seats are live reservation rows, a guest's included (docs/product-rules.md#booking-window);
 * - fill rate = seats / capacity of the classes with a capacity (null capacity is "no seats to
 *   sell", not an empty class);
 * - no-show rate = seats not checked in / seats, over classes that have ended;
 * - late-cancel rate = late cancellations / (seats + late cancellations).
 */
import { wallClock } from "../format";
import { percent } from "./period";

export type ClassFact = {
  single_class_id: number;
  class_date: Date;
  duration_minutes: number;
  capacity: number | null;
  cancelled: boolean;
  class_type: string;
  location: string | null;
  coaches: string[];
  /** Live seats (hosts and guests). */
  seats: number;
  guests: number;
  attended: number;
  late_cancels: number;
};

export type UtilisationFigures = {
  classes: number;
  cancelled_classes: number;
  capacity: number;
  seats: number;
  guests: number;
  fill_rate: number | null;
  ended_seats: number;
  no_shows: number;
  no_show_rate: number | null;
  late_cancels: number;
  late_cancel_rate: number | null;
};

export const UTILISATION_DIMENSIONS = ["all", "class_type", "coach", "location", "slot"] as const;
export type UtilisationDimension = (typeof UTILISATION_DIMENSIONS)[number];

/** The name of a class without a location (a studio of one room may leave it empty). */
export const NO_LOCATION = "Sin ubicación";
export const NO_COACH = "Sin coach";

function ended(fact: ClassFact, now: Date): boolean {
  return fact.class_date.getTime() + fact.duration_minutes * 60_000 <= now.getTime();
}

/** The figures of a set of classes at `now` (a class still to come has no no-shows yet). */
export function utilisationFigures(facts: readonly ClassFact[], now: Date): UtilisationFigures {
  let classes = 0;
  let cancelled = 0;
  let capacity = 0;
  let seatsWithCapacity = 0;
  let seats = 0;
  let guests = 0;
  let endedSeats = 0;
  let noShows = 0;
  let lateCancels = 0;
  for (const f of facts) {
    if (f.cancelled) {
      cancelled += 1;
      continue;
    }
    classes += 1;
    seats += f.seats;
    guests += f.guests;
    lateCancels += f.late_cancels;
    if (f.capacity !== null && f.capacity > 0) {
      capacity += f.capacity;
      seatsWithCapacity += f.seats;
    }
    if (ended(f, now)) {
      endedSeats += f.seats;
      noShows += Math.max(0, f.seats - f.attended);
    }
  }
  return {
    classes,
    cancelled_classes: cancelled,
    capacity,
    seats,
    guests,
    fill_rate: percent(seatsWithCapacity, capacity),
    ended_seats: endedSeats,
    no_shows: noShows,
    no_show_rate: percent(noShows, endedSeats),
    late_cancels: lateCancels,
    late_cancel_rate: percent(lateCancels, seats + lateCancels),
  };
}

/** Monday = 1 ... Sunday = 7, the way a Mexican calendar reads the week. */
function isoWeekday(sundayZero: number): number {
  return sundayZero === 0 ? 7 : sundayZero;
}

/** The studio-clock slot of a class: "weekday-hour" (e.g. "1-7" is Monday 07:00-07:59). */
export function slotOf(
  fact: Pick<ClassFact, "class_date">,
  timeZone: string,
): { weekday: number; hour: number } {
  const w = wallClock(fact.class_date, timeZone);
  if (!w) throw new RangeError("invalid class date");
  return { weekday: isoWeekday(w.weekday), hour: w.hour };
}

/** The keys one class counts under for a dimension (a class with two coaches counts for both). */
export function keysOf(fact: ClassFact, dimension: UtilisationDimension, timeZone: string): string[] {
  switch (dimension) {
    case "all":
      return ["all"];
    case "class_type":
      return [fact.class_type];
    case "location":
      return [fact.location ?? NO_LOCATION];
    case "coach":
      return fact.coaches.length ? [...new Set(fact.coaches)] : [NO_COACH];
    case "slot": {
      const s = slotOf(fact, timeZone);
      return [`${s.weekday}-${s.hour}`];
    }
  }
}

export type UtilisationGroup = UtilisationFigures & { key: string };

/** Figures per key of a dimension, busiest (most seats) first, then by name. */
export function groupUtilisation(
  facts: readonly ClassFact[],
  dimension: Exclude<UtilisationDimension, "all">,
  timeZone: string,
  now: Date,
): UtilisationGroup[] {
  const groups = new Map<string, ClassFact[]>();
  for (const f of facts) {
    for (const key of keysOf(f, dimension, timeZone)) {
      const list = groups.get(key) ?? [];
      list.push(f);
      groups.set(key, list);
    }
  }
  return [...groups.entries()]
    .map(([key, list]) => ({ key, ...utilisationFigures(list, now) }))
    .sort((a, b) => b.seats - a.seats || a.key.localeCompare(b.key, "es"));
}

export type HeatmapCell = {
  weekday: number;
  hour: number;
  classes: number;
  seats: number;
  capacity: number;
  fill_rate: number | null;
};

/** The weekday x hour heatmap on the studio's clock: only the cells that had classes. */
export function utilisationHeatmap(facts: readonly ClassFact[], timeZone: string, now: Date): HeatmapCell[] {
  return groupUtilisation(facts, "slot", timeZone, now)
    .map((g) => {
      const [weekday = 0, hour = 0] = g.key.split("-").map(Number);
      return {
        weekday,
        hour,
        classes: g.classes,
        seats: g.seats,
        capacity: g.capacity,
        fill_rate: g.fill_rate,
      };
    })
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
}

/** The whole report from the period's class facts. */
export function utilisationReport(facts: readonly ClassFact[], timeZone: string, now: Date) {
  return {
    totals: utilisationFigures(facts, now),
    by_class_type: groupUtilisation(facts, "class_type", timeZone, now),
    by_coach: groupUtilisation(facts, "coach", timeZone, now),
    by_location: groupUtilisation(facts, "location", timeZone, now),
    heatmap: utilisationHeatmap(facts, timeZone, now),
  };
}

/** The classes behind a figure: those that count under `key` of `dimension`, oldest first. */
export function classesBehind(
  facts: readonly ClassFact[],
  dimension: UtilisationDimension,
  key: string,
  timeZone: string,
): ClassFact[] {
  return facts
    .filter((f) => keysOf(f, dimension, timeZone).includes(key))
    .sort((a, b) => a.class_date.getTime() - b.class_date.getTime() || a.single_class_id - b.single_class_id);
}
