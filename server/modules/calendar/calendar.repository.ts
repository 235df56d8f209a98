import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import {
  class_categories,
  class_types,
  custom_spot_maps,
  locations,
  single_classes,
} from "../../db/schema/calendar";
import { class_reservations } from "../../db/schema/reservations";

export type ClassFilters = {
  from: Date;
  to: Date;
  instructor_id?: number;
  location_id?: number;
  class_type_id?: number;
  class_category_id?: number;
};

/** Everything a class card needs, in one relational query (cancelled classes left out). */
const classWith = {
  class_type: { with: { custom_spot_map: true } },
  location: { columns: { location_id: true, name: true, address: true } },
  class_instructors: {
    columns: {},
    with: {
      instructor: {
        columns: { instructor_id: true, name: true, last_name: true, nick_name: true },
        with: { file: { columns: { file_id: true, src: true } } },
      },
    },
  },
  tags: { columns: {}, with: { tag: { columns: { tag_id: true, name: true, color: true } } } },
} as const;

/**
 * The classes of a time range with everything their cards need, in date order. One prepared
 * statement for every combination of filters (an absent filter is a null parameter): the schedule
 * is rebuilt every second while it is read, and Drizzle building this relational query (lateral
 * joins for type, place, coaches and tags) cost as much as mapping its rows.
 */
export async function findClassesInRange(db: Db, f: ClassFilters) {
  return classesInRangeStatement(db, {
    from: f.from.toISOString(),
    to: f.to.toISOString(),
    location: f.location_id ?? null,
    type: f.class_type_id ?? null,
    category: f.class_category_id ?? null,
    instructor: f.instructor_id ?? null,
  });
}

/** `column = filter`, or true when the filter's parameter is null. */
const optionalFilter = (column: AnyPgColumn, name: string) =>
  sql`(${sql.placeholder(name)}::int is null or ${column} = ${sql.placeholder(name)}::int)`;

const classesInRangeStatement = preparedStatement("calendar_classes_in_range", (db, name) =>
  db.query.single_classes
    .findMany({
      where: and(
        gte(single_classes.class_date, sql.placeholder("from")),
        lt(single_classes.class_date, sql.placeholder("to")),
        isNull(single_classes.cancelledAt),
        optionalFilter(single_classes.location_id, "location"),
        optionalFilter(single_classes.class_type_id, "type"),
        optionalFilter(single_classes.class_category_id, "category"),
        // Written out: inside a relational query Drizzle names every column with the root table's alias.
        sql`(${sql.placeholder("instructor")}::int is null or ${single_classes.single_class_id} in (select sci.single_class_id from single_class_instructors sci where sci.instructor_id = ${sql.placeholder("instructor")}::int))`,
      ),
      with: classWith,
      orderBy: [asc(single_classes.class_date), asc(single_classes.single_class_id)],
    })
    .prepare(name),
);

export async function findClassWithDetails(db: Db, id: number) {
  return db.query.single_classes.findFirst({
    where: eq(single_classes.single_class_id, id),
    with: classWith,
  });
}

export type ClassRow = NonNullable<Awaited<ReturnType<typeof findClassWithDetails>>>;

/**
 * Several classes with their details in one query (lists must not look them up one by one). A
 * prepared statement with the ids as one array parameter: Drizzle building this relational query
 * (lateral joins for type, place, coaches and tags) cost more than Postgres running it.
 */
export async function findClassesWithDetails(db: Db, ids: number[]): Promise<Map<number, ClassRow>> {
  if (ids.length === 0) return new Map();
  const rows = await classesWithDetailsStatement(db, { ids });
  return new Map(rows.map((row) => [row.single_class_id, row]));
}

const classesWithDetailsStatement = preparedStatement("calendar_classes_with_details", (db, name) =>
  db.query.single_classes
    .findMany({
      where: sql`${single_classes.single_class_id} = any(${sql.placeholder("ids")})`,
      with: classWith,
    })
    .prepare(name),
);

const seatColumns = {
  single_class_id: class_reservations.single_class_id,
  class_reservation_id: class_reservations.class_reservation_id,
  customer_id: class_reservations.customer_id,
  guest_of_id: class_reservations.guest_of_id,
  guest: class_reservations.guest,
  spot: class_reservations.spot,
};

