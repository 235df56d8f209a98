/**
 * How many of a purchase's credits a refund withdraws (docs/decisions/0027).
 * Pure arithmetic, shared by the server (which withdraws) and the web (which previews it).
 *
 * - granted: the purchase's limited credits, used or not (unused + seats they paid);
 * - a full refund withdraws every unused credit;
 * - a partial one withdraws the refunded share of the granted credits, rounded to the nearest
 *   (half up), counted over all the purchase's refunds so two halves withdraw what one whole would;
 * - never more than what is unused: a class already taken is never taken back.
 */
export function creditsToWithdraw(input: {
  unused: number;
  used: number;
  /** Refunded on the purchase after this refund, and its total, in centavos. */
  refunded_cents: number;
  total_cents: number;
  /** Credits earlier refunds of the purchase withdrew. */
  withdrawn_before: number;
}): number {
  const { unused, used, refunded_cents, total_cents, withdrawn_before } = input;
  if (unused <= 0) return 0;
  if (total_cents <= 0 || refunded_cents >= total_cents) return unused;
  const granted = unused + used + withdrawn_before;
  const target = Math.floor((granted * refunded_cents * 2 + total_cents) / (2 * total_cents));
  return Math.max(0, Math.min(unused, target - withdrawn_before));
}
