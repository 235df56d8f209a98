import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { fromNodeHeaders } from "better-auth/node";
import { admin, bearer } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { resolveAppConfig } from "../../domain/app-config";
import { PASSWORD_HARD_MAX } from "../../domain/auth";
import { AppError, forbidden, unauthorized } from "../../domain/errors";
import { messages, t } from "../../domain/messages";
import { type StaffRole, staffRoleOf } from "../../domain/staff";
import type { AppConfigEnv } from "../config";
import type { Db } from "../db/client";
import { account, session, user, verification } from "../db/schema/auth";
import type { AppConfigService } from "../modules/app-config/app-config.service";
import { passwordResetEmail } from "../modules/mail/templates/account";
import { brandOf } from "../modules/mail/templates/brand";
import type { Mailer } from "../plugins/mailer";
import { staffMayCall } from "../plugins/permissions";
import { scopeBetterAuthStorages } from "../plugins/scoped-async-storage";
import { sendNewSignInNotice, sendPasswordChangedNotice, userOfResetToken } from "./account-notices";
import {
  accountThrottled,
  accountWaitMs,
  clientAddress,
  countNamedIdentity,
  limitDistinctIdentities,
  limitDistinctIdentitiesBeforeSending,
  recordFailedPassword,
  refusalWhileThrottled,
} from "./guessing-limit";
import { passwordProblemFor } from "./password-check";
import { passwordHashing, type ScryptCost } from "./password-hashing";
import { credentialKey, SessionCache } from "./session-cache";
import { findCustomerIdByUid, loginExists } from "./session-logins";
import { fastSessionLookup, type SessionPolicy } from "./session-lookup";
import { isTrustedDevice, trustDeviceCookie } from "./trusted-device";

/**
 * The coarse role existing handlers branch on: "admin" is staff who act for the studio on
 * customers' records (owner, manager, front desk); a coach is "customer" here, so customer routes
 * treat them as the customer they may also be. What each staff role may call is
 * server/plugins/permissions.ts, through requireAdmin.
 */
export type Role = "customer" | "admin";

export type AuthUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** owner, manager, front_desk or coach; null for a customer. */
  staff_role: StaffRole | null;
  /** The customer record of this login; null for a staff login without one. */
  customer_id: number | null;
};

export const SESSION_COOKIE_PREFIX = "estudio";
/** A session lasts 30 days and is extended once a day while used (seconds, as better-auth wants). */
const SESSION_EXPIRES_IN = 60 * 60 * 24 * 30;
const SESSION_UPDATE_AGE = 60 * 60 * 24;

/**
 * better-auth on our own database: email + password (scrypt), httpOnly cookie sessions for the
 * browser, Bearer tokens for API clients, and roles through the admin plugin.
 */
export function createAuth(
  db: Db,
  config: AppConfigEnv,
  mailer: Mailer,
  /** The studio's settings, for the branded reset email (the defaults without it). */
  appConfig?: Pick<AppConfigService, "get">,
  /** scrypt's work factor: production's unless the test suites pass theirs (decision 0039). */
  passwordCost?: ScryptCost,
) {
  const secure = config.publicUrl.startsWith("https://");
  return betterAuth({
    appName: "Estudio",
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      // The studio's policy (app config) is checked before better-auth sees a password: on
      // sign-up by the customers service, on reset and change by the bridge below.
      password: passwordHashing(passwordCost),
      minPasswordLength: 1,
      maxPasswordLength: PASSWORD_HARD_MAX,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: target, token }) {
        const link = `${config.publicUrl}/restablecer?token=${encodeURIComponent(token)}`;
        const studio = appConfig ? await appConfig.get() : resolveAppConfig([]);
        const email = await passwordResetEmail(brandOf(studio, config.publicUrl), {
          name: target.name,
          link,
        });
        await mailer.send({ to: target.email, template: "password-reset", secrets: [link, token], ...email });
      },
    },
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    // Our own limits (plugins/security.ts and per-route) apply; better-auth's in-memory one would
    // not be shared between instances.
    rateLimit: { enabled: false },
    // Its warnings ("Invalid password") repeat what our error answers already say.
    logger: { disabled: config.LOG_LEVEL === "silent" },
    // The admin plugin gives the role and banned fields and refuses sessions to banned logins (a
    // deactivated customer, set by the front desk); its own /api/auth/admin/* endpoints are
    // closed by the bridge below: staff act through our audited services.
    plugins: [admin({ defaultRole: "customer", adminRoles: ["admin"] }), bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
    /**
     * Forgets the verified sessions this instance remembers, after our own code (not a
     * better-auth endpoint) ends someone's sessions: the next request checks the database.
     */
    forgetSessions(): void;
  }
  interface FastifyRequest {
    /** The signed-in user, looked up once per request; null for visitors. */
    getUser(): Promise<AuthUser | null>;
    /** getUser's one lookup of this request (null until asked). */
    userLookup: Promise<AuthUser | null> | null;
  }
}

