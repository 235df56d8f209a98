import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  aggregator_bookings,
  aggregator_events,
  aggregator_members,
  aggregator_outbox,
  aggregator_settings,
  aggregator_slots,
} from "../../db/schema/aggregators";
import {
  class_types,
  instructors,
  locations,
  single_class_instructors,
  single_classes,
} from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";

export type SettingsRow = typeof aggregator_settings.$inferSelect;
export type BookingRow = typeof aggregator_bookings.$inferSelect;
export type SlotRow = typeof aggregator_slots.$inferSelect;

export async function allSettings(db: Db): Promise<SettingsRow[]> {
  return db.select().from(aggregator_settings).orderBy(asc(aggregator_settings.aggregator));
}

export async function settingsOf(db: Db, aggregator: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(aggregator_settings)
    .where(eq(aggregator_settings.aggregator, aggregator));
  return row ?? null;
}

export async function saveSettings(
  db: Db,
  aggregator: string,
  values: Partial<Omit<typeof aggregator_settings.$inferInsert, "aggregator">>,
) {
  await db
    .insert(aggregator_settings)
    .values({ aggregator, ...values })
    .onConflictDoUpdate({
      target: aggregator_settings.aggregator,
      set: { ...values, updatedAt: new Date() },
    });
}

/**
 * Queues the classes for every enabled aggregator, in the caller's transaction (the outbox,
 * decision 0103): one statement, no row when no aggregator is on; a class already waiting is
 * not queued twice.
 */
export async function queueClasses(tx: Db, classIds: number[]) {
  if (classIds.length === 0) return;
  await tx.execute(sql`
    insert into aggregator_outbox (aggregator, single_class_id)
    select s.aggregator, c.id from aggregator_settings s
    cross join unnest(${`{${classIds.join(",")}}`}::integer[]) as c(id)
    where s.enabled
    on conflict (aggregator, single_class_id) where done_at is null do nothing`);
}

/** The outbox's next `limit` pending rows after `afterId` (a run's cursor: each row once per run). */
export async function pendingPublications(db: Db, limit: number, afterId = 0) {
  return db
    .select()
    .from(aggregator_outbox)
    .where(and(isNull(aggregator_outbox.doneAt), gt(aggregator_outbox.aggregator_outbox_id, afterId)))
    .orderBy(asc(aggregator_outbox.aggregator_outbox_id))
    .limit(limit);
}

export async function publicationDone(db: Db, id: number, at: Date) {
  await db
    .update(aggregator_outbox)
    .set({ doneAt: at, last_error: null })
    .where(eq(aggregator_outbox.aggregator_outbox_id, id));
}

export async function publicationFailed(db: Db, id: number, error: string, giveUp: boolean, at: Date) {
  await db
    .update(aggregator_outbox)
    .set({
      attempts: sql`${aggregator_outbox.attempts} + 1`,
      last_error: error.slice(0, 500),
      ...(giveUp ? { doneAt: at } : {}),
    })
    .where(eq(aggregator_outbox.aggregator_outbox_id, id));
}

/** A class as a publication and a booking decision need it. */
export async function classFacts(db: Db, classId: number) {
  const [row] = await db
    .select({
      single_class_id: single_classes.single_class_id,
      class_type_id: single_classes.class_type_id,
      class_type_name: class_types.name,
      description: single_classes.description,
      class_date: single_classes.class_date,
      duration_minutes: single_classes.duration_minutes,
      capacity: single_classes.capacity,
      seats_taken: single_classes.seats_taken,
      cancelledAt: single_classes.cancelledAt,
      coaches: sql<
        string[]
      >`array(select coalesce(nullif(${instructors.nick_name}, ''), ${instructors.name}) from ${single_class_instructors} join ${instructors} on ${instructors.instructor_id} = ${single_class_instructors.instructor_id} where ${single_class_instructors.single_class_id} = ${single_classes.single_class_id} order by ${instructors.instructor_id})`,
    })
    .from(single_classes)
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .where(eq(single_classes.single_class_id, classId));
  return row ?? null;
}

export async function slotOf(db: Db, aggregator: string, classId: number): Promise<SlotRow | null> {
  const [row] = await db
    .select()
    .from(aggregator_slots)
    .where(and(eq(aggregator_slots.aggregator, aggregator), eq(aggregator_slots.single_class_id, classId)));
  return row ?? null;
}

export async function slotByExternalId(
  db: Db,
  aggregator: string,
  externalSlotId: string,
): Promise<SlotRow | null> {
  const [row] = await db
    .select()
    .from(aggregator_slots)
    .where(
      and(eq(aggregator_slots.aggregator, aggregator), eq(aggregator_slots.external_slot_id, externalSlotId)),
    );
  return row ?? null;
}

/** TotalPass names its occurrence by the externalReference the studio gave: the class id. */
export async function saveSlot(db: Db, values: typeof aggregator_slots.$inferInsert) {
  await db
    .insert(aggregator_slots)
    .values(values)
    .onConflictDoUpdate({
      target: [aggregator_slots.aggregator, aggregator_slots.single_class_id],
      set: {
        external_class_id: values.external_class_id,
        external_slot_id: values.external_slot_id,
        seats_published: values.seats_published,
        visible: values.visible,
        publishedAt: values.publishedAt,
      },
    });
}