/**
 * Occupied seats of some classes: only what counting, taken spots and "my reservation" need.
 * The customer ids never leave the server (see calendar.service toClassOut).
 */
export async function findSeats(db: Db, classIds: number[]) {
  if (classIds.length === 0) return [];
  return db
    .select(seatColumns)
    .from(class_reservations)
    .where(and(inArray(class_reservations.single_class_id, classIds), isNull(class_reservations.deletedAt)));
}

export type SeatRow = Awaited<ReturnType<typeof findSeats>>[number];

/** What a class card shows about its seats: the count, the taken spots and the caller's own rows. */
export type ClassSeats = { reserved: number; taken_spots: string[]; mine: SeatRow[] };

/**
 * Seats of many classes (a calendar week) counted in SQL: one row per class instead of one per
 * reservation. The caller's own rows come from findCustomerSeats.
 */
export async function countSeats(db: Db, classIds: number[]): Promise<Map<number, ClassSeats>> {
  const result = new Map<number, ClassSeats>();
  if (classIds.length === 0) return result;
  for (const row of await seatCountsStatement(db, { ids: classIds })) {
    result.set(row.single_class_id, { reserved: row.reserved, taken_spots: row.taken_spots, mine: [] });
  }
  return result;
}

/** One array parameter, prepared: a week is ~700 ids, and building 700 parameters cost more than the query. */
const seatCountsStatement = preparedStatement("calendar_seat_counts", (db, name) =>
  db
    .select({
      single_class_id: class_reservations.single_class_id,
      reserved: sql<number>`count(*)::int`,
      taken_spots: sql<
        string[]
      >`coalesce(array_agg(${class_reservations.spot} order by ${class_reservations.spot}) filter (where ${class_reservations.spot} is not null), '{}')`,
    })
    .from(class_reservations)
    .where(
      and(
        sql`${class_reservations.single_class_id} = any(${sql.placeholder("ids")})`,
        isNull(class_reservations.deletedAt),
      ),
    )
    .groupBy(class_reservations.single_class_id)
    .prepare(name),
);

/**
 * A customer's own live rows (host and guest) in the classes of a time range. Filtered by the
 * range rather than by a list of class ids: a week of a large studio is hundreds of ids, and
 * building that many parameters per request costs more than the query. It runs on every schedule
 * request, so it is a prepared statement: Drizzle builds its SQL once per database, not per call
 * (building it was a tenth of a cached schedule request).
 */
export async function findCustomerSeatsBetween(db: Db, customerId: number, from: Date, to: Date) {
  return customerSeatsStatement(db, { customerId, from: from.toISOString(), to: to.toISOString() });
}

const customerSeatsStatement = preparedStatement("calendar_customer_seats_between", (db, name) =>
  db
    .select(seatColumns)
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .where(
      and(
        eq(class_reservations.customer_id, sql.placeholder("customerId")),
        isNull(class_reservations.deletedAt),
        gte(single_classes.class_date, sql.placeholder("from")),
        lt(single_classes.class_date, sql.placeholder("to")),
      ),
    )
    .prepare(name),
);

export async function listClassTypes(db: Db) {
  return db.query.class_types.findMany({
    where: eq(class_types.available, true),
    with: { custom_spot_map: true },
    orderBy: [asc(class_types.name)],
  });
}

export async function listLocations(db: Db) {
  return db.select().from(locations).where(eq(locations.available, true)).orderBy(asc(locations.location_id));
}

export async function listCategories(db: Db, onlyWithClassesAfter?: Date) {
  const conditions = [eq(class_categories.available, true)];
  if (onlyWithClassesAfter) {
    conditions.push(
      sql`exists (select 1 from ${single_classes} where ${single_classes.class_category_id} = ${class_categories.class_category_id} and ${single_classes.cancelledAt} is null and ${gt(single_classes.class_date, onlyWithClassesAfter)})`,
    );
  }
  return db
    .select()
    .from(class_categories)
    .where(and(...conditions))
    .orderBy(asc(class_categories.name));
}

export async function listCustomSpotMaps(db: Db) {
  return db.select().from(custom_spot_maps).orderBy(asc(custom_spot_maps.custom_spot_map_id));
}

export async function findCustomSpotMap(db: Db, id: number) {
  const [row] = await db.select().from(custom_spot_maps).where(eq(custom_spot_maps.custom_spot_map_id, id));
  return row ?? null;
}
