import type { AppConfig } from "../../../domain/app-config";
import { addLocalDays, localDay, mondayOfDay, zonedInstant } from "../../../domain/booking";
import { effectiveIvaRate, ivaBreakdown } from "../../../domain/fiscal/iva";
import { centsToNumber, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import {
  classesBetween,
  countActiveSubscriptions,
  countCustomers,
  countUnlimitedMembers,
  customersCreatedSince,
  paidInvoicesSince,
  refundsSince,
  seatsOfClassesBetween,
} from "./dashboard.repository";

export const DASHBOARD_DAYS = 30;

/** The last `n` studio days ending today, oldest first. */
function lastDays(today: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addLocalDays(today, i - n + 1));
}

type Money = { createdAt: Date; title: string; iva_rate: string | null };

/**
 * Revenue over `days`: charges paid on their day, less refunds on the day the money went back
 * (decision 0027), each amount first passed through `part` (all of it, or its subtotal before IVA),
 * summed in centavos and answered with two decimals.
 */
function revenueOf(
  days: string[],
  day: (d: Date) => string,
  paid: (Money & { total_payment: string })[],
  refunded: (Money & { amount: string })[],
  part: (cents: number, rate: string | null) => number,
) {
  const byDay = new Map(days.map((d) => [d, 0]));
  const byPackage = new Map<string, { cents: number; count: number }>();
  for (const inv of paid) {
    const cents = part(toCents(inv.total_payment), inv.iva_rate);
    const d = day(inv.createdAt);
    byDay.set(d, (byDay.get(d) ?? 0) + cents);
    const pkg = byPackage.get(inv.title) ?? { cents: 0, count: 0 };
    pkg.cents += cents;
    pkg.count += 1;
    byPackage.set(inv.title, pkg);
  }
  let refundedCents = 0;
  for (const r of refunded) {
    const cents = part(toCents(r.amount), r.iva_rate);
    const d = day(r.createdAt);
    if (!byDay.has(d)) continue;
    refundedCents += cents;
    byDay.set(d, (byDay.get(d) ?? 0) - cents);
    const pkg = byPackage.get(r.title) ?? { cents: 0, count: 0 };
    pkg.cents -= cents;
    byPackage.set(r.title, pkg);
  }
  const revenueCents = [...byDay.values()].reduce((a, b) => a + b, 0);
  return {
    days: days.length,
    total: centsToNumber(revenueCents),
    /** Given back in refunds over the same days (already taken off total). */
    refunds: centsToNumber(refundedCents),
    by_day: days.map((d) => ({ day: d, total: centsToNumber(byDay.get(d) ?? 0) })),
    by_package: [...byPackage.entries()]
      .map(([title, v]) => ({ title, total: centsToNumber(v.cents), count: v.count }))
      .sort((a, b) => b.total - a.total || a.title.localeCompare(b.title)),
  };
}

/**
 * GET /api/admin/dashboard. Every day is a day of the studio's calendar (config.timezone), never
 * the server's. Revenue is the paid invoices (each charge once, renewals included) less the
 * refunds made (on their own day), with IVA and before it (revenueOf). No-show rate: seats of
 * classes that already ended in the last 30 days that were not checked in, over all those seats.
 */
export async function dashboard(db: Db, config: AppConfig, now = new Date()) {
  const tz = config.timezone;
  const day = (d: Date) => localDay(d, tz);
  const today = day(now);
  const start = (d: string) => zonedInstant(d, "00:00", tz);
  const days = lastDays(today, DASHBOARD_DAYS);
  const since = start(days[0]!);
  const monday = mondayOfDay(today);
  const weekDays = Array.from({ length: 7 }, (_, i) => addLocalDays(monday, i));

  const todayClasses = (await classesBetween(db, start(today), start(addLocalDays(today, 1)))).map((c) => ({
    ...c,
    occupancy: c.capacity ? Math.round((c.booked / c.capacity) * 100) : null,
  }));

  const weekSeats = await seatsOfClassesBetween(db, start(monday), start(addLocalDays(monday, 7)));
  const weekCounts = new Map(weekDays.map((d) => [d, 0]));
  for (const s of weekSeats) {
    const d = day(s.class_date);
    weekCounts.set(d, (weekCounts.get(d) ?? 0) + 1);
  }

  const paid = await paidInvoicesSince(db, since);
  const refunded = await refundsSince(db, since);
  const withIva = revenueOf(days, day, paid, refunded, (cents) => cents);
  // Sin IVA: each charge and refund less its IVA at its own purchase's rate (decision 0032).
  const withoutIva = revenueOf(
    days,
    day,
    paid,
    refunded,
    (cents, rate) => ivaBreakdown(cents, effectiveIvaRate(rate)).subtotal,
  );

  // Dunning (decision 0128): renewal periods paid after at least one failed attempt.
  const recoveredRows = paid.filter((p) => p.recovered);
  const recoveredCents = recoveredRows.reduce((sum, p) => sum + toCents(p.total_payment), 0);

  const newByDay = new Map(days.map((d) => [d, 0]));
  for (const c of await customersCreatedSince(db, since)) {
    const d = day(c.createdAt);
    if (newByDay.has(d)) newByDay.set(d, (newByDay.get(d) ?? 0) + 1);
  }

  const ended = (await seatsOfClassesBetween(db, since, now)).filter(
    (s) => s.class_date.getTime() + s.duration_minutes * 60_000 <= now.getTime(),
  );
  const noShows = ended.filter((s) => !s.attend).length;

  return {
    timezone: tz,
    today,
    today_classes: todayClasses,
    week: {
      start: monday,
      bookings: weekSeats.length,
      by_day: weekDays.map((d) => ({ day: d, bookings: weekCounts.get(d) ?? 0 })),
    },
    /** With IVA (what customers paid), less refunds. */
    revenue: withIva,
    /** The same before IVA: each amount's subtotal at its purchase's rate. */
    revenue_sin_iva: withoutIva,
    subscriptions: {
      active: await countActiveSubscriptions(db),
      unlimited_members: await countUnlimitedMembers(db, now),
      /** Renewals paid after a failed charge over the same days as revenue (with IVA). */
      recovered: { total: centsToNumber(recoveredCents), count: recoveredRows.length },
    },
    customers: {
      total: await countCustomers(db),
      new_last_30_days: [...newByDay.values()].reduce((a, b) => a + b, 0),
      new_by_day: days.map((d) => ({ day: d, count: newByDay.get(d) ?? 0 })),
    },
    no_shows: {
      seats: ended.length,
      no_shows: noShows,
      rate: ended.length ? Math.round((noShows / ended.length) * 1000) / 10 : 0,
    },
  };
}
