import { addPeriod } from "./billing";

/**
 * Dunning (decision 0128): what happens to a subscription whose renewal charge failed. The studio
 * sets the retry schedule (days after the first failure, one entry per retry, "1, 3, 5") and the
 * grace days during which the customer keeps booking with the subscription. Pure rules: the
 * scheduler (server/modules/purchases/renewals.ts) asks, and stores what this answers.
 */
export type DunningConfig = {
  /** Days after the first failure at which each retry is made, ascending ("1, 3, 5"). */
  retryDays: readonly number[];
  /** Days after the first failure the customer keeps booking (never past the last retry). */
  graceDays: number;
  timeZone: string;
};

export type DunningDecision =
  /** Retry at `at`; the customer may book until `graceUntil`. */
  | { kind: "retry"; attempt: number; at: Date; graceUntil: Date; inGrace: boolean }
  /** No retries left: the subscription ends now, its unpaid period is not granted. */
  | { kind: "end" };

export const DEFAULT_RETRY_DAYS: readonly number[] = [1, 3, 5];
export const DEFAULT_GRACE_DAYS = 3;
export const MAX_RETRIES = 10;
export const MAX_RETRY_DAY = 60;

const RETRY_DAYS_FORMAT = /^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/;

/**
 * The studio's schedule as typed in Configuración ("1, 3, 5"): null when it is not whole days
 * (1 to 60) in ascending order, at most 10 of them. An empty text means no retries.
 */
export function parseRetryDays(text: string): number[] | null {
  if (text.trim() === "") return [];
  if (!RETRY_DAYS_FORMAT.test(text)) return null;
  const days = text.split(",").map((d) => Number(d.trim()));
  if (days.length > MAX_RETRIES) return null;
  if (days.some((d, i) => d < 1 || d > MAX_RETRY_DAY || (i > 0 && d <= days[i - 1]!))) return null;
  return days;
}

/** The schedule of the app config, the default one when the stored text is unreadable. */
export function dunningConfigOf(config: {
  renewal_retry_days?: string | null;
  renewal_grace_days?: number | null;
  timezone: string;
}): DunningConfig {
  const text = config.renewal_retry_days;
  const grace = config.renewal_grace_days;
  return {
    retryDays: (text == null ? null : parseRetryDays(text)) ?? DEFAULT_RETRY_DAYS,
    graceDays: grace == null || !Number.isFinite(grace) ? DEFAULT_GRACE_DAYS : Math.max(0, Math.floor(grace)),
    timeZone: config.timezone,
  };
}

/** When the grace ends: `graceDays` after the first failure, never past the last retry. */
export function graceUntil(firstFailedAt: Date, config: DunningConfig): Date {
  const lastRetry = config.retryDays.at(-1) ?? 0;
  return addPeriod(firstFailedAt, Math.min(config.graceDays, lastRetry), "day", config.timeZone);
}

/**
 * After `failures` failed attempts (the first charge counts: 1 after it failed) of which the first
 * was at `firstFailedAt`: the next retry and whether the customer is still in grace at `now`, or
 * the end when every retry of the schedule has failed.
 */
export function dunningDecision(
  now: Date,
  state: { failures: number; firstFailedAt: Date },
  config: DunningConfig,
): DunningDecision {
  const attempt = state.failures; // retry number `failures` comes next (1-based)
  if (state.failures < 1) throw new Error("dunningDecision needs at least one failure");
  const day = config.retryDays[attempt - 1];
  if (day === undefined) return { kind: "end" };
  const until = graceUntil(state.firstFailedAt, config);
  return {
    kind: "retry",
    attempt,
    at: addPeriod(state.firstFailedAt, day, "day", config.timeZone),
    graceUntil: until,
    inGrace: now < until,
  };
}
