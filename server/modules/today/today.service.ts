import type { AppConfig } from "../../../domain/app-config";
import { addLocalDays, localDay, zonedInstant } from "../../../domain/booking";
import { nextClassId, spotsLeft } from "../../../domain/today";
import type { Db } from "../../db/client";
import { classesOfDay, locationChoices } from "./today.repository";

/**
 * Hoy (docs/product-rules.md#hoy): a day of the studio's calendar, every location or one, in time
 * order, with what the desk needs at a glance and the class it works on now marked.
 */
export async function todayAtTheDesk(
  db: Db,
  config: Pick<AppConfig, "timezone">,
  query: { day?: string; location_id?: number },
  now = new Date(),
) {
  const zone = config.timezone;
  const day = query.day ?? localDay(now, zone);
  const from = zonedInstant(day, "00:00", zone);
  const to = zonedInstant(addLocalDays(day, 1), "00:00", zone);
  const locationId = query.location_id ?? null;
  const rows = await classesOfDay(db, from, to, locationId);
  const classes = rows.map(({ cancelledAt, ...c }) => ({ ...c, cancelled: cancelledAt !== null }));
  const next = nextClassId(classes, now);
  return {
    day,
    timezone: zone,
    location_id: locationId,
    locations: await locationChoices(db),
    classes: classes.map((c) => ({
      ...c,
      coaches: c.coaches ?? [],
      spots_left: spotsLeft(c.capacity, c.booked),
      is_next: c.single_class_id === next,
    })),
  };
}
