import type { AppConfig } from "../../../domain/app-config";
import { addPeriod } from "../../../domain/billing";
import { AppError, notFound } from "../../../domain/errors";
import { centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import { listAudit, recordAudit } from "../audit/audit.service";
import { myCredits } from "../credits/credits.service";
import { customerFields, customerValues } from "../forms/forms.service";
import { getPackage } from "../packages/packages.service";
import { grantPurchase } from "../purchases/credit-grant";
import {
  confirmCashPurchase,
  createPendingPurchase,
  findPurchase,
  getCustomerPurchases,
} from "../purchases/purchases.service";
import { type BookingRequest, bookSeat } from "../reservations/booking.service";
import { cancelReservation } from "../reservations/reservations.service";
import {
  type CustomerSort,
  customerPenalties,
  customerReservations,
  customerWaitlists,
  emptyBucketsOfPurchase,
  failPendingInvoices,
  findCustomer,
  findPaymentMethod,
  findPenalty,
  liftPenaltyRow,
  lockSpendableBuckets,
  otherUnlimitedEnd,
  pageOfCustomers,
  setBucketAmount,
  setExpiryOfPurchaseBuckets,
  setMembership,
  updatePurchaseRow,
} from "./admin-customers.repository";

/** The admin doing the change; every change below is audited with it in its own transaction. */
export type Actor = { user_id: string };

const customerNotFound = () => notFound("customerNotFound", "CUSTOMER_NOT_FOUND");

async function requireCustomer(tx: Db, id: number, lock = false) {
  const row = await findCustomer(tx, id, lock);
  if (!row) throw customerNotFound();
  return row;
}

/** Parses "name" / "-createdAt" (a leading minus sorts descending). */
export function parseSort(text: string | undefined, allowed: readonly CustomerSort[]) {
  const desc = Boolean(text?.startsWith("-"));
  const key = (text ?? "").replace(/^-/, "") as CustomerSort;
  return allowed.includes(key) ? { sort: key, desc } : { sort: "createdAt" as const, desc: true };
}

export async function listCustomers(
  db: Db,
  input: { query: string; page: number; size: number; sort: CustomerSort; desc: boolean },
  now = new Date(),
) {
  const { rows, total } = await pageOfCustomers(db, { ...input, now });
  return { customers: rows, total, page: input.page, size: input.size };
}

/** The quick search of the admin header and of "book for a customer": ten best matches by name. */
export async function quickSearch(db: Db, query: string, now = new Date()) {
  if (!query.trim()) return [];
  const { rows } = await pageOfCustomers(db, { query, page: 1, size: 10, sort: "name", desc: false, now });
  return rows;
}

/** Everything the admin's customer page shows, in one answer. */
export async function customerDetail(db: Db, config: AppConfig, id: number, now = new Date()) {
  const customer = await requireCustomer(db, id);
  const fields = await customerFields(db);
  const values = await customerValues(db, id, fields);
  const [credits, purchases, reservations, waitlists, penalties, audit] = [
    await myCredits(db, id, true, now),
    await getCustomerPurchases(db, id, config.timezone),
    await customerReservations(db, id),
    await customerWaitlists(db, id),
    await customerPenalties(db, id),
    await listAudit(db, { customer_id: id }, 1, 100),
  ];
  return {
    customer,
    form_answers: fields
      .filter((f) => values[f.key] !== undefined && values[f.key] !== null && values[f.key] !== "")
      .map((f) => ({ key: f.key, label: f.label, type: f.type, value: values[f.key] })),
    credits,
    purchases,
    reservations,
    waitlists,
    penalties: penalties.map((p) => ({
      ...p,
      active: !p.liftedAt && p.start_date <= now && p.end_date > now,
    })),
    audit: audit.entries,
  };
}

export type GrantInput = {
  customer_id: number;
  class_package_id: number;
  package_days?: number | null;
  is_gift: boolean;
  payment_method_id?: number | null;
  bill: number;
};

/**
 * POST /customer/giveAccess: the studio sells or gifts a package at the desk. One transaction
 * creates an 'admin' purchase (billed `bill`, 0 for a gift), grants it through the purchases
 * service (credits_granted_at makes that happen once), applies the admin's own access length
 * (package_days) and audits it. Admin grants are never billed again: no subscription renewal.
 */
export async function giveAccess(
  db: Db,
  timeZone: string,
  actor: Actor,
  input: GrantInput,
  now = new Date(),
) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await requireCustomer(tx, input.customer_id, true);
    const pkg = await getPackage(tx, input.class_package_id, { admin: true });
    if (input.payment_method_id && !(await findPaymentMethod(tx, input.payment_method_id))) {
      throw notFound("paymentMethodNotFound", "PAYMENT_METHOD_NOT_FOUND");
    }
    const bill = input.is_gift ? "0.00" : centsToString(toCents(input.bill));
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
        payment_method_id: input.payment_method_id ?? null,
        provider: "admin",
        is_gift: input.is_gift,
      },
      bill,
    );
    const { purchase: granted } = await grantPurchase(tx, pending, { now, timeZone });
    const end = input.package_days ? addPeriod(now, input.package_days, "day", timeZone) : undefined;
    if (end) await setExpiryOfPurchaseBuckets(tx, pending.purchase_id, end);
    if (end && pkg.is_unlimited_membership) {
      const other = await otherUnlimitedEnd(tx, input.customer_id, pending.purchase_id, now);
      const until = other === null ? null : other && other > end ? other : end;
      await setMembership(tx, input.customer_id, true, until);
    }
    const purchase = await updatePurchaseRow(tx, pending.purchase_id, {
      status: "completed",
      subscription_id: null,
      next_billing_date: null,
      ...(end ? { expiration_date: end } : {}),
    });
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "access.grant",
      entity: "purchase",
      entity_id: purchase.purchase_id,
      customer_id: input.customer_id,
      details: {
        title: pkg.title,
        class_package_id: pkg.class_package_id,
        package_days: input.package_days ?? null,
        is_gift: input.is_gift,
        bill: Number(bill),
        payment_method_id: input.payment_method_id ?? null,
        granted: Boolean(granted),
      },
    });
    return purchase;
  });
}

