/**
 * OXXO and SPEI (decision 0034): rules shared by the server and the web.
 * Stripe's limits: an OXXO voucher is for MXN 10.00 to 10,000.00 and lasts 1 to 7 calendar days,
 * ending at 23:59:59 Mexico City time of its last day.
 */
export const OXXO_MIN_CENTS = 1_000;
export const OXXO_MAX_CENTS = 1_000_000;
export const OXXO_MAX_DAYS = 7;

/** What the studio set (oxxo_expires_after_days), within Stripe's 1 to 7 days. */
export const voucherDays = (setting: number | null | undefined) =>
  Math.min(OXXO_MAX_DAYS, Math.max(1, Math.round(setting ?? 3)));

/**
 * When a voucher made at `now` for `days` ends: 23:59:59 of the last day in Mexico City, which
 * keeps UTC-6 all year since 2022 (no daylight saving time).
 */
export function oxxoVoucherExpiry(now: Date, days: number): Date {
  const mexico = new Date(now.getTime() - 6 * 3_600_000);
  const day = Date.UTC(mexico.getUTCFullYear(), mexico.getUTCMonth(), mexico.getUTCDate() + days);
  return new Date(day + 6 * 3_600_000 + 86_399_000);
}

/**
 * How long after a voucher's end our own job waits for the processor's word before it calls the
 * voucher expired: OXXO reports store payments up to one business day later.
 */
export const VOUCHER_GRACE_MS = 48 * 3_600_000;
