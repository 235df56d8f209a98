import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { fromNodeHeaders } from "better-auth/node";
import { admin, bearer } from "better-auth/plugins";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../../domain/errors";
import type { AppConfigEnv } from "../config";
import type { Db } from "../db/client";
import { account, session, user, verification } from "../db/schema/auth";
import { findCustomerIdByUid } from "../modules/customers/customers.repository";
import type { Mailer } from "./mailer";

export type Role = "customer" | "admin";

export type AuthUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The customer record of this login; null for a staff login without one. */
  customer_id: number | null;
};

export const SESSION_COOKIE_PREFIX = "estudio";

/**
 * better-auth on our own database: email + password (scrypt), httpOnly cookie sessions for the
 * browser, Bearer tokens for API clients, and roles through the admin plugin.
 */
export function createAuth(db: Db, config: AppConfigEnv, mailer: Mailer) {
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
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: target, token }) {
        const link = `${config.publicUrl}/restablecer?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: target.email,
          subject: "Restablece tu contraseña",
          template: "password-reset",
          text: `Hola ${target.name}:\n\nPara crear una nueva contraseña abre este enlace (vence en una hora):\n${link}\n\nSi no lo pediste, ignora este correo.`,
          html: `<p>Hola ${escapeHtml(target.name)}:</p><p>Para crear una nueva contraseña abre este enlace (vence en una hora):</p><p><a href="${link}">Restablecer contraseña</a></p><p>Si no lo pediste, ignora este correo.</p>`,
        });
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    // Our own limits (plugins/security.ts and per-route) apply; better-auth's in-memory one would
    // not be shared between instances.
    rateLimit: { enabled: false },
    plugins: [admin({ defaultRole: "customer", adminRoles: ["admin"] }), bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in user, looked up once per request; null for visitors. */
    getUser(): Promise<AuthUser | null>;
  }
}

export default fp(async function authPlugin(app: FastifyInstance) {
  const auth = createAuth(app.db, app.config, app.mailer);
  app.decorate("auth", auth);

  const cache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
  app.decorateRequest("getUser", function getUser(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolveUser(app, this);
      cache.set(this, pending);
    }
    return pending;
  });

  // better-auth's own endpoints (sign-in, sign-up, sign-out, reset...), bridged to Fastify.
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.publicUrl);
      const hasBody = request.method !== "GET" && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() !== "set-cookie") reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
});

async function resolveUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  const result = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string | null; banned?: boolean | null };
  if (u.banned) return null;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === "admin" ? "admin" : "customer",
    customer_id: await findCustomerIdByUid(app.db, u.id),
  };
}

/** preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await request.getUser())) throw unauthorized();
}

/** preHandler: 401 for visitors, 403 for customers. Every admin route uses it. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const current = await request.getUser();
  if (!current) throw unauthorized();
  if (current.role !== "admin") throw forbidden();
}

/** The signed-in customer's id, for routes that must scope every query to it. */
export async function currentCustomerId(request: FastifyRequest): Promise<number> {
  const current = await request.getUser();
  if (!current) throw unauthorized();
  if (current.customer_id === null) throw forbidden();
  return current.customer_id;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
