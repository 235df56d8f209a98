import { and, asc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { only } from "../../db/rows";
import { single_class_instructors, single_class_tags, single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { class_reservations } from "../../db/schema/reservations";

export type ClassValues = Omit<
  typeof single_classes.$inferInsert,
  "single_class_id" | "createdAt" | "updatedAt"
>;
export type ClassLinks = { instructor_ids: number[]; tag_ids: number[] };

export async function insertClass(db: Db, values: ClassValues, links: ClassLinks) {
  const row = only(await db.insert(single_classes).values(values).returning());
  await setLinks(db, row.single_class_id, links);
  return row;
}

export async function updateClass(
  db: Db,
  id: number,
  values: Partial<ClassValues>,
  links?: Partial<ClassLinks>,
) {
  const [row] = await db
    .update(single_classes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(single_classes.single_class_id, id))
    .returning();
  if (row && links) await setLinks(db, id, links);
  return row ?? null;
}

/** Replaces the coaches and/or tags of a class (only the lists that are given). */
async function setLinks(db: Db, classId: number, links: Partial<ClassLinks>) {
  if (links.instructor_ids) {
    await db.delete(single_class_instructors).where(eq(single_class_instructors.single_class_id, classId));
    const ids = [...new Set(links.instructor_ids)];
    if (ids.length) {
      await db
        .insert(single_class_instructors)
        .values(ids.map((instructor_id) => ({ single_class_id: classId, instructor_id })));
    }
  }
  if (links.tag_ids) {
    await db.delete(single_class_tags).where(eq(single_class_tags.single_class_id, classId));
    const ids = [...new Set(links.tag_ids)];
    if (ids.length) {
      await db.insert(single_class_tags).values(ids.map((tag_id) => ({ single_class_id: classId, tag_id })));
    }
  }
}

/** A class with its coach and tag ids: the template that repeat and copy-week clone. */
export async function findClassTemplate(db: Db, id: number) {
  return db.query.single_classes.findFirst({
    where: eq(single_classes.single_class_id, id),
    with: { class_instructors: { columns: { instructor_id: true } }, tags: { columns: { tag_id: true } } },
  });
}

export type ClassTemplate = NonNullable<Awaited<ReturnType<typeof findClassTemplate>>>;

/** Scheduled (not cancelled) classes starting in [from, to), with coach and tag ids. */
export async function findTemplatesBetween(db: Db, from: Date, to: Date) {
  return db.query.single_classes.findMany({
    where: and(
      gte(single_classes.class_date, from),
      lt(single_classes.class_date, to),
      isNull(single_classes.cancelledAt),
    ),
    with: { class_instructors: { columns: { instructor_id: true } }, tags: { columns: { tag_id: true } } },
    orderBy: [asc(single_classes.class_date)],
  });
}

/**
 * Keys "type|location|instant" of scheduled classes in [from, to): a repeated or copied class
 * that matches one is a duplicate and is skipped.
 */
export async function scheduledKeys(db: Db, from: Date, to: Date): Promise<Set<string>> {
  const rows = await db
    .select({
      class_type_id: single_classes.class_type_id,
      location_id: single_classes.location_id,
      class_date: single_classes.class_date,
    })
    .from(single_classes)
    .where(
      and(
        gte(single_classes.class_date, from),
        lt(single_classes.class_date, to),
        isNull(single_classes.cancelledAt),
      ),
    );
  return new Set(rows.map(classKey));
}

export function classKey(c: { class_type_id: number; location_id: number | null; class_date: Date }) {
  return `${c.class_type_id}|${c.location_id ?? ""}|${c.class_date.getTime()}`;
}

export async function countActiveSeats(db: Db, classId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(class_reservations)
    .where(and(eq(class_reservations.single_class_id, classId), isNull(class_reservations.deletedAt)));
  return Number(row?.n ?? 0);
}

export async function markClassCancelled(db: Db, id: number, at: Date) {
  await db
    .update(single_classes)
    .set({ cancelledAt: at, updatedAt: at })
    .where(eq(single_classes.single_class_id, id));
}

export async function contactsOf(db: Db, customerIds: number[]) {
  if (customerIds.length === 0) return [];
  return db
    .select({ customer_id: customers.customer_id, name: customers.name, email: customers.email })
    .from(customers)
    .where(inArray(customers.customer_id, customerIds));
}

/** The class roster for staff: every reservation (cancelled ones too) with its customer. */
export async function rosterOf(db: Db, classId: number) {
  return db
    .select({
      class_reservation_id: class_reservations.class_reservation_id,
      customer_id: class_reservations.customer_id,
      guest: class_reservations.guest,
      guest_of_id: class_reservations.guest_of_id,
      spot: class_reservations.spot,
      attend: class_reservations.attend,
      is_cash: class_reservations.is_cash,
      is_paid: class_reservations.is_paid,
      paid_with: class_reservations.paid_with,
      deletedAt: class_reservations.deletedAt,
      createdAt: class_reservations.createdAt,
      name: customers.name,
      last_name: customers.last_name,
      email: customers.email,
      phone: customers.phone,
    })
    .from(class_reservations)
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .where(eq(class_reservations.single_class_id, classId))
    .orderBy(asc(class_reservations.createdAt), asc(class_reservations.class_reservation_id));
}
