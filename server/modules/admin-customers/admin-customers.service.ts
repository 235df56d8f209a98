import type { AppConfig } from "../../../domain/app-config";
import { type DeskPayment, deskPaymentText, deskProviderRef } from "../../../domain/desk-sale";
import { AppError, notFound } from "../../../domain/errors";
import { type MessageKey, t } from "../../../domain/messages";
import { centsToNumber, centsToString, computeTotals, toCents } from "../../../domain/money";
import { trialUsedText } from "../../../domain/trial";
import type { Db } from "../../db/client";
import type { CardGateway } from "../../payments/gateway";
import { myAddress } from "../addresses/addresses.service";
import { type Actor, auditedChange, listAudit } from "../audit/audit.service";
import { myCredits, takeCredits } from "../credits/credits.service";
import { customerFields, customerValues } from "../forms/forms.service";
import { getPackage } from "../packages/packages.service";
import { paymentMethodExists } from "../payment-methods/payment-methods.service";
import { penaltiesOf } from "../penalties/penalties.service";
import { grantAtDesk, revokePurchase } from "../purchases/desk-access";
import { markPurchaseCollected } from "../purchases/desk-collection";
import { findPurchase, getCustomerPurchases } from "../purchases/purchases.service";
import { refundsOfCustomer } from "../purchases/refunds.service";
import { assertTrialAllowed, findTrialUse } from "../purchases/trial.service";
import { type BookingRequest, type BookingRules, bookSeat } from "../reservations/booking.service";
import { type CancelRules, cancelReservation } from "../reservations/reservations.service";
import { seatFreed } from "../reservations/seat-freed";
import {
  type CustomerSort,
  customerReservations,
  customerWaitlists,
  findCustomer,
  pageOfCustomers,
} from "./admin-customers.repository";
import { assertActive, customerNotes } from "./customer-record.service";

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
  input: { query: string; page: number; size: number; sort: CustomerSort; desc: boolean; tag?: string },
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
  const [credits, purchases, refunds, reservations, waitlists, penalties, audit, notes, address] = [
    await myCredits(db, id, true, now),
    await getCustomerPurchases(db, id, config.timezone),
    await refundsOfCustomer(db, id),
    await customerReservations(db, id),
    await customerWaitlists(db, id),
    await penaltiesOf(db, id, now),
    await listAudit(db, { customer_id: id }, 1, 100),
    await customerNotes(db, id),
    await myAddress(db, id),
  ];
  return {
    customer,
    address,
    notes,
    form_answers: fields
      .filter((f) => values[f.key] !== undefined && values[f.key] !== null && values[f.key] !== "")
      .map((f) => ({ key: f.key, label: f.label, type: f.type, value: values[f.key] })),
    credits,
    purchases,
    refunds,
    reservations,
    waitlists,
    penalties,
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
  /** A sale at the counter: how it was paid (domain/desk-sale.ts); absent for "Agregar acceso". */
  provider_ref?: string | null;
  /** The counter's "Vender paquete" names its sales and gifts apart from a plain grant. */
  action?: "access.sell" | "access.gift";
  /** Where the desk took the money of a sale (the cash close's location, decision 0063). */
  location_id?: number | null;
  /** "desk_override": an owner or manager sells a trial again on purpose (decision 0093). */
  trial_channel?: "desk" | "desk_override";
};

/**
 * POST /customer/giveAccess: the studio sells or gifts a package at the desk. One transaction
 * creates an 'admin' purchase (billed `bill`, 0 for a gift) through the purchases domain, which
 * grants it once and applies the admin's own access length (package_days), and audits it.
 */
