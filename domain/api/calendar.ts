import { z } from "zod";
import { isLocalDay } from "../booking";
import { isoDate } from "./wire";

/** The public schedule and the catalogue it is filtered by (server/modules/calendar). */

const id = z.coerce.number().int().positive();
const optionalId = id.optional();

const validDays = new Set<string>();
/**
 * isLocalDay, remembered: the schedule is polled by every open calendar with the same few dates,
 * and checking them was a few per cent of its CPU. Bounded, since anyone can send dates; a pure
 * cache keyed by value, so every app that validates with it may share it.
 */
function isKnownLocalDay(text: string): boolean {
  if (validDays.has(text)) return true;
  if (!isLocalDay(text)) return false;
  if (validDays.size >= 10_000) validDays.clear();
  validDays.add(text);
  return true;
}
const day = z.string().refine(isKnownLocalDay, { message: "Usa una fecha AAAA-MM-DD." });

export const scheduleQuery = z.object({
  start_date: day.optional(),
  end_date: day.optional(),
  instructor_id: optionalId,
  /** The older name of location_id, which older clients send; either is taken. */
  location: optionalId,
  location_id: optionalId,
  class_type_id: optionalId,
  class_category_id: optionalId,
});

/** A cell of a custom spot map ("B4" → its label and whether it can be chosen). */
const spotCell = z.object({ label: z.string().optional(), selectable: z.boolean().optional() }).loose();

/** A custom spot map as a class type carries it. */
export const customSpotMapOut = z.object({
  custom_spot_map_id: z.number(),
  name: z.string(),
  rows: z.number(),
  columns: z.number(),
  spots: z.record(z.string(), spotCell),
  class_type_id: z.number().nullable(),
  /** Comma list of the class type ids that use it. */
  class_types: z.string().nullable(),
});

export const classTypeOut = z
  .object({
    class_type_id: z.number(),
    name: z.string(),
    icon: z.string().nullable(),
    image: z.string().nullable(),
    description: z.string().nullable(),
    color: z.string().nullable(),
    /** Row sizes, "4,5,5,6" (null: no spot map). */
    spot_map: z.string().nullable(),
    custom_spot_map_id: z.number().nullable(),
    custom_spot_map: customSpotMapOut.nullable(),
  })
  .loose();
export type ClassType = z.input<typeof classTypeOut>;

/** The caller's own seat in a class (and the one of their guest). */
export const myClassReservation = z.object({
  class_reservation_id: z.number(),
  spot: z.string().nullable(),
  guest: z
    .object({ class_reservation_id: z.number(), name: z.string(), spot: z.string().nullable() })
    .nullable(),
});

/**
 * A class card (calendar.service toClassOut): counts and taken spots, never another customer's
 * data; only the caller's own reservation.
 */
export const classOut = z
  .object({
    single_class_id: z.number(),
    class_date: z.string(),
    duration_minutes: z.number(),
    description: z.string().nullable(),
    capacity: z.number().nullable(),
    icon: z.string().nullable(),
    location_id: z.number().nullable(),
    class_type_id: z.number(),
    class_category_id: z.number().nullable(),
    class_package_id: z.number().nullable(),
    /** The weekly series it belongs to (null: a class on its own). */
    series_id: z.number().nullable(),
    /** Set when the studio cancelled it (it stays visible, marked "Cancelada"). */
    cancelled_at: z.string().nullable(),
    /** Bumped on every change the customer is told about (the .ics SEQUENCE). */
    sequence: z.number(),
    class_type: classTypeOut,
    location: z
      .object({ location_id: z.number(), name: z.string(), address: z.string().nullable() })
      .loose()
      .nullable(),
    class_instructors: z.array(
      z.object({
        instructor: z
          .object({
            instructor_id: z.number(),
            name: z.string(),
            last_name: z.string().nullable(),
            nick_name: z.string().nullable(),
            file: z.object({ file_id: z.number(), src: z.string() }).loose().nullable(),
          })
          .loose(),
      }),
    ),
    tags: z.array(z.object({ tag_id: z.number(), name: z.string(), color: z.string().nullable() })),
    reserved: z.number(),
    available: z.number(),
    taken_spots: z.array(z.string()),
    my_reservation: myClassReservation.nullable(),
  })
  .loose();
export type SingleClass = z.input<typeof classOut>;

/** A class in the week: counts and taken spots, no reservation (mine are listed apart). */
export const weekClassOut = classOut.omit({ my_reservation: true });

export const myScheduleReservationOut = myClassReservation
  .extend({ single_class_id: z.number() })
  .describe("Mis reservaciones en las clases de la respuesta (lugar e invitado)");

/** The week (or month): every day of the range, and the caller's own reservations after them. */
export const scheduleAnswer = z.object({
  days: z.array(z.object({ date: z.string(), single_classes: z.array(weekClassOut) })),
  my_reservations: z.array(myScheduleReservationOut),
});

/** One class in detail; `cancelledAt` repeats cancelled_at under the column's name (older clients read it). */
export const classDetailOut = classOut.extend({ cancelledAt: z.string().nullable() });
export const singleClassAnswer = z.object({
  single_class: classDetailOut,
});

export const classTypesAnswer = z.object({ class_types: z.array(classTypeOut) });

export const locationOut = z.object({
  location_id: z.number(),
  name: z.string(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  map_url: z.string().nullable(),
});
export type Location = z.input<typeof locationOut>;
export const locationsAnswer = z.object({ locations: z.array(locationOut) });

export const categoriesAnswer = z.object({
  class_categories: z.array(
    z.object({
      class_category_id: z.number(),
      name: z.string(),
      handle: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
});

/** A custom spot map as its own resource: the row, with its timestamps. */
export const spotMapOut = customSpotMapOut.extend({ createdAt: isoDate, updatedAt: isoDate }).loose();
export const spotMapsAnswer = z.object({ custom_spot_maps: z.array(spotMapOut) });
export const spotMapAnswer = z.object({ custom_spot_map: spotMapOut });
