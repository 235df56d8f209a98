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

/**
 * What the figures are made of: plain sums over a set of classes, which the database can add up
 * per group (utilisation.repository.ts utilisationSums, decision 0120) as well as sumsOf here.
 */
export type UtilisationSums = {
  classes: number;
  cancelled_classes: number;
  capacity: number;
  /** Seats of the classes with a capacity (the fill rate's numerator). */
  seats_with_capacity: number;
  seats: number;
  guests: number;
  ended_seats: number;
  no_shows: number;
  late_cancels: number;
};

export function sumsOf(facts: readonly ClassFact[], now: Date): UtilisationSums {
  const s: UtilisationSums = {
    classes: 0,
    cancelled_classes: 0,
    capacity: 0,
    seats_with_capacity: 0,
    seats: 0,
    guests: 0,
    ended_seats: 0,
    no_shows: 0,
    late_cancels: 0,
  };
  for (const f of facts) {
    if (f.cancelled) {
      s.cancelled_classes += 1;
      continue;
    }
    s.classes += 1;
    s.seats += f.seats;
    s.guests += f.guests;
    s.late_cancels += f.late_cancels;
    if (f.capacity !== null && f.capacity > 0) {
      s.capacity += f.capacity;
      s.seats_with_capacity += f.seats;
    }
    if (ended(f, now)) {
      s.ended_seats += f.seats;
      s.no_shows += Math.max(0, f.seats - f.attended);
    }
  }
  return s;
}

/** The figures from their sums. */
export function figuresOfSums(s: UtilisationSums): UtilisationFigures {
  return {
    classes: s.classes,
    cancelled_classes: s.cancelled_classes,
    capacity: s.capacity,
    seats: s.seats,
    guests: s.guests,
    fill_rate: percent(s.seats_with_capacity, s.capacity),
    ended_seats: s.ended_seats,
    no_shows: s.no_shows,
    no_show_rate: percent(s.no_shows, s.ended_seats),
    late_cancels: s.late_cancels,
    late_cancel_rate: percent(s.late_cancels, s.seats + s.late_cancels),
  };
}

/** The figures of a set of classes at `now` (a class still to come has no no-shows yet). */
export function utilisationFigures(facts: readonly ClassFact[], now: Date): UtilisationFigures {
  return figuresOfSums(sumsOf(facts, now));
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

const busiestFirst = (a: UtilisationGroup, b: UtilisationGroup) =>
  b.seats - a.seats || a.key.localeCompare(b.key, "es");

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
    .sort(busiestFirst);
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
  return heatmapOf(groupUtilisation(facts, "slot", timeZone, now));
}

function heatmapOf(slots: readonly UtilisationGroup[]): HeatmapCell[] {
  return slots
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

/** One group's sums as the database adds them up: `key` under `dimension` ("all": the totals). */
export type UtilisationSumsRow = UtilisationSums & { dimension: UtilisationDimension; key: string };

/**
 * The whole report from per-group sums (utilisation.repository.ts utilisationSums): the same
 * answer as utilisationReport over the classes (rollups.test.ts compares them), without a row per
 * class crossing from the database.
 */
export function utilisationReportOfSums(rows: readonly UtilisationSumsRow[]) {
  const of = (dimension: UtilisationDimension) =>
    rows
      .filter((r) => r.dimension === dimension)
      .map(({ dimension: _d, key, ...sums }) => ({ key, ...figuresOfSums(sums) }))
      .sort(busiestFirst);
  const total = rows.find((r) => r.dimension === "all");
  return {
    totals: figuresOfSums(total ?? sumsOf([], new Date(0))),
    by_class_type: of("class_type"),
    by_coach: of("coach"),
    by_location: of("location"),
    heatmap: heatmapOf(of("slot")),
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
