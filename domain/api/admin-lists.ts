import { z } from "zod";
import { isLocalDay } from "../booking";
import { IVA_RATES } from "../fiscal/iva";
import { classSummaryRow } from "./dashboard";
import { isoDate } from "./wire";

/**
 * The admin lists' answers (server/modules/admin-lists): every list answers one page
 * `{ rows, total, page, pageSize }`. Their query strings are here too: each list's sort keys are
 * the allow-list its repository orders by.
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
  /**
   * How it was really paid when the option's name does not say it: a counter sale's method and
   * reference ("Mostrador · Efectivo", "Mostrador · Tarjeta (terminal) · ref 482913"), OXXO, SPEI.
   */
  payment: z.string().nullable(),
  amount: z.number(),
  discount_total: z.number(),
  total_payment: z.number(),
  /** Given back in refunds (decision 0027). */
  refunded_total: z.number(),
  /** IVA included in total_payment (decision 0032): the rate and the parts. */
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
  /** As in purchaseRow: the counter's method and reference, OXXO, SPEI. */
  payment: z.string().nullable(),
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

// --- Query strings

/**
 * What every admin list accepts in its query string: paging (pageSize at
 * most 100, so one request never reads more than a page), a sort key from the list's own
 * allow-list, a free-text search and an optional range of the studio's local days.
 */

const day = z.string().refine(isLocalDay, { message: "Usa una fecha AAAA-MM-DD." });
export const optionalId = z.coerce.number().int().positive().optional();

export const MAX_PAGE_SIZE = 100;

/** The common query string plus the list's own `filters`, with the day range checked in order. */
export function listQuery<
  const K extends readonly [string, ...string[]],
  F extends z.ZodRawShape = Record<never, never>,
>(sorts: K, defaults: { sort: K[number]; order: "asc" | "desc" }, filters: F = {} as F) {
  return z
    .object({
      page: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
      sort: z.enum(sorts).default(defaults.sort as K[number] & string),
      order: z.enum(["asc", "desc"]).default(defaults.order),
      query: z.string().trim().max(200).default(""),
      from: day.optional(),
      to: day.optional(),
    })
    .extend(filters)
    .refine(rangeIsOrdered, rangeError);
}

/** Rejects a range whose end comes before its start (with the field the form should mark). */
function rangeIsOrdered(q: { from?: string; to?: string }) {
  return !q.from || !q.to || q.from <= q.to;
}
const rangeError = { message: "La fecha final debe ser posterior a la inicial.", path: ["to"] };

/** Purchases and charges: newest first, by their own status, package, origin and payment option. */
export const paymentListQuery = <
  const K extends readonly ["created_at", ...string[]],
  const S extends readonly [string, ...string[]],
  const P extends readonly [string, ...string[]],
>(
  sorts: K,
  statuses: S,
  providers: P,
) =>
  listQuery(
    sorts,
    { sort: "created_at", order: "desc" },
    {
      status: z.enum(statuses).optional(),
      class_package_id: optionalId,
      provider: z.enum(providers).optional(),
      payment_method_id: optionalId,
    },
  );

export const CLASS_SORTS = ["date", "type", "coach", "location", "booked", "checked_in"] as const;
export const classListQuery = listQuery(CLASS_SORTS, { sort: "date", order: "asc" });

export const RESERVATION_SORTS = ["class_date", "customer", "type", "created_at"] as const;
export const reservationListQuery = listQuery(
  RESERVATION_SORTS,
  { sort: "class_date", order: "asc" },
  { state: z.enum(["active", "cancelled", "all"]).default("all") },
);

export const PURCHASE_SORTS = ["created_at", "customer", "title", "status", "provider", "total"] as const;
export const INVOICE_SORTS = ["created_at", "customer", "title", "status", "total"] as const;

export const WAITLIST_SORTS = ["class_date", "created_at", "customer", "status"] as const;
/** "active": still in line (waiting or offered, not removed); "past": everything else. */
export const WAITLIST_STATES = [
  "active",
  "past",
  "waiting",
  "offered",
  "promoted",
  "expired",
  "left",
] as const;
export const waitlistListQuery = listQuery(
  WAITLIST_SORTS,
  { sort: "class_date", order: "desc" },
  { status: z.enum(WAITLIST_STATES).optional() },
);
