import { addPeriod } from "../../../domain/billing";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import { getPackage, type PackageOut } from "../packages/packages.service";
import { grantPurchase } from "./credit-grant";
import {
  emptyCreditsOfPurchase,
  otherUnlimitedEnd,
  type PurchaseRow,
  setCreditsExpiryOfPurchase,
  setInvoicesOfPurchase,
  setUnlimited,
  updatePurchase,
} from "./purchases.repository";
import { createPendingPurchase } from "./purchases.service";

/**
 * Purchases the studio makes or takes back at the desk (the admin's customer page). Both run in
 * the caller's transaction, so the caller's checks and its audit entry commit with them.
 */

export type DeskGrant = {
  customer_id: number;
  pkg: PackageOut;
  /** What is billed, as a money string ("0.00" for a gift). */
  bill: string;
  /** The admin's own access length in days; null keeps the package's. */
  package_days: number | null;
  payment_method_id: number | null;
  is_gift: boolean;
  /** How the desk was paid ("desk:card:482913", domain/desk-sale.ts); null for a plain grant. */
  provider_ref?: string | null;
};

/**
 * An 'admin' purchase, granted through grantPurchase (credits_granted_at makes that happen once).
 * With package_days its credits and its unlimited membership end that many days from now, but a
 * longer paid membership the customer holds is kept. Never billed again: no subscription.
 */
export async function grantAtDesk(tx: Db, input: DeskGrant, clock: { now: Date; timeZone: string }) {
  const { pkg, bill } = input;
  const pending = await createPendingPurchase(
    tx,
    {
      customer_id: input.customer_id,
      class_package_id: pkg.class_package_id,
      title: pkg.title,
      amount: bill,
      total_payment: bill,
      class_amount: pkg.class_amount,
      expiration_days: input.package_days ?? pkg.expiration_days,
      iva_rate: pkg.iva_rate,
      payment_method_id: input.payment_method_id,
      provider: "admin",
      provider_ref: input.provider_ref ?? null,
      is_gift: input.is_gift,
    },
    bill,
  );
  const { purchase: granted } = await grantPurchase(tx, pending, clock);
  const end = input.package_days
    ? addPeriod(clock.now, input.package_days, "day", clock.timeZone)
    : undefined;
  if (end) await setCreditsExpiryOfPurchase(tx, pending.purchase_id, end);
  if (end && pkg.is_unlimited_membership) {
    const other = await otherUnlimitedEnd(tx, input.customer_id, pending.purchase_id, clock.now);
    const until = other === null ? null : other && other > end ? other : end;
    await setUnlimited(tx, input.customer_id, true, until);
  }
  const purchase = await updatePurchase(tx, pending.purchase_id, {
    status: "completed",
    subscription_id: null,
    next_billing_date: null,
    ...(end ? { expiration_date: end } : {}),
  });
  return { purchase: purchase!, granted: Boolean(granted) };
}

/**
 * The purchase stops giving anything: status revoked, its buckets emptied (unlimited ones too),
 * an unlimited membership it gave ends unless another paid one still covers the customer, an
 * unpaid one's pending invoices fail, and a card subscription is cancelled at the gateway.
 * The caller has locked the purchase and checked it is not revoked already.
 */
export async function revokePurchase(tx: Db, gateway: CardGateway | null, purchase: PurchaseRow, now: Date) {
  let emptied = 0;
  if (purchase.credits_granted_at) {
    emptied = await emptyCreditsOfPurchase(tx, purchase.purchase_id);
    const pkg = await getPackage(tx, purchase.class_package_id, { admin: true });
    if (pkg.is_unlimited_membership) {
      const other = await otherUnlimitedEnd(tx, purchase.customer_id, purchase.purchase_id, now);
      await setUnlimited(tx, purchase.customer_id, other !== undefined, other === undefined ? now : other);
    }
  } else {
    await setInvoicesOfPurchase(tx, purchase.purchase_id, { status: "failed" });
  }
  if (
    gateway &&
    purchase.subscription_id &&
    purchase.status === "active" &&
    purchase.provider === gateway.name
  ) {
    await gateway.cancelSubscription(purchase.subscription_id);
  }
  const updated = await updatePurchase(tx, purchase.purchase_id, {
    status: "revoked",
    cancelledAt: now,
    next_billing_date: null,
    ...(purchase.credits_granted_at ? { expiration_date: now } : {}),
  });
  return { purchase: updated!, emptied };
}
