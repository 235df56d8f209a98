import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers } from "../../db/schema/customers";
import {
  message_automations,
  message_consents,
  messages,
  push_subscriptions,
} from "../../db/schema/messaging";
import { class_reservations } from "../../db/schema/reservations";
import { waitlists } from "../../db/schema/waitlists";

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

export async function consentRecords(db: Db, customerId: number) {
  return db
    .select()
    .from(message_consents)
    .where(eq(message_consents.customer_id, customerId))
    .orderBy(asc(message_consents.createdAt), asc(message_consents.message_consent_id));
}

export async function insertConsents(db: Db, rows: (typeof message_consents.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(message_consents).values(rows);
}

export async function messagingCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select({
      customer_id: customers.customer_id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
    })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  return row ?? null;
}

export async function setPhone(db: Db, customerId: number, phone: string) {
  await db.update(customers).set({ phone }).where(eq(customers.customer_id, customerId));
}

/** The customer whose stored ten digits are this number (customers.phone is unique). */
export async function customerByPhone(db: Db, national: string) {
  const [row] = await db
    .select({ customer_id: customers.customer_id, name: customers.name, email: customers.email })
    .from(customers)
    .where(eq(customers.phone, national));
  return row ?? null;
}

export async function pushTargets(db: Db, customerId: number) {
  return db.select().from(push_subscriptions).where(eq(push_subscriptions.customer_id, customerId));
}

export async function savePushSubscription(
  db: Db,
  customerId: number,
  sub: { endpoint: string; p256dh: string; auth: string },
) {
  await db
    .insert(push_subscriptions)
    .values({ customer_id: customerId, ...sub })
    .onConflictDoUpdate({
      target: push_subscriptions.endpoint,
      set: { customer_id: customerId, p256dh: sub.p256dh, auth: sub.auth },
    });
}

export async function deletePushSubscription(db: Db, endpoint: string) {
  await db.delete(push_subscriptions).where(eq(push_subscriptions.endpoint, endpoint));
}

/** Inserts a message; null when its dedupe key was already used (sent once across instances). */
export async function insertMessage(db: Db, values: NewMessage): Promise<MessageRow | null> {
  const [row] = await db.insert(messages).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Several messages at once; answers the ids of those whose dedupe key was new. */
export async function insertMessages(db: Db, values: NewMessage[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: messages.message_id });
  return rows.map((r) => r.id);
}

/**
 * Takes a queued message for sending: only one worker wins the update (the row's status is the
 * lock), so a job that runs twice, or on two instances, sends it once.
 */
export async function claimMessage(db: Db, id: number): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({ status: "sending", attempts: sql`${messages.attempts} + 1` })
    .where(and(eq(messages.message_id, id), eq(messages.status, "queued")))
    .returning();
  return row ?? null;
}

export async function updateMessage(db: Db, id: number, values: Partial<NewMessage>) {
  await db.update(messages).set(values).where(eq(messages.message_id, id));
}

export async function findMessage(db: Db, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.message_id, id));
  return row ?? null;
}

export async function findBySid(db: Db, sid: string) {
  const [row] = await db.select().from(messages).where(eq(messages.provider_sid, sid));
  return row ?? null;
}

/** The customer's latest outbound message on a channel (what a BAJA or NO VOY answers). */
export async function lastOutbound(
  db: Db,
  customerId: number,
  channel: string,
  template?: string,
  exceptTemplate?: string,
) {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.customer_id, customerId),
        eq(messages.direction, "out"),
        eq(messages.channel, channel),
        template ? eq(messages.template, template) : undefined,
        exceptTemplate ? sql`${messages.template} is distinct from ${exceptTemplate}` : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.message_id))
    .limit(1);
  return row ?? null;
}