/**
 * PUT /customer/revokeAccess: the purchase stops giving anything: status revoked, its buckets
 * emptied (unlimited ones too), an unlimited membership it gave ends unless another paid one
 * still covers the customer, and a card subscription is cancelled at the gateway.
 */
export async function revokeAccess(
  db: Db,
  gateway: CardGateway | null,
  actor: Actor,
  purchaseId: number,
  now = new Date(),
) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const purchase = await findPurchase(tx, purchaseId, true);
    if (!purchase) throw notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
    if (purchase.status === "revoked") throw AppError.of(409, "ALREADY_REVOKED", "accessAlreadyRevoked");
    await requireCustomer(tx, purchase.customer_id, true);
    let emptied = 0;
    if (purchase.credits_granted_at) {
      emptied = await emptyBucketsOfPurchase(tx, purchaseId);
      const pkg = await getPackage(tx, purchase.class_package_id, { admin: true });
      if (pkg.is_unlimited_membership) {
        const other = await otherUnlimitedEnd(tx, purchase.customer_id, purchaseId, now);
        await setMembership(tx, purchase.customer_id, other !== undefined, other === undefined ? now : other);
      }
    } else {
      await failPendingInvoices(tx, purchaseId);
    }
    if (
      gateway &&
      purchase.subscription_id &&
      purchase.status === "active" &&
      purchase.provider === gateway.name
    ) {
      await gateway.cancelSubscription(purchase.subscription_id);
    }
    const updated = await updatePurchaseRow(tx, purchaseId, {
      status: "revoked",
      cancelledAt: now,
      next_billing_date: null,
      ...(purchase.credits_granted_at ? { expiration_date: now } : {}),
    });
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "access.revoke",
      entity: "purchase",
      entity_id: purchaseId,
      customer_id: purchase.customer_id,
      details: { title: purchase.title, previous_status: purchase.status, buckets_emptied: emptied },
    });
    return updated;
  });
}

