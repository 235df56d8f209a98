/**
 * When a customer may check themselves in at the kiosk (docs/product-rules.md#check-in-window):
 * from `checkin_opens_minutes_before` before the class starts until `checkin_closes_minutes_after`
 * after. Pure; the kiosk service asks it with the class's start and the studio's settings.
 */

export type CheckInWindowSettings = {
  checkin_opens_minutes_before: number | null;
  checkin_closes_minutes_after: number | null;
};

/** The defaults of the two app-config keys (domain/app-config.ts; docs/config.md). */
export const CHECK_IN_OPENS_MINUTES_BEFORE = 60;
export const CHECK_IN_CLOSES_MINUTES_AFTER = 20;

export type CheckInWindow = { opensAt: Date; closesAt: Date };

export function checkInWindow(classStart: Date, settings: CheckInWindowSettings): CheckInWindow {
  const before = settings.checkin_opens_minutes_before ?? CHECK_IN_OPENS_MINUTES_BEFORE;
  const after = settings.checkin_closes_minutes_after ?? CHECK_IN_CLOSES_MINUTES_AFTER;
  return {
    opensAt: new Date(classStart.getTime() - Math.max(0, before) * 60_000),
    closesAt: new Date(classStart.getTime() + Math.max(0, after) * 60_000),
  };
}

export type CheckInTiming = "too_early" | "open" | "too_late";

export function checkInTiming(classStart: Date, settings: CheckInWindowSettings, now: Date): CheckInTiming {
  const { opensAt, closesAt } = checkInWindow(classStart, settings);
  if (now.getTime() < opensAt.getTime()) return "too_early";
  if (now.getTime() > closesAt.getTime()) return "too_late";
  return "open";
}

/**
 * Of a person's classes today, the one the kiosk checks them in to: the first whose window is
 * open; else the next that has not opened yet (to say when it opens); else the last that closed
 * (to say it is too late). Null when they have none today.
 */
export function pickKioskClass<C extends { class_date: Date }>(
  classes: readonly C[],
  settings: CheckInWindowSettings,
  now: Date,
): { klass: C; timing: CheckInTiming } | null {
  const sorted = [...classes].sort((a, b) => a.class_date.getTime() - b.class_date.getTime());
  const timed = sorted.map((klass) => ({ klass, timing: checkInTiming(klass.class_date, settings, now) }));
  return (
    timed.find((c) => c.timing === "open") ??
    timed.find((c) => c.timing === "too_early") ??
    timed.filter((c) => c.timing === "too_late").at(-1) ??
    null
  );
}

/** Failed phone look-ups a kiosk gets in a window before it must wait (docs/product-rules.md#kiosk). */
export const KIOSK_LOOKUP_FAILURES_MAX = 5;
export const KIOSK_LOOKUP_WINDOW_MS = 10 * 60_000;

/** Wrong PINs before leaving the kiosk is locked for a while. */
export const KIOSK_PIN_FAILURES_MAX = 5;
export const KIOSK_PIN_LOCK_MS = 5 * 60_000;

/**
 * Whether one more phone look-up may run: `failures` wrong phones counted since `windowStart`.
 * After the window the count starts over.
 */
export function lookupAllowed(failures: number, windowStart: Date | null, now: Date): boolean {
  if (!windowStart || now.getTime() - windowStart.getTime() > KIOSK_LOOKUP_WINDOW_MS) return true;
  return failures < KIOSK_LOOKUP_FAILURES_MAX;
}

/** A PIN is 4 to 8 digits. */
export const KIOSK_PIN_PATTERN = /^\d{4,8}$/;

/** The reservation id in a check-in QR (".../admin/reservaciones/123", the customer's 'Codigo de Acceso'), or null. */
export function reservationIdInQr(text: string): number | null {
  const match = /\/admin\/reservaciones\/(\d+)(?:[/?#]|$)/.exec(text.trim());
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