export async function lastInboundAt(db: Db, customerId: number, channel: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${messages.createdAt})`.mapWith((v) => (v ? new Date(v) : null)) })
    .from(messages)
    .where(
      and(eq(messages.customer_id, customerId), eq(messages.direction, "in"), eq(messages.channel, channel)),
    );
  return row?.at ?? null;
}

export async function messagesOfCustomer(db: Db, customerId: number, limit = 100) {
  return db
    .select()
    .from(messages)
    .where(eq(messages.customer_id, customerId))
    .orderBy(desc(messages.createdAt), desc(messages.message_id))
    .limit(limit);
}

/** Inbound messages the desk has not handled, newest first, with who sent them. */
export async function openInbox(db: Db, limit = 100) {
  return db
    .select({
      message: messages,
      name: customers.name,
      last_name: customers.last_name,
    })
    .from(messages)
    .leftJoin(customers, eq(customers.customer_id, messages.customer_id))
    .where(and(eq(messages.direction, "in"), isNull(messages.handled_at)))
    .orderBy(desc(messages.createdAt))
    .limit(limit);
}

/** Queued messages whose time has come (the sweep re-queues what a crashed worker left). */
export async function dueQueued(db: Db, now: Date, limit = 1000) {
  const rows = await db
    .select({ id: messages.message_id })
    .from(messages)
    .where(
      and(
        or(eq(messages.status, "queued"), eq(messages.status, "sending")),
        eq(messages.direction, "out"),
        or(isNull(messages.send_after), lte(messages.send_after, now)),
        lte(messages.createdAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .orderBy(asc(messages.message_id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A worker that died mid-send left "sending": back to queued after 10 minutes. */
export async function requeueStale(db: Db, now: Date) {
  await db
    .update(messages)
    .set({ status: "queued" })
    .where(and(eq(messages.status, "sending"), lte(messages.createdAt, new Date(now.getTime() - 600_000))));
}

export async function automationRows(db: Db) {
  return db.select().from(message_automations);
}

export async function saveAutomation(db: Db, row: typeof message_automations.$inferInsert) {
  await db
    .insert(message_automations)
    .values(row)
    .onConflictDoUpdate({
      target: message_automations.automation,
      set: { enabled: row.enabled, text: row.text, days: row.days },
    });
}

/**
 * Per automation: how many customers received it and how many booked or bought within 7 days
 * after it (docs/product-rules.md#messaging-automations).
 */
export async function automationFigures(db: Db, days: number) {
  const result = await db.execute(sql`
    select m.automation,
      count(distinct m.customer_id)::int as received,
      count(distinct m.customer_id) filter (where exists (
        select 1 from class_reservations r
        where r.customer_id = m.customer_id and r.created_at >= m.created_at
          and r.created_at <= m.created_at + make_interval(days => ${days})
      ) or exists (
        select 1 from purchases p
        where p.customer_id = m.customer_id and p.created_at >= m.created_at
          and p.created_at <= m.created_at + make_interval(days => ${days})
      ))::int as converted
    from messages m
    where m.automation is not null and m.direction = 'out'
      and m.status in ('sent', 'delivered', 'read', 'not_sent')
    group by m.automation`);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows as { automation: string; received: number; converted: number }[];
}

export async function customersWithIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ customer_id: customers.customer_id })
    .from(customers)
    .where(inArray(customers.customer_id, ids));
}

/** For ARCO: every message and consent of the customer. */
export async function messagingDataOf(db: Db, customerId: number) {
  const [consents, rows, subscriptions] = await Promise.all([
    consentRecords(db, customerId),
    messagesOfCustomer(db, customerId, 10_000),
    pushTargets(db, customerId),
  ]);
  return {
    consents,
    messages: rows,
    push_subscriptions: subscriptions.map((s) => ({ endpoint: s.endpoint, createdAt: s.createdAt })),
  };
}

export async function eraseMessagingData(db: Db, customerId: number) {
  await db.delete(messages).where(eq(messages.customer_id, customerId));
  await db.delete(push_subscriptions).where(eq(push_subscriptions.customer_id, customerId));
  await db.delete(message_consents).where(eq(message_consents.customer_id, customerId));
}

/** The reservations a message speaks of (who, which class, which spot). */
export async function reservationsForMessages(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      class_reservation_id: class_reservations.class_reservation_id,
      customer_id: class_reservations.customer_id,
      single_class_id: class_reservations.single_class_id,
      spot: class_reservations.spot,
      deletedAt: class_reservations.deletedAt,
      class_date: class_reservations.class_date,
    })
    .from(class_reservations)
    .where(inArray(class_reservations.class_reservation_id, ids));
}

/** The customer's next active reservation after `now` (what a NO VOY without a reminder means). */
export async function nextReservationOf(db: Db, customerId: number, now: Date) {
  const [row] = await db
    .select({
      class_reservation_id: class_reservations.class_reservation_id,
      single_class_id: class_reservations.single_class_id,
    })
    .from(class_reservations)
    .where(
      and(
        eq(class_reservations.customer_id, customerId),
        isNull(class_reservations.deletedAt),
        isNull(class_reservations.guest_of_id),
        sql`${class_reservations.class_date} > ${now}`,
      ),
    )
    .orderBy(asc(class_reservations.class_date))
    .limit(1);
  return row ?? null;
}

/** The customer's open waitlist offers, the one ending first first. */
export async function openOffersOf(db: Db, customerId: number, now: Date) {
  return db
    .select({ waitlist_id: waitlists.waitlist_id, single_class_id: waitlists.single_class_id })
    .from(waitlists)
    .where(
      and(
        eq(waitlists.customer_id, customerId),
        eq(waitlists.status, "offered"),
        isNull(waitlists.deletedAt),
        sql`${waitlists.offer_expires_at} > ${now}`,
      ),
    )
    .orderBy(asc(waitlists.offer_expires_at));
}

export async function markHandled(db: Db, id: number, now: Date) {
  await db.update(messages).set({ handled_at: now }).where(eq(messages.message_id, id));
}

/** The customer's last BAJA on a channel (what an ALTA restores). */
export async function lastKeywordStop(db: Db, customerId: number, channel: string) {
  const [row] = await db
    .select()
    .from(message_consents)
    .where(
      and(
        eq(message_consents.customer_id, customerId),
        eq(message_consents.channel, channel),
        eq(message_consents.source, "keyword"),
        eq(message_consents.granted, false),
      ),
    )
    .orderBy(desc(message_consents.createdAt), desc(message_consents.message_consent_id))
    .limit(1);
  return row ?? null;
}

export type AutomationCandidate = { customer_id: number; key: string; credits?: number; expires?: Date };

/** Who each automation would message today (docs/product-rules.md#messaging-automations). */
export async function automationCandidates(
  db: Db,
  automation: string,
  now: Date,
  opts: { days: number; expiringDays: number; timeZone: string },
): Promise<AutomationCandidate[]> {
  const day = 24 * 3_600_000;
  const query = {
    intro_followup: sql`
      select r.customer_id, r.customer_id::text as key from class_reservations r
      where r.deleted_at is null and r.guest_of_id is null and r.class_date < ${now}
      group by r.customer_id
      having count(*) = 1 and max(r.class_date) >= ${new Date(now.getTime() - day)}`,
    win_back: sql`
      select r.customer_id, r.customer_id || ':' || max(r.class_reservation_id) as key from class_reservations r
      where r.deleted_at is null and r.guest_of_id is null
      group by r.customer_id
      having max(r.class_date) < ${new Date(now.getTime() - opts.days * day)}`,
    birthday: sql`
      select c.customer_id, c.customer_id || ':' || to_char(${now}::timestamptz at time zone ${opts.timeZone}, 'YYYY') as key
      from customers c
      where c.birthdate is not null
        and to_char(c.birthdate::date, 'MM-DD') = to_char(${now}::timestamptz at time zone ${opts.timeZone}, 'MM-DD')`,
    credits_expiring: sql`
      select a.customer_id, a.available_class_id::text as key, a.available_classes as credits, a.expiration_date as expires
      from available_classes a
      where a.available_classes > 0 and a.expiration_date > ${now}
        and a.expiration_date <= ${new Date(now.getTime() + opts.expiringDays * day)}`,
    last_class_of_pack: sql`
      select a.customer_id, a.available_class_id::text as key from available_classes a
      where a.available_classes = 0 and a.updated_at >= ${new Date(now.getTime() - day)}
        and (a.expiration_date is null or a.expiration_date > ${now})
        and not exists (select 1 from available_classes o where o.customer_id = a.customer_id
          and o.available_classes <> 0 and (o.expiration_date is null or o.expiration_date > ${now}))`,
  }[automation];
  if (!query) return [];
  const result = await db.execute(query);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    customer_id: number;
    key: string;
    credits?: number;
    expires?: string | Date;
  }[];
  return rows.map((r) => ({
    customer_id: Number(r.customer_id),
    key: String(r.key),
    ...(r.credits !== undefined ? { credits: Number(r.credits) } : {}),
    ...(r.expires ? { expires: new Date(r.expires) } : {}),
  }));
}
