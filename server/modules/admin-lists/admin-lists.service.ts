import { addLocalDays, localDay } from "../../../domain/booking";
import { deskPaymentText } from "../../../domain/desk-sale";
import { notFound } from "../../../domain/errors";
import { ivaOut } from "../../../domain/fiscal/iva";
import { centsToNumber, moneyOut } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { InvoiceStatus, PaymentProvider, PurchaseStatus } from "../../db/schema/purchases";
import { recordAudit } from "../audit/audit.service";
import { leaveWaitlist } from "../waitlists/waitlists.service";
import {
  type ClassSort,
  pageOfClasses,
  pageOfReservations,
  type ReservationSort,
  type ReservationState,
} from "./classes.repository";
import { instantRange, type Paging, type Sorting } from "./list-query";
import {
  type InvoiceSort,
  type PaymentFilters,
  type PurchaseSort,
  pageOfInvoices,
  pageOfPurchases,
} from "./payments.repository";
import {
  entryOwner,
  pageOfWaitlistEntries,
  type WaitlistSort,
  type WaitlistState,
} from "./waitlist-entries.repository";

/**
 * The admin's lists: classes, reservations, purchases, charges and waitlists. Each answers one
 * page `{ rows, total, page, pageSize }` for the filters given; days are the studio's days.
 */

type ListInput<K extends string> = Paging & Sorting<K> & { query: string; from?: string; to?: string };
type Actor = { user_id: string };

const pageOut = <R>(input: Paging, rows: R[], total: number) => ({
  rows,
  total,
  page: input.page,
  pageSize: input.pageSize,
});

/** The class list opens on today and the next 7 days when no range is given. */
export const DEFAULT_CLASS_DAYS = 7;

export async function listClasses(db: Db, timeZone: string, input: ListInput<ClassSort>, now = new Date()) {
  const from = input.from ?? localDay(now, timeZone);
  const to = input.to ?? addLocalDays(from, DEFAULT_CLASS_DAYS);
  const { rows, total } = await pageOfClasses(db, { ...input, range: instantRange({ from, to }, timeZone) });
  return { ...pageOut(input, rows, total), from, to };
}

export async function listReservations(
  db: Db,
  timeZone: string,
  input: ListInput<ReservationSort> & { state: ReservationState },
) {
  const { rows, total } = await pageOfReservations(db, { ...input, range: instantRange(input, timeZone) });
  return pageOut(input, rows, total);
}

type PaymentListInput = Omit<PaymentFilters, "range"> & { from?: string; to?: string };

/** Count and sum of the whole filtered set, and per status (money in pesos, two decimals). */
function totalsOf(byStatus: { status: string; count: number; cents: number }[]) {
  const sorted = [...byStatus].sort((a, b) => a.status.localeCompare(b.status));
  return {
    count: sorted.reduce((n, s) => n + s.count, 0),
    total_payment: centsToNumber(sorted.reduce((n, s) => n + s.cents, 0)),
    by_status: sorted.map((s) => ({
      status: s.status,
      count: s.count,
      total_payment: centsToNumber(s.cents),
    })),
  };
}

/**
 * How a sale was really paid, for the list and its CSV (the day's cash is counted from it): the
 * counter's method and reference, or the offline voucher; null when the option's name says it.
 */
function realPayment(r: { provider_ref: string | null; voucher_method: string | null }): string | null {
  const desk = deskPaymentText(r.provider_ref);
  if (desk) return desk;
  if (r.voucher_method === "oxxo") return "OXXO";
  if (r.voucher_method === "spei") return "Transferencia SPEI";
  return null;
}

/** A page of a payment list with the totals of its whole filtered set (which also give the count). */
function pageWithTotals<R>(input: Paging, rows: R[], byStatus: Parameters<typeof totalsOf>[0]) {
  const totals = totalsOf(byStatus);
  return { ...pageOut(input, rows, totals.count), totals };
}

export async function listPurchases(
  db: Db,
  timeZone: string,
  input: ListInput<PurchaseSort> & PaymentListInput & { status?: PurchaseStatus },
) {
  const { rows, byStatus } = await pageOfPurchases(db, { ...input, range: instantRange(input, timeZone) });
  const out = rows.map((r) => ({
    ...r,
    amount: moneyOut(r.amount) ?? 0,
    discount_total: moneyOut(r.discount_total) ?? 0,
    total_payment: moneyOut(r.total_payment) ?? 0,
    refunded_total: moneyOut(r.refunded_total) ?? 0,
    ...ivaOut(r.total_payment, r.iva_rate),
    payment: realPayment(r),
    // A cash purchase waiting for the desk: "Confirmar pago" grants it (PUT /customer/confirmCash).
    can_confirm: r.status === "pending" && r.provider === "cash",
  }));
  return pageWithTotals(input, out, byStatus);
}

/**
 * Which confirmation a pending cash charge takes: a renewal's is confirmed as an invoice (its
 * period is granted), the first charge of a pending purchase by confirming the purchase.
 */
function invoiceConfirmation(r: {
  status: InvoiceStatus;
  provider: PaymentProvider;
  purchase_status: PurchaseStatus;
  period_start: Date | null;
}): "invoice" | "purchase" | null {
  if (r.status !== "pending" || r.provider !== "cash") return null;
  if (r.period_start && r.purchase_status === "active") return "invoice";
  if (r.purchase_status === "pending") return "purchase";
  return null;
}

export async function listInvoices(
  db: Db,
  timeZone: string,
  input: ListInput<InvoiceSort> & PaymentListInput & { status?: InvoiceStatus },
) {
  const { rows, byStatus } = await pageOfInvoices(db, { ...input, range: instantRange(input, timeZone) });
  const out = rows.map((r) => ({
    ...r,
    total_payment: moneyOut(r.total_payment) ?? 0,
    payment: realPayment(r),
    confirm: invoiceConfirmation(r),
  }));
  return pageWithTotals(input, out, byStatus);
}

export async function listWaitlistEntries(
  db: Db,
  timeZone: string,
  input: ListInput<WaitlistSort> & { state?: WaitlistState },
) {
  const { rows, total } = await pageOfWaitlistEntries(db, { ...input, range: instantRange(input, timeZone) });
  return pageOut(input, rows, total);
}

/**
 * The admin takes someone off a line: the same change as the customer's own "leave" (the row
 * stays, marked left, for the history), done through the waitlists service and audited in the
 * same transaction.
 */
export async function removeWaitlistEntry(db: Db, actor: Actor, id: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const owner = await entryOwner(tx, id);
    if (!owner) throw notFound("waitlistNotFound", "WAITLIST_NOT_FOUND");
    await leaveWaitlist(tx, owner.customer_id, id, now);
    await recordAudit(tx, {
      actor_user_id: actor.user_id,
      action: "waitlist.remove",
      entity: "waitlist",
      entity_id: id,
      customer_id: owner.customer_id,
      details: { single_class_id: owner.single_class_id },
    });
  });
}
