import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import { AppError } from "../../domain/errors";
import { ensureSharedTables, SHARED_SCHEMA } from "./rate-limit-store";

/**
 * Bounds on guessing that the per IP+email limit (authRateLimit in plugins/auth.ts) cannot give
 * (issue 23.3, docs/decisions/0018-account-guessing-redaction-email-change.md):
 *
 * - Distinct identities per client address: sign-in, sign-up, recovery, the phone check and the
 *   email change tell whether an email or phone has an account (the seed's two sign-in messages).
 *   One address may name at most AUTH_DISTINCT_EMAILS_MAX different emails or phones per hour
 *   across all of them; repeating one already named (typos, a second try) costs nothing more, and
 *   a successful sign-in or sign-up costs nothing (people sharing a studio's Wi-Fi).
 * - Failed passwords per account, from any address: a guesser rotating addresses still gets only
 *   FAILED_PASSWORDS_PER_ACCOUNT wrong passwords an hour on one account. Only failures count, so
 *   the owner who knows the password still gets in after someone else tried.
 *
 * Counters live in memory, per instance, like the other rate limits (decision 0006); a WeakMap
 * keyed by the app keeps test apps that share modules apart (decision 0016). With
 * SHARED_STATE=postgres they are counted in PostgreSQL instead, so every instance behind a load
 * balancer sees the same counts (docs/decisions/0025-shared-state-across-instances.md).
 */
export const DISTINCT_IDENTITIES_WINDOW_MS = 60 * 60 * 1000;
export const FAILED_PASSWORDS_PER_ACCOUNT = 30;
/** Addresses tracked at once; the oldest are forgotten first (a flood of addresses cannot fill memory). */
const MAX_TRACKED = 20_000;

type Seen = Map<string, number>;

class WindowedSets {
  private readonly entries = new Map<string, Seen>();

  /** The keys named under `owner` within the window, after dropping expired ones. */
  live(owner: string, now: number): Seen {
    let seen = this.entries.get(owner);
    if (!seen) {
      seen = new Map();
      this.entries.set(owner, seen);
      if (this.entries.size > MAX_TRACKED) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    for (const [key, at] of seen) if (now - at >= DISTINCT_IDENTITIES_WINDOW_MS) seen.delete(key);
    return seen;
  }
}

class Counters {
  private readonly entries = new Map<string, number[]>();

  count(key: string, now: number): number {
    const times = (this.entries.get(key) ?? []).filter((at) => now - at < DISTINCT_IDENTITIES_WINDOW_MS);
    if (times.length === 0) this.entries.delete(key);
    else this.entries.set(key, times);
    return times.length;
  }

