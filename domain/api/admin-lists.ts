import { z } from "zod";
import { IVA_RATES } from "../fiscal/iva";
import { classSummaryRow } from "./dashboard";
import { isoDate } from "./wire";

/**
 * The admin lists' answers (server/modules/admin-lists): every list answers one page
 * `{ rows, total, page, pageSize }`; the query strings stay with the routes (their sort keys are
 * the repositories' allow-lists).
 */

const paging = { total: z.number(), page: z.number(), pageSize: z.number() };
export const listPaging = z.object(paging);
const customer = { customer_id: z.number(), customer_name: z.string(), customer_email: z.string() };

export const listTotals = z.object({
  count: z.number(),
  total_payment: z.number(),
  by_status: z.array(z.object({ status: z.string(), count: z.number(), total_payment: z.number() })),
});

/** One page of `row`s with the paging fields and whatever else the list answers (`extra`). */
export const pageOf = <R extends z.ZodType, E extends z.ZodRawShape>(row: R, extra: E) =>
  z.object({ rows: z.array(row), ...paging, ...extra });

/** A payment list's page: its rows and the totals of the whole filtered set. */
export const paymentPage = <R extends z.ZodType>(row: R) => pageOf(row, { totals: listTotals });

/** A class with coaches and counts (the columns the dashboard's classes of today share). */
export const classRow = z.object({
  ...classSummaryRow,
  coaches: z.string().nullable(),
  checked_in: z.number(),
  waiting: z.number(),
});
export const classPage = pageOf(classRow, { from: z.string(), to: z.string() });

export const reservationRow = z.object({
  class_reservation_id: z.number(),
  single_class_id: z.number(),
  class_date: isoDate,
  class_cancelledAt: isoDate.nullable(),
  class_type: z.string(),
  location: z.string().nullable(),
  ...customer,
  guest: z.string().nullable(),
  spot: z.string().nullable(),
  attend: z.boolean(),
  paid_with: z.string(),
  cancelledAt: isoDate.nullable(),
  createdAt: isoDate,
});
export const reservationPage = pageOf(reservationRow, {});

export const purchaseRow = z.object({
  purchase_id: z.number(),
  createdAt: isoDate,
  ...customer,
  class_package_id: z.number(),
  title: z.string(),
  status: z.string(),
  provider: z.string(),
  payment_method_id: z.number().nullable(),
  payment_method: z.string().nullable(),
  amount: z.number(),
  discount_total: z.number(),
  total_payment: z.number(),
  /** Given back in refunds (issue 21.4). */
  refunded_total: z.number(),
  /** IVA included in total_payment (issue 20.5): the rate and the parts. */
  iva_rate: z.enum(IVA_RATES),
  subtotal: z.number(),
  iva: z.number(),
  is_gift: z.boolean(),
  subscription: z.boolean(),
  cancelledAt: isoDate.nullable(),
  updatedAt: isoDate,
  can_confirm: z.boolean(),
});
export const purchasePage = paymentPage(purchaseRow);

export const invoiceRow = z.object({
  invoice_id: z.number(),
  purchase_id: z.number(),
  createdAt: isoDate,
  ...customer,
  class_package_id: z.number(),
  title: z.string(),
  status: z.string(),
  purchase_status: z.string(),
  provider: z.string(),
  payment_method_id: z.number().nullable(),
  payment_method: z.string().nullable(),
  total_payment: z.number(),
  period_start: isoDate.nullable(),
  period_end: isoDate.nullable(),
  /** How a pending cash charge is confirmed: as a renewal invoice or by confirming its purchase. */
  confirm: z.enum(["invoice", "purchase"]).nullable(),
});
export const invoicePage = paymentPage(invoiceRow);

export const waitlistRow = z.object({
  waitlist_id: z.number(),
  single_class_id: z.number(),
  class_date: isoDate,
  class_cancelledAt: isoDate.nullable(),
  class_type: z.string(),
  location: z.string().nullable(),
  ...customer,
  status: z.string(),
  position: z.number().nullable(),
  offer_expires_at: isoDate.nullable(),
  removedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export const waitlistPage = pageOf(waitlistRow, {});
