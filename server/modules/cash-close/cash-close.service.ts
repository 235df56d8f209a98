import { isLocalDay, localDay } from "../../../domain/booking";
import {
  type CashMovement,
  type CashMovementKind,
  closeDifference,
  countedCents,
  dayBounds,
  deskMethodOf,
  summariseTakings,
} from "../../../domain/cash-close";
import { parseDeskProviderRef } from "../../../domain/desk-sale";
import { AppError } from "../../../domain/errors";
import { centsToNumber, centsToString, toCents } from "../../../domain/money";
import type { StaffRole } from "../../../domain/staff";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { type Actor, auditedChange } from "../audit/audit.service";
import { balancePaidCents, giftCardCashLines } from "../gift-cards/gift-cards.service";
import { retailCashLines } from "../retail/retail.service";
import {
  type CloseRow,
  closeById,
  closesOfLocation,
  closeWithNames,
  collectedCharges,
  deskRefunds,
  insertClose,
  listLocations,
  markReopened,
  standingClose,
} from "./cash-close.repository";

/**
 * The cash close (corte de caja, decision 0063; docs/product-rules.md#cash-close). What the desk
 * took at a location on a studio day is read from the charges and refunds themselves (who took
 * them, where and when: invoices.collected_*, refunds.refunded_by/location_id; how: the purchase's
 * provider and the counter's provider_ref). One drawer per location and day: the staff member
 * who closes counts it; the close keeps the expected cash as it was, the count and the difference.
 */

/** Who may reopen a closed day (the rest of the desk may only close). */
const REOPENERS: readonly StaffRole[] = ["owner", "manager"];
export const mayReopen = (role: StaffRole | null) => role !== null && REOPENERS.includes(role);

async function resolveLocation(db: Db, requested: number | undefined) {
  const all = await listLocations(db);
  const location =
    requested === undefined
      ? (all.find((l) => l.available) ?? all[0])
      : all.find((l) => l.location_id === requested);
  if (!location) throw AppError.of("LOCATION_NOT_FOUND");
  return { location, all };
}

/** A day the desk may look at or close: a real "YYYY-MM-DD", not after today. */
function checkedDay(day: string | undefined, today: string) {
  const value = day ?? today;
  if (!isLocalDay(value) || value > today) throw AppError.of("CASH_CLOSE_DAY_INVALID");
  return value;
}

const fullName = (name: string, last: string | null) => [name, last].filter(Boolean).join(" ");

const GIFT_CARD_TITLE = "Tarjeta de regalo";

/** A retail movement shown like a purchase's: no purchase, titled as products. */
const RETAIL_LINE = {
  amount: "0",
  provider: "admin" as const,
  provider_ref: null as string | null,
  purchase_id: null as number | null,
  title: "Productos de mostrador",
  customer_name: "",
  customer_last_name: null as string | null,
  sign: 1,
  kind: "sale" as CashMovementKind,
};