  add(key: string, now: number) {
    const times = this.entries.get(key) ?? [];
    times.push(now);
    this.entries.set(key, times);
    if (this.entries.size > MAX_TRACKED) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

type State = { identities: WindowedSets; failures: Counters };
// Keyed by the app's database handle: `request.server` is a different (encapsulated) instance in
// each plugin context, while the decorated `db` is the one object every route of an app shares.
const states = new WeakMap<object, State>();
function stateOf(app: FastifyInstance): State {
  let state = states.get(app.db);
  if (!state) {
    state = { identities: new WindowedSets(), failures: new Counters() };
    states.set(app.db, state);
  }
  return state;
}

/** The PostgreSQL pool when counters are shared between instances (SHARED_STATE=postgres). */
function sharedPool(app: FastifyInstance): pg.Pool | null {
  return app.config.SHARED_STATE === "postgres" ? (app.database.pool ?? null) : null;
}

const WINDOW_SQL = "clock_timestamp() - $2 * interval '1 millisecond'";

async function sharedFailures(pool: pg.Pool, email: string): Promise<number> {
  await ensureSharedTables(pool);
  const { rows } = await pool.query<{ failures: number }>(
    `select count(*)::int as failures from ${SHARED_SCHEMA}.failed_password where email = $1 and at > ${WINDOW_SQL}`,
    [email, DISTINCT_IDENTITIES_WINDOW_MS],
  );
  return rows[0]?.failures ?? 0;
}

function clientAddress(request: FastifyRequest): string {
  return request.ip ?? request.socket?.remoteAddress ?? "desconocida";
}

/** The email (body) or phone (query) a request names, normalised; null when it names none. */
export function namedIdentity(request: FastifyRequest): string | null {
  const body = (request.body ?? {}) as Record<string, unknown>;
  for (const key of ["email", "newEmail"]) {
    const value = body[key];
    if (typeof value === "string" && value.trim() !== "") return `email:${value.trim().toLowerCase()}`;
  }
  const phone = ((request.query ?? {}) as { phone?: unknown }).phone;
  if (typeof phone === "string" && phone.replace(/\D/g, "") !== "")
    return `phone:${phone.replace(/\D/g, "")}`;
  return null;
}

const pendingIdentity = new WeakMap<FastifyRequest, { identity: string; owner: string }>();

/**
 * preHandler for every route that tells whether an email or phone has an account: 429 with the
 * Spanish message once this address has named too many different ones in the last hour. The
 * name is counted when the answer is sent (`countNamedIdentity`), and only when it told a
 * guesser something: a successful sign-in or sign-up does not count, so a studio's Wi-Fi with
 * twenty customers signing in before class is not blocked.
 */
export async function limitDistinctIdentities(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const identity = namedIdentity(request);
  if (identity === null) return;
  const pool = sharedPool(request.server);
  // Shared counters: the per-account bound on wrong passwords (accountLockedForGuessing only
  // sees this instance's failures) is checked here, before the sign-in reaches better-auth.
  if (pool && request.url.startsWith("/api/auth/sign-in/email") && identity.startsWith("email:")) {
    if ((await sharedFailures(pool, identity.slice("email:".length))) >= FAILED_PASSWORDS_PER_ACCOUNT) {
      throw AppError.of("RATE_LIMITED");
    }
  }
  // The front desk looks customers up by phone all day; its staff are not guessing.
  if ((await request.getUser())?.role === "admin") return;
  const max = request.server.config.AUTH_DISTINCT_EMAILS_MAX;
  const owner = clientAddress(request);
  if (pool) {
    await ensureSharedTables(pool);
    const { rows } = await pool.query<{ named: number; seen: boolean }>(
      `select count(*)::int as named, coalesce(bool_or(identity = $3), false) as seen
       from ${SHARED_SCHEMA}.named_identity where owner = $1 and at > ${WINDOW_SQL}`,
      [owner, DISTINCT_IDENTITIES_WINDOW_MS, identity],
    );
    if (rows[0]?.seen) return;
    if ((rows[0]?.named ?? 0) >= max) throw AppError.of("TOO_MANY_EMAILS");
    pendingIdentity.set(request, { identity, owner });
    return;
  }
  const seen = stateOf(request.server).identities.live(owner, Date.now());
  if (seen.has(identity)) return;
  if (seen.size >= max) throw AppError.of("TOO_MANY_EMAILS");
  pendingIdentity.set(request, { identity, owner });
}

/**
 * onResponse beside limitDistinctIdentities. `always`: routes whose every answer costs something
 * (recovery and confirmation emails to any address); otherwise only refusals count (unknown
 * email, wrong password, an email or phone already in use). The phone check counts a phone when
 * it answers that an account has it (recordNamedIdentity): new customers' phones cost nothing.
 */
export function countNamedIdentity(options: { always?: boolean } = {}) {
  return async function countIdentity(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (reply.statusCode === 429) return;
    if (!options.always && reply.statusCode < 400) return;
    recordNamedIdentity(request);
  };
}

/** Counts the identity this request named (after limitDistinctIdentities let it through). */
export function recordNamedIdentity(request: FastifyRequest): void {
  const pending = pendingIdentity.get(request);
  if (!pending) return;
  pendingIdentity.delete(request);
  const pool = sharedPool(request.server);
  if (pool) {
    const app = request.server;
    // Not awaited: the answer has been decided; a lost count only forgives one name.
    ensureSharedTables(pool)
      .then(() =>
        pool.query(
          `insert into ${SHARED_SCHEMA}.named_identity (owner, identity, at) values ($1, $2, clock_timestamp())
           on conflict (owner, identity) do update set at = excluded.at`,
          [pending.owner, pending.identity],
        ),
      )
      .catch((error) => app.log.error({ err: error }, "guessing-limit: could not count a named identity"));
    return;
  }
  stateOf(request.server).identities.live(pending.owner, Date.now()).set(pending.identity, Date.now());
}

/** Whether this account has had too many wrong passwords in the last hour (any address). */
export function accountLockedForGuessing(app: FastifyInstance, email: string): boolean {
  return stateOf(app).failures.count(email.trim().toLowerCase(), Date.now()) >= FAILED_PASSWORDS_PER_ACCOUNT;
}

export function recordFailedPassword(app: FastifyInstance, email: string): void {
  stateOf(app).failures.add(email.trim().toLowerCase(), Date.now());
  const pool = sharedPool(app);
  if (!pool) return;
  ensureSharedTables(pool)
    .then(() =>
      pool.query(`insert into ${SHARED_SCHEMA}.failed_password (email, at) values ($1, clock_timestamp())`, [
        email.trim().toLowerCase(),
      ]),
    )
    .catch((error) => app.log.error({ err: error }, "guessing-limit: could not count a failed password"));
}
