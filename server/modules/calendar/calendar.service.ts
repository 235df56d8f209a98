import type { AppConfig } from "../../../domain/app-config";
import { addLocalDays, daysBetween, localDay, seatsLeft, zonedInstant } from "../../../domain/booking";
import { badRequest, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
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
import type { ScheduleCache } from "./schedule-cache";

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

/** The shared part of a schedule: every class with its seats, each also serialised once. */
type ScheduleSnapshot = {
  days: { date: string; classes: { out: ClassOut; json: string }[] }[];
  /** What a visitor (or a customer with no seat in the range) gets, built on first need. */
  plainJson?: string;
};

/**
 * Classes between two studio-local days (inclusive), grouped by local day, as the JSON text of
 * `{ days: [{ date, single_classes }] }`. Every day of the range is present, empty or not, so a
 * week view always has its seven columns. The shared part comes from the schedule cache
 * (schedule-cache.ts); only the caller's own seats are read per request.
 */
export async function getScheduleJson(
  db: Db,
  cache: ScheduleCache,
  config: AppConfig,
  query: ScheduleQuery,
  customerId: number | null,
  now = new Date(),
): Promise<string> {
  const range = scheduleRange(config, query, now);
  const key = JSON.stringify([
    config.timezone,
    range.start,
    range.end,
    query.instructor_id,
    query.location_id,
    query.class_type_id,
    query.class_category_id,
  ]);
  const snapshot = await cache.get(key, () => buildSnapshot(db, config, query, range));
  const mine =
    customerId === null ? [] : await findCustomerSeatsBetween(db, customerId, range.from, range.to);
  if (mine.length === 0) {
    snapshot.plainJson ??= scheduleJson(snapshot, () => null);
    return snapshot.plainJson;
  }
  const mineByClass = new Map<number, SeatRow[]>();
  for (const seat of mine)
    mineByClass.set(seat.single_class_id, [...(mineByClass.get(seat.single_class_id) ?? []), seat]);
  return scheduleJson(snapshot, (out) => {
    const seats = mineByClass.get(out.single_class_id);
    return seats ? JSON.stringify({ ...out, my_reservation: myReservation(seats, customerId) }) : null;
  });
}

function scheduleRange(config: AppConfig, query: ScheduleQuery, now: Date) {
  const zone = config.timezone;
  const start = query.start_date ?? localDay(now, zone);
  const end = query.end_date ?? addLocalDays(start, 6);
  const span = daysBetween(start, end);
  if (span < 0)
    throw badRequest(t("validation"), { end_date: "La fecha final debe ser posterior a la inicial." });
  if (span >= MAX_RANGE_DAYS) {
    throw badRequest(t("validation"), { end_date: `El rango no puede pasar de ${MAX_RANGE_DAYS} días.` });
  }
  return {
    start,
    end,
    span,
    from: zonedInstant(start, "00:00", zone),
    to: zonedInstant(addLocalDays(end, 1), "00:00", zone),
  };
}

async function buildSnapshot(
  db: Db,
  config: AppConfig,
  query: ScheduleQuery,
  range: ReturnType<typeof scheduleRange>,
): Promise<ScheduleSnapshot> {
  const zone = config.timezone;
  const rows = await findClassesInRange(db, { ...query, from: range.from, to: range.to });
  const classIds = rows.map((r) => r.single_class_id);
  const seats = await countSeats(db, classIds);
  const days: ScheduleSnapshot["days"] = Array.from({ length: range.span + 1 }, (_, i) => ({
    date: addLocalDays(range.start, i),
    classes: [],
  }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const row of rows) {
    const out = toClassOut(row, seats.get(row.single_class_id) ?? NO_SEATS, null);
    byDate.get(localDay(row.class_date, zone))?.classes.push({ out, json: JSON.stringify(out) });
  }
  return { days };
}

/** Joins the classes' cached JSON; `custom` may give a class's own text (one with my seat). */
function scheduleJson(snapshot: ScheduleSnapshot, custom: (out: ClassOut) => string | null): string {
  const days = snapshot.days.map(
    (day) =>
      `{"date":${JSON.stringify(day.date)},"single_classes":[${day.classes.map((c) => custom(c.out) ?? c.json).join(",")}]}`,
  );
  return `{"days":[${days.join(",")}]}`;
}

export async function getSingleClass(db: Db, id: number, customerId: number | null) {
  const row = await findClassWithDetails(db, id);
  if (!row) throw notFound("classNotFound", "CLASS_NOT_FOUND");
  const seats = summariseSeats(await findSeats(db, [id]), customerId);
  return { ...toClassOut(row, seats, customerId), cancelledAt: row.cancelledAt?.toISOString() ?? null };
}
