/**
 * Provider rate limits (docs/product-rules.md#messaging-scale, decision 0089): the fan-out sends
 * in batches; a 429 from the provider waits and retries with exponential back-off and jitter,
 * up to a ceiling, and the batch is retried by pg-boss if it still fails.
 */
export const FANOUT_BATCH_SIZE = 100;
export const MAX_BACKOFF_MS = 30_000;
export const MAX_ATTEMPTS = 5;

/** The wait before attempt `attempt` (1-based) after a 429; Retry-After wins when given. */
export function backoffMs(attempt: number, retryAfterSeconds?: number | null, random = Math.random): number {
  if (retryAfterSeconds && retryAfterSeconds > 0) return Math.min(retryAfterSeconds * 1000, MAX_BACKOFF_MS);
  const base = Math.min(250 * 2 ** (attempt - 1), MAX_BACKOFF_MS);
  return Math.round(base / 2 + random() * (base / 2));
}

/** Splits ids into batches of `size`. */
export function batches<T>(items: readonly T[], size = FANOUT_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
