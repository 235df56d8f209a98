import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  type ClassFact,
  NO_COACH,
  NO_LOCATION,
  type UtilisationDimension,
  type UtilisationSumsRow,
} from "../../../domain/reports/utilisation";
import type { Db } from "../../db/client";
import { qualified } from "../../db/qualified";
import {
  class_types,
  instructors,
  locations,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { report_class_counts } from "../../db/schema/reports";

/**
 * One fact row per class held in [start, end): its seats (the class's own counter), guests,
 * check-ins and late cancellations (report_class_counts, kept by triggers: decision 0105), its
 * coaches as the studio calls them (joined and grouped: a subquery per class cost 0.1 ms each,
 * seconds over a year of classes). One row read per class, none per reservation; the
 * definitions are reference.repository.ts's. The arithmetic is domain/reports/utilisation.ts's.
 */
/** Per class, for a query that groups by class: its coaches' names in a stable order. */
const coachNamesGrouped = sql<
  string[] | null
>`array_agg(coalesce(nullif(${instructors.nick_name}, ''), ${instructors.name}) order by ${instructors.instructor_id}) filter (where ${instructors.instructor_id} is not null)`;

export const coachNames = sql<
  string[]
>`array(select coalesce(nullif(${instructors.nick_name}, ''), ${instructors.name}) from ${single_class_instructors} join ${instructors} on ${instructors.instructor_id} = ${single_class_instructors.instructor_id} where ${single_class_instructors.single_class_id} = ${qualified(single_classes.single_class_id)} order by ${instructors.instructor_id})`;

type ClassRange = { start: Date; end: Date; locationId?: number | undefined };
/** One page of a drill-down (decision 0138); null reads the whole list (its CSV). */
export type ListPage = { limit: number; offset: number } | null;

export async function classFacts(db: Db, range: ClassRange): Promise<ClassFact[]> {
  return classFactsWhere(db, inRange(range));
}

/**
 * The classes behind one utilisation figure, a page of them in the drill-down's order (class date,
 * then id: domain/reports/utilisation.ts classesBehind) and how many there are, the filter and
 * the page done by the database (decision 0138): the same keys as keysOf, in SQL.
 */
export async function classesBehindPage(
  db: Db,
  range: ClassRange,
  figure: { dimension: UtilisationDimension; key: string; timeZone: string },
  page: ListPage,
): Promise<{ rows: ClassFact[]; total: number }> {
  const where = and(inRange(range), behindFigure(figure));
  if (!page) {
    const rows = await classFactsWhere(db, where);
    return { rows, total: rows.length };
  }
  // The page's ids first (no coach names, no counts), then the facts of those classes only.
  const ids = db
    .select({ id: single_classes.single_class_id })
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(where)
    .orderBy(asc(single_classes.class_date), asc(single_classes.single_class_id))
    .limit(page.limit)
    .offset(page.offset);
  const rows = await classFactsWhere(db, inArray(single_classes.single_class_id, ids));
  const [counted] = await db
    .select({ n: count() })
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

const inRange = (range: ClassRange) =>
  and(
    gte(single_classes.class_date, range.start),
    lt(single_classes.class_date, range.end),
    range.locationId ? eq(single_classes.location_id, range.locationId) : undefined,
  );

/** A class's coaches as the report names them, for a condition on one class (`exists`). */
const coachNamed = (name: SQL) =>
  sql`exists (select 1 from ${single_class_instructors} sci join ${instructors} i on i.instructor_id = sci.instructor_id where sci.single_class_id = ${qualified(single_classes.single_class_id)} and coalesce(nullif(i.nick_name, ''), i.name) = ${name})`;

/** keysOf (domain/reports/utilisation.ts) as a condition: the classes that count under `key`. */
function behindFigure(f: {
  dimension: UtilisationDimension;
  key: string;
  timeZone: string;
}): SQL | undefined {
  const at = sql`${qualified(single_classes.class_date)} at time zone ${f.timeZone}`;
  switch (f.dimension) {
    case "all":
      return f.key === "all" ? undefined : sql`false`;
    case "class_type":
      return eq(class_types.name, f.key);
    case "location":
      return sql`coalesce(${locations.name}, ${NO_LOCATION}) = ${f.key}`;
    case "coach": {
      const named = coachNamed(sql`${f.key}`);
      if (f.key !== NO_COACH) return named;
      const none = sql`not exists (select 1 from ${single_class_instructors} sci where sci.single_class_id = ${qualified(single_classes.single_class_id)})`;
      return sql`(${none} or ${named})`;
    }
    case "slot": {
      const m = /^([1-7])-(\d{1,2})$/.exec(f.key);
      if (!m) return sql`false`;
      return sql`extract(isodow from ${at})::int = ${Number(m[1])} and extract(hour from ${at})::int = ${Number(m[2])}`;
    }
  }
}

/** One fact row per class that meets `where`, by class date, then id. */
async function classFactsWhere(db: Db, where: SQL | undefined): Promise<ClassFact[]> {
  const rows = await db
    .select({
      single_class_id: single_classes.single_class_id,
      class_date: single_classes.class_date,
      duration_minutes: single_classes.duration_minutes,
      capacity: single_classes.capacity,
      cancelled: sql<boolean>`${single_classes.cancelledAt} is not null`,
      class_type: class_types.name,
      location: locations.name,
      coaches: coachNamesGrouped,
      seats: single_classes.seats_taken,
      guests: sql<number>`coalesce(${report_class_counts.guests}, 0)`.mapWith(Number),
      attended: sql<number>`coalesce(${report_class_counts.attended}, 0)`.mapWith(Number),
      late_cancels: sql<number>`coalesce(${report_class_counts.late_cancels}, 0)`.mapWith(Number),
    })
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .leftJoin(report_class_counts, eq(report_class_counts.single_class_id, single_classes.single_class_id))
    .leftJoin(
      single_class_instructors,
      eq(single_class_instructors.single_class_id, single_classes.single_class_id),
    )
    .leftJoin(instructors, eq(instructors.instructor_id, single_class_instructors.instructor_id))
    .where(where)
    .groupBy(
      single_classes.single_class_id,
      class_types.name,
      locations.name,
      report_class_counts.guests,
      report_class_counts.attended,
      report_class_counts.late_cancels,
    )
    .orderBy(asc(single_classes.class_date), asc(single_classes.single_class_id));
  return rows.map((r) => ({ ...r, cancelled: Boolean(r.cancelled), coaches: r.coaches ?? [] }));
}

/**
 * The utilisation report's sums per group of the classes held in [start, end) (decision 0120):
 * the totals, per class type, per location, per studio-clock slot (ISO weekday and hour in
 * `timeZone`, as the rollups' triggers read the studio's month) and per coach (a class with two
 * coaches counts for both). Tens of rows instead of one per class: the same sums sumsOf adds up
 * over classFacts (rollups.test.ts compares the reports).
 */
export async function utilisationSums(
  db: Db,
  range: { start: Date; end: Date; locationId?: number | undefined },
  timeZone: string,
  now: Date,
): Promise<UtilisationSumsRow[]> {
  const sums = sql`count(*) filter (where not cancelled)::int as classes,
    count(*) filter (where cancelled)::int as cancelled_classes,
    coalesce(sum(capacity) filter (where not cancelled and capacity > 0), 0)::int as capacity,
    coalesce(sum(seats) filter (where not cancelled and capacity > 0), 0)::int as seats_with_capacity,
    coalesce(sum(seats) filter (where not cancelled), 0)::int as seats,
    coalesce(sum(guests) filter (where not cancelled), 0)::int as guests,
    coalesce(sum(seats) filter (where not cancelled and ended), 0)::int as ended_seats,
    coalesce(sum(greatest(0, seats - attended)) filter (where not cancelled and ended), 0)::int as no_shows,
    coalesce(sum(late_cancels) filter (where not cancelled), 0)::int as late_cancels`;
  const result = await db.execute(sql`
    with f as materialized (
      select c.single_class_id, ct.name as class_type, coalesce(l.name, ${NO_LOCATION}) as location,
             extract(isodow from c.class_date at time zone ${timeZone})::int as weekday,
             extract(hour from c.class_date at time zone ${timeZone})::int as hour,
             c.cancelled_at is not null as cancelled, c.capacity, c.seats_taken as seats,
             coalesce(rc.guests, 0) as guests, coalesce(rc.attended, 0) as attended,
             coalesce(rc.late_cancels, 0) as late_cancels,
             c.class_date + c.duration_minutes * interval '1 minute' <= ${now} as ended
      from single_classes c
      join class_types ct on ct.class_type_id = c.class_type_id
      left join locations l on l.location_id = c.location_id
      left join report_class_counts rc on rc.single_class_id = c.single_class_id
      where c.class_date >= ${range.start} and c.class_date < ${range.end}
        ${range.locationId ? sql`and c.location_id = ${range.locationId}` : sql``}
    ), coach as (
      select distinct sci.single_class_id, coalesce(nullif(i.nick_name, ''), i.name) as name
      from single_class_instructors sci join instructors i on i.instructor_id = sci.instructor_id
      where sci.single_class_id in (select single_class_id from f)
    )
    select 'all' as dimension, 'all' as key, ${sums} from f
    union all
    select 'class_type', class_type, ${sums} from f group by class_type
    union all
    select 'location', location, ${sums} from f group by location
    union all
    select 'slot', weekday || '-' || hour, ${sums} from f group by weekday, hour
    union all
    select 'coach', coalesce(coach.name, ${NO_COACH}), ${sums}
    from f left join coach on coach.single_class_id = f.single_class_id
    group by 2`);
  return (result as unknown as { rows: UtilisationSumsRow[] }).rows;
}
