import { nextBillingDate, purchaseStatusText } from "../../../domain/billing";
import { AppError, notFound } from "../../../domain/errors";
import { ivaOut } from "../../../domain/fiscal/iva";
import { moneyOut } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import { releasePurchaseBalance } from "../gift-cards/ledger";
import { sanitizeInstructions } from "../payment-methods/payment-methods.service";
import { grantPaymentGroup } from "./credit-grant";
import {
  countHoldingPurchases,
  deleteRedemptionsOfPurchase,
  findCheckoutInvoice,
  findInvoiceByRef,
  findOpenFeeOrder,
  findPurchase,
  findPurchaseByProviderRef,
  findPurchaseDetail,
  hasPaidPurchaseOf,
  insertInvoiceOnce,
  insertPurchase,
  listBuyersOfPackage,
  listCreditsOfPurchase,
  listCustomerInvoices,
  listCustomerPurchases,
  listCustomersWithFeeCarriedAfterPaid,
  listOpenFeeOrders,
  listPaymentCompanions,
  listUnfinishedWalletOrders,
  type NewInvoice,
  type NewPurchase,
  type PurchaseRow,
  reopenCheckoutInvoice,
  restoreRedemptionOfPurchase,
  setCardOfInvoices,
  setInvoicesOfPurchase,
  updateInvoice,
  updatePurchase,
} from "./purchases.repository";
import { lockCustomerRow } from "./refunds.repository";

const purchaseNotFound = () => notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");

/** Purchase fields every screen reads, money as numbers, plus the derived Spanish texts. */
export function toPurchaseOut(p: PurchaseRow, timeZone: string, now = new Date()) {
  return {
    ...p,
    amount: moneyOut(p.amount) ?? 0,
    discount_total: moneyOut(p.discount_total) ?? 0,
    total_payment: moneyOut(p.total_payment) ?? 0,
    refunded_total: moneyOut(p.refunded_total) ?? 0,
    status_text: purchaseStatusText(p, timeZone),
    next_charge: nextBillingDate(p, now, timeZone),
  };
}

/**
 * A customer's purchases, newest first. Mis Compras passes `hideUnpaidAttempts` (card or wallet
 * payments that never went through are not purchases to the customer); the front desk sees them.
 */
export async function getCustomerPurchases(
  db: Db,
  customerId: number,
  timeZone: string,
  options: { hideUnpaidAttempts?: boolean } = {},
) {
  const rows = await listCustomerPurchases(db, customerId, options.hideUnpaidAttempts);
  return rows.map((r) => ({
    ...toPurchaseOut(r.purchase, timeZone),
    // Subtotal and IVA of the total (decision 0032): the rate when bought, else the package's.
    ...ivaOut(r.purchase.total_payment, r.purchase.iva_rate, r.package_iva_rate),
    downloadable: r.downloadable,
    file_url: r.purchase.credits_granted_at ? r.file_url : null,
    payment_method_name: r.payment_method_name,
    // A purchase's payment_method is an object (name, instructions), as the published contract has
    // it.
    payment_method:
      r.payment_method_name === null
        ? null
        : { name: r.payment_method_name, instructions: sanitizeInstructions(r.payment_method_instructions) },
  }));
}

/** One purchase of the signed-in customer with what it granted (the thank-you page). */
export async function getCustomerPurchase(db: Db, customerId: number, purchaseId: number, timeZone: string) {
  const row = await findPurchaseDetail(db, purchaseId);
  if (!row || row.purchase.customer_id !== customerId) throw purchaseNotFound();
  const credits = await listCreditsOfPurchase(db, purchaseId);
  const companions = await listPaymentCompanions(db, row.purchase);
  return {
    ...toPurchaseOut(row.purchase, timeZone),
    ...ivaOut(row.purchase.total_payment, row.purchase.iva_rate, row.pkg.iva_rate),
    email: row.email,
    class_package: {
      class_package_id: row.pkg.class_package_id,
      title: row.pkg.title,
      image: row.pkg.image,
      short_description: row.pkg.short_description,
      is_online: row.pkg.is_online,
      is_unlimited_membership: row.pkg.is_unlimited_membership,
      downloadable: row.pkg.downloadable,
      file_url: row.purchase.credits_granted_at ? row.pkg.file_url : null,
    },
    payment_method: row.method
      ? {
          payment_method_id: row.method.payment_method_id,
          name: row.method.name,
          provider: row.method.provider,
          instructions: sanitizeInstructions(row.method.instructions),
          bank: row.method.bank,
        }
      : null,
    /** Bought in the same payment (the sign-up fee paid with the package): one line each. */
    paid_with: companions.map((c) => ({
      purchase_id: c.purchase_id,
      title: c.title,
      total_payment: moneyOut(c.total_payment) ?? 0,
    })),
    credits: credits.map((c) => ({
      available_class_id: c.available_class_id,
      class_type_id: c.class_type_id,
      available_classes: c.available_classes,
      expiration_date: c.expiration_date,
    })),
  };
}

