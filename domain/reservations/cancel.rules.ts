import type { AppConfig } from "../app-config";
import { type CancelDecision, type CancelPolicy, cancelDecision, cancelUnitLabel } from "../booking";
import type { Decision, Refusal } from "../refusal";
import { refuse } from "../refusal";

/**
 * A customer's cancellation, decided apart from executed (docs/decisions/0083): the service locks
 * the class, then the customer and the reservation with its guests, `decideCancel` answers which
 * rows to cancel and which buckets get their credit back, and the service writes that. Before the
 * threshold each seat's credit goes back to the bucket that paid for it, counted against
 * max_cancels_per_available_class; after it, cancelling is allowed only with
 * allow_cancel_after_treshold and the credit is kept (docs/product-rules.md#cancelling).
 */

/**
 * The front desk may cancel past the studio's policy: with cancelling turned off, after the
 * threshold or past the per-package cancel limit, and the credit still goes back without using
 * one of the bucket's allowed cancellations. A class that has started stays as it is (attendance
 * and no-shows are decided on it).
 */
export type CancelRules = { overrideRules?: boolean };

export type CancelConfig = Pick<
  AppConfig,
  | "allow_cancel_reservations"
  | "cancel_timeframe_value"
  | "cancel_timeframe_unit"
  | "allow_cancel_after_treshold"
  | "max_cancels_per_available_class"
  | "timezone"
>;

export type CancelledRow = {
  class_reservation_id: number;
  guest_of_id: number | null;
  paid_with: string | null;
  available_class_id: number | null;
  deletedAt: Date | null;
};

export type CancelSnapshot<R extends CancelledRow = CancelledRow> = {
  /** The class, locked; null when the reservation is not this customer's. */
  klass: { class_date: Date } | null;
  /** The reservation and its guests, locked; null when not found. */
  locked: { reservation: R; guests: R[] } | null;
};

export type CancelAccepted<R extends CancelledRow> = {
  /** Whether the credits go back. */
  refund: boolean;
  /** The host's row and, for a host, its guests' rows. */
  rows: R[];
  /** The buckets that get a credit back, one entry per seat (empty after the threshold). */
  paidBuckets: number[];
  /** How many cancellations a bucket allows; null for no limit. */
  limit: number | null;
  /** Whether this cancellation counts against the bucket's limit. */
  counts: boolean;
};

export function cancelPolicyOf(
  config: Omit<CancelConfig, "max_cancels_per_available_class" | "timezone">,
): CancelPolicy {
  return {
    allow_cancel_reservations: config.allow_cancel_reservations,
    cancel_timeframe_value: config.cancel_timeframe_value,
    cancel_timeframe_unit: config.cancel_timeframe_unit,
    allow_cancel_after_treshold: config.allow_cancel_after_treshold,
  };
}

/** The threshold in words for the Spanish texts ("12 horas"). */
export function thresholdParams(
  config: Pick<CancelConfig, "cancel_timeframe_value" | "cancel_timeframe_unit">,
) {
  const value = config.cancel_timeframe_value ?? 0;
  return { value, unit: cancelUnitLabel(value, config.cancel_timeframe_unit) };
}

function overriddenCancelDecision(classDate: Date, now: Date): CancelDecision {
  return classDate.getTime() <= now.getTime()
    ? { allowed: false, reason: "started" }
    : { allowed: true, refund: true };
}

export function decideCancel<R extends CancelledRow>(
  snapshot: CancelSnapshot<R>,
  config: CancelConfig,
  now: Date,
  { overrideRules = false }: CancelRules = {},
): Decision<CancelAccepted<R>> {
  const { klass, locked } = snapshot;
  if (!klass || !locked) return refuse("RESERVATION_NOT_FOUND");
  const { reservation, guests } = locked;
  if (reservation.deletedAt) return refuse("ALREADY_CANCELLED");
  const decision = overrideRules
    ? overriddenCancelDecision(klass.class_date, now)
    : cancelDecision(klass.class_date, now, cancelPolicyOf(config), config.timezone);
  if (!decision.allowed) {
    if (decision.reason === "disabled") return refuse("CANCEL_DISABLED");
    if (decision.reason === "started") return refuse("CLASS_STARTED", { message: "cancelStarted" });
    return refuse("CANCEL_TOO_LATE", { params: thresholdParams(config) });
  }
  const rows = [reservation, ...(reservation.guest_of_id === null ? guests : [])];
  const paidBuckets = decision.refund
    ? rows.flatMap((r) =>
        r.paid_with === "credit" && r.available_class_id !== null ? [r.available_class_id] : [],
      )
    : [];
  // Empty, 0 or negative: no limit (0 cannot mean "never": allow_cancel_reservations says that).
  const max = overrideRules ? null : config.max_cancels_per_available_class;
  const limit = max && max > 0 ? max : null;
  return { ok: true, refund: decision.refund, rows, paidBuckets, limit, counts: !overrideRules };
}

/**
 * After the write: the buckets that should have had a credit back and did not. Each is either gone
 * (nothing to give back) or at its cancel limit, which refuses the whole cancellation; the service
 * reads which, only when there is a limit.
 */
export function bucketsNotRefunded(
  accepted: Pick<CancelAccepted<CancelledRow>, "paidBuckets" | "limit">,
  refunded: ReadonlySet<number>,
): number[] {
  if (accepted.limit === null) return [];
  return [...new Set(accepted.paidBuckets)].filter((id) => !refunded.has(id));
}

export function cancelLimitRefusal(limit: number): Refusal {
  return { code: "CANCEL_LIMIT_REACHED", params: { max: limit } };
}
