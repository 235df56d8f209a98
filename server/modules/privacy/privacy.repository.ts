import { and, desc, eq, getTableColumns, inArray, isNull, like, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { audit_log } from "../../db/schema/audit";
import { account, session, user, verification } from "../../db/schema/auth";
import { accepted_pages, files, pages } from "../../db/schema/content";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { addresses, customer_notes, customers } from "../../db/schema/customers";
import { customer_fiscal_data } from "../../db/schema/fiscal";
import { custom_fields, customer_field_values } from "../../db/schema/forms";
import { email_outbox } from "../../db/schema/mail";
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
    // Datos de facturación (decision 0032): RFC and razón social are personal data too.
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

// ----- Erasure beyond the customer row (decision 0056 §2) -----

/** The person as other tables may have written them down: addresses and names. */
export type Identity = { emails: string[]; names: string[] };

/**
 * Every address the person used with the studio: the record's, the login's, one they asked to
 * change to, and the earlier ones their email changes left in the audit log.
 */
export async function identityOf(
  tx: Db,
  customer: {
    customer_id: number;
    uid: string | null;
    email: string;
    name: string;
    last_name: string | null;
  },
): Promise<Identity> {
  const emails = new Set<string>([customer.email.toLowerCase()]);
  const names = new Set<string>();
  if (customer.last_name) names.add(`${customer.name} ${customer.last_name}`);
  names.add(customer.name);
  if (customer.last_name) names.add(customer.last_name);
  if (customer.uid) {
    const [login] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, customer.uid));
    if (login) {
      emails.add(login.email.toLowerCase());
      names.add(login.name);
    }
    const pending = await tx
      .select({ value: verification.value })
      .from(verification)
      .where(eq(verification.identifier, `change-email:${customer.uid}`));
    for (const row of pending) {
      const email = (JSON.parse(row.value) as { email?: string }).email;
      if (email) emails.add(email.toLowerCase());
    }
  }
  const changes = await tx
    .select({ details: audit_log.details })
    .from(audit_log)
    .where(
      and(eq(audit_log.customer_id, customer.customer_id), eq(audit_log.action, "customer.email_change")),
    );
  for (const { details } of changes) {
    const d = details as { before?: { email?: string }; after?: { email?: string } } | null;
    for (const email of [d?.before?.email, d?.after?.email]) if (email) emails.add(email.toLowerCase());
  }
  // Very short names ("Al") would match inside other words: only names of 3+ letters are searched.
  return {
    emails: [...emails],
    names: [...names].filter((n) => n.trim().length >= 3).sort((a, b) => b.length - a.length),
  };
}

/** Pending email changes and reset links of the login: they name the person's addresses. */
export async function dropLoginVerifications(tx: Db, uid: string) {
  await tx
    .delete(verification)
    .where(or(eq(verification.identifier, `change-email:${uid}`), eq(verification.value, uid)));
}

const ERASED = "[borrado]";

/**
 * The outbox: emails to the person are deleted (sent ones are history the person asked to lose;
 * queued ones must not go out any more); emails to others that mention them (the closure request
 * to the studio, a desk notice) keep their place with the person's addresses and names replaced.
 */
export async function eraseFromOutbox(tx: Db, who: Identity, placeholderEmail: string) {
  if (who.emails.length === 0) return;
  await tx.delete(email_outbox).where(inArray(sql`lower(${email_outbox.to})`, who.emails));
  const mentions = await tx
    .select()
    .from(email_outbox)
    .where(
      or(
        ...who.emails.flatMap((email) => [
          like(sql`lower(${email_outbox.text})`, `%${email}%`),
          like(sql`lower(${email_outbox.html})`, `%${email}%`),
          like(sql`lower(${email_outbox.subject})`, `%${email}%`),
        ]),
      ),
    );
  for (const mail of mentions) {
    const clean = (text: string | null) => (text === null ? null : scrub(text, who, placeholderEmail));
    await tx
      .update(email_outbox)
      .set({ subject: clean(mail.subject)!, text: clean(mail.text), html: clean(mail.html) })
      .where(eq(email_outbox.email_outbox_id, mail.email_outbox_id));
  }
}

/** `text` with every address of the person and every one of their names replaced. */
function scrub(text: string, who: Identity, placeholderEmail: string): string {
  let out = text;
  for (const email of who.emails) out = out.replace(new RegExp(escapeRegExp(email), "gi"), placeholderEmail);
  for (const name of who.names) out = out.replace(new RegExp(escapeRegExp(name), "g"), "Cliente eliminado");
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Keys of audit details whose text values say what happened, never who it happened to. */
const SAFE_AUDIT_KEYS = new Set([
  "title",
  "payment",
  "previous_status",
  "status",
  "spot",
  "reason",
  "source",
]);

/** An audit entry's details with every text value that could be the person replaced. */
function redactDetails(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => redactDetails(v, key));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDetails(v, k)]));
  }
  if (typeof value !== "string") return value;
  if (SAFE_AUDIT_KEYS.has(key) || /(_at|At)$/.test(key)) return value;
  return ERASED;
}

/**
 * The audit log keeps what was done, when and by whom, but not the person: on their own entries
 * every text value of the details becomes "[borrado]" (a changed birthdate stays "birthdate
 * changed", without either value); elsewhere (a merge into another record, an entry that quoted
 * their address) their addresses and names are replaced.
 */
export async function redactAuditTrail(tx: Db, customerId: number, who: Identity, placeholderEmail: string) {
  const own = await tx
    .select({ id: audit_log.audit_log_id, details: audit_log.details })
    .from(audit_log)
    .where(eq(audit_log.customer_id, customerId));
  for (const entry of own) {
    if (entry.details === null) continue;
    await tx
      .update(audit_log)
      .set({ details: redactDetails(entry.details) as typeof entry.details })
      .where(eq(audit_log.audit_log_id, entry.id));
  }
  const needles = [...who.emails, ...who.names];
  if (needles.length === 0) return;
  const others = await tx
    .select({ id: audit_log.audit_log_id, details: audit_log.details })
    .from(audit_log)
    .where(or(...needles.map((n) => like(sql`${audit_log.details}::text`, `%${n}%`))));
  for (const entry of others) {
    const text = scrub(JSON.stringify(entry.details), who, placeholderEmail);
    await tx
      .update(audit_log)
      .set({ details: JSON.parse(text) as typeof entry.details })
      .where(eq(audit_log.audit_log_id, entry.id));
  }
}

/**
 * The person's uploads (profile photo, form documents, waivers): their rows go in the closure's
 * transaction (every reference to a file is "set null"); the caller removes the stored objects
 * after commit.
 */
export async function takeCustomerFiles(tx: Db, customerId: number) {
  return tx
    .delete(files)
    .where(eq(files.customer_id, customerId))
    .returning({ storage: files.storage, path: files.path });
}
