import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { AppError } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { user } from "../../db/schema/auth";
import { account_credit, balance_movements, type GiftCardRow, gift_cards } from "../../db/schema/balances";
import { locations } from "../../db/schema/calendar";
import { messages } from "../../db/schema/messaging";

/** The balance ledger's reads and writes (decision 0090); the rules are in ledger.ts and domain/gift-cards.ts. */

export type { GiftCardRow };

export async function insertGiftCard(tx: Db, values: typeof gift_cards.$inferInsert) {
  const [row] = await tx.insert(gift_cards).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findGiftCardByKey(db: Db, key: string) {
  const [row] = await db.select().from(gift_cards).where(eq(gift_cards.idempotency_key, key));
  return row ?? null;
}

/** One card by its code's hash; `lock` takes its row lock (spending: one spender at a time). */
export async function findGiftCardByHash(db: Db, hash: string, lock = false) {
  const query = db.select().from(gift_cards).where(eq(gift_cards.code_hash, hash));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function findGiftCard(db: Db, id: number, lock = false) {
  const query = db.select().from(gift_cards).where(eq(gift_cards.gift_card_id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function updateGiftCard(tx: Db, id: number, patch: Partial<typeof gift_cards.$inferInsert>) {
  const [row] = await tx.update(gift_cards).set(patch).where(eq(gift_cards.gift_card_id, id)).returning();
  return row!;
}

export async function listGiftCards(db: Db, filter: { q?: string; limit: number; offset: number }) {
  const where = filter.q
    ? or(
        ilike(gift_cards.recipient_name, `%${filter.q}%`),
        ilike(gift_cards.buyer_name, `%${filter.q}%`),
        ilike(gift_cards.recipient_email, `%${filter.q}%`),
        ilike(gift_cards.buyer_email, `%${filter.q}%`),
        eq(gift_cards.code_last4, filter.q.toUpperCase()),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gift_cards)
      .where(where)
      .orderBy(desc(gift_cards.createdAt), desc(gift_cards.gift_card_id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(gift_cards).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listGiftCardsOfBuyer(db: Db, customerId: number) {
  return db
    .select()
    .from(gift_cards)
    .where(eq(gift_cards.buyer_customer_id, customerId))
    .orderBy(desc(gift_cards.createdAt));
}

/** The cards whose email is due (delivery date reached, not sent), oldest first. */
export async function listDueDeliveries(db: Db, now: Date, limit = 50) {
  return db
    .select({ gift_card_id: gift_cards.gift_card_id })
    .from(gift_cards)
    .where(
      and(
        eq(gift_cards.state, "active"),
        isNull(gift_cards.delivered_at),
        lte(gift_cards.deliver_at, now),
        sql`${gift_cards.undelivered_code} is not null`,
      ),
    )
    .orderBy(asc(gift_cards.deliver_at))
    .limit(limit);
}

/** Active cards past their expiry that still hold a balance (decision 0131: written off). */
export async function listExpiredWithBalance(db: Db, now: Date, limit = 200) {
  return db
    .select({ gift_card_id: gift_cards.gift_card_id })
    .from(gift_cards)
    .where(
      and(eq(gift_cards.state, "active"), lte(gift_cards.expires_at, now), sql`${gift_cards.balance} > 0`),
    )
    .orderBy(asc(gift_cards.expires_at))
    .limit(limit);
}

/** The messages that took a gift card to its recipient's WhatsApp (decision 0131), newest first. */
export async function messagesOfGiftCard(db: Db, giftCardId: number) {
  return db
    .select()
    .from(messages)
    .where(sql`${messages.context}->>'gift_card_id' = ${String(giftCardId)}`)
    .orderBy(desc(messages.createdAt), desc(messages.message_id));
}

/** A customer's credit row, made at zero the first time, locked (one spender at a time). */
export async function lockAccountCredit(tx: Db, customerId: number) {
  await tx.insert(account_credit).values({ customer_id: customerId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(account_credit)
    .where(eq(account_credit.customer_id, customerId))
    .for("update");
  return row!;
}

export async function readAccountCredit(db: Db, customerId: number) {
  const [row] = await db.select().from(account_credit).where(eq(account_credit.customer_id, customerId));
  return row?.balance ?? "0";
}

export async function setAccountCredit(tx: Db, customerId: number, balance: string) {
  await tx
    .update(account_credit)
    .set({ balance, updatedAt: new Date() })
    .where(eq(account_credit.customer_id, customerId));
}

export async function insertMovement(tx: Db, values: typeof balance_movements.$inferInsert) {
  const [row] = await tx.insert(balance_movements).values(values).returning();
  return row!;
}

/** A holder's movements, newest first, with who made them (staff) for the back office. */
export async function listMovements(db: Db, holder: { customer_id: number } | { gift_card_id: number }) {
  return db
    .select({ movement: balance_movements, actor_name: user.name })
    .from(balance_movements)
    .leftJoin(user, eq(user.id, balance_movements.actor_user_id))
    .where(
      "customer_id" in holder
        ? eq(balance_movements.customer_id, holder.customer_id)
        : eq(balance_movements.gift_card_id, holder.gift_card_id),
    )
    .orderBy(desc(balance_movements.createdAt), desc(balance_movements.balance_movement_id));
}

/** What paid a purchase from balances and what was given back, per holder. */
export async function purchaseBalanceNet(db: Db, purchaseId: number) {
  return db
    .select({
      gift_card_id: balance_movements.gift_card_id,
      customer_id: balance_movements.customer_id,
      net: sql<string>`sum(${balance_movements.amount})`,
    })
    .from(balance_movements)
    .where(
      and(
        eq(balance_movements.purchase_id, purchaseId),
        inArray(balance_movements.kind, ["spend", "release"]),
      ),
    )
    .groupBy(balance_movements.gift_card_id, balance_movements.customer_id);
}

/**
 * What balances paid of these counter sales' products, net of what their refunds gave back, per
 * sale and holder (decision 0127): negative is still owed to the holder if the units come back.
 */
export async function saleBalanceNet(db: Db, saleIds: number[]) {
  if (saleIds.length === 0) return [];
  return db
    .select({
      retail_sale_id: balance_movements.retail_sale_id,
      gift_card_id: balance_movements.gift_card_id,
      customer_id: balance_movements.customer_id,
      net: sql<string>`sum(${balance_movements.amount})`,
    })
    .from(balance_movements)
    .where(
      and(
        inArray(balance_movements.retail_sale_id, saleIds),
        inArray(balance_movements.kind, ["desk_spend", "desk_refund"]),
      ),
    )
    .groupBy(balance_movements.retail_sale_id, balance_movements.gift_card_id, balance_movements.customer_id)
    .orderBy(balance_movements.retail_sale_id, balance_movements.customer_id, balance_movements.gift_card_id);
}

/** Per counter sale, kind and holder type (card or saldo): the sum of its balance lines. */
export async function saleBalanceByKind(db: Db, saleIds: number[]) {
  if (saleIds.length === 0) return [];
  return db
    .select({
      retail_sale_id: balance_movements.retail_sale_id,
      kind: balance_movements.kind,
      is_credit: sql<number>`case when ${balance_movements.customer_id} is null then 0 else 1 end`.mapWith(
        Number,
      ),
      net: sql<string>`sum(${balance_movements.amount})`,
    })
    .from(balance_movements)
    .where(
      and(
        inArray(balance_movements.retail_sale_id, saleIds),
        inArray(balance_movements.kind, ["desk_spend", "desk_refund"]),
      ),
    )
    .groupBy(
      balance_movements.retail_sale_id,
      balance_movements.kind,
      sql`case when ${balance_movements.customer_id} is null then 0 else 1 end`,
    );
}

/** What balances paid, net of releases, of each of these purchases (the cash close's charges). */
export async function balancePaidOfPurchases(db: Db, purchaseIds: number[]) {
  if (purchaseIds.length === 0) return [];
  return db
    .select({
      purchase_id: balance_movements.purchase_id,
      net: sql<string>`sum(${balance_movements.amount})`,
    })
    .from(balance_movements)
    .where(
      and(
        inArray(balance_movements.purchase_id, purchaseIds),
        inArray(balance_movements.kind, ["spend", "release"]),
      ),
    )
    .groupBy(balance_movements.purchase_id);
}

/** Gift cards the desk sold at a location in [from, to) (decision 0123: the cash close). */
export async function deskSalesAt(db: Db, locationId: number, from: Date, to: Date) {
  return db
    .select({
      gift_card_id: gift_cards.gift_card_id,
      at: gift_cards.sold_at,
      amount: gift_cards.amount,
      payment_ref: gift_cards.payment_ref,
      buyer_name: gift_cards.buyer_name,
      staff_user_id: gift_cards.collected_by,
      staff_name: user.name,
    })
    .from(gift_cards)
    .leftJoin(user, eq(user.id, gift_cards.collected_by))
    .where(
      and(
        eq(gift_cards.sold_via, "desk"),
        eq(gift_cards.collected_location_id, locationId),
        inArray(gift_cards.state, ["active", "refunded"]),
        gte(gift_cards.sold_at, from),
        lt(gift_cards.sold_at, to),
      ),
    )
    .orderBy(asc(gift_cards.sold_at));
}

/** Desk-sold gift cards handed back to their buyer in [from, to), at the drawer that sold them. */
export async function deskRefundsAt(db: Db, locationId: number, from: Date, to: Date) {
  return db
    .select({
      gift_card_id: gift_cards.gift_card_id,
      at: gift_cards.refunded_at,
      amount: gift_cards.amount,
      payment_ref: gift_cards.payment_ref,
      buyer_name: gift_cards.buyer_name,
      staff_user_id: balance_movements.actor_user_id,
      staff_name: user.name,
    })
    .from(gift_cards)
    .innerJoin(
      balance_movements,
      and(
        eq(balance_movements.gift_card_id, gift_cards.gift_card_id),
        eq(balance_movements.kind, "refund_to_buyer"),
      ),
    )
    .leftJoin(user, eq(user.id, balance_movements.actor_user_id))
    .where(
      and(
        eq(gift_cards.sold_via, "desk"),
        eq(gift_cards.collected_location_id, locationId),
        gte(gift_cards.refunded_at, from),
        lt(gift_cards.refunded_at, to),
      ),
    )
    .orderBy(asc(gift_cards.refunded_at));
}

/**
 * The drawer a desk sale is collected at: the location the desk named, else the first available
 * one, as purchases' deskLocationId answers (not imported: purchases already depends on this module).
 */
export async function drawerLocationId(db: Db, requested: number | null | undefined): Promise<number | null> {
  const [row] = await db
    .select({ id: locations.location_id })
    .from(locations)
    .where(requested != null ? eq(locations.location_id, requested) : eq(locations.available, true))
    .orderBy(asc(locations.location_id))
    .limit(1);
  if (requested != null && !row) throw AppError.of("LOCATION_NOT_FOUND");
  return row?.id ?? null;
}
