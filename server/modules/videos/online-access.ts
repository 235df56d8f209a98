import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { customers } from "../../db/schema/customers";
import { class_packages } from "../../db/schema/packages";
import { purchases } from "../../db/schema/purchases";

/**
 * Whether a customer may watch the online library: a paid (active or completed) purchase of an
 * online or unlimited-membership package that has not expired, or the unlimited flag on the
 * customer record (set when an unlimited membership is granted) that has not expired.
 *
 * Every library request asks this, so it is one prepared statement (built once per database).
 *
 * NOTE: this reads the purchases and class_packages tables directly, which crosses into the
 * purchases domain. It lives here only until the purchases service exposes an equivalent
 * ("does this customer hold online access?"); then this function should delegate to it.
 */
export async function hasOnlineAccess(db: Db, customerId: number): Promise<boolean> {
  const [row] = await onlineAccessStatement(db, { customerId });
  return Boolean(row?.access);
}

const onlineAccessStatement = preparedStatement("videos_online_access", (db, name) => {
  const now = sql`now()`;
  const customerId = sql.placeholder("customerId");
  const onlinePurchase = db
    .select({ id: purchases.purchase_id })
    .from(purchases)
    .innerJoin(class_packages, eq(class_packages.class_package_id, purchases.class_package_id))
    .where(
      and(
        eq(purchases.customer_id, customerId),
        inArray(purchases.status, ["active", "completed"]),
        or(eq(class_packages.is_online, true), eq(class_packages.is_unlimited_membership, true)),
        or(isNull(purchases.expiration_date), gt(purchases.expiration_date, now)),
      ),
    );
  const unlimitedMember = db
    .select({ id: customers.customer_id })
    .from(customers)
    .where(
      and(
        eq(customers.customer_id, customerId),
        eq(customers.has_unlimited, true),
        or(
          isNull(customers.unlimited_membership_expiration),
          gt(customers.unlimited_membership_expiration, now),
        ),
      ),
    );
  return db
    .select({ access: sql<boolean>`exists (${onlinePurchase}) or exists (${unlimitedMember})` })
    .from(sql`(select 1) as one`)
    .prepare(name);
});
