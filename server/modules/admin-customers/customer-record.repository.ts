import { and, asc, desc, eq, getTableName, inArray, isNull, ne, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { audit_log } from "../../db/schema/audit";
import { session, user } from "../../db/schema/auth";
import { accepted_pages, files } from "../../db/schema/content";
import { available_classes, class_reservation_penalties } from "../../db/schema/credits";
import { addresses, customer_notes, customers } from "../../db/schema/customers";
import { customer_field_values } from "../../db/schema/forms";
import { discount_redemptions, payment_sources } from "../../db/schema/payments";
import { checkout_attempts, invoices, purchases } from "../../db/schema/purchases";
import { class_reservations, coach_ratings } from "../../db/schema/reservations";
import { favorites, playbacks, video_completions, video_ratings } from "../../db/schema/videos";
import { waitlists } from "../../db/schema/waitlists";

/**
 * The desk's writes on the customer record itself (profile, tags, notes, deactivation, merging).
 * What a purchase, a credit or a booking is stays with its own domain; a merge only re-points
 * their rows at the kept customer, which no other domain offers.
 */

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerPatch = Partial<
  Pick<
    CustomerRow,
    | "name"
    | "last_name"
    | "email"
    | "phone"
    | "birthdate"
    | "instagram"
    | "tags"
    | "deactivatedAt"
    | "merged_into_id"
    | "has_unlimited"
    | "unlimited_membership_expiration"
    | "file_id"
  >
>;

export async function patchCustomer(tx: Db, customerId: number, values: CustomerPatch) {
  const [row] = await tx
    .update(customers)
    .set(values)
    .where(eq(customers.customer_id, customerId))
    .returning();
  return row!;
}

/** Another login already uses this email (case-insensitive). */
export async function emailTakenByOtherLogin(tx: Db, email: string, uid: string | null) {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.email}) = lower(${email})`, uid === null ? undefined : ne(user.id, uid)))
    .limit(1);
  return Boolean(row);
}

/**
 * Deactivation on the login side: better-auth's admin plugin refuses to open a session for a
 * banned user (sign-in answers BANNED_USER) and our session lookup ignores banned logins; the
 * sessions it has now end at once.
 */
export async function setLoginBanned(tx: Db, uid: string, banned: boolean) {
  await tx
    .update(user)
    .set({ banned, banReason: banned ? "Cuenta desactivada por el estudio" : null, banExpires: null })
    .where(eq(user.id, uid));
  if (banned) await tx.delete(session).where(eq(session.userId, uid));
}

// ---------------------------------------------------------------------------------------------
// Tags

/** Every tag in use with how many active customers carry it, most used first. */
export async function tagsInUse(db: Db) {
  const rows = await db
    .select({ tag: sql<string>`tag`, customers: sql<number>`count(*)::int`.mapWith(Number) })
    .from(sql`${customers} cross join unnest(${customers.tags}) as tag`)
    .groupBy(sql`tag`)
    .orderBy(sql`count(*) desc`, sql`tag asc`)
    .limit(200);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Notes

export async function insertNote(
  tx: Db,
  values: { customer_id: number; body: string; author_user_id: string; visible_to_coaches?: boolean },
) {
  const [row] = await tx.insert(customer_notes).values(values).returning();
  return row!;
}

/** A customer's notes, newest first, each with its author's name and email. */
export async function notesOf(db: Db, customerId: number) {
  return db
    .select({
      customer_note_id: customer_notes.customer_note_id,
      body: customer_notes.body,
      visible_to_coaches: customer_notes.visible_to_coaches,
      createdAt: customer_notes.createdAt,
      author_name: user.name,
      author_email: user.email,
    })
    .from(customer_notes)
    .leftJoin(user, eq(user.id, customer_notes.author_user_id))
    .where(eq(customer_notes.customer_id, customerId))
    .orderBy(desc(customer_notes.createdAt), desc(customer_notes.customer_note_id))
    .limit(200);
}

// ---------------------------------------------------------------------------------------------
// Merge

/** Classes where both customers hold a live seat of their own: a merge would double-book them. */
export async function sharedActiveClasses(tx: Db, keptId: number, otherId: number) {
  const kept = tx
    .select({ id: class_reservations.single_class_id })
    .from(class_reservations)
    .where(
      and(
        eq(class_reservations.customer_id, keptId),
        isNull(class_reservations.deletedAt),
        isNull(class_reservations.guest_of_id),
      ),
    );
  const rows = await tx
    .select({ single_class_id: class_reservations.single_class_id })
    .from(class_reservations)
    .where(
      and(
        eq(class_reservations.customer_id, otherId),
        isNull(class_reservations.deletedAt),
        isNull(class_reservations.guest_of_id),
        inArray(class_reservations.single_class_id, kept),
      ),
    )
    .orderBy(asc(class_reservations.single_class_id));
  return rows.map((r) => r.single_class_id);
}

type Owned = { table: PgTable; customer: PgColumn };
/** Rows that simply belong to the customer: all of them move. */
const MOVE_ALL: Owned[] = [
  { table: purchases, customer: purchases.customer_id },
  { table: invoices, customer: invoices.customer_id },
  { table: available_classes, customer: available_classes.customer_id },
  { table: class_reservation_penalties, customer: class_reservation_penalties.customer_id },
  { table: class_reservations, customer: class_reservations.customer_id },
  { table: coach_ratings, customer: coach_ratings.customer_id },
  { table: payment_sources, customer: payment_sources.customer_id },
  { table: discount_redemptions, customer: discount_redemptions.customer_id },
  { table: checkout_attempts, customer: checkout_attempts.customer_id },
  { table: files, customer: files.customer_id },
  { table: customer_notes, customer: customer_notes.customer_id },
  { table: audit_log, customer: audit_log.customer_id },
];

/** Rows unique per customer and something else: they move unless the kept customer has one. */
const MOVE_UNLESS_KEPT_HAS: (Owned & { key: PgColumn[] })[] = [
  {
    table: customer_field_values,
    customer: customer_field_values.customer_id,
    key: [customer_field_values.custom_field_id],
  },
  { table: accepted_pages, customer: accepted_pages.customer_id, key: [accepted_pages.page_id] },
  { table: favorites, customer: favorites.customer_id, key: [favorites.video_id] },
  { table: video_completions, customer: video_completions.customer_id, key: [video_completions.video_id] },
  { table: video_ratings, customer: video_ratings.customer_id, key: [video_ratings.video_id] },
  { table: playbacks, customer: playbacks.customer_id, key: [playbacks.video_id, playbacks.day] },
  { table: addresses, customer: addresses.customer_id, key: [] },
];

/**
 * Re-points every row of `otherId` at `keptId` (the caller holds both customers locked, inside
 * its transaction). Answers how many rows of each table moved, for the audit entry.
 */
export async function moveCustomerRows(tx: Db, keptId: number, otherId: number, now: Date) {
  const moved: Record<string, number> = {};
  const name = (t: PgTable) => getTableName(t);
  for (const { table, customer } of MOVE_ALL) {
    const rows = await tx
      .update(table)
      .set({ [customer.name]: keptId } as never)
      .where(eq(customer, otherId))
      .returning({ one: sql`1` });
    if (rows.length) moved[name(table)] = rows.length;
  }
  // A class both are waiting for keeps the kept customer's entry; the other's leaves the line.
  await tx
    .update(waitlists)
    .set({ status: "left", deletedAt: now })
    .where(
      and(
        eq(waitlists.customer_id, otherId),
        isNull(waitlists.deletedAt),
        inArray(
          waitlists.single_class_id,
          tx
            .select({ id: waitlists.single_class_id })
            .from(waitlists)
            .where(and(eq(waitlists.customer_id, keptId), isNull(waitlists.deletedAt))),
        ),
      ),
    );
  const waits = await tx
    .update(waitlists)
    .set({ customer_id: keptId })
    .where(eq(waitlists.customer_id, otherId))
    .returning({ one: sql`1` });
  if (waits.length) moved.waitlists = waits.length;
  for (const { table, customer, key } of MOVE_UNLESS_KEPT_HAS) {
    const keyOf = (cols: PgColumn[]) =>
      cols.length
        ? sql.join(
            cols.map((c) => sql`${sql.identifier(c.name)}`),
            sql`, `,
          )
        : sql`1`;
    const keptKeys = sql`(select ${keyOf(key)} from ${table} where ${sql.identifier(customer.name)} = ${keptId})`;
    const rows = await tx
      .update(table)
      .set({ [customer.name]: keptId } as never)
      .where(and(eq(customer, otherId), sql`(${keyOf(key)}) not in ${keptKeys}`))
      .returning({ one: sql`1` });
    if (rows.length) moved[name(table)] = rows.length;
  }
  return moved;
}
