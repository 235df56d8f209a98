import { and, desc, eq, getTableColumns, inArray, isNull } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { audit_log } from "../../db/schema/audit";
import { account, session, user } from "../../db/schema/auth";
import { accepted_pages, pages } from "../../db/schema/content";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { addresses, customer_notes, customers } from "../../db/schema/customers";
import { customer_fiscal_data } from "../../db/schema/fiscal";
import { custom_fields, customer_field_values } from "../../db/schema/forms";
import { payment_sources } from "../../db/schema/payments";
import { invoices, purchases } from "../../db/schema/purchases";
import { class_reservations, coach_ratings } from "../../db/schema/reservations";
import { favorites, video_completions, video_ratings } from "../../db/schema/videos";
import { waitlists } from "../../db/schema/waitlists";

/** Rows per section of an export: bounded, far above what one person accumulates in years. */
export const EXPORT_SECTION_LIMIT = 5000;

type Row = Record<string, unknown>;

/** Every row of one table that belongs to the customer, newest first. */
async function rowsOf(db: Db, table: PgTable, customerId: number): Promise<Row[]> {
  // One helper over many tables that all have customer_id and createdAt.
  const cols = getTableColumns(table) as unknown as { customer_id: PgColumn; createdAt: PgColumn };
  return (await db
    .select()
    .from(table)
    .where(eq(cols.customer_id, customerId))
    .orderBy(desc(cols.createdAt))
    .limit(EXPORT_SECTION_LIMIT)) as Row[];
}

/** The audit trail of closing one account: when it was asked and when the studio confirmed it. */
export async function closureEvents(db: Db, customerId: number) {
  return db
    .select({ action: audit_log.action, createdAt: audit_log.createdAt })
    .from(audit_log)
    .where(
      and(
        eq(audit_log.customer_id, customerId),
        inArray(audit_log.action, ["customer.closure_request", "customer.close"]),
      ),
    )
    .orderBy(desc(audit_log.createdAt), desc(audit_log.audit_log_id));
}

export async function customerRow(db: Db, customerId: number) {
  const [row] = await db.select().from(customers).where(eq(customers.customer_id, customerId));
  return row ?? null;
}

/** The customer's row locked until the transaction ends: two confirmations of one closure queue. */
export async function lockCustomer(tx: Db, customerId: number) {
  const [row] = await tx.select().from(customers).where(eq(customers.customer_id, customerId)).for("update");
  return row ?? null;
}

/**
 * What the studio holds about one customer, section by section. Staff notes and tags are the
 * studio's internal records and are left out (the aviso de privacidad says so); saved cards are
 * listed without the provider's token.
 */
export async function exportSections(db: Db, customerId: number) {
  const customer = await customerRow(db, customerId);
  if (!customer) return null;
  const { tags: _tags, ical_token: _ical, merged_into_id: _merged, ...profile } = customer;
  const { source_id: _token, ...cardCols } = getTableColumns(payment_sources);
  const [address, fieldValues, accepted, cards] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.customer_id, customerId)),
    db
      .select({
        custom_field_id: customer_field_values.custom_field_id,
        label: custom_fields.label,
        value: customer_field_values.value,
        updatedAt: customer_field_values.updatedAt,
      })
      .from(customer_field_values)
      .innerJoin(custom_fields, eq(custom_fields.custom_field_id, customer_field_values.custom_field_id))
      .where(eq(customer_field_values.customer_id, customerId))
      .limit(EXPORT_SECTION_LIMIT),
    db
      .select({ page_id: accepted_pages.page_id, title: pages.title, createdAt: accepted_pages.createdAt })
      .from(accepted_pages)
      .innerJoin(pages, eq(pages.page_id, accepted_pages.page_id))
      .where(eq(accepted_pages.customer_id, customerId))
      .limit(EXPORT_SECTION_LIMIT),
    db
      .select(cardCols)
      .from(payment_sources)
      .where(and(eq(payment_sources.customer_id, customerId), isNull(payment_sources.deletedAt)))
      .limit(EXPORT_SECTION_LIMIT),
  ]);
  return {
    profile: [profile as Row],
    address: address as Row[],
    // Datos de facturación (issue 20.1): RFC and razón social are personal data too.
    fiscal_data: (await db
      .select()
      .from(customer_fiscal_data)
      .where(eq(customer_fiscal_data.customer_id, customerId))) as Row[],
    reservations: await rowsOf(db, class_reservations, customerId),
    purchases: await rowsOf(db, purchases, customerId),
    invoices: await rowsOf(db, invoices, customerId),
    credits: await rowsOf(db, available_classes, customerId),
    penalties: await rowsOf(db, class_reservation_penalties, customerId),
    waitlists: await rowsOf(db, waitlists, customerId),
    form_answers: fieldValues as Row[],
    accepted_pages: accepted as Row[],
    ratings: await rowsOf(db, coach_ratings, customerId),
    video_ratings: await rowsOf(db, video_ratings, customerId),
    video_favorites: await rowsOf(db, favorites, customerId),
    video_completions: await rowsOf(db, video_completions, customerId),
    saved_cards: cards as Row[],
  };
}

/**
 * Erases a customer's identity in place: the row stays (purchases, invoices and attendance
 * point at it), its personal fields are blanked, the staff notes about the person go, and the
 * login keeps no usable email, password or session.
 */
export async function anonymiseCustomer(tx: Db, customerId: number, placeholderEmail: string, now: Date) {
  const [row] = await tx
    .update(customers)
    .set({
      name: "Cliente eliminado",
      last_name: null,
      email: placeholderEmail,
      phone: null,
      birthdate: null,
      instagram: null,
      file_id: null,
      signup_reason: null,
      signup_reason_other: null,
      ical_token: null,
      tags: [],
      deactivatedAt: now,
      updatedAt: now,
    })
    .where(eq(customers.customer_id, customerId))
    .returning();
  await tx.delete(addresses).where(eq(addresses.customer_id, customerId));
  await tx.delete(customer_fiscal_data).where(eq(customer_fiscal_data.customer_id, customerId));
  await tx.delete(customer_field_values).where(eq(customer_field_values.customer_id, customerId));
  await tx.delete(customer_notes).where(eq(customer_notes.customer_id, customerId));
  await tx
    .update(payment_sources)
    .set({ deletedAt: now })
    .where(and(eq(payment_sources.customer_id, customerId), isNull(payment_sources.deletedAt)));
  return row;
}

/** The login of a closed account: no email of the person, no password, no session, banned. */
export async function retireLogin(tx: Db, uid: string, placeholderEmail: string) {
  await tx
    .update(user)
    .set({
      name: "Cliente eliminado",
      email: placeholderEmail,
      image: null,
      banned: true,
      banReason: "Cuenta cerrada a petición del cliente",
    })
    .where(eq(user.id, uid));
  await tx.delete(account).where(eq(account.userId, uid));
  await tx.delete(session).where(eq(session.userId, uid));
}