export async function getCustomerInvoices(db: Db, customerId: number) {
  const rows = await listCustomerInvoices(db, customerId);
  return rows.map((r) => ({
    ...r.invoice,
    total_payment: moneyOut(r.invoice.total_payment) ?? 0,
    class_package: { class_package_id: r.class_package_id, title: r.title },
    purchase: { purchase_id: r.invoice.purchase_id, title: r.title },
  }));
}

/**
 * Cancels the customer's own active subscription with a reason. What was paid stays (credits,
 * access until the end of the period); no further charges happen.
 */
export async function cancelSubscription(
  db: Db,
  /** The processors that bill subscriptions themselves (stripe, paypal): told to stop. */
  gateways: Array<Pick<CardGateway, "cancelSubscription"> & { name: string }>,
  input: { customer_id: number; purchase_id: number; reason: string; now?: Date },
) {
  const reason = input.reason.trim();
  if (!reason) throw AppError.of("CANCEL_REASON_REQUIRED");
  const purchase = await findPurchase(db, input.purchase_id);
  if (!purchase || purchase.customer_id !== input.customer_id) throw purchaseNotFound();
  if (!purchase.subscription_id || purchase.status !== "active") {
    throw AppError.of("SUBSCRIPTION_NOT_ACTIVE");
  }
  const gateway = gateways.find((g) => g.name === purchase.provider);
  if (gateway) await gateway.cancelSubscription(purchase.subscription_id);
  const now = input.now ?? new Date();
  return updatePurchase(db, purchase.purchase_id, {
    status: "cancelled",
    cancelledAt: now,
    cancel_reason: reason,
    next_billing_date: null,
  });
}

/** An admin confirms that a cash purchase was paid: the credits are granted (once). */
export async function confirmCashPurchase(db: Db, purchaseId: number, timeZone: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const purchase = await findPurchase(tx, purchaseId, true);
    if (!purchase) throw purchaseNotFound();
    if (purchase.credits_granted_at) return { purchase, granted: false };
    if (purchase.status !== "pending") {
      throw AppError.of("PURCHASE_NOT_PENDING");
    }
    // A cash order of a package with its sign-up fee is one payment: confirming it pays both.
    const result = await grantPaymentGroup(tx, purchase, { now, timeZone });
    return { purchase: result.purchase ?? purchase, granted: result.granted };
  });
}

/** A payment that did not go through: the place and the discount use are given back. */
export async function failPurchase(tx: Db, purchaseId: number) {
  await updatePurchase(tx, purchaseId, { status: "failed" });
  // What a gift card or saldo a favor paid of it goes back too (decision 0091).
  await releasePurchaseBalance(tx, purchaseId, new Date());
  await setInvoicesOfPurchase(tx, purchaseId, { status: "failed" });
  await deleteRedemptionsOfPurchase(tx, purchaseId);
}

/** A payment that did not go through, for every purchase it was paying (failPurchase on each). */
export async function failPaymentGroup(tx: Db, purchase: PurchaseRow) {
  const companions = await listPaymentCompanions(tx, purchase, true);
  await failPurchase(tx, purchase.purchase_id);
  for (const c of companions) {
    if (c.status === "pending" && !c.credits_granted_at) await failPurchase(tx, c.purchase_id);
  }
}

/**
 * A subscription stopped at the processor before it was ever paid: cancelled now, and like a
 * failed payment its place and discount use are given back (reopenUnpaidPurchase undoes this if
 * the payment's confirmation arrives after all).
 */
export async function cancelUnpaidPurchase(tx: Db, purchaseId: number, now: Date) {
  await failPurchase(tx, purchaseId);
  await updatePurchase(tx, purchaseId, { status: "cancelled", cancelledAt: now, next_billing_date: null });
}

/**
 * The reverse of failPurchase, for a payment confirmed late (a webhook after we marked the
 * purchase failed, or cancelled before it was paid): pending again so grantPurchase can grant
 * it, its checkout invoice pending again, and its discount use recorded again in the same
 * transaction (once: a purchase holds one redemption). The code's limits are not checked again:
 * the customer has already paid the discounted price.
 */
export async function reopenUnpaidPurchase(tx: Db, purchase: PurchaseRow): Promise<PurchaseRow> {
  const reopened = await updatePurchase(tx, purchase.purchase_id, { status: "pending" });
  await reopenCheckoutInvoice(tx, purchase.purchase_id);
  await restoreRedemptionOfPurchase(tx, purchase);
  return reopened ?? purchase;
}

/**
 * Inserts a pending purchase and its first (pending) invoice, inside the checkout transaction.
 * iva_rate is required: the package's rate is copied at purchase time, so a later change of the
 * package's rate does not change what old receipts say (decision 0032).
 */
export async function createPendingPurchase(
  tx: Db,
  values: NewPurchase & { iva_rate: string },
  chargedNow: string,
) {
  const purchase = await insertPurchase(tx, { ...values, status: "pending" });
  await insertInvoiceOnce(tx, {
    purchase_id: purchase.purchase_id,
    customer_id: purchase.customer_id,
    total_payment: chargedNow,
    status: "pending",
  });
  return purchase;
}