/**
 * PUT /customer/removeClasses: takes `amount` credits from the buckets that expire first
 * (never-expiring last), never leaving one below 0; unlimited buckets are not touched. With
 * fewer credits than asked, removes what there is; with none, 412.
 */
export async function removeClasses(
  db: Db,
  actor: Actor,
  input: { customer_id: number; amount: number },
  now = new Date(),
) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await requireCustomer(tx, input.customer_id, true);
    const buckets = await lockSpendableBuckets(tx, input.customer_id, now);
    let left = input.amount;
    const taken: { available_class_id: number; removed: number }[] = [];
    for (const bucket of buckets) {
      if (left === 0) break;
      const removed = Math.min(left, bucket.available_classes);
      await setBucketAmount(tx, bucket.available_class_id, bucket.available_classes - removed);
      taken.push({ available_class_id: bucket.available_class_id, removed });
      left -= removed;
    }
    const removed = input.amount - left;
    if (removed === 0) throw AppError.of(412, "NO_CLASSES_TO_REMOVE", "noClassesToRemove");
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "credits.remove",
      entity: "customer",
      entity_id: input.customer_id,
      customer_id: input.customer_id,
      details: { requested: input.amount, removed, buckets: taken },
    });
    return { removed };
  });
}

/** Confirms a cash purchase through the purchases service, audited in the same transaction. */
export async function confirmCash(
  db: Db,
  timeZone: string,
  actor: Actor,
  purchaseId: number,
  now = new Date(),
) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const result = await confirmCashPurchase(tx, purchaseId, timeZone, now);
    if (result.granted) {
      await recordAudit(tx, {
        actor_user_id: actor.user_id,
        action: "purchase.confirm_cash",
        entity: "purchase",
        entity_id: purchaseId,
        customer_id: result.purchase.customer_id,
        details: { title: result.purchase.title, total_payment: Number(result.purchase.total_payment) },
      });
    }
    return result;
  });
}

export async function liftPenalty(db: Db, actor: Actor, penaltyId: number, now = new Date()) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const penalty = await findPenalty(tx, penaltyId, true);
    if (!penalty) throw notFound("penaltyNotFound", "PENALTY_NOT_FOUND");
    if (penalty.liftedAt || penalty.end_date <= now) {
      throw AppError.of(409, "PENALTY_NOT_ACTIVE", "penaltyAlreadyLifted");
    }
    await liftPenaltyRow(tx, penaltyId, actor.user_id, now);
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "penalty.lift",
      entity: "penalty",
      entity_id: penaltyId,
      customer_id: penalty.customer_id,
      details: { no_shows: penalty.no_shows, end_date: penalty.end_date.toISOString() },
    });
  });
}

/**
 * Books a customer into a class from the desk with the customer's own rules (credits, window,
 * seats, spots, penalty): bookSeat runs inside this transaction (a savepoint), so the seat and
 * its audit entry are saved together.
 */
export async function bookForCustomer(
  db: Db,
  config: AppConfig,
  actor: Actor,
  customerId: number,
  request: BookingRequest,
  now = new Date(),
) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await requireCustomer(tx, customerId);
    const { host, guest } = await bookSeat(tx, config, customerId, request, now);
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "reservation.book",
      entity: "reservation",
      entity_id: host.class_reservation_id,
      customer_id: customerId,
      details: { single_class_id: host.single_class_id, spot: host.spot, guest: guest?.guest ?? null },
    });
    return host;
  });
}

/** Cancels a customer's reservation with the studio's cancel policy (same refund rules). */
export async function cancelForCustomer(
  db: Db,
  config: AppConfig,
  actor: Actor,
  customerId: number,
  reservationId: number,
  now = new Date(),
) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const result = await cancelReservation(tx, config, customerId, reservationId, now);
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "reservation.cancel",
      entity: "reservation",
      entity_id: reservationId,
      customer_id: customerId,
      details: { single_class_id: result.single_class_id, refunded: result.refunded },
    });
    return result;
  });
}