export default fp(async function authPlugin(app: FastifyInstance, options: { passwordCost?: ScryptCost }) {
  const auth = createAuth(app.db, app.config, app.mailer, app.appConfig, options.passwordCost);
  app.decorate("auth", auth);
  // Builds better-auth's context now (it would on the first sign-in), so that its per-call
  // storages can be ours before any call: they stop costing every request once a call ends.
  await auth.$context;
  scopeBetterAuthStorages();

  const verified = new SessionCache<AuthUser | null>();
  app.decorate("forgetSessions", () => verified.clear());
  // A property of the request, not a WeakMap keyed by it: a WeakMap entry per request was a
  // measurable share of the garbage collector's work on the busiest reads (decision 0042).
  app.decorateRequest("userLookup", null);
  app.decorateRequest("getUser", function getUser(this: FastifyRequest) {
    this.userLookup ??= cachedUser(app, this, verified);
    return this.userLookup;
  });

  // better-auth's own endpoints (sign-in, sign-out, reset...), bridged to Fastify. Sensitive ones
  // are rate-limited per IP and email; their errors come back in Spanish in our one error shape.
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    // Sign-in is slowed by growing delays per address and account instead (guessing-limit.ts,
    // decision 0056 §3): a fixed cap per address and email would lock the owner out for 15
    // minutes behind a shared Wi-Fi. Recovery and resets keep the cap (they send email).
    config: {
      rateLimit: authRateLimit({
        allow: (request) => {
          const path = authPath(request);
          return !isSensitiveAuthPath(path) || path === "/sign-in/email";
        },
      }),
    },
    preHandler: async (request, reply) => {
      const path = authPath(request);
      // A reset request emails whatever address it names: it waits before anything is sent.
      if (path === "/request-password-reset") await limitDistinctIdentitiesBeforeSending(request, reply);
      else if (isSensitiveAuthPath(path)) await limitDistinctIdentities(request, reply);
    },
    // Recovery emails count whatever the answer; a sign-in only when it was refused.
    onResponse: async (request, reply) => {
      const path = authPath(request);
      await countNamedIdentity({ always: path === "/request-password-reset" })(request, reply);
    },
    async handler(request, reply) {
      const path = authPath(request);
      if (!isOpenAuthEndpoint(request.method, path))
        throw AppError.of("NOT_FOUND", { message: "routeNotFound" });
      const email = signInEmail(path, request.body);
      const address = clientAddress(request);
      if (email !== null) {
        // Decision 0056 §3: this address waits on this account; other addresses and this
        // account's trusted browsers do not.
        const trusted = isTrustedDevice(request, app.config.authSecret, email);
        const wait = await accountWaitMs(app, email, address, trusted);
        if (wait > 0) throw accountThrottled(wait);
      }
      await checkNewPassword(app, request, path, request.body);
      // Whose password changes, for the notice (a reset's token is spent by the call).
      const passwordOwner =
        path === "/change-password"
          ? ((await request.getUser())?.id ?? null)
          : path === "/reset-password"
            ? await userOfResetToken(app, (request.body as { token?: unknown } | undefined)?.token)
            : null;
      const url = new URL(request.url, app.config.publicUrl);
      const body = withForcedRevocation(path, request.body);
      const hasBody = request.method !== "GET" && body !== undefined;
      const headers = fromNodeHeaders(request.headers);
      // better-auth stores the session's address from this header: the one Fastify established
      // (trustProxy-aware), not whatever a client wrote in its own X-Forwarded-For.
      headers.set("x-forwarded-for", request.ip);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(body) : undefined,
        }),
      );
      if (response.status >= 400) {
        const error = await translateAuthError(app, path, response, request.body);
        if (email !== null && error.code === "WRONG_PASSWORD") recordFailedPassword(app, email, address);
        // The two sign-in messages tell a guesser whether an email has an account: while this
        // address waits for naming new emails, they become 429 (a right password still signs in).
        if (error.code === "WRONG_PASSWORD" || error.code === "USER_NOT_FOUND") {
          throw refusalWhileThrottled(request, error);
        }
        throw error;
      }
      // Sign-out, password change or reset, revocations, admin actions: sessions this instance
      // remembered may have ended. Forgetting all of them is cheap and obviously correct.
      if (request.method === "POST" && path !== "/sign-in/email") verified.clear();
      reply.status(response.status);
      const browser = fromBrowser(request);
      for (const [key, value] of response.headers) {
        const name = key.toLowerCase();
        if (name === "set-cookie") continue;
        // A page's script never gets a session token: the HttpOnly cookie is its only credential.
        if (browser && (name === "set-auth-token" || name === "access-control-expose-headers")) continue;
        reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      let text = response.body ? await response.text() : null;
      if (text && path === "/request-password-reset") text = inSpanish(text);
      if (path === "/sign-in/email" && email !== null && text) {
        const userId = (JSON.parse(text) as { user?: { id?: string } }).user?.id;
        if (userId) await sendNewSignInNotice(app, request, userId);
        if (browser) {
          // Fastify adds this set-cookie to the session's (it appends, never replaces).
          reply.header(
            "set-cookie",
            trustDeviceCookie(
              request,
              app.config.authSecret,
              email,
              app.config.publicUrl.startsWith("https://"),
            ),
          );
        }
      }
      if (passwordOwner) await sendPasswordChangedNotice(app, passwordOwner);
      return reply.send(browser && text ? withoutSessionTokens(text) : text);
    },
  });
});

