import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import { AppError } from "../../domain/errors";
import { ensureSharedTables, SHARED_SCHEMA } from "../plugins/rate-limit-store";

/**
 * Guessing is slowed, never locked (decision 0056 §3; first bounds in decision 0018):
 *
 * - Distinct identities per client address: sign-in, sign-up, recovery, the phone check and the
 *   email change tell whether an email or phone has an account (the two sign-in messages).
 *   An address names AUTH_DISTINCT_EMAILS_MAX different emails or phones an hour freely; each new
 *   one after that waits a growing delay (1 s, 2 s, 4 s… up to IDENTITY_DELAY_MAX_MS) after the
 *   last. While it waits, a sign-in or sign-up still goes through: if it succeeds (the right
 *   password, a new account) it is answered as always, so a studio's Wi-Fi never locks its
 *   customers out; if it would tell a guesser something (unknown email, wrong password, email or
 *   phone in use) the answer is 429 with how long to wait instead. Recovery and email-change
 *   requests (they send an email whatever the answer) wait before anything is sent.
 * - Wrong passwords per account and address: an address gets ACCOUNT_FREE_FAILURES wrong
 *   passwords on one account (1 once the account has ACCOUNT_ATTACK_FAILURES failures from all
 *   addresses in the hour), then a growing delay (up to ACCOUNT_DELAY_MAX_MS) before its next try
 *   is even checked. Other addresses are not slowed by it: the owner signing in from home or
 *   from their phone while a guesser works from elsewhere gets in with the right password, and a
 *   browser that signed in to the account before (a trusted device) is never slowed.
 *
 * Counters live in memory, per instance, like the other rate limits (decision 0006); a WeakMap
 * keyed by the app keeps test apps that share modules apart (decision 0016). With
 * SHARED_STATE=postgres they are counted in PostgreSQL instead, so every instance behind a load
 * balancer sees the same counts (docs/decisions/0025-shared-state-across-instances.md).
 */
export const DISTINCT_IDENTITIES_WINDOW_MS = 60 * 60 * 1000;
/** The longest wait for one more new email or phone from one address. */
export const IDENTITY_DELAY_MAX_MS = 10 * 60 * 1000;
/** Wrong passwords an address gets on one account before it waits. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Failures on one account, from all addresses in the hour, that mean it is under attack. */
export const ACCOUNT_ATTACK_FAILURES = 20;
/** The longest wait for one more password on one account from one address. */
export const ACCOUNT_DELAY_MAX_MS = 15 * 60 * 1000;

/** 1 s, 2 s, 4 s… for the `step`-th try beyond the free ones (step 0 is the first), capped. */
export function growingDelayMs(step: number, maxMs: number): number {
  return Math.min(maxMs, 1000 * 2 ** Math.min(step, 30));
}

/** How long to wait from `now` when the last try was at `last` and this is try `step`. */
function waitFor(step: number, maxMs: number, last: number, now: number): number {
  if (step < 0) return 0;
  return Math.max(0, last + growingDelayMs(step, maxMs) - now);
}
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

type Failure = { at: number; address: string };

class Failures {
  private readonly entries = new Map<string, Failure[]>();

  live(email: string, now: number): Failure[] {
    const list = (this.entries.get(email) ?? []).filter((f) => now - f.at < DISTINCT_IDENTITIES_WINDOW_MS);
    if (list.length === 0) this.entries.delete(email);
    else this.entries.set(email, list);
    return list;
  }

