import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { deviceLabel } from "../../domain/device";
import { formatDateTime } from "../../domain/format";
import { session, user, verification } from "../db/schema/auth";
import { newSignInNoticeEmail, passwordChangedNoticeEmail } from "../modules/mail/templates/account";
import { brandOf } from "../modules/mail/templates/brand";
import { isTrustedDevice } from "./trusted-device";

/**
 * The emails that tell a person about their own account (decision 0056 §3): a sign-in from a
 * device it had not used, and a password that changed. Sent by the auth bridge after better-auth
 * answered; a failure to send is logged, never turned into a failed sign-in.
 */

async function loginOf(app: FastifyInstance, userId: string) {
  const [row] = await app.db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * A sign-in is from a new device when the browser carries no trusted mark for the account and no
 * other open session of the account has the same User-Agent. The first sign-in after sign-up
 * (whose session has no User-Agent) is not news.
 */
export async function isNewDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  email: string,
) {
  if (isTrustedDevice(request, app.config.authSecret, email)) return false;
  const agents = await app.db
    .select({ userAgent: session.userAgent })
    .from(session)
    .where(and(eq(session.userId, userId), isNotNull(session.userAgent)));
  const mine = request.headers["user-agent"] ?? "";
  // better-auth records "" for sessions made without a request (the sign-up's own).
  const known = agents.filter((a) => a.userAgent);
  if (known.length <= 1) return false;
  return known.filter((a) => a.userAgent === mine).length <= 1;
}

export async function sendNewSignInNotice(app: FastifyInstance, request: FastifyRequest, userId: string) {
  try {
    const login = await loginOf(app, userId);
    if (!login || !(await isNewDevice(app, request, userId, login.email))) return;
    const config = await app.appConfig.get();
    const email = await newSignInNoticeEmail(brandOf(config, app.config.publicUrl), {
      name: login.name,
      device: deviceLabel(request.headers["user-agent"]),
      place: request.ip || null,
      when: formatDateTime(new Date(), config.timezone),
    });
    await app.mailer.send({ to: login.email, template: "new-sign-in", ...email });
  } catch (error) {
    app.log.error({ err: error }, "account-notices: could not send the new sign-in notice");
  }
}

/** Whose password a reset token changes (read before better-auth spends the token). */
export async function userOfResetToken(app: FastifyInstance, token: unknown): Promise<string | null> {
  if (typeof token !== "string" || token === "") return null;
  const [row] = await app.db
    .select({ value: verification.value })
    .from(verification)
    .where(eq(verification.identifier, `reset-password:${token}`))
    .limit(1);
  return row?.value ?? null;
}

export async function sendPasswordChangedNotice(app: FastifyInstance, userId: string) {
  try {
    const login = await loginOf(app, userId);
    if (!login) return;
    const config = await app.appConfig.get();
    const email = await passwordChangedNoticeEmail(brandOf(config, app.config.publicUrl), {
      name: login.name,
      when: formatDateTime(new Date(), config.timezone),
    });
    await app.mailer.send({ to: login.email, template: "password-changed", ...email });
  } catch (error) {
    app.log.error({ err: error }, "account-notices: could not send the password notice");
  }
}