/**
 * A new password ends every other session, whatever the client asked: whoever changes a password
 * because it leaked must not leave the intruder signed in (better-auth's default keeps them).
 */
function withForcedRevocation(path: string, body: unknown): unknown {
  if (path !== "/change-password" || typeof body !== "object" || body === null) return body;
  return { ...body, revokeOtherSessions: true };
}

/**
 * Whether a request comes from a web page (decision 0055): every browser since 2023 adds
 * `Sec-Fetch-Site` to every request (fetch, forms, navigation), and a page's script can neither
 * remove nor set it. API clients (apps, scripts, the tests' inject and Node's fetch, even one
 * that writes an Origin header) send none and keep getting their Bearer token.
 */
export function fromBrowser(request: FastifyRequest): boolean {
  return request.headers["sec-fetch-site"] !== undefined;
}

/** The reset request's answer said "If this email exists in our system…": ours says it in Spanish. */
function inSpanish(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify({ ...body, message: messages.recoverySent });
  } catch {
    return text;
  }
}

/** better-auth's JSON answers with every `token` field removed (sign-in, get-session, change-password). */
function withoutSessionTokens(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node as Record<string, unknown>)
        .filter(([key]) => key !== "token")
        .map(([key, v]) => [key, strip(v)]),
    );
  };
  return JSON.stringify(strip(value));
}

/** "/api/auth/sign-in/email?x" → "/sign-in/email". */
function authPath(request: FastifyRequest): string {
  return request.url.split("?")[0]!.replace(/^\/api\/auth/, "");
}

/**
 * The better-auth endpoints the app uses; every other one (sign-up, which POST /api/customer/signup
 * replaces; update-user and change-email, which would skip our customer record; the admin
 * plugin's ban, remove, set-password and impersonation, which would skip the audit log;
 * list-sessions and revoke-session, which hand out and take session tokens: GET and DELETE
 * /api/account/sessions list and end sessions by id instead, decision 0055) answers 404. An
 * allow-list, so an endpoint a better-auth upgrade adds is closed until we choose it.
 */
const OPEN_AUTH_ENDPOINTS: Record<string, ReadonlySet<string>> = {
  GET: new Set(["/get-session", "/ok"]),
  POST: new Set([
    "/sign-in/email",
    "/sign-out",
    "/request-password-reset",
    "/reset-password",
    "/change-password",
    "/revoke-sessions",
    "/revoke-other-sessions",
  ]),
};
function isOpenAuthEndpoint(method: string, path: string): boolean {
  return OPEN_AUTH_ENDPOINTS[method]?.has(path) ?? false;
}

/** The account a sign-in names (for the per-account guessing bound); null on other paths. */
function signInEmail(path: string, body: unknown): string | null {
  if (path !== "/sign-in/email") return null;
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}

const SENSITIVE_AUTH_PATHS = new Set([
  "/sign-in/email",
  "/request-password-reset",
  "/forget-password",
  "/reset-password",
  "/change-password",
]);
function isSensitiveAuthPath(path: string): boolean {
  return SENSITIVE_AUTH_PATHS.has(path);
}

/** Attempts per IP and email in the window: enough for people who mistype, not for guessing (the default of AUTH_RATE_LIMIT_MAX). */
export const AUTH_ATTEMPTS_MAX = 10;
export const AUTH_ATTEMPTS_WINDOW = "15 minutes";

