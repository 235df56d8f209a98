import { z } from "zod";
import { isoDate } from "./wire";

/**
 * The cash close (corte de caja, server/modules/cash-close, decision 0063). Amounts are pesos with
 * two decimals on the wire (integer centavos inside); a day is "YYYY-MM-DD" on the studio's clock.
 */

/**
 * `?location_id=` on the desk's cash confirmations (PUT /customer/confirmCash, POST
 * /purchases/admin/{id}/confirm and its renewal's): the drawer that took the cash (absent: the
 * studio's first location).
 */
export const deskLocationQuery = z.object({ location_id: z.coerce.number().int().positive().optional() });

/** GET /corte-de-caja: a location's day (absent: today at the studio's first location). */
export const cashCloseQuery = z.object({
  location_id: z.coerce.number().int().positive().optional(),
  day: z.string().trim().max(10).optional(),
});

const methodTotals = { cash: z.number(), card: z.number(), transfer: z.number(), total: z.number() };

export const cashCloseStaffRow = z.object({
  staff_user_id: z.string().nullable(),
  staff_name: z.string(),
  ...methodTotals,
});

/** One movement of the day, for the detail under the table. */
export const cashMovementOut = z.object({
  at: isoDate,
  kind: z.enum(["sale", "order", "refund"]),
  method: z.enum(["cash", "card", "transfer"]),
  amount: z.number(),
  staff_name: z.string(),
  customer_name: z.string(),
  title: z.string(),
  /** Null for a retail movement (decision 0094), which names its sale instead. */
  purchase_id: z.number().nullable(),
  retail_sale_id: z.number().nullable(),
  /** The counter's terminal or transfer reference, when the desk typed one. */
  reference: z.string().nullable(),
});

export const cashCloseRecord = z.object({
  cash_close_id: z.number(),
  location_id: z.number(),
  location_name: z.string(),
  day: z.string(),
  expected_cash: z.number(),
  counted_cash: z.number(),
  difference: z.number(),
  card: z.number(),
  transfer: z.number(),
  note: z.string().nullable(),
  closed_by_name: z.string().nullable(),
  closedAt: isoDate,
  reopened_by_name: z.string().nullable(),
  reopened_at: isoDate.nullable(),
  reopen_reason: z.string().nullable(),
});

export const cashCloseAnswer = z.object({
  location_id: z.number(),
  day: z.string(),
  /** Today on the studio's clock (the latest day that can be closed). */
  today: z.string(),
  locations: z.array(z.object({ location_id: z.number(), name: z.string() })),
  staff: z.array(cashCloseStaffRow),
  totals: z.object(methodTotals),
  /** Counter cash sales + confirmed cash orders − cash refunds. */
  expected_cash: z.number(),
  movements: z.array(cashMovementOut),
  /** The day's standing close (null: open). */
  close: cashCloseRecord.nullable(),
  /**
   * "vigente": the day's money is what the close counted; "descuadrado": a sale, cash order or
   * refund was recorded at this drawer after the close, so the close no longer matches the day
   * (decision 0068: it is shown, never blocked; a reopen and a new count settle it). null: open.
   */
  close_status: z.enum(["vigente", "descuadrado"]).nullable(),
  /** What moved after the close, per method: the day now − the day as the close counted it. */
  since_close: z.object({ cash: z.number(), card: z.number(), transfer: z.number() }).nullable(),
  /** Whether the signed-in staff member may reopen a close (owner and manager). */
  can_reopen: z.boolean(),
});

/** POST /corte-de-caja: the counted cash closes the day. */
export const cashCloseBody = z.object({
  location_id: z.coerce.number().int().positive(),
  day: z.string().trim().max(10),
  counted_cash: z.coerce.number(),
  note: z.string().trim().max(500).nullish(),
});

export const cashCloseDoneAnswer = z.object({ message: z.string(), close: cashCloseRecord });

/** POST /corte-de-caja/:id/reopen. */
export const cashCloseReopenBody = z.object({ reason: z.string().trim().max(500) });

/** GET /corte-de-caja/historial: a location's closes, newest day first (reopened ones too). */
export const cashCloseHistoryQuery = z.object({
  location_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(60),
});
export const cashCloseHistoryAnswer = z.object({ closes: z.array(cashCloseRecord) });
