import type { AppConfig } from "../../../domain/app-config";
import { addLocalDays, daysBetween, localDay, seatsLeft, zonedInstant } from "../../../domain/booking";
import { badRequest, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import type { ReadCache } from "../../plugins/read-cache";
import {
  type ClassFilters,
  type ClassRow,
  type ClassSeats,
  countSeats,
  findClassesInRange,
  findClassWithDetails,
  findCustomerSeatsBetween,
  findSeats,
  type SeatRow,
} from "./calendar.repository";
import {
  brotliWithSuffix,
  type CompressedPrefix,
  compressPrefixOnce,
  type Encoding,
  gzipWithSuffix,
} from "./schedule-encoding";

/**
 * The calendar's reads other modules build on (reservations, waitlists, class changes, emails):
 * they take them from here, the calendar's service, never from its repository.
 */
export {
  type ClassRow,
  findClassesWithDetails,
  findClassWithDetails,
  findSeats,
} from "./calendar.repository";

/** Longest range one schedule request may ask for (a month view plus its edges). */
export const MAX_RANGE_DAYS = 62;

type Spots = { custom_spot_map: ClassRow["class_type"]["custom_spot_map"] };

function customMapOut(map: Spots["custom_spot_map"]) {
  if (!map) return null;
  return {
    custom_spot_map_id: map.custom_spot_map_id,
    name: map.name,
    rows: map.rows,
    columns: map.columns,
    spots: map.spots,
    class_type_id: map.class_type_id,
    class_types: map.class_types,
  };
}

export function classTypeOut(type: ClassRow["class_type"]) {
  return {
    class_type_id: type.class_type_id,
    name: type.name,
    icon: type.icon,
    image: type.image,
    description: type.description,
    color: type.color,
    spot_map: type.spot_map,
    custom_spot_map_id: type.custom_spot_map_id,
    custom_spot_map: customMapOut(type.custom_spot_map),
  };
}

export type MyReservation = {
  class_reservation_id: number;
  spot: string | null;
  guest: { class_reservation_id: number; name: string; spot: string | null } | null;
};

/** The signed-in customer's own seat in a class (host row plus its guest row), if any. */
function myReservation(mine: SeatRow[], customerId: number | null): MyReservation | null {
  if (customerId === null) return null;
  const host = mine.find((s) => s.customer_id === customerId && s.guest_of_id === null);
  if (!host) return null;
  const guest = mine.find((s) => s.guest_of_id === host.class_reservation_id);
  return {
    class_reservation_id: host.class_reservation_id,
    spot: host.spot,
    guest: guest
      ? { class_reservation_id: guest.class_reservation_id, name: guest.guest ?? "", spot: guest.spot }
      : null,
  };
}

/**
 * The public shape of a class. Seats are counted and taken spots listed, but no other customer's
 * id, name or guest ever appears: only the caller's own reservation.
 */
export function toClassOut(row: ClassRow, seats: ClassSeats, customerId: number | null) {
  const { reserved } = seats;
  return {
    single_class_id: row.single_class_id,
    class_date: row.class_date.toISOString(),
    duration_minutes: row.duration_minutes,
    description: row.description,
    capacity: row.capacity,
    icon: row.icon,
    location_id: row.location_id,
    class_type_id: row.class_type_id,
    class_category_id: row.class_category_id,
    class_package_id: row.class_package_id,
    /** Weekly series (decision 0026): the staff edit "solo esta", "esta y las siguientes" or "toda la serie". */
    series_id: row.series_id,
    /** Set when the studio cancelled the class (it stays visible, marked "Cancelada"). */
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    sequence: row.sequence,
    class_type: classTypeOut(row.class_type),
    location: row.location,
    class_instructors: row.class_instructors.map(({ instructor }) => ({
      instructor: {
        instructor_id: instructor.instructor_id,
        name: instructor.name,
        last_name: instructor.last_name,
        nick_name: instructor.nick_name,
        file: instructor.file,
      },
    })),
    tags: row.tags.map(({ tag }) => tag),
    reserved,
    available: seatsLeft(row.capacity, reserved),
    taken_spots: seats.taken_spots,
    my_reservation: myReservation(seats.mine, customerId),
  };
}

export type ClassOut = ReturnType<typeof toClassOut>;

export const NO_SEATS: ClassSeats = { reserved: 0, taken_spots: [], mine: [] };

/** The seat summary of one class from its rows (single-class views load the rows anyway). */
export function summariseSeats(rows: SeatRow[], customerId: number | null): ClassSeats {
  return {
    reserved: rows.length,
    taken_spots: rows.flatMap((s) => (s.spot ? [s.spot] : [])).sort(),
    mine: customerId === null ? [] : rows.filter((s) => s.customer_id === customerId),
  };
}

export type ScheduleQuery = Omit<ClassFilters, "from" | "to"> & { start_date?: string; end_date?: string };

/**
 * The shared part of a schedule: the answer up to the caller's own part, UTF-8 encoded and
 * compressed once, and the classes it lists in order (a caller's seats are only reported for them).
 */
type ScheduleSnapshot = {
  /** `{"days":[…],"my_reservations":` — the same bytes for every caller. */
  prefix: Buffer;
  compressed: CompressedPrefix;
  /** Each listed class's position in the answer. */
  order: Map<number, number>;
  /** Answer endings already written, by the caller's seat list (see personalSuffix). */
  suffixes: WeakMap<SeatRow[], Buffer>;
};

/** One of the caller's reservations in a schedule answer (`my_reservations`). */
export type MyScheduleReservation = MyReservation & { single_class_id: number };

export type ScheduleBody = { body: Buffer; encoding: Encoding | null };

/**
 * Classes between two studio-local days (inclusive), grouped by local day, as the UTF-8 JSON of
 * `{ days: [{ date, single_classes }], my_reservations: [...] }`, compressed with `encoding` when
 * one is given. Every day of the range is present, empty or not, so a week view always has its
 * seven columns. The classes carry counts and taken spots only; the caller's own reservations
 * (host seat and guest) are listed after them, once, so every caller's answer is the same shared
 * prefix plus a short personal tail: the prefix comes from the read cache (plugins/read-cache.ts)
 * already compressed, and only the tail is written per request (schedule-encoding.ts). A week
 * of a large studio is ~530 KB; re-joining, re-encoding or re-compressing it per request cost
 * more than everything else. The caller's seats come from the per-viewer cache, keyed by
 * customer: both caches are emptied by any write through this instance, so a customer who books
 * or cancels sees it in their next answer.
 */
export async function getScheduleBody(
  db: Db,
  caches: { shared: ReadCache; viewer: ReadCache },
  config: AppConfig,
  query: ScheduleQuery,
  customerId: number | null,
  encoding: Encoding | null,
  now = new Date(),
): Promise<ScheduleBody> {
  const range = scheduleRange(config, query, now);
  // Filters are numbers (or absent) and the zone has no "|": the key is unambiguous.
  const key = `schedule:${config.timezone}|${range.start}|${range.end}|${query.instructor_id ?? ""}|${query.location_id ?? ""}|${query.class_type_id ?? ""}|${query.class_category_id ?? ""}`;
  const [snapshot, mine] = await Promise.all([
    caches.shared.get(key, () => buildSnapshot(db, query, range, key)),
    customerId === null
      ? NO_SEAT_ROWS
      : caches.viewer.get(`schedule-mine:${customerId}:${range.key}`, () =>
          findCustomerSeatsBetween(db, customerId, range.from, range.to),
        ),
  ]);
  const suffix = personalSuffix(snapshot, mine, customerId);
  if (encoding === "br") return { body: brotliWithSuffix(snapshot.compressed, suffix), encoding };
  if (encoding === "gzip") return { body: gzipWithSuffix(snapshot.compressed, suffix), encoding };
  return { body: Buffer.concat([snapshot.prefix, suffix]), encoding: null };
}

const NO_SEAT_ROWS: SeatRow[] = [];

/**
 * The end of a caller's answer: `[their reservations]}`. Kept on the snapshot per seat list (the
 * list is the per-viewer cache's value for one customer, so it stands for that customer): a
 * customer polling the week gets the same bytes until either changes.
 */
function personalSuffix(snapshot: ScheduleSnapshot, mine: SeatRow[], customerId: number | null): Buffer {
  let suffix = snapshot.suffixes.get(mine);
  if (!suffix) {
    suffix = Buffer.from(`${JSON.stringify(myScheduleReservations(mine, snapshot.order, customerId))}}`);
    snapshot.suffixes.set(mine, suffix);
  }
  return suffix;
}

/** The caller's reservations in the listed classes, in the answer's order. */
function myScheduleReservations(
  mine: SeatRow[],
  order: Map<number, number>,
  customerId: number | null,
): MyScheduleReservation[] {
  if (mine.length === 0) return [];
  const byClass = new Map<number, SeatRow[]>();
  for (const seat of mine) {
    if (order.has(seat.single_class_id))
      byClass.set(seat.single_class_id, [...(byClass.get(seat.single_class_id) ?? []), seat]);
  }
  return [...byClass]
    .sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
    .flatMap(([classId, seats]) => {
      const reservation = myReservation(seats, customerId);
      return reservation ? [{ single_class_id: classId, ...reservation }] : [];
    });
}

function scheduleRange(config: AppConfig, query: ScheduleQuery, now: Date): ScheduleRange {
  const zone = config.timezone;
  const start = query.start_date ?? localDay(now, zone);
  const end = query.end_date ?? addLocalDays(start, 6);
  const key = `${zone} ${start} ${end}`;
  const known = rangesByKey.get(key);
  if (known) return known;
  const span = daysBetween(start, end);
  if (span < 0)
    throw badRequest(t("validation"), { end_date: "La fecha final debe ser posterior a la inicial." });
  if (span >= MAX_RANGE_DAYS) {
    throw badRequest(t("validation"), { end_date: `El rango no puede pasar de ${MAX_RANGE_DAYS} días.` });
  }
  const days = Array.from({ length: span + 1 }, (_, i) => addLocalDays(start, i));
  // Where each day starts, and where the range ends: classes are put on their local day by instant.
  const from = zonedInstant(start, "00:00", zone);
  const to = zonedInstant(addLocalDays(end, 1), "00:00", zone);
  const bounds = [from, ...days.slice(1).map((day) => zonedInstant(day, "00:00", zone)), to];
  const range = { start, end, days, bounds, from, to, key: `${from.toISOString()}/${to.toISOString()}` };
  if (rangesByKey.size >= 1_000) rangesByKey.clear();
  rangesByKey.set(key, range);
  return range;
}

/** Local days of a schedule request and the instants they span (`to` excluded). */
type ScheduleRange = {
  start: string;
  end: string;
  days: string[];
  /** Start of each day, then the end of the last one. */
  bounds: Date[];
  from: Date;
  to: Date;
  /** The instants it spans, for cache keys. */
  key: string;
};

/**
 * Ranges already worked out: time-zone arithmetic goes through Intl and cost a tenth of a cached
 * schedule request; the same few weeks are asked for all day long.
 */
const rangesByKey = new Map<string, ScheduleRange>();

async function buildSnapshot(
  db: Db,
  query: ScheduleQuery,
  range: ScheduleRange,
  key: string,
): Promise<ScheduleSnapshot> {
  const rows = await findClassesInRange(db, { ...query, from: range.from, to: range.to });
  const seats = await countSeats(
    db,
    rows.map((r) => r.single_class_id),
  );
  const days = range.days.map((date) => ({ date, single_classes: [] as SharedClassOut[] }));
  // Rows come ordered by date: walk the day boundaries instead of asking Intl for each row's day.
  let day = 0;
  for (const row of rows) {
    // bounds has one more entry than days: the next bound exists while a day is left.
    let next = range.bounds[day + 1];
    while (next && row.class_date >= next) next = range.bounds[++day + 1];
    const onDay = days[day];
    if (!onDay) break;
    // The caller's own reservation is listed apart (my_reservations), so every caller shares these.
    const { my_reservation: _, ...shared } = toClassOut(
      row,
      seats.get(row.single_class_id) ?? NO_SEATS,
      null,
    );
    onDay.single_classes.push(shared);
  }
  const order = new Map<number, number>();
  for (const d of days) for (const c of d.single_classes) order.set(c.single_class_id, order.size);
  const json = JSON.stringify({ days });
  const prefix = Buffer.from(`${json.slice(0, -1)},"my_reservations":`);
  const compressed = await compressPrefixOnce(key, prefix);
  return { prefix: compressed.prefix, compressed: compressed.compressed, order, suffixes: new WeakMap() };
}

type SharedClassOut = Omit<ClassOut, "my_reservation">;

export async function getSingleClass(db: Db, id: number, customerId: number | null) {
  const row = await findClassWithDetails(db, id);
  if (!row) throw notFound("classNotFound", "CLASS_NOT_FOUND");
  const seats = summariseSeats(await findSeats(db, [id]), customerId);
  return { ...toClassOut(row, seats, customerId), cancelledAt: row.cancelledAt?.toISOString() ?? null };
}
