import { sql } from "drizzle-orm";
import { qualified } from "./qualified";
import { class_types, locations, single_classes } from "./schema/calendar";
import { class_reservations } from "./schema/reservations";

/*
 * Columns that more than one module's repository selects (the dashboard's classes of today and
 * the admin's class list): shared here, beside the schema, since a repository is private to its
 * module (.dependency-cruiser.cjs).
 */

/**
 * Seats taken in a class (a guest is a seat): the occupancy both the dashboard's classes of today
 * and the admin's class list (admin-lists) show. A correlated count on the indexed
 * single_class_id, so it is computed only for the rows a query returns.
 */
export const seatsBooked = sql<number>`(select count(*) from ${class_reservations} r
  where r.single_class_id = ${qualified(single_classes.single_class_id)} and r.deleted_at is null)`.mapWith(
  Number,
);

/** A class as the back office lists it: when, how long, type, place and seats booked. */
export const classSummaryColumns = {
  single_class_id: single_classes.single_class_id,
  class_date: single_classes.class_date,
  duration_minutes: single_classes.duration_minutes,
  capacity: single_classes.capacity,
  cancelledAt: single_classes.cancelledAt,
  class_type: class_types.name,
  color: class_types.color,
  location: locations.name,
  booked: seatsBooked,
};
