import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  class_categories,
  class_types,
  custom_spot_maps,
  locations,
  single_class_instructors,
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

export async function findClassesInRange(db: Db, f: ClassFilters) {
  const conditions = [
    gte(single_classes.class_date, f.from),
    lt(single_classes.class_date, f.to),
    isNull(single_classes.cancelledAt),
  ];
  if (f.location_id) conditions.push(eq(single_classes.location_id, f.location_id));
  if (f.class_type_id) conditions.push(eq(single_classes.class_type_id, f.class_type_id));
  if (f.class_category_id) conditions.push(eq(single_classes.class_category_id, f.class_category_id));
  if (f.instructor_id) {
    conditions.push(
      inArray(
        single_classes.single_class_id,
        db
          .select({ id: single_class_instructors.single_class_id })
          .from(single_class_instructors)
          .where(eq(single_class_instructors.instructor_id, f.instructor_id)),
      ),
    );
  }
  return db.query.single_classes.findMany({
    where: and(...conditions),
    with: classWith,
    orderBy: [asc(single_classes.class_date), asc(single_classes.single_class_id)],
  });
}

export async function findClassWithDetails(db: Db, id: number) {
  return db.query.single_classes.findFirst({
    where: eq(single_classes.single_class_id, id),
    with: classWith,
  });
}

export type ClassRow = NonNullable<Awaited<ReturnType<typeof findClassWithDetails>>>;

/** Several classes with their details in one query (lists must not look them up one by one). */
export async function findClassesWithDetails(db: Db, ids: number[]): Promise<Map<number, ClassRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query.single_classes.findMany({
    where: inArray(single_classes.single_class_id, ids),
    with: classWith,
  });
  return new Map(rows.map((row) => [row.single_class_id, row]));
}

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
  const counts = await db
    .select({
      single_class_id: class_reservations.single_class_id,
      reserved: sql<number>`count(*)::int`,
      taken_spots: sql<
        string[]
      >`coalesce(array_agg(${class_reservations.spot} order by ${class_reservations.spot}) filter (where ${class_reservations.spot} is not null), '{}')`,
    })
    .from(class_reservations)
    .where(and(inArray(class_reservations.single_class_id, classIds), isNull(class_reservations.deletedAt)))
    .groupBy(class_reservations.single_class_id);
  for (const row of counts) {
    result.set(row.single_class_id, { reserved: row.reserved, taken_spots: row.taken_spots, mine: [] });
  }
  return result;
}

/**
 * A customer's own live rows (host and guest) in the classes of a time range. Filtered by the
 * range rather than by a list of class ids: a week of a large studio is hundreds of ids, and
 * building that many parameters per request costs more than the query.
 */
export async function findCustomerSeatsBetween(db: Db, customerId: number, from: Date, to: Date) {
  return db
    .select(seatColumns)
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .where(
      and(
        eq(class_reservations.customer_id, customerId),
        isNull(class_reservations.deletedAt),
        gte(single_classes.class_date, from),
        lt(single_classes.class_date, to),
      ),
    );
}

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