/** The day's movements at a location, each with its method, sign and staff member. */
async function movementsOf(db: Db, locationId: number, day: string, timeZone: string) {
  const { from, to } = dayBounds(day, timeZone);
  const [charges, refunds] = await Promise.all([
    collectedCharges(db, locationId, from, to),
    deskRefunds(db, locationId, from, to),
  ]);
  // A gift card or saldo a favor that paid part of a counter sale is not in the drawer (decision 0123).
  const byBalance = await balancePaidCents(
    db,
    charges.map((r) => r.purchase_id),
  );
  const lines = [
    ...charges.map((r) => ({
      ...r,
      amount: centsToString(toCents(r.amount) - (byBalance.get(r.purchase_id) ?? 0)),
      sign: 1,
      kind: (r.provider === "cash" ? "order" : "sale") as CashMovementKind,
    })),
    ...refunds.map((r) => ({ ...r, sign: -1, kind: "refund" as CashMovementKind })),
  ];
  const movements: (CashMovement & {
    line: Omit<(typeof lines)[number], "purchase_id"> & {
      purchase_id: number | null;
      retail_sale_id?: number;
    };
  })[] = [];
  for (const line of lines) {
    const method = deskMethodOf(line.provider, line.provider_ref);
    if (!method || toCents(line.amount) === 0) continue;
    movements.push({
      staff_user_id: line.staff_user_id,
      staff_name: line.staff_name ?? "Sin nombre",
      method,
      kind: line.kind,
      cents: line.sign * toCents(line.amount),
      line,
    });
  }
  // Retail at the counter (decision 0094): its sales and refunds are the drawer's too.
  for (const r of await retailCashLines(db, locationId, from, to)) {
    if (r.cents === 0) continue; // paid whole by a gift card or saldo a favor
    const kind: CashMovementKind = r.cents < 0 ? "refund" : "sale";
    movements.push({
      staff_user_id: r.staff_user_id,
      staff_name: r.staff_name ?? "Sin nombre",
      method: r.method,
      kind,
      cents: r.cents,
      line: {
        ...RETAIL_LINE,
        at: r.at,
        staff_user_id: r.staff_user_id,
        staff_name: r.staff_name,
        retail_sale_id: r.sale_id,
      },
    });
  }
  // Gift cards sold at the counter: money in the drawer, not revenue (decisions 0091, 0123).
  for (const g of await giftCardCashLines(db, locationId, from, to)) {
    movements.push({
      staff_user_id: g.staff_user_id,
      staff_name: g.staff_name ?? "Sin nombre",
      method: g.method,
      kind: g.cents < 0 ? "refund" : "sale",
      cents: g.cents,
      line: {
        ...RETAIL_LINE,
        title: GIFT_CARD_TITLE,
        customer_name: g.buyer_name,
        provider_ref: g.reference ? `desk:${g.method}:${g.reference}` : null,
        at: g.at,
        staff_user_id: g.staff_user_id,
        staff_name: g.staff_name,
      },
    });
  }
  movements.sort((a, b) => (a.line.at?.getTime() ?? 0) - (b.line.at?.getTime() ?? 0));
  return movements;
}

const money = (cents: number) => centsToNumber(cents);
const totalsOut = (t: { cash: number; card: number; transfer: number; total: number }) => ({
  cash: money(t.cash),
  card: money(t.card),
  transfer: money(t.transfer),
  total: money(t.total),
});

export function closeOut(r: CloseRow) {
  const c = r.close;
  return {
    cash_close_id: c.cash_close_id,
    location_id: c.location_id,
    location_name: r.location_name,
    day: c.day,
    expected_cash: money(c.expected_cash_cents),
    counted_cash: money(c.counted_cash_cents),
    difference: money(c.difference_cents),
    card: money(c.card_cents),
    transfer: money(c.transfer_cents),
    note: c.note,
    closed_by_name: r.closed_by_name,
    closedAt: c.closedAt,
    reopened_by_name: r.reopened_by_name,
    reopened_at: c.reopened_at,
    reopen_reason: c.reopen_reason,
  };
}

/** GET /corte-de-caja: the per-staff, per-method table of a location's day and its close. */
export async function cashCloseOf(
  db: Db,
  timeZone: string,
  role: StaffRole | null,
  query: { location_id?: number; day?: string },
  now = new Date(),
) {
  const today = localDay(now, timeZone);
  const day = checkedDay(query.day, today);
  const { location, all } = await resolveLocation(db, query.location_id);
  const movements = await movementsOf(db, location.location_id, day, timeZone);
  const summary = summariseTakings(movements);
  const standing = await standingClose(db, location.location_id, day);
  const close = standing ? await closeWithNames(db, standing.cash_close_id) : null;
  // A movement recorded after the close (a late sale, a refund) is shown against it, not blocked
  // (decision 0068): the close keeps what was counted, and a reopen and a new count settle it.
  const since = standing
    ? {
        cash: summary.expected_cash - standing.expected_cash_cents,
        card: summary.totals.card - standing.card_cents,
        transfer: summary.totals.transfer - standing.transfer_cents,
      }
    : null;
  const drifted = since !== null && (since.cash !== 0 || since.card !== 0 || since.transfer !== 0);
  return {
    location_id: location.location_id,
    day,
    today,
    locations: all
      .filter((l) => l.available || l.location_id === location.location_id)
      .map((l) => ({ location_id: l.location_id, name: l.name })),
    staff: summary.staff.map((s) => ({
      staff_user_id: s.staff_user_id,
      staff_name: s.staff_name,
      ...totalsOut(s),
    })),
    totals: totalsOut(summary.totals),
    expected_cash: money(summary.expected_cash),
    movements: movements.map((m) => ({
      at: m.line.at ?? new Date(0),
      kind: m.kind,
      method: m.method,
      amount: money(m.cents),
      staff_name: m.staff_name,
      customer_name: fullName(m.line.customer_name, m.line.customer_last_name),
      title: m.line.title,
      purchase_id: m.line.purchase_id,
      retail_sale_id: m.line.retail_sale_id ?? null,
      reference: parseDeskProviderRef(m.line.provider_ref)?.reference ?? null,
    })),
    close: close ? closeOut(close) : null,
    close_status: since === null ? null : drifted ? ("descuadrado" as const) : ("vigente" as const),
    since_close:
      since === null
        ? null
        : {
            cash: money(since.cash),
            card: money(since.card),
            transfer: money(since.transfer),
          },
    can_reopen: mayReopen(role),
  };
}