export async function giveAccess(
  db: Db,
  timeZone: string,
  actor: Actor,
  input: GrantInput,
  now = new Date(),
) {
  return auditedChange(db, actor, async (tx) => {
    assertActive(await requireCustomer(tx, input.customer_id, true));
    const pkg = await getPackage(tx, input.class_package_id, { admin: true });
    // A trial is sold once per customer, at the counter too (docs/product-rules.md#trial-once).
    const trial = await assertTrialAllowed(tx, {
      customerId: input.customer_id,
      isTrial: pkg.is_trial,
      channel: input.trial_channel ?? "desk",
    });
    if (input.payment_method_id && !(await paymentMethodExists(tx, input.payment_method_id))) {
      throw notFound("paymentMethodNotFound", "PAYMENT_METHOD_NOT_FOUND");
    }
    const bill = input.is_gift ? "0.00" : centsToString(toCents(input.bill));
    const { purchase, granted } = await grantAtDesk(
      tx,
      {
        customer_id: input.customer_id,
        pkg,
        bill,
        package_days: input.package_days ?? null,
        payment_method_id: input.payment_method_id ?? null,
        is_gift: input.is_gift,
        provider_ref: input.is_gift ? null : (input.provider_ref ?? null),
      },
      { now, timeZone },
    );
    // The money of a counter sale was taken by this staff member here and now (decision 0063).
    if (input.provider_ref && !input.is_gift) {
      await markPurchaseCollected(
        tx,
        purchase,
        { user_id: actor.user_id, location_id: input.location_id },
        now,
      );
    }
    return {
      result: purchase,
      audit: {
        action: input.action ?? "access.grant",
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
          ...(input.provider_ref && !input.is_gift ? { payment: deskPaymentText(input.provider_ref) } : {}),
          granted,
          ...(trial.repeat ? { trial_repeat: true } : {}),
        },
      },
    };
  });
}

/**
 * PUT /customer/revokeAccess: the purchase stops giving anything (the purchases domain empties
 * its credits, ends the membership it gave, cancels a card subscription); revoking twice is 409.
 */
export async function revokeAccess(
  db: Db,
  gateway: CardGateway | null,
  actor: Actor,
  purchaseId: number,
  now = new Date(),
) {
  return auditedChange(db, actor, async (tx) => {
    const purchase = await findPurchase(tx, purchaseId, true);
    if (!purchase) throw notFound("purchaseNotFound", "PURCHASE_NOT_FOUND");
    if (purchase.status === "revoked") throw AppError.of("ALREADY_REVOKED");
    await requireCustomer(tx, purchase.customer_id, true);
    const { purchase: updated, emptied } = await revokePurchase(tx, gateway, purchase, now);
    return {
      result: updated,
      audit: {
        action: "access.revoke",
        entity: "purchase",
        entity_id: purchaseId,
        customer_id: purchase.customer_id,
        details: { title: purchase.title, previous_status: purchase.status, buckets_emptied: emptied },
      },
    };
  });
}

/**
 * PUT /customer/removeClasses: takes `amount` credits from the buckets that expire first
 * (credits domain). With fewer credits than asked, removes what there is; with none, 412.
 */
export async function removeClasses(
  db: Db,
  actor: Actor,
  input: { customer_id: number; amount: number },
  now = new Date(),
) {
  return auditedChange(db, actor, async (tx) => {
    await requireCustomer(tx, input.customer_id, true);
    const { removed, buckets } = await takeCredits(tx, input.customer_id, input.amount, now);
    if (removed === 0) throw AppError.of("NO_CLASSES_TO_REMOVE");
    return {
      result: { removed },
      audit: {
        action: "credits.remove",
        entity: "customer",
        entity_id: input.customer_id,
        customer_id: input.customer_id,
        details: { requested: input.amount, removed, buckets },
      },
    };
  });
}

/**
 * The booking and cancelling rules answer the customer ("no puedes…"). At the desk the admin reads
 * them about the customer, and where «Omitir reglas» gets past one, the message says so. Same
 * status and code, so programs see no difference.
 */
const DESK_MESSAGES: Partial<Record<string, MessageKey>> = {
  PENALTY_ACTIVE: "deskPenaltyActive",
  PROFILE_INCOMPLETE: "deskProfileIncomplete",
  PAGES_PENDING: "deskPagesPending",
  OUTSIDE_BOOKING_WINDOW: "deskBookingWindow",
  ALREADY_BOOKED: "deskAlreadyBooked",
  NO_CREDITS: "deskNoCredits",
  NOT_ENOUGH_SEATS: "deskNotEnoughSeats",
  CANCEL_TOO_LATE: "deskCancelTooLate",
  CANCEL_DISABLED: "deskCancelDisabled",
  CANCEL_LIMIT_REACHED: "deskCancelLimitReached",
};

async function asTheDeskReadsIt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const key = DESK_MESSAGES[error.code];
    if (!key) throw error;
    const pages = error.details?.pages as { title: string }[] | undefined;
    throw new AppError(error.status, error.code, t(key, { page: pages?.[0]?.title ?? "" }), {
      fields: error.fields,
      details: error.details,
    });
  }
}