/**
 * Route config for @fastify/rate-limit on sign-in, sign-up, recovery and phone checks. The key is
 * the IP plus the email (or phone) in the body, so one person's typos do not lock out a whole
 * office behind one IP, and a guesser is stopped after a few tries on one account. It runs as a
 * preHandler, once the body is parsed; the 429 body is our Spanish error (security.ts).
 */
export function authRateLimit(options: { allow?: (request: FastifyRequest) => boolean; max?: number } = {}) {
  return {
    hook: "preHandler" as const,
    // The server's setting (AUTH_RATE_LIMIT_MAX, default AUTH_ATTEMPTS_MAX) unless a route sets its own.
    max: options.max ?? ((request: FastifyRequest) => request.server.config.AUTH_RATE_LIMIT_MAX),
    timeWindow: AUTH_ATTEMPTS_WINDOW,
    allowList: options.allow ? (request: FastifyRequest) => options.allow!(request) : undefined,
    keyGenerator(request: FastifyRequest) {
      const body = (request.body ?? {}) as { email?: unknown };
      const query = (request.query ?? {}) as { phone?: unknown };
      const who =
        typeof body.email === "string" ? body.email.trim().toLowerCase() : String(query.phone ?? "");
      return `auth:${request.ip}:${who}`;
    },
  };
}

/**
 * The studio's password policy (rules and guessability) also applies to passwords chosen through
 * a reset or a change; the person's own name and email count as guessable words.
 */
async function checkNewPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  body: unknown,
): Promise<void> {
  if (path !== "/reset-password" && path !== "/change-password") return;
  const fields = (body ?? {}) as { newPassword?: unknown; currentPassword?: unknown; token?: unknown };
  if (
    path === "/change-password" &&
    (typeof fields.currentPassword !== "string" || fields.currentPassword === "")
  ) {
    throw AppError.of("VALIDATION_ERROR", {
      message: "currentPasswordRequired",
      fields: { currentPassword: t("currentPasswordRequired") },
    });
  }
  const password = fields.newPassword;
  if (typeof password !== "string") return;
  const owner =
    path === "/change-password"
      ? await request.getUser()
      : typeof fields.token === "string"
        ? await resetTokenOwner(app.db, fields.token)
        : null;
  const problem = await passwordProblemFor(
    app,
    password,
    owner ? { email: owner.email, names: [owner.name] } : {},
  );
  if (problem) throw new AppError(400, "PASSWORD_POLICY", problem, { fields: { newPassword: problem } });
}

/** Whose reset link this is (better-auth keeps it as `reset-password:<token>` → user id). */
async function resetTokenOwner(db: Db, token: string): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({ email: user.email, name: user.name })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(eq(verification.identifier, `reset-password:${token}`))
    .limit(1);
  return row ?? null;
}

/**
 * better-auth answers in English and says INVALID_EMAIL_OR_PASSWORD for both an unknown email and a
 * wrong password. Sign-in shows two different messages (docs/product-rules.md#accounts), so on that
 * code we look the email up (docs/decisions/0006-sign-in-messages.md) and answer with the matching
 * text.
 */
async function translateAuthError(
  app: FastifyInstance,
  path: string,
  response: Response,
  body: unknown,
): Promise<AppError> {
  const data = (await response.json().catch(() => ({}))) as { code?: string };
  switch (data.code) {
    case "INVALID_EMAIL_OR_PASSWORD": {
      const email = (body as { email?: unknown } | undefined)?.email;
      const exists = typeof email === "string" && (await loginExists(app.db, email));
      return exists ? AppError.of("WRONG_PASSWORD") : AppError.of("USER_NOT_FOUND");
    }
    case "INVALID_PASSWORD": {
      const message = t("wrongPassword");
      return new AppError(400, "CURRENT_PASSWORD_WRONG", message, { fields: { currentPassword: message } });
    }
    case "BANNED_USER":
      // A customer the front desk deactivated (admin-customers): no session until reactivated.
      return AppError.of("ACCOUNT_DEACTIVATED");
    case "INVALID_TOKEN":
      return AppError.of("INVALID_TOKEN", { message: "resetTokenInvalid" });
    case "INVALID_EMAIL":
      return AppError.of("INVALID_EMAIL");
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return AppError.of("PASSWORD_POLICY");
  }
  if (response.status === 401)
    return path === "/sign-in/email" ? AppError.of("WRONG_PASSWORD") : unauthorized();
  if (response.status === 403) return forbidden();
  if (response.status === 404) return AppError.of("NOT_FOUND", { message: "routeNotFound" });
  if (response.status === 429) return AppError.of("RATE_LIMITED");
  if (response.status >= 500) return AppError.of("INTERNAL_ERROR");
  // Any other refusal: our own code and Spanish text, never better-auth's (decision 0056 §4).
  return AppError.of("BAD_REQUEST", { message: "validation" });
}

