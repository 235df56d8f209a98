/**
 * A new idempotency key: one per purchase attempt (online checkout, a sale at the front desk),
 * reused by retries and double clicks.
 */
export function newIdempotencyKey(): string {
  return `chk_${crypto.randomUUID().replace(/-/g, "")}`;
}