/**
 * Where the customer's sign-up fee stands (decision 0050), with the customer row locked by the
 * caller's transaction so two checkouts at once cannot both add it: 'paid', 'carried' by an open
 * order (OXXO, SPEI, cash), or 'due'.
 */
export async function signupFeeState(
  tx: Db,
  customerId: number,
  feePackageId: number,
  options: { lock: boolean },
): Promise<
  | { state: "paid" | "due" }
  | { state: "carried"; carrier: "oxxo" | "spei" | "cash"; purchase_id: number; openedAt: Date }
> {
  if (options.lock) await lockCustomerRow(tx, customerId);
  if (await hasPaidPurchaseOf(tx, customerId, feePackageId)) return { state: "paid" };
  const open = await findOpenFeeOrder(tx, customerId, feePackageId);
  if (open)
    return {
      state: "carried",
      carrier: open.carrier,
      purchase_id: open.purchase_id,
      openedAt: open.createdAt,
    };
  return { state: "due" };
}

/** The card's last 4 digits on the checkout charges of these purchases (their receipt shows them). */
export async function setCardOfPayment(tx: Db, purchaseIds: number[], last4: string) {
  await setCardOfInvoices(tx, purchaseIds, last4);
}

export type { PurchaseRow };
export {
  countHoldingPurchases,
  findCheckoutInvoice,
  findInvoiceByRef,
  findPurchase,
  findPurchaseByProviderRef,
  hasPaidPurchaseOf,
  listCustomersWithFeeCarriedAfterPaid,
  listOpenFeeOrders,
  listPaymentCompanions,
  listUnfinishedWalletOrders,
};

/*
 * What a payment provider's event does to a purchase. Checkout's webhook services (Stripe, PayPal,
 * Mercado Pago) decide which event it is; the rows change here, in the module that owns them.
 */

/**
 * Locks a purchase for a provider event that may move money back: the customer row first, as
 * every refund path (and a booking) locks it, then the purchase. Returns the locked purchase.
 */
export async function lockPurchaseWithCustomer(tx: Db, purchase: PurchaseRow): Promise<PurchaseRow> {
  await lockCustomerRow(tx, purchase.customer_id);
  return (await findPurchase(tx, purchase.purchase_id, true)) ?? purchase;
}

/** The processor's subscription behind a pending purchase, known once its first payment is in. */
export async function attachSubscription(tx: Db, purchaseId: number, subscriptionId: string) {
  return updatePurchase(tx, purchaseId, { status: "pending", subscription_id: subscriptionId });
}

/**
 * A charge or a failed charge the processor billed, as its own invoice: recorded once per
 * provider_ref (a replayed event inserts nothing and gets undefined back).
 */
export async function recordProviderInvoice(tx: Db, values: NewInvoice) {
  return insertInvoiceOnce(tx, values);
}

/** The checkout's own invoice claimed by the processor's charge that paid it. */
export async function setInvoiceProviderRef(tx: Db, invoiceId: number, ref: string) {
  await updateInvoice(tx, invoiceId, { provider_ref: ref });
}

/** A renewal the processor could not charge, counted towards renewal_max_retries. */
export async function countRenewalFailure(tx: Db, purchase: PurchaseRow) {
  await updatePurchase(tx, purchase.purchase_id, { renewal_failures: purchase.renewal_failures + 1 });
}

/** An active subscription the processor bills no more: what was paid stays until the period ends. */
export async function cancelActiveSubscription(tx: Db, purchaseId: number, now: Date) {
  await updatePurchase(tx, purchaseId, { status: "cancelled", cancelledAt: now, next_billing_date: null });
}

/**
 * A subscription cancelled before its first period was paid, then paid after all: the period is
 * granted and it stays cancelled (no renewals, its cancellation date kept).
 */
export async function keepCancelledAfterGrant(tx: Db, purchaseId: number) {
  await updatePurchase(tx, purchaseId, { status: "cancelled", next_billing_date: null });
}

/** A subscription ended for non-payment whose processor collected after all: it goes on. */
export async function resumeSubscription(tx: Db, purchaseId: number) {
  return updatePurchase(tx, purchaseId, { status: "active" });
}

export async function setPurchaseProviderRef(
  tx: Db,
  purchaseId: number,
  ref: string,
  subscriptionId?: string,
) {
  await updatePurchase(tx, purchaseId, {
    provider_ref: ref,
    ...(subscriptionId ? { subscription_id: subscriptionId } : {}),
  });
}

/** The attendees of a special event (admin): one row per purchase that holds a place. */
export async function getPackageBuyers(db: Db, classPackageId: number, timeZone: string) {
  const rows = await listBuyersOfPackage(db, classPackageId);
  return rows.map((r) => ({
    ...r.customer,
    purchase_id: r.purchase.purchase_id,
    status: r.purchase.status,
    status_text: purchaseStatusText(r.purchase, timeZone),
    provider: r.purchase.provider,
    total_payment: moneyOut(r.purchase.total_payment) ?? 0,
    createdAt: r.purchase.createdAt,
  }));
}
