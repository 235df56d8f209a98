import type { AppConfig } from "../../../domain/app-config";
import { addLocalDays, daysBetween, localDay, seatsLeft, zonedInstant } from "../../../domain/booking";
import { badRequest, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import {
  type ClassFilters,
  type ClassRow,
  findClassesInRange,
  findClassWithDetails,
  findSeats,
  type SeatRow,
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
function myReservation(seats: SeatRow[], customerId: number | null): MyReservation | null {
  if (customerId === null) return null;
  const host = seats.find((s) => s.customer_id === customerId && s.guest_of_id === null);
  if (!host) return null;
  const guest = seats.find((s) => s.guest_of_id === host.class_reservation_id);
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
export function toClassOut(row: ClassRow, seats: SeatRow[], customerId: number | null) {
  const reserved = seats.length;
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
    taken_spots: seats.flatMap((s) => (s.spot ? [s.spot] : [])).sort(),
    my_reservation: myReservation(seats, customerId),
  };
}

export type ClassOut = ReturnType<typeof toClassOut>;

export type ScheduleQuery = Omit<ClassFilters, "from" | "to"> & { start_date?: string; end_date?: string };

/**
 * Classes between two studio-local days (inclusive), grouped by local day. Every day of the range
 * is present, empty or not, so a week view always has its seven columns.
 */
export async function getSchedule(
  db: Db,
  config: AppConfig,
  query: ScheduleQuery,
  customerId: number | null,
  now = new Date(),
) {
  const zone = config.timezone;
  const start = query.start_date ?? localDay(now, zone);
  const end = query.end_date ?? addLocalDays(start, 6);
  const span = daysBetween(start, end);
  if (span < 0)
    throw badRequest(t("validation"), { end_date: "La fecha final debe ser posterior a la inicial." });
  if (span >= MAX_RANGE_DAYS) {
    throw badRequest(t("validation"), { end_date: `El rango no puede pasar de ${MAX_RANGE_DAYS} días.` });
  }
  const rows = await findClassesInRange(db, {
    ...query,
    from: zonedInstant(start, "00:00", zone),
    to: zonedInstant(addLocalDays(end, 1), "00:00", zone),
  });
  const seats = groupSeats(
    await findSeats(
      db,
      rows.map((r) => r.single_class_id),
    ),
  );
  const days = Array.from({ length: span + 1 }, (_, i) => ({
    date: addLocalDays(start, i),
    single_classes: [] as ClassOut[],
  }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const row of rows) {
    byDate
      .get(localDay(row.class_date, zone))
      ?.single_classes.push(toClassOut(row, seats.get(row.single_class_id) ?? [], customerId));
  }
  return { days };
}

export async function getSingleClass(db: Db, id: number, customerId: number | null) {
  const row = await findClassWithDetails(db, id);
  if (!row) throw notFound("classNotFound", "CLASS_NOT_FOUND");
  const seats = await findSeats(db, [id]);
  return { ...toClassOut(row, seats, customerId), cancelledAt: row.cancelledAt?.toISOString() ?? null };
}

function groupSeats(rows: SeatRow[]): Map<number, SeatRow[]> {
  const map = new Map<number, SeatRow[]>();
  for (const row of rows) {
    const list = map.get(row.single_class_id);
    if (list) list.push(row);
    else map.set(row.single_class_id, [row]);
  }
  return map;
}
