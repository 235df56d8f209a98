import { addLocalDays, zonedInstant } from "./booking";
import { type DeskPayment, parseDeskProviderRef } from "./desk-sale";

/**
 * The cash close (corte de caja, decision 0063; docs/product-rules.md#cash-close): what the desk
 * took in its hands at a location on one of the studio's days, per staff member and method, and
 * the cash the drawer should hold. Pure rules; amounts in integer centavos.
 */

export const CASH_CLOSE_METHODS = ["cash", "card", "transfer"] as const satisfies readonly DeskPayment[];
export type CashCloseMethod = DeskPayment;

/** Where a movement came from: a counter sale, a cash order (or renewal) confirmed, a refund. */
export type CashMovementKind = "sale" | "order" | "refund";

/**
 * How the desk took (or gave back) the money of a purchase: a counter sale's own method
 * ("desk:card:482913", domain/desk-sale.ts, the same fact the purchases list shows), a cash order
 * in cash; null when no hand at the desk touched it (a processor, a gift, a plain grant).
 */
export function deskMethodOf(provider: string, providerRef: string | null): CashCloseMethod | null {
  if (provider === "cash") return "cash";
  if (provider === "admin") return parseDeskProviderRef(providerRef)?.payment ?? null;
  return null;
}

/** The instants [from, to) of a studio day: midnight to midnight on its wall clock. */
export function dayBounds(day: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: zonedInstant(day, "00:00", timeZone),
    to: zonedInstant(addLocalDays(day, 1), "00:00", timeZone),
  };
}

export type CashMovement = {
  staff_user_id: string | null;
  staff_name: string;
  method: CashCloseMethod;
  kind: CashMovementKind;
  /** Positive for money taken, negative for a refund handed back. */
  cents: number;
};

export type MethodTotals = { cash: number; card: number; transfer: number; total: number };

export type StaffTakings = MethodTotals & { staff_user_id: string | null; staff_name: string };

const zero = (): MethodTotals => ({ cash: 0, card: 0, transfer: 0, total: 0 });

/**
 * Per staff member (by name, then id) and in all, what each method added up to. The drawer's
 * expected cash is the cash column: counter cash sales + confirmed cash orders − cash refunds.
 */
export function summariseTakings(movements: readonly CashMovement[]) {
  const byStaff = new Map<string, StaffTakings>();
  const totals = zero();
  for (const m of movements) {
    const key = m.staff_user_id ?? "";
    let row = byStaff.get(key);
    if (!row) {
      row = { staff_user_id: m.staff_user_id, staff_name: m.staff_name, ...zero() };
      byStaff.set(key, row);
    }
    row[m.method] += m.cents;
    row.total += m.cents;
    totals[m.method] += m.cents;
    totals.total += m.cents;
  }
  const staff = [...byStaff.values()].sort(
    (a, b) =>
      a.staff_name.localeCompare(b.staff_name, "es") ||
      (a.staff_user_id ?? "").localeCompare(b.staff_user_id ?? ""),
  );
  return { staff, totals, expected_cash: totals.cash };
}

/** Counted minus expected: positive is a surplus (sobrante), negative a shortfall (faltante). */
export function closeDifference(expectedCents: number, countedCents: number): number {
  return countedCents - expectedCents;
}

/** Pesos typed at the desk ("1250.5") to centavos; null when not a non-negative amount with ≤ 2 decimals. */
export function countedCents(pesos: number): number | null {
  if (!Number.isFinite(pesos) || pesos < 0 || pesos > 10_000_000) return null;
  const cents = Math.round(pesos * 100);
  return Math.abs(cents - pesos * 100) < 1e-6 ? cents : null;
}
