import { and, asc, eq, gt, isNull, lte, notExists, sql } from "drizzle-orm";
import type { MailTemplate } from "../../../domain/mail-templates";
import type { Db } from "../../db/client";
import { single_classes } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { email_outbox } from "../../db/schema/mail";
import { class_reservations } from "../../db/schema/reservations";

export async function findReservation(db: Db, id: number) {
  const [row] = await db
    .select({
      reservation: class_reservations,
      email: customers.email,
      name: customers.name,
      reminder_emails: customers.reminder_emails,
    })
    .from(class_reservations)
    .innerJoin(customers, eq(customers.customer_id, class_reservations.customer_id))
    .where(eq(class_reservations.class_reservation_id, id));
  return row ?? null;
}

/** The iCalendar SEQUENCE counter of a class (single_classes.sequence, decision 0026). */
export async function classSequence(db: Db, classId: number): Promise<number | null> {
  const [row] = await db
    .select({ sequence: single_classes.sequence })
    .from(single_classes)
    .where(eq(single_classes.single_class_id, classId));
  return row?.sequence ?? null;
}

export async function findCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select({ email: customers.email, name: customers.name })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  return row ?? null;
}

/** Whether an email with this template tag was already written (once-only emails). */
export async function outboxHas(db: Db, template: string): Promise<boolean> {
  const [row] = await db
    .select({ id: email_outbox.email_outbox_id })
    .from(email_outbox)
    .where(eq(email_outbox.template, template))
    .limit(1);
  return Boolean(row);
}

export const reminderTemplate = (reservationId: number): MailTemplate => `class_reminder:${reservationId}`;

/**
 * Active own reservations whose class starts within (now, until] and whose reminder is not in
 * the outbox yet. The outbox row (template "class_reminder:<id>") is the once-only flag, so no
 * schema change was needed.
 */
export async function reservationsDueForReminder(db: Db, now: Date, until: Date, limit = 500) {
  const rows = await db
    .select({ id: class_reservations.class_reservation_id })
    .from(class_reservations)
    .innerJoin(single_classes, eq(single_classes.single_class_id, class_reservations.single_class_id))
    .where(
      and(
        isNull(class_reservations.deletedAt),
        isNull(class_reservations.guest_of_id),
        isNull(single_classes.cancelledAt),
        gt(single_classes.class_date, now),
        lte(single_classes.class_date, until),
        notExists(
          db
            .select({ one: sql`1` })
            .from(email_outbox)
            .where(
              eq(
                email_outbox.template,
                sql`'class_reminder:' || ${class_reservations.class_reservation_id}::text`,
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(single_classes.class_date))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Class reminders on or off for one customer (their unsubscribe link); false for an unknown id. */
export async function setReminderEmails(db: Db, customerId: number, on: boolean): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ reminder_emails: on })
    .where(eq(customers.customer_id, customerId))
    .returning({ id: customers.customer_id });
  return rows.length > 0;
}