/** The request's user, from the short-lived cache of verified sessions or from better-auth. */
async function cachedUser(
  app: FastifyInstance,
  request: FastifyRequest,
  verified: SessionCache<AuthUser | null>,
): Promise<AuthUser | null> {
  const key = credentialKey(request, `${SESSION_COOKIE_PREFIX}.session_token`);
  if (key === null) return null;
  return verified.getOrLookup(key, async () => {
    const { user, expiresAt } = await resolveUser(app, request);
    return { value: user, notAfter: expiresAt };
  });
}

/**
 * better-auth answers its own storage failures (a pool that timed out under load, a database
 * restarting) with a bare 500 "Failed to get session" and no driver cause. Reading a session
 * touches nothing but the database, so such a failure is an outage: 503 with the Spanish text and
 * retry-after, like every other database failure (plugins/errors.ts); the original is logged.
 */
export async function betterAuthSession<T>(request: FastifyRequest, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status < 500) throw error;
    request.log.error({ err: error }, "session lookup failed");
    throw AppError.of("DATABASE_UNAVAILABLE");
  }
}

async function resolveUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ user: AuthUser | null; expiresAt?: Date }> {
  const policy: SessionPolicy = {
    secret: app.config.authSecret,
    cookieName: `${SESSION_COOKIE_PREFIX}.session_token`,
    expiresInSeconds: SESSION_EXPIRES_IN,
    updateAgeSeconds: SESSION_UPDATE_AGE,
  };
  const fast = await fastSessionLookup(app.db, request, policy);
  if (fast) {
    return {
      expiresAt: fast.expiresAt,
      user: {
        id: fast.id,
        email: fast.email,
        name: fast.name,
        ...rolesOf(fast.role),
        customer_id: fast.customer_id,
      },
    };
  }
  const result = await betterAuthSession(request, () =>
    app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }),
  );
  if (!result) return { user: null };
  const u = result.user as typeof result.user & { role?: string | null; banned?: boolean | null };
  if (u.banned) return { user: null };
  return {
    expiresAt: new Date(result.session.expiresAt),
    user: {
      id: u.id,
      email: u.email,
      name: u.name,
      ...rolesOf(u.role),
      customer_id: await findCustomerIdByUid(app.db, u.id),
    },
  };
}

/** The stored role ("owner", "coach", old "admin"...) as AuthUser's two role fields. */
export function rolesOf(stored: string | null | undefined): Pick<AuthUser, "role" | "staff_role"> {
  const staff = staffRoleOf(stored);
  return { role: staff && staff !== "coach" ? "admin" : "customer", staff_role: staff };
}

/**
 * A request that carries a session (cookie or Bearer token) better-auth no longer accepts: the
 * session expired or was ended elsewhere. The web then sends the person to /entrar with a message.
 */
function hasStaleCredentials(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  if (typeof header === "string" && /^Bearer\s+\S+/i.test(header)) return true;
  const cookie = request.headers.cookie ?? "";
  return cookie.includes(`${SESSION_COOKIE_PREFIX}.session_token=`);
}

function notSignedIn(request: FastifyRequest): AppError {
  return hasStaleCredentials(request) ? AppError.of("SESSION_EXPIRED") : unauthorized();
}

/** preHandler: 401 unless signed in (code SESSION_EXPIRED when a stale session was sent). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await request.getUser())) throw notSignedIn(request);
}

/** The signed-in user; 401 for visitors. For handlers behind requireUser. */
export async function signedInUser(request: FastifyRequest): Promise<AuthUser> {
  const current = await request.getUser();
  if (!current) throw notSignedIn(request);
  return current;
}

/**
 * preHandler of every back-office route: 401 for visitors, 403 for customers and for staff whose
 * role (or, for a coach, whose classes) the permissions table does not allow on this route
 * (server/plugins/permissions.ts; a route not listed there is owner and manager only).
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const current = await request.getUser();
  if (!current) throw notSignedIn(request);
  if (current.staff_role === null) throw forbidden();
  const allowed = await staffMayCall(request.server.db, request, {
    id: current.id,
    staff_role: current.staff_role,
  });
  if (!allowed) throw forbidden();
}

/** The signed-in customer's id, for routes that must scope every query to it. */
export async function currentCustomerId(request: FastifyRequest): Promise<number> {
  const current = await request.getUser();
  if (!current) throw notSignedIn(request);
  if (current.customer_id === null) throw forbidden();
  return current.customer_id;
}
