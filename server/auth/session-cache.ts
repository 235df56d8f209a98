import type { FastifyRequest } from "fastify";
import { readCookie } from "./session-lookup";

/**
 * Verified sessions, remembered for a few seconds per credential (Bearer token or session
 * cookie). better-auth's getSession reads the session and the user and checks the cookie's
 * signature on every call: about 6 ms of a request under load, on every signed-in request.
 *
 * Correctness: this instance forgets everything whenever one of its auth endpoints changes
 * state (sign-out, password change or reset, revocations, admin actions), so on the instance
 * that handled the change the effect is immediate. Another instance behind the same load
 * balancer may accept the old session for at most SESSION_CACHE_TTL_MS
 * (docs/decisions/0011-caches-for-hot-reads.md).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; expiresAt: number };

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inFlight = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Remembers a value until the TTL passes or `notAfter` (the session's own expiry), whichever is first. */
  set(key: string, value: T, notAfter?: Date, now = Date.now()): void {
    const expiresAt = Math.min(now + this.ttlMs, notAfter ? notAfter.getTime() : Number.POSITIVE_INFINITY);
    if (expiresAt <= now) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    // Random or stale tokens must not grow memory without bound: drop the oldest entries.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /**
   * The remembered value, or `lookup()` run once for every concurrent caller with the same key:
   * when an entry expires under load, a hundred requests on one session would otherwise each read
   * the database at the same moment. A lookup that was running when the cache was cleared (a
   * sign-out) still answers its callers but is not remembered.
   */
  async getOrLookup(key: string, lookup: () => Promise<{ value: T; notAfter?: Date }>): Promise<T> {
    const known = this.get(key);
    if (known !== undefined) return known;
    const running = this.inFlight.get(key);
    if (running) return running;
    const generation = this.generation;
    const pending = lookup()
      .then(({ value, notAfter }) => {
        if (generation === this.generation) this.set(key, value, notAfter);
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
      });
    this.inFlight.set(key, pending);
    return pending;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.inFlight.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * What identifies the session a request carries, or null when it carries none (a visitor: no
 * lookup at all). Both the header and the cookie are part of the key because better-auth
 * accepts either.
 */
export function credentialKey(request: FastifyRequest, cookieName: string): string | null {
  const header = request.headers.authorization;
  const bearer = typeof header === "string" && /^Bearer\s+\S+/i.test(header) ? header.trim() : "";
  const cookie = readCookie(request.headers.cookie, cookieName) ?? "";
  if (!bearer && !cookie) return null;
  return `${bearer}\n${cookie}`;
}
