import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { AuthUser } from "../../auth/auth";
import { loginExists } from "../../auth/session-logins";
import { user, verification } from "../../db/schema/auth";
import { customers } from "../../db/schema/customers";
import { recordAudit } from "../audit/audit.service";
import {
  emailChangedNoticeEmail,
  emailChangeEmail,
  emailChangeRequestedNoticeEmail,
} from "../mail/templates/account";
import { brandOf } from "../mail/templates/brand";

/**
 * Change of email with confirmation
 * (docs/decisions/0018-account-guessing-redaction-email-change.md). The new address is written
 * nowhere until the link sent to it is opened: the request stores only a hash of the link's secret
 * in better-auth's verification table (one pending change per login, a new request replaces it),
 * the link works once and for EMAIL_CHANGE_HOURS, and confirming moves user.email (what sign-in
 * reads) and customers.email together in one transaction.
 */
export const EMAIL_CHANGE_HOURS = 24;

const identifierOf = (userId: string) => `change-email:${userId}`;
const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

type Pending = { hash: string; email: string };

/**
 * Asks for `login`'s email to become `newEmail`. The customer asks for their own; the studio's
 * desk asks for a customer's (decision 0053): then the old address is told at once too, so a
 * change the person did not want is noticed before anyone opens the link.
 */
export async function requestEmailChange(
  app: FastifyInstance,
  current: Pick<AuthUser, "id" | "email" | "name">,
  newEmail: string,
  options: { byStudio?: boolean } = {},
) {
  if (newEmail === current.email.toLowerCase()) {
    const message = t("emailSameAsCurrent");
    throw new AppError(400, "EMAIL_UNCHANGED", message, { fields: { email: message } });
  }
  if (await loginExists(app.db, newEmail)) {
    const message = t("accountExists");
    throw new AppError(409, "ACCOUNT_EXISTS", message, { fields: { email: message } });
  }
  const secret = randomBytes(32).toString("base64url");
  // The user id in the token finds the row; only the hash of the secret is stored.
  const token = `${current.id}.${secret}`;
  const pending: Pending = { hash: hashOf(secret), email: newEmail };
  await app.db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifierOf(current.id)));
    await tx.insert(verification).values({
      id: randomBytes(16).toString("hex"),
      identifier: identifierOf(current.id),
      value: JSON.stringify(pending),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 60 * 60 * 1000),
    });
  });
  const link = `${app.config.publicUrl}/confirmar-correo?token=${encodeURIComponent(token)}`;
  const brand = brandOf(await app.appConfig.get(), app.config.publicUrl);
  const email = await emailChangeEmail(brand, {
    name: current.name,
    link,
    hours: EMAIL_CHANGE_HOURS,
    byStudio: options.byStudio ?? false,
  });
  await app.mailer.send({ to: newEmail, template: "email-change", secrets: [link, token, secret], ...email });
  if (options.byStudio) {
    const notice = await emailChangeRequestedNoticeEmail(brand, { name: current.name, newEmail });
    await app.mailer.send({ to: current.email, template: "email-change-requested", ...notice });
  }
  return { message: t("emailConfirmationSent") };
}

const invalidLink = () => AppError.of("INVALID_TOKEN");

/** Opens the link: the new address becomes the login's and the customer's, once. */
export async function confirmEmailChange(app: FastifyInstance, token: string) {
  const dot = token.indexOf(".");
  if (dot <= 0) throw invalidLink();
  const userId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  const changed = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verification)
      .where(eq(verification.identifier, identifierOf(userId)))
      .for("update");
    if (!row) throw invalidLink();
    const pending = JSON.parse(row.value) as Pending;
    const expected = Buffer.from(pending.hash, "hex");
    const given = Buffer.from(hashOf(secret), "hex");
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidLink();
    // Single use: whatever happens next, this link is spent.
    await tx.delete(verification).where(eq(verification.id, row.id));
    if (row.expiresAt.getTime() <= Date.now()) return null;
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, pending.email), ne(user.id, userId)))
      .limit(1);
    if (taken) throw AppError.of("ACCOUNT_EXISTS");
    const [before] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, userId));
    if (!before) throw invalidLink();
    await tx
      .update(user)
      .set({ email: pending.email, emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, userId));
    const [customer] = await tx
      .update(customers)
      .set({ email: pending.email })
      .where(eq(customers.uid, userId))
      .returning({ customer_id: customers.customer_id });
    await recordAudit(tx, {
      actor_user_id: userId,
      action: "customer.email_change",
      entity: "customer",
      entity_id: customer?.customer_id ?? null,
      customer_id: customer?.customer_id ?? null,
      details: { before: { email: before.email }, after: { email: pending.email } },
    });
    return { oldEmail: before.email, newEmail: pending.email, name: before.name };
  });
  // An expired link was still spent above (the transaction committed its deletion).
  if (changed === null) throw invalidLink();
  // The old address hears of it: if someone else made the change, its owner can call the studio.
  const brand = brandOf(await app.appConfig.get(), app.config.publicUrl);
  const notice = await emailChangedNoticeEmail(brand, { name: changed.name, newEmail: changed.newEmail });
  await app.mailer.send({ to: changed.oldEmail, template: "email-changed-notice", ...notice });
  return { message: t("emailChanged"), email: changed.newEmail };
}