/** True the first time an event id is seen; false for a repeated delivery. */
export async function rememberEvent(tx: Db, aggregator: string, eventId: string): Promise<boolean> {
  const rows = await tx
    .insert(aggregator_events)
    .values({ aggregator, event_id: eventId })
    .onConflictDoNothing()
    .returning({ id: aggregator_events.event_id });
  return rows.length > 0;
}

export async function lockBooking(
  tx: Db,
  aggregator: string,
  externalId: string,
): Promise<BookingRow | null> {
  const [row] = await tx
    .select()
    .from(aggregator_bookings)
    .where(
      and(eq(aggregator_bookings.aggregator, aggregator), eq(aggregator_bookings.external_id, externalId)),
    )
    .for("update");
  return row ?? null;
}

export async function bookingById(db: Db, id: number): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(aggregator_bookings)
    .where(eq(aggregator_bookings.aggregator_booking_id, id));
  return row ?? null;
}

export async function insertBooking(
  tx: Db,
  values: typeof aggregator_bookings.$inferInsert,
): Promise<BookingRow> {
  const [row] = await tx.insert(aggregator_bookings).values(values).returning();
  return row!;
}

export async function updateBooking(
  db: Db,
  id: number,
  values: Partial<typeof aggregator_bookings.$inferInsert>,
) {
  await db
    .update(aggregator_bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(aggregator_bookings.aggregator_booking_id, id));
}

/** Seats this aggregator holds in the class (bookings whose seat is still active). */
export async function aggregatorSeatsIn(tx: Db, aggregator: string, classId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::integer` })
    .from(aggregator_bookings)
    .innerJoin(
      class_reservations,
      eq(class_reservations.class_reservation_id, aggregator_bookings.class_reservation_id),
    )
    .where(
      and(
        eq(aggregator_bookings.aggregator, aggregator),
        eq(aggregator_bookings.single_class_id, classId),
        isNull(class_reservations.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

export async function memberCustomer(tx: Db, aggregator: string, externalId: string): Promise<number | null> {
  const [row] = await tx
    .select({ customer_id: aggregator_members.customer_id })
    .from(aggregator_members)
    .where(
      and(eq(aggregator_members.aggregator, aggregator), eq(aggregator_members.external_id, externalId)),
    );
  return row?.customer_id ?? null;
}

export async function linkMember(tx: Db, aggregator: string, externalId: string, customerId: number) {
  await tx
    .insert(aggregator_members)
    .values({ aggregator, external_id: externalId, customer_id: customerId })
    .onConflictDoNothing();
}

/** A customer without a login with this email (an aggregator member may already be one). */
export async function customerByEmail(tx: Db, email: string): Promise<number | null> {
  const [row] = await tx
    .select({ customer_id: customers.customer_id })
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`)
    .orderBy(asc(customers.customer_id))
    .limit(1);
  return row?.customer_id ?? null;
}

/** The aggregator bookings of a class whose seat was checked in and not yet sent to validate. */
export async function attendedToValidate(db: Db, classId: number) {
  return db
    .select({ id: aggregator_bookings.aggregator_booking_id })
    .from(aggregator_bookings)
    .innerJoin(
      class_reservations,
      eq(class_reservations.class_reservation_id, aggregator_bookings.class_reservation_id),
    )
    .where(
      and(
        eq(aggregator_bookings.single_class_id, classId),
        eq(aggregator_bookings.validation, "none"),
        eq(class_reservations.attend, true),
        isNull(class_reservations.deletedAt),
      ),
    );
}

/** Bookings holding a seat of the classes given (to tell the aggregator the studio cancelled). */
export async function activeBookingsOf(db: Db, aggregator: string, classId: number) {
  return db
    .select()
    .from(aggregator_bookings)
    .where(
      and(
        eq(aggregator_bookings.aggregator, aggregator),
        eq(aggregator_bookings.single_class_id, classId),
        eq(aggregator_bookings.status, "accepted"),
      ),
    );
}

/** Every aggregator booking of a class, with its seat's check-in and the member's record. */
export async function bookingsOfClass(db: Db, classId: number) {
  return db
    .select({
      booking: aggregator_bookings,
      customer_id: class_reservations.customer_id,
    })
    .from(aggregator_bookings)
    .leftJoin(
      class_reservations,
      eq(class_reservations.class_reservation_id, aggregator_bookings.class_reservation_id),
    )
    .where(eq(aggregator_bookings.single_class_id, classId))
    .orderBy(asc(aggregator_bookings.aggregator_booking_id));
}

/** Visits checked in whose validation is still pending or failed (the desk's list). */
export async function unvalidatedVisits(db: Db) {
  return db
    .select({
      booking: aggregator_bookings,
      customer_id: class_reservations.customer_id,
      class_date: single_classes.class_date,
      class_type_name: class_types.name,
    })
    .from(aggregator_bookings)
    .leftJoin(
      class_reservations,
      eq(class_reservations.class_reservation_id, aggregator_bookings.class_reservation_id),
    )
    .innerJoin(single_classes, eq(single_classes.single_class_id, aggregator_bookings.single_class_id))
    .innerJoin(class_types, eq(class_types.class_type_id, single_classes.class_type_id))
    .where(inArray(aggregator_bookings.validation, ["pending", "failed"]))
    .orderBy(asc(aggregator_bookings.checkedInAt));
}