/**
 * POST /corte-de-caja: the counted cash closes a location's day. The expected cash is computed in
 * the same transaction as the close and its audit entry; a day already closed is 409 (the partial
 * unique index settles two closes at once).
 */
export async function closeDay(
  db: Db,
  timeZone: string,
  actor: Actor,
  input: { location_id: number; day: string; counted_cash: number; note?: string | null },
  now = new Date(),
) {
  const day = checkedDay(input.day, localDay(now, timeZone));
  const counted = countedCents(input.counted_cash);
  if (counted === null) {
    throw AppError.of("CASH_CLOSE_AMOUNT_INVALID", { fields: { counted_cash: "Monto no válido" } });
  }
  const { location } = await resolveLocation(db, input.location_id);
  let id: number;
  try {
    id = await auditedChange(db, actor, async (tx) => {
      if (await standingClose(tx, location.location_id, day, true))
        throw AppError.of("CASH_CLOSE_ALREADY_CLOSED");
      const summary = summariseTakings(await movementsOf(tx, location.location_id, day, timeZone));
      const difference = closeDifference(summary.expected_cash, counted);
      const row = await insertClose(tx, {
        location_id: location.location_id,
        day,
        expected_cash_cents: summary.expected_cash,
        counted_cash_cents: counted,
        difference_cents: difference,
        card_cents: summary.totals.card,
        transfer_cents: summary.totals.transfer,
        note: input.note?.trim() || null,
        closed_by: actor.user_id,
        closedAt: now,
      });
      return {
        result: row.cash_close_id,
        audit: {
          action: "cash_close.close",
          entity: "cash_close",
          entity_id: row.cash_close_id,
          details: {
            location: location.name,
            day,
            expected_cash: money(summary.expected_cash),
            counted_cash: money(counted),
            difference: money(difference),
          },
        },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.of("CASH_CLOSE_ALREADY_CLOSED");
    throw error;
  }
  return closeOut((await closeWithNames(db, id))!);
}

/** POST /corte-de-caja/:id/reopen: owner or manager, with a reason; the row stays in the history. */
export async function reopenClose(db: Db, actor: Actor, id: number, reason: string, now = new Date()) {
  const why = reason.trim();
  if (why.length < 5)
    throw AppError.of("CASH_CLOSE_REOPEN_REASON", { fields: { reason: "Motivo requerido" } });
  await auditedChange(db, actor, async (tx) => {
    const close = await closeById(tx, id, true);
    if (!close) throw AppError.of("CASH_CLOSE_NOT_FOUND");
    if (close.reopened_at) throw AppError.of("CASH_CLOSE_ALREADY_REOPENED");
    await markReopened(tx, id, { reopened_by: actor.user_id, reopened_at: now, reopen_reason: why });
    return {
      result: null,
      audit: {
        action: "cash_close.reopen",
        entity: "cash_close",
        entity_id: id,
        details: {
          day: close.day,
          location_id: close.location_id,
          counted_cash: money(close.counted_cash_cents),
          difference: money(close.difference_cents),
          reason: why,
        },
      },
    };
  });
  return closeOut((await closeWithNames(db, id))!);
}

/** GET /corte-de-caja/historial: a location's closes, reopened ones included. */
export async function closeHistory(db: Db, query: { location_id?: number; limit: number }) {
  const { location } = await resolveLocation(db, query.location_id);
  return (await closesOfLocation(db, location.location_id, query.limit)).map(closeOut);
}
