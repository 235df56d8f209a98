import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { referral_codes, referrals } from "../../db/schema/balances";
import { customers } from "../../db/schema/customers";
import { payment_sources } from "../../db/schema/payments";
import { purchases } from "../../db/schema/purchases";

/** Referrals' reads and writes (decision 0092). */

export async function findReferralCode(db: Db, customerId: number) {
  const [row] = await db.select().from(referral_codes).where(eq(referral_codes.customer_id, customerId));
  return row ?? null;
}

export async function insertReferralCode(db: Db, customerId: number, code: string) {
  const [row] = await db
    .insert(referral_codes)
    .values({ customer_id: customerId, code })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findReferrerByCode(db: Db, code: string) {
  const [row] = await db.select().from(referral_codes).where(eq(referral_codes.code, code));
  return row ?? null;
}

export async function insertReferral(db: Db, values: typeof referrals.$inferInsert) {
  const [row] = await db.insert(referrals).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The referral of a referred customer, locked: its reward is decided once. */
export async function lockReferralOf(tx: Db, referredCustomerId: number) {
  const [row] = await tx
    .select()
    .from(referrals)
    .where(eq(referrals.referred_customer_id, referredCustomerId))
    .for("update");
  return row ?? null;
}

export async function updateReferral(tx: Db, id: number, patch: Partial<typeof referrals.$inferInsert>) {
  await tx.update(referrals).set(patch).where(eq(referrals.referral_id, id));
}

export async function listReferralsBy(db: Db, referrerId: number) {
  return db
    .select({ referral: referrals, name: customers.name, last_name: customers.last_name })
    .from(referrals)
    .innerJoin(customers, eq(customers.customer_id, referrals.referred_customer_id))
    .where(eq(referrals.referrer_customer_id, referrerId))
    .orderBy(desc(referrals.createdAt));
}

/** Email, phone and saved cards of a customer: what the duplicate-account guard compares. */
export async function referralParty(db: Db, customerId: number) {
  const [c] = await db
    .select({ customer_id: customers.customer_id, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  if (!c) return null;
  const cards = await db
    .select({
      provider: payment_sources.provider,
      last: payment_sources.last_digits,
      m: payment_sources.exp_month,
      y: payment_sources.exp_year,
    })
    .from(payment_sources)
    .where(eq(payment_sources.customer_id, customerId));
  // Without the processor's own fingerprint, a card is its last digits and expiry (decision 0092).
  return {
    ...c,
    card_fingerprints: cards.map((k) => `${k.last}/${k.m}/${k.y}`).filter((f) => !f.startsWith("null")),
  };
}

/** Paid purchases of a customer other than `purchaseId` (the referral rewards the first paid one only). */
export async function countOtherPaidPurchases(db: Db, customerId: number, purchaseId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(purchases)
    .where(
      and(
        eq(purchases.customer_id, customerId),
        sql`${purchases.purchase_id} <> ${purchaseId}`,
        sql`${purchases.credits_granted_at} is not null`,
        sql`${purchases.total_payment} > 0`,
        eq(purchases.is_gift, false),
      ),
    );
  return row?.n ?? 0;
}
