import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { WAITLIST_IN_LINE } from "../../../domain/api/waitlists";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { only } from "../../db/rows";
import { single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";
import { type WaitlistStatus, waitlists } from "../../db/schema/waitlists";

export type WaitlistRow = typeof waitlists.$inferSelect;

/** Entries still in line for a seat (offered ones keep their place until the offer ends). */

export async function findClass(db: Db, classId: number) {
  const [row] = await db
    .select({
      single_class_id: single_classes.single_class_id,
      class_date: single_classes.class_date,
      capacity: single_classes.capacity,
      class_package_id: single_classes.class_package_id,
      cancelledAt: single_classes.cancelledAt,
    })
    .from(single_classes)
    .where(eq(single_classes.single_class_id, classId));
  return row ?? null;
}

/** Seats taken in a class (a guest is a seat too). */
export async function countSeats(db: Db, classId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(class_reservations)
    .where(and(eq(class_reservations.single_class_id, classId), isNull(class_reservations.deletedAt)));
  return row?.n ?? 0;
}

export async function hasOwnSeat(db: Db, customerId: number, classId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: class_reservations.class_reservation_id })
    .from(class_reservations)
    .where(
      and(
        eq(class_reservations.single_class_id, classId),
        eq(class_reservations.customer_id, customerId),
        isNull(class_reservations.guest_of_id),
        isNull(class_reservations.deletedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether the customer holds a seat in another class whose time overlaps this one. */
export async function hasOverlappingSeat(
  db: Db,
  customerId: number,
  klass: { single_class_id: number; class_date: Date; duration_minutes: number },
): Promise<boolean> {
  const end = new Date(klass.class_date.getTime() + klass.duration_minutes * 60_000);
  const [row] = await db
    .select({ id: class_reservations.class_reservation_id })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .where(
      and(
        eq(class_reservations.customer_id, customerId),
        isNull(class_reservations.deletedAt),
        isNull(single_classes.cancelledAt),
        ne(single_classes.single_class_id, klass.single_class_id),
        lt(single_classes.class_date, end),
        gt(
          sql`${single_classes.class_date} + make_interval(mins => ${single_classes.duration_minutes})`,
          klass.class_date,
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The entries in a class's line (waiting or holding an offer); `classId` a value, column or placeholder. */
function inLineOf(classId: SQLWrapper | number): SQL | undefined {
  return and(
    eq(waitlists.single_class_id, classId),
    isNull(waitlists.deletedAt),
    inArray(waitlists.status, WAITLIST_IN_LINE),
  );
}

const hasLineStatement = preparedStatement("waitlists_has_line", (db, name) =>
  db
    .select({ id: waitlists.waitlist_id })
    .from(waitlists)
    .where(inLineOf(sql.placeholder("classId")))
    .limit(1)
    .prepare(name),
);

/** Whether anyone is in a class's line (waiting or holding an offer). */
export async function hasLine(db: Db, classId: number): Promise<boolean> {
  const [row] = await hasLineStatement(db, { classId });
  return Boolean(row);
}

/** The line of a class in joining order. */
export async function entriesInLine(db: Db, classId: number, statuses: WaitlistStatus[] = WAITLIST_IN_LINE) {
  return db
    .select()
    .from(waitlists)
    .where(
      and(
        eq(waitlists.single_class_id, classId),
        isNull(waitlists.deletedAt),
        inArray(waitlists.status, statuses),
      ),
    )
    .orderBy(asc(waitlists.createdAt), asc(waitlists.waitlist_id));
}

/** 1-based place in the line: entries still in line that joined before this one. */
export async function positionOf(db: Db, entry: WaitlistRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlists)
    .where(
      and(
        eq(waitlists.single_class_id, entry.single_class_id),
        isNull(waitlists.deletedAt),
        inArray(waitlists.status, WAITLIST_IN_LINE),
        or(
          lt(waitlists.createdAt, entry.createdAt),
          and(eq(waitlists.createdAt, entry.createdAt), lt(waitlists.waitlist_id, entry.waitlist_id)),
        ),
      ),
    );
  return (row?.n ?? 0) + 1;
}

export async function findMyEntry(db: Db, customerId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(waitlists)
    .where(
      and(eq(waitlists.waitlist_id, id), eq(waitlists.customer_id, customerId), isNull(waitlists.deletedAt)),
    );
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function findMyEntryForClass(db: Db, customerId: number, classId: number) {
  const [row] = await db
    .select()
    .from(waitlists)
    .where(
      and(
        eq(waitlists.single_class_id, classId),
        eq(waitlists.customer_id, customerId),
        isNull(waitlists.deletedAt),
      ),
    );
  return row ?? null;
}

export async function findEntry(db: Db, id: number) {
  const [row] = await db.select().from(waitlists).where(eq(waitlists.waitlist_id, id));
  return row ?? null;
}

export async function insertEntry(db: Db, customerId: number, classId: number): Promise<WaitlistRow> {
  return only(
    await db.insert(waitlists).values({ customer_id: customerId, single_class_id: classId }).returning(),
  );
}

export async function updateEntry(db: Db, id: number, values: Partial<typeof waitlists.$inferInsert>) {
  await db
    .update(waitlists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(waitlists.waitlist_id, id));
}

/** My entries (not left) with their class, coaches and type, soonest class first. */
export async function myEntries(db: Db, customerId: number) {
  return db.query.waitlists.findMany({
    where: and(eq(waitlists.customer_id, customerId), isNull(waitlists.deletedAt)),
    with: {
      single_class: {
        columns: { single_class_id: true, class_date: true, duration_minutes: true, cancelledAt: true },
        with: {
          class_type: { columns: { class_type_id: true, name: true, color: true } },
          location: { columns: { location_id: true, name: true } },
          class_instructors: {
            columns: {},
            with: { instructor: { columns: { instructor_id: true, name: true, nick_name: true } } },
          },
        },
      },
    },
    orderBy: [asc(waitlists.createdAt)],
  });
}

/** Open offers whose time ran out, locked, across all classes or one class. */
export async function dueOffers(db: Db, now: Date, classId?: number) {
  return db
    .select()
    .from(waitlists)
    .where(
      and(
        eq(waitlists.status, "offered"),
        isNull(waitlists.deletedAt),
        lte(waitlists.offer_expires_at, now),
        classId === undefined ? undefined : eq(waitlists.single_class_id, classId),
      ),
    )
    .for("update");
}

/** Classes with people in line whose start is after `after`: what the promotion sweep visits. */
export async function classesWithLine(db: Db, after: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: waitlists.single_class_id })
    .from(waitlists)
    .innerJoin(single_classes, eq(single_classes.single_class_id, waitlists.single_class_id))
    .where(
      and(
        isNull(waitlists.deletedAt),
        eq(waitlists.status, "waiting"),
        gt(single_classes.class_date, after),
        isNull(single_classes.cancelledAt),
      ),
    );
  return rows.map((r) => r.id);
}

export async function customerContact(db: Db, customerId: number) {
  const [row] = await db
    .select({ email: customers.email, name: customers.name })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  return row ?? null;
}
