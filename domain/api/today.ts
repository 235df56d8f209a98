import { z } from "zod";
import { isoDate } from "./wire";

/** Hoy, the desk's home (server/modules/today; docs/product-rules.md#hoy). */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Elige un día válido (AAAA-MM-DD)." });

export const todayQuery = z.object({
  /** A day of the studio's calendar; today when left out. */
  day: day.optional(),
  /** One location; every location when left out. */
  location_id: z.coerce.number().int().positive().optional(),
});

export const todayClass = z.object({
  single_class_id: z.number(),
  class_date: isoDate,
  duration_minutes: z.number(),
  class_type: z.string(),
  color: z.string().nullable(),
  location_id: z.number().nullable(),
  location: z.string().nullable(),
  coaches: z.array(z.string()),
  capacity: z.number().nullable(),
  booked: z.number(),
  checked_in: z.number(),
  waiting: z.number(),
  spots_left: z.number(),
  cancelled: z.boolean(),
  /** The class the desk works on now (domain/today.ts nextClassId). */
  is_next: z.boolean(),
});

export const todayAnswer = z.object({
  day: z.string(),
  timezone: z.string(),
  location_id: z.number().nullable(),
  locations: z.array(z.object({ location_id: z.number(), name: z.string() })),
  classes: z.array(todayClass),
});
