import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { exactly, only, rowAt, zipRows } from "../rows";
import { available_classes } from "../schema/credits";
import { class_reservations, coach_ratings } from "../schema/reservations";
import { favorites, playbacks, video_completions } from "../schema/videos";
import { waitlists } from "../schema/waitlists";
import type { FillerPlan } from "./demo-commerce";
import type { People } from "./demo-people";
import type { ScheduledClass } from "./demo-schedule";
import { addMs, DAY_MS, isoDay, prng, zonedParts } from "./demo-time";

type NewReservation = typeof class_reservations.$inferInsert;

const HOUR_MS = 3_600_000;

export async function seedBookings(
  db: Db,
  ctx: {
    classes: ScheduledClass[];
    people: People;
    plans: FillerPlan[];
    anaBucketId: number;
    videoIds: number[];
    now: Date;
  },
) {
  const { classes, people, plans, now } = ctx;
  const rng = prng(7);
  const ana = people.ana.customer_id;
  const taken = new Map<number, { count: number; spots: Set<string>; customers: Set<number> }>();
  const seat = (c: ScheduledClass) => {
    let s = taken.get(c.single_class_id);
    if (!s) {
      s = { count: 0, spots: new Set(), customers: new Set() };
      taken.set(c.single_class_id, s);
    }
    return s;
  };
  const freeSpot = (c: ScheduledClass, preferred?: string) => {
    if (!c.spots.length) return null;
    const s = seat(c);
    if (preferred && !s.spots.has(preferred)) return preferred;
    const free = c.spots.filter((x) => !s.spots.has(x));
    return free[Math.floor(rng() * free.length)] ?? null;
  };
  const bookedAt = (c: ScheduledClass) =>
    new Date(
      Math.min(now.getTime() - HOUR_MS, c.class_date.getTime() - (1 + Math.floor(rng() * 4)) * DAY_MS),
    );

  const rows: NewReservation[] = [];
  const hold = (c: ScheduledClass, r: Omit<NewReservation, "single_class_id">) => {
    const s = seat(c);
    s.count++;
    if (r.spot) s.spots.add(r.spot);
    if (!r.guest_of_id && !r.guest) s.customers.add(r.customer_id);
    rows.push({ single_class_id: c.single_class_id, createdAt: bookedAt(c), ...r });
    return rows.length - 1;
  };

  const regular = classes.filter((c) => c.class_package_id === null);
  const past = regular.filter((c) => c.class_date < addMs(now, -2 * HOUR_MS));
  const upcoming = regular.filter((c) => c.class_date > addMs(now, 3 * HOUR_MS));
  const localHour = (c: ScheduledClass) => zonedParts(c.class_date).hour;

  // Showcase classes: one full class (Indoor Cycling, waitlist demo), two nearly full.
  const fullClass = upcoming.find((c) => c.type === "cycling" && localHour(c) === 19) ?? upcoming[0];
  if (!fullClass) throw new Error("the demo schedule has no upcoming class");
  const nearlyFull = [
    upcoming.find((c) => c.type === "reformer" && c !== fullClass),
    upcoming.find((c) => c.type === "yoga" && c.capacity === 8),
  ].filter((c): c is ScheduledClass => Boolean(c));

  // The demo customer: 2 past classes (one attended, one missed), 3 upcoming (one with a guest),
  // one cancelled in time (credit returned) and a place on the full class's waitlist.
  const special = new Set([fullClass, ...nearlyFull]);
  // The most recent ones, so they fall after the purchase that paid for them.
  const pastCycling = past.findLast((c) => c.type === "cycling");
  const pastBarre = past.findLast((c) => c.type === "barre");
  const anaUpcoming = [
    upcoming.find((c) => c.type === "barre" && !special.has(c)),
    upcoming.find((c) => c.type === "reformer" && !special.has(c)),
    upcoming.find((c) => c.type === "cycling" && !special.has(c) && c.class_date > addMs(now, DAY_MS)),
  ].filter((c): c is ScheduledClass => Boolean(c));
  const anaCancelled = upcoming.find((c) => c.type === "yoga" && !special.has(c) && !anaUpcoming.includes(c));
  let anaCredits = 0;
  const anaSeat = (c: ScheduledClass, extra: Partial<NewReservation> = {}) => {
    anaCredits++;
    return hold(c, {
      customer_id: ana,
      spot: freeSpot(c, c.type === "cycling" ? "7" : c.type === "reformer" ? "B2" : undefined),
      is_paid: true,
      paid_with: "credit",
      available_class_id: ctx.anaBucketId,
      ...extra,
    });
  };
  if (pastCycling) anaSeat(pastCycling, { attend: true, no_show_processed: true });
  if (pastBarre) anaSeat(pastBarre, { attend: false, no_show_processed: true });
  const guestHost = new Map<number, number>(); // guest row index -> host row index
  for (const [i, c] of anaUpcoming.entries()) {
    const host = anaSeat(c);
    if (i === 2) {
      anaCredits++;
      const guest = hold(c, {
        customer_id: ana,
        guest: "Sofía Ramírez",
        spot: freeSpot(c, "8"),
        is_paid: true,
        paid_with: "credit",
        available_class_id: ctx.anaBucketId,
      });
      guestHost.set(guest, host);
    }
  }
  if (anaCancelled) {
    // Cancelled before the threshold: its credit went back to the bucket, the seat is free.
    rows.push({
      single_class_id: anaCancelled.single_class_id,
      customer_id: ana,
      is_paid: true,
      paid_with: "credit",
      available_class_id: ctx.anaBucketId,
      createdAt: addMs(now, -3 * DAY_MS),
      deletedAt: addMs(now, -2 * DAY_MS),
    });
  }

  // Filler customers fill the schedule: busy in the past and this week, lighter further out.
  const horizon = (c: ScheduledClass) => (c.class_date.getTime() - now.getTime()) / DAY_MS;
  const targetFor = (c: ScheduledClass) => {
    if (c === fullClass) return c.capacity;
    if (nearlyFull.includes(c)) return c.capacity - 1;
    const h = horizon(c);
    const ratio =
      h < 0 ? 0.45 + rng() * 0.5 : h < 7 ? 0.25 + rng() * 0.55 : h < 14 ? 0.05 + rng() * 0.4 : rng() * 0.2;
    return Math.min(c.capacity - 1, Math.round(c.capacity * ratio));
  };
  const ratedRows: { index: number; instructor_id: number; stars: number }[] = [];
  // Showcase classes first, while every filler still has credits.
  for (const c of [fullClass, ...nearlyFull, ...regular.filter((x) => !special.has(x))]) {
    const s = seat(c);
    const target = targetFor(c);
    const order = [...plans].sort(() => rng() - 0.5);
    for (const plan of order) {
      if (s.count >= target) break;
      if (s.customers.has(plan.customer_id)) continue;
      if (plan.kind === "credit" && plan.remaining <= 0) continue;
      const isPast = c.class_date < now;
      const attend = isPast && rng() < 0.85;
      // In this order: the draws of rng() make the same studio on every run.
      const spot = freeSpot(c);
      const stars = attend && rng() < 0.3 ? (rng() < 0.7 ? 5 : 4) : null;
      const idx = hold(c, {
        customer_id: plan.customer_id,
        spot,
        attend,
        no_show_processed: isPast,
        is_paid: true,
        paid_with: plan.kind,
        available_class_id: plan.kind === "credit" ? plan.available_class_id : null,
        class_stars: stars,
      });
      if (stars) ratedRows.push({ index: idx, instructor_id: c.instructor_id, stars });
      if (plan.kind === "credit") {
        plan.remaining--;
        plan.used++;
      }
    }
  }

  // Insert hosts before guests (guests reference their host's id).
  const ids: number[] = new Array(rows.length);
  const order = rows.map((_, i) => i).filter((i) => !guestHost.has(i));
  for (let start = 0; start < order.length; start += 500) {
    const chunk = order.slice(start, start + 500);
    const inserted = await db
      .insert(class_reservations)
      .values(chunk.map((i) => rowAt(rows, i)))
      .returning({ id: class_reservations.class_reservation_id });
    for (const [i, row] of zipRows(chunk, inserted)) ids[i] = row.id;
  }
  for (const [guest, host] of guestHost) {
    const g = only(
      await db
        .insert(class_reservations)
        .values({ ...rowAt(rows, guest), guest_of_id: ids[host] })
        .returning({ id: class_reservations.class_reservation_id }),
    );
    ids[guest] = g.id;
  }
  if (ratedRows.length) {
    await db.insert(coach_ratings).values(
      ratedRows.map((r) => ({
        class_reservation_id: rowAt(ids, r.index, "reservation id"),
        customer_id: rowAt(rows, r.index).customer_id,
        instructor_id: r.instructor_id,
        coach_stars: r.stars,
        comment: r.stars === 5 ? "¡Increíble clase, me encantó la música!" : null,
        createdAt: addMs(now, -HOUR_MS),
      })),
    );
  }

  // Balances: each credit seat used one credit.
  await db
    .update(available_classes)
    .set({ available_classes: 10 - anaCredits })
    .where(eq(available_classes.available_class_id, ctx.anaBucketId));
  for (const plan of plans) {
    if (plan.kind === "credit" && plan.available_class_id) {
      await db
        .update(available_classes)
        .set({ available_classes: plan.remaining })
        .where(eq(available_classes.available_class_id, plan.available_class_id));
    }
  }

  // Waitlist on the full class: the demo customer and one more person.
  const outsider = plans.find((p) => !seat(fullClass).customers.has(p.customer_id));
  await db.insert(waitlists).values([
    { single_class_id: fullClass.single_class_id, customer_id: ana, createdAt: addMs(now, -HOUR_MS) },
    ...(outsider
      ? [
          {
            single_class_id: fullClass.single_class_id,
            customer_id: outsider.customer_id,
            createdAt: addMs(now, -2 * HOUR_MS),
          },
        ]
      : []),
  ]);

  // Online activity of the demo customer.
  const [v1, v2, v3] = exactly(ctx.videoIds.slice(0, 3), 3, "demo videos");
  await db.insert(favorites).values([
    { customer_id: ana, video_id: v1 },
    { customer_id: ana, video_id: v3 },
  ]);
  await db.insert(video_completions).values({ customer_id: ana, video_id: v1 });
  const today = zonedParts(now);
  const day = isoDay(today);
  await db
    .insert(playbacks)
    .values([
      { customer_id: ana, video_id: v1, day },
      { customer_id: ana, video_id: v2, day },
      ...people.fillers.slice(0, 8).map((f) => ({ customer_id: f.customer_id, video_id: v1, day })),
    ]);

  return { reservations: rows.length, fullClassId: fullClass.single_class_id };
}
