import { formatDate } from "./format";

/**
 * The trial package is sold once per customer (docs/product-rules.md#trial-once, decision 0093).
 * A trial counts as used once the customer holds it (paid, granted, or an open order of it);
 * a failed or abandoned attempt does not use it, a refund does not give it back.
 */
export type TrialUse = { title: string; at: Date | string };

export type TrialChannel = "online" | "desk" | "desk_override";

export type TrialVerdict =
  | { allowed: true; repeat: boolean }
  | { allowed: false; code: "TRIAL_ALREADY_USED" | "TRIAL_ALREADY_USED_DESK" };

/**
 * Online the second trial is refused; at the desk it is refused with a warning the desk reads,
 * unless an owner or manager sells it again on purpose (the override route, audited as such).
 */
export function trialVerdict(input: {
  isTrial: boolean;
  used: TrialUse | null;
  channel: TrialChannel;
}): TrialVerdict {
  if (!input.isTrial || !input.used) return { allowed: true, repeat: false };
  if (input.channel === "desk_override") return { allowed: true, repeat: true };
  return {
    allowed: false,
    code: input.channel === "online" ? "TRIAL_ALREADY_USED" : "TRIAL_ALREADY_USED_DESK",
  };
}

/** "Ya tomó Clase de prueba el 3 nov 2026." for the desk's warning. */
export function trialUsedText(use: TrialUse, timeZone: string): string {
  return `Ya tomó ${use.title} el ${formatDate(use.at, timeZone)}.`;
}