/** Bookings whose visit is pending validation (the sweep retries them). */
export async function pendingValidations(db: Db) {
  return db
    .select({ id: aggregator_bookings.aggregator_booking_id })
    .from(aggregator_bookings)
    .where(eq(aggregator_bookings.validation, "pending"));
}

/** Bookings still waiting for their answer to reach the aggregator. */
export async function pendingAnswers(db: Db) {
  return db
    .select({ id: aggregator_bookings.aggregator_booking_id })
    .from(aggregator_bookings)
    .where(eq(aggregator_bookings.answer_state, "pending"));
}

/** Accepted bookings of classes that have ended without a check-in: the no-shows to mark. */
export async function endedWithoutCheckIn(db: Db, now: Date) {
  return db
    .select({
      id: aggregator_bookings.aggregator_booking_id,
      reservation: class_reservations.class_reservation_id,
    })
    .from(aggregator_bookings)
    .innerJoin(
      class_reservations,
      eq(class_reservations.class_reservation_id, aggregator_bookings.class_reservation_id),
    )
    .innerJoin(single_classes, eq(single_classes.single_class_id, aggregator_bookings.single_class_id))
    .where(
      and(
        eq(aggregator_bookings.status, "accepted"),
        eq(class_reservations.attend, false),
        isNull(class_reservations.deletedAt),
        lt(
          sql`${single_classes.class_date} + make_interval(mins => ${single_classes.duration_minutes})`,
          now,
        ),
      ),
    );
}

/** The bookings requested in [from, to) for the month's reconciliation. */
export async function bookingsBetween(db: Db, from: Date, to: Date) {
  return db
    .select()
    .from(aggregator_bookings)
    .where(and(gte(aggregator_bookings.requestedAt, from), lt(aggregator_bookings.requestedAt, to)))
    .orderBy(asc(aggregator_bookings.requestedAt));
}

/** Classes still to come (not cancelled): queued when an aggregator is switched on or its terms change. */
export async function upcomingClassIds(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: single_classes.single_class_id })
    .from(single_classes)
    .where(and(gte(single_classes.class_date, now), isNull(single_classes.cancelledAt)))
    // Queued soonest first: the outbox is sent in id order, and the next days' classes matter most.
    .orderBy(asc(single_classes.class_date), asc(single_classes.single_class_id));
  return rows.map((r) => r.id);
}

/** Wellhub's class already created for a class type (one per type), through any of its slots. */
export async function externalClassOfType(
  db: Db,
  aggregator: string,
  classTypeId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ id: aggregator_slots.external_class_id })
    .from(aggregator_slots)
    .innerJoin(single_classes, eq(single_classes.single_class_id, aggregator_slots.single_class_id))
    .where(
      and(
        eq(aggregator_slots.aggregator, aggregator),
        eq(single_classes.class_type_id, classTypeId),
        sql`${aggregator_slots.external_class_id} is not null`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Publications waiting per aggregator and the last error, for the settings screen. */
export async function outboxState(db: Db) {
  return db
    .select({
      aggregator: aggregator_outbox.aggregator,
      queued: sql<number>`count(*) filter (where ${aggregator_outbox.doneAt} is null)::integer`,
      last_error: sql<
        string | null
      >`(array_agg(${aggregator_outbox.last_error} order by ${aggregator_outbox.aggregator_outbox_id} desc) filter (where ${aggregator_outbox.last_error} is not null))[1]`,
    })
    .from(aggregator_outbox)
    .groupBy(aggregator_outbox.aggregator);
}

/**
 * Visits the aggregators pay for (decision 0104: validated ones), checked in between two instants,
 * with the class's location: the revenue report's aggregator lines.
 */
export async function validatedVisitsBetween(
  db: Db,
  range: { start: Date; end: Date; locationId?: number | undefined },
) {
  return db
    .select({
      id: aggregator_bookings.aggregator_booking_id,
      aggregator: aggregator_bookings.aggregator,
      member_name: aggregator_bookings.member_name,
      at: aggregator_bookings.checkedInAt,
      location: locations.name,
      rate_cents: aggregator_settings.rate_cents,
    })
    .from(aggregator_bookings)
    .innerJoin(single_classes, eq(single_classes.single_class_id, aggregator_bookings.single_class_id))
    .leftJoin(locations, eq(locations.location_id, single_classes.location_id))
    .leftJoin(aggregator_settings, eq(aggregator_settings.aggregator, aggregator_bookings.aggregator))
    .where(
      and(
        eq(aggregator_bookings.validation, "validated"),
        gte(aggregator_bookings.checkedInAt, range.start),
        lt(aggregator_bookings.checkedInAt, range.end),
        range.locationId ? eq(single_classes.location_id, range.locationId) : undefined,
      ),
    );
}
