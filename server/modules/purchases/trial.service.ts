import { AppError } from "../../../domain/errors";
import { type TrialChannel, trialVerdict } from "../../../domain/trial";
import type { Db } from "../../db/client";
import { findTrialUse } from "./purchases.repository";
import { lockCustomerRow } from "./refunds.repository";

export { findTrialUse };

/**
 * Checks the trial-once rule (docs/product-rules.md#trial-once, decision 0093) for a package
 * about to be sold, under the customer's row lock so two sales of one trial at once decide one
 * after the other. Throws the verdict's 409; answers whether this sale repeats a trial (the desk's
 * audit entry records it).
 */
export async function assertTrialAllowed(
  tx: Db,
  input: { customerId: number; isTrial: boolean; channel: TrialChannel },
): Promise<{ repeat: boolean }> {
  if (!input.isTrial) return { repeat: false };
  await lockCustomerRow(tx, input.customerId);
  const used = await findTrialUse(tx, input.customerId);
  const verdict = trialVerdict({ isTrial: true, used, channel: input.channel });
  if (!verdict.allowed) {
    throw AppError.of(verdict.code, {
      details: used ? { trial_title: used.title, trial_at: used.at.toISOString() } : {},
    });
  }
  return { repeat: verdict.repeat };
}