/**
 * Books a customer into a class from the desk with the customer's own rules (credits, window,
 * seats, spots, penalty), or past some of them with `overrideRules` (decision 0015): bookSeat runs
 * inside this transaction (a savepoint), so the seat and its audit entry are saved together.
 */
export async function bookForCustomer(
  db: Db,
  config: AppConfig,
  actor: Actor,
  customerId: number,
  request: BookingRequest,
  rules: BookingRules = {},
  now = new Date(),
) {
  return asTheDeskReadsIt(() =>
    auditedChange(db, actor, async (tx) => {
      assertActive(await requireCustomer(tx, customerId));
      const { host, guest, customer, klass } = await bookSeat(tx, config, customerId, request, now, rules);
      return {
        result: { host, customer, klass },
        audit: {
          action: rules.overrideRules ? "reservation.book_override" : "reservation.book",
          entity: "reservation",
          entity_id: host.class_reservation_id,
          customer_id: customerId,
          details: { single_class_id: host.single_class_id, spot: host.spot, guest: guest?.guest ?? null },
        },
      };
    }),
  );
}

/** Cancels a customer's reservation with the studio's cancel policy, or past it with `overrideRules`. */
export async function cancelForCustomer(
  db: Db,
  config: AppConfig,
  actor: Actor,
  customerId: number,
  reservationId: number,
  rules: CancelRules = {},
  now = new Date(),
) {
  const cancelled = await asTheDeskReadsIt(() =>
    auditedChange(db, actor, async (tx) => {
      const result = await cancelReservation(tx, config, customerId, reservationId, now, rules);
      return {
        result,
        audit: {
          action: rules.overrideRules ? "reservation.cancel_override" : "reservation.cancel",
          entity: "reservation",
          entity_id: reservationId,
          customer_id: customerId,
          details: { single_class_id: result.single_class_id, refunded: result.refunded },
        },
      };
    }),
  );
  // Inside the audited transaction cancelReservation cannot hand the seat on (the line must see
  // it free, after commit): done here, as the customer's own cancel does.
  if (cancelled.classHasLine) await seatFreed(db, cancelled.single_class_id);
  return cancelled;
}

export type DeskSale = {
  class_package_id: number;
  payment: DeskPayment | "gift";
  /** Terminal authorisation or transfer reference, as the desk typed it. */
  reference?: string | null;
  /** What was charged; the package's current price when absent. */
  amount?: number | null;
  package_days?: number | null;
  /** The location whose drawer took the money (decision 0063). */
  location_id?: number | null;
};

/** Who sells: the counter, or an owner or manager repeating a trial on purpose (decision 0093). */
export type DeskSaleChannel = "desk" | "desk_override";

/**
 * POST /customer/admin/:id/sell: a package sold at the counter, paid in cash, on the studio's card
 * terminal or by transfer (decision 0022), or given as a gift. Granted at once through the
 * purchases domain and audited; the route emails the receipt (or the gift note) after commit.
 */
export async function sellAtDesk(
  db: Db,
  timeZone: string,
  actor: Actor,
  customerId: number,
  sale: DeskSale,
  now = new Date(),
  trialChannel: DeskSaleChannel = "desk",
) {
  const gift = sale.payment === "gift";
  const price =
    sale.amount ??
    centsToNumber(computeTotals(await getPackage(db, sale.class_package_id, { admin: true })).total);
  return giveAccess(
    db,
    timeZone,
    actor,
    {
      customer_id: customerId,
      class_package_id: sale.class_package_id,
      package_days: sale.package_days ?? null,
      is_gift: gift,
      payment_method_id: null,
      bill: gift ? 0 : price,
      provider_ref: sale.payment === "gift" ? null : deskProviderRef(sale.payment, sale.reference),
      action: gift ? "access.gift" : "access.sell",
      location_id: sale.location_id ?? null,
      trial_channel: trialChannel,
    },
    now,
  );
}

/**
 * GET /customer/admin/:id/trial: whether the customer already used a trial, for the desk's warning
 * before it sells one (docs/product-rules.md#trial-once).
 */
export async function customerTrial(db: Db, timeZone: string, customerId: number) {
  await requireCustomer(db, customerId);
  const used = await findTrialUse(db, customerId);
  return {
    used: used ? { title: used.title, at: used.at.toISOString(), text: trialUsedText(used, timeZone) } : null,
  };
}