  add(email: string, failure: Failure) {
    const list = this.entries.get(email) ?? [];
    list.push(failure);
    this.entries.set(email, list);
    if (this.entries.size > MAX_TRACKED) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

type State = { identities: WindowedSets; failures: Failures };
// Keyed by the app's database handle: `request.server` is a different (encapsulated) instance in
// each plugin context, while the decorated `db` is the one object every route of an app shares.
const states = new WeakMap<object, State>();
function stateOf(app: FastifyInstance): State {
  let state = states.get(app.db);
  if (!state) {
    state = { identities: new WindowedSets(), failures: new Failures() };
    states.set(app.db, state);
  }
  return state;
}

/** The PostgreSQL pool when counters are shared between instances (SHARED_STATE=postgres). */
function sharedPool(app: FastifyInstance): pg.Pool | null {
  return app.config.SHARED_STATE === "postgres" ? (app.database.pool ?? null) : null;
}

const WINDOW_SQL = "clock_timestamp() - $2 * interval '1 millisecond'";

/** The address column came with decision 0056; tables made before it gain it once per pool. */
const addressColumn = new WeakMap<pg.Pool, Promise<unknown>>();
async function ensureFailureAddress(pool: pg.Pool) {
  await ensureSharedTables(pool);
  let done = addressColumn.get(pool);
  if (!done) {
    done = pool.query(`alter table ${SHARED_SCHEMA}.failed_password add column if not exists address text`);
    addressColumn.set(pool, done);
  }
  await done;
}

async function sharedFailures(pool: pg.Pool, email: string): Promise<Failure[]> {
  await ensureFailureAddress(pool);
  const { rows } = await pool.query<{ at: Date; address: string | null }>(
    `select at, address from ${SHARED_SCHEMA}.failed_password where email = $1 and at > ${WINDOW_SQL}`,
    [email, DISTINCT_IDENTITIES_WINDOW_MS],
  );
  return rows.map((r) => ({ at: r.at.getTime(), address: r.address ?? "" }));
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
/** How long this request's address must still wait before naming a new identity (ms). */
const identityWait = new WeakMap<FastifyRequest, number>();

/**
 * preHandler for every route that tells whether an email or phone has an account. It notes how
 * long this address must still wait before naming a new one; `refusalWhileThrottled` turns an
 * answer that would tell a guesser something into a 429 during that wait, while a success goes
 * through. The name is counted when the answer is sent (`countNamedIdentity`), and only when it
 * told a guesser something.
 */
export async function limitDistinctIdentities(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const identity = namedIdentity(request);
  if (identity === null) return;
  // The front desk looks customers up by phone all day; its staff are not guessing.
  if ((await request.getUser())?.role === "admin") return;
  const free = request.server.config.AUTH_DISTINCT_EMAILS_MAX;
  const owner = clientAddress(request);
  const now = Date.now();
  const pool = sharedPool(request.server);
  let named: number;
  let last: number;
  if (pool) {
    await ensureSharedTables(pool);
    const { rows } = await pool.query<{ named: number; seen: boolean; last: Date | null }>(
      `select count(*)::int as named, coalesce(bool_or(identity = $3), false) as seen, max(at) as last
       from ${SHARED_SCHEMA}.named_identity where owner = $1 and at > ${WINDOW_SQL}`,
      [owner, DISTINCT_IDENTITIES_WINDOW_MS, identity],
    );
    if (rows[0]?.seen) return;
    named = rows[0]?.named ?? 0;
    last = rows[0]?.last?.getTime() ?? 0;
  } else {
    const seen = stateOf(request.server).identities.live(owner, now);
    if (seen.has(identity)) return;
    named = seen.size;
    last = Math.max(0, ...seen.values());
  }
  pendingIdentity.set(request, { identity, owner });
  const wait = waitFor(named - free, IDENTITY_DELAY_MAX_MS, last, now);
  if (wait > 0) identityWait.set(request, wait);
}

/**
 * preHandler for routes that send an email to whatever address they name (recovery, email
 * change): during the address's wait nothing is sent and the answer is 429.
 */
export async function limitDistinctIdentitiesBeforeSending(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  await limitDistinctIdentities(request, reply);
  const wait = identityWait.get(request);
  if (wait) throw tooManyIdentities(wait);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const tooManyIdentities = (waitMs: number) =>
  AppError.of("TOO_MANY_EMAILS", {
    params: { seconds: seconds(waitMs) },
    details: { retry_after: seconds(waitMs) },
  });

/**
 * The answer for a refusal (unknown email, wrong password, in use, a phone that has an account):
 * during the address's wait, 429 with how long to wait instead, so it tells a guesser nothing;
 * otherwise the refusal itself.
 */
export function refusalWhileThrottled(request: FastifyRequest, refusal: unknown): unknown {
  const wait = identityWait.get(request);
  if (!wait) return refusal;
  // Not counted: nothing was told.
  pendingIdentity.delete(request);
  return tooManyIdentities(wait);
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

/**
 * How long this address must still wait before its next password on this account is checked
 * (0: go ahead). A trusted device (a browser that signed in to this account before) never waits.
 */
export async function accountWaitMs(
  app: FastifyInstance,
  email: string,
  address: string,
  trusted: boolean,
  now = Date.now(),
): Promise<number> {
  if (trusted) return 0;
  const key = email.trim().toLowerCase();
  const pool = sharedPool(app);
  const all = pool ? await sharedFailures(pool, key) : stateOf(app).failures.live(key, now);
  const mine = all.filter((f) => f.address === address);
  if (mine.length === 0) return 0;
  const free = all.length >= ACCOUNT_ATTACK_FAILURES ? 1 : ACCOUNT_FREE_FAILURES;
  const last = Math.max(...mine.map((f) => f.at));
  return waitFor(mine.length - free, ACCOUNT_DELAY_MAX_MS, last, now);
}

export const accountThrottled = (waitMs: number) =>
  AppError.of("SIGN_IN_THROTTLED", {
    params: { seconds: seconds(waitMs) },
    details: { retry_after: seconds(waitMs) },
  });

export function recordFailedPassword(app: FastifyInstance, email: string, address: string): void {
  const key = email.trim().toLowerCase();
  stateOf(app).failures.add(key, { at: Date.now(), address });
  const pool = sharedPool(app);
  if (!pool) return;
  ensureFailureAddress(pool)
    .then(() =>
      pool.query(
        `insert into ${SHARED_SCHEMA}.failed_password (email, at, address) values ($1, clock_timestamp(), $2)`,
        [key, address],
      ),
    )
    .catch((error) => app.log.error({ err: error }, "guessing-limit: could not count a failed password"));
}

export { clientAddress };
