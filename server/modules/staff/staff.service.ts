import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type ErrorCode, errorCodes } from "../../../domain/error-codes";
import { AppError, type ErrorOptions } from "../../../domain/errors";
import { type MessageKey, t } from "../../../domain/messages";
import { STAFF_ROLE_LABELS, type StaffRole, staffRoleOf } from "../../../domain/staff";
import { createLogin } from "../../auth/auth-users";
import { passwordProblemFor } from "../../auth/password-check";
import type { Db } from "../../db/client";
import { type Actor, auditedChange, recordAudit } from "../audit/audit.service";
import { staffInvitationEmail } from "../mail/templates/account";
import { brandOf } from "../mail/templates/brand";
import * as repo from "./staff.repository";

/**
 * The studio's team (docs/decisions/0031-staff-roles-and-permissions.md): the owner
 * invites by email, changes roles and removes access; the invited person opens a single-use,
 * expiring link whose secret is stored only as a hash (as the email change does). A staff login
 * may also be a customer: the role lives on the login, the customer record stays as it was.
 */
export const INVITATION_DAYS = 7;
const FIRST_OWNER = "first_owner";

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

const invalidInvitation = () => AppError.of("INVALID_TOKEN", { message: "staffInvitationInvalid" });

/** The password policy's own text (server/auth/password-check.ts words each problem) on the password field. */
const passwordPolicyError = (problem: string) =>
  new AppError(errorCodes.PASSWORD_POLICY.status, "PASSWORD_POLICY", problem, {
    fields: { password: problem },
  });

/** A refusal about one field of the form: the catalogue's code with one of its texts, on that field. */
function fieldError<C extends ErrorCode>(code: C, field: string, message: MessageKey) {
  return AppError.of(code, { message, fields: { [field]: t(message) } } as ErrorOptions<C>);
}

export async function listStaff(db: Db, now = new Date()) {
  const logins = await repo.listStaffLogins(db);
  const invitations = await repo.pendingInvitations(db, now);
  return {
    staff: logins.map((l) => ({
      user_id: l.user_id,
      name: l.name,
      email: l.email,
      role: staffRoleOf(l.role) ?? "owner",
      customer_id: l.customer_id,
      instructor_id: l.instructor_id,
    })),
    invitations: invitations.map((i) => ({
      staff_invitation_id: i.staff_invitation_id,
      email: i.email,
      role: staffRoleOf(i.role) ?? "coach",
      instructor_id: i.instructor_id,
      expires_at: i.expires_at,
    })),
  };
}

export async function inviteStaff(
  app: FastifyInstance,
  actor: Actor,
  input: { email: string; role: StaffRole; instructor_id?: number | null },
  now = new Date(),
) {
  const email = input.email.trim().toLowerCase();
  const existing = await repo.findLoginByEmail(app.db, email);
  if (existing && staffRoleOf(existing.role)) {
    throw AppError.of("ALREADY_STAFF", { fields: { email: t("alreadyStaff") } });
  }
  const instructorId = input.role === "coach" ? (input.instructor_id ?? null) : null;
  if (instructorId !== null) {
    const profile = await repo.findInstructor(app.db, instructorId);
    if (!profile) throw fieldError("NOT_FOUND", "instructor_id", "coachProfileNotFound");
    if (profile.user_id) {
      throw AppError.of("INSTRUCTOR_LINKED", { fields: { instructor_id: t("instructorLinked") } });
    }
  }
  const secret = randomBytes(32).toString("base64url");
  const invitation = await auditedChange(app.db, actor, async (tx) => {
    await repo.revokePendingFor(tx, email, now);
    const row = await repo.insertInvitation(tx, {
      email,
      role: input.role,
      instructor_id: instructorId,
      token_hash: hashOf(secret),
      expires_at: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
      invited_by: actor.user_id,
    });
    return {
      result: row,
      audit: {
        action: "staff.invite",
        entity: "staff_invitation",
        entity_id: row.staff_invitation_id,
        details: { email, role: input.role, instructor_id: instructorId },
      },
    };
  });
  const token = `${invitation.staff_invitation_id}.${secret}`;
  const link = `${app.config.publicUrl}/equipo/invitacion?token=${encodeURIComponent(token)}`;
  const mail = await staffInvitationEmail(brandOf(await app.appConfig.get(), app.config.publicUrl), {
    role: STAFF_ROLE_LABELS[input.role],
    link,
    days: INVITATION_DAYS,
    existing: Boolean(existing),
  });
  await app.mailer.send({ to: email, template: "staff-invitation", secrets: [link, token, secret], ...mail });
  return {
    staff_invitation_id: invitation.staff_invitation_id,
    email,
    role: input.role,
    instructor_id: instructorId,
    expires_at: invitation.expires_at,
  };
}

export async function withdrawInvitation(db: Db, actor: Actor, invitationId: number, now = new Date()) {
  return auditedChange(db, actor, async (tx) => {
    const row = await repo.revokeInvitation(tx, invitationId, now);
    if (!row) throw AppError.of("NOT_FOUND", { message: "staffInvitationNotPending" });
    return {
      result: { ok: true },
      audit: {
        action: "staff.invite_withdraw",
        entity: "staff_invitation",
        entity_id: invitationId,
        details: { email: row.email, role: row.role },
      },
    };
  });
}

/** Reads a link's token; the invitation when it is still good, else INVALID_TOKEN. */
async function liveInvitation(db: Db, token: string, now: Date, forUpdate = false) {
  const dot = token.indexOf(".");
  const id = Number(token.slice(0, dot));
  if (dot <= 0 || !Number.isSafeInteger(id)) throw invalidInvitation();
  const row = await repo.findInvitation(db, id, forUpdate);
  if (!row) throw invalidInvitation();
  const expected = Buffer.from(row.token_hash, "hex");
  const given = Buffer.from(hashOf(token.slice(dot + 1)), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidInvitation();
  if (row.accepted_at || row.revoked_at || row.expires_at <= now) throw invalidInvitation();
  return row;
}

/** What the invitation page shows before the person accepts. */
export async function describeInvitation(app: FastifyInstance, token: string, now = new Date()) {
  const row = await liveInvitation(app.db, token, now);
  const existing = await repo.findLoginByEmail(app.db, row.email);
  const { name } = await app.appConfig.get();
  return {
    email: row.email,
    role: staffRoleOf(row.role) ?? "coach",
    studio: name,
    has_account: existing !== null,
  };
}

/**
 * Accepts an invitation. A new person chooses a name and password (the studio's policy); someone
 * who already has a login (a customer of the studio) proves it with their password and keeps it.
 * The link is spent in one transaction that locks its row, so two clicks cannot both use it.
 */
export async function acceptInvitation(
  app: FastifyInstance,
  input: { token: string; name?: string; password: string },
  now = new Date(),
) {
  const invitation = await liveInvitation(app.db, input.token, now);
  let login = await repo.findLoginByEmail(app.db, invitation.email);
  if (login) {
    const ok = await app.auth.api
      .signInEmail({ body: { email: invitation.email, password: input.password } })
      .then(() => true)
      .catch(() => false);
    if (!ok) throw fieldError("CURRENT_PASSWORD_WRONG", "password", "staffPasswordMismatch");
  } else {
    const name = input.name?.trim() ?? "";
    if (name.length < 2) throw fieldError("VALIDATION_ERROR", "name", "staffNameRequired");
    const problem = await passwordProblemFor(app, input.password, { email: invitation.email, names: [name] });
    if (problem) throw passwordPolicyError(problem);
    await createLogin(app, { email: invitation.email, password: input.password, name, role: "customer" });
    login = await repo.findLoginByEmail(app.db, invitation.email);
    if (!login) throw invalidInvitation();
  }
  const userId = login.id;
  const role = staffRoleOf(invitation.role) ?? "coach";
  await app.db.transaction(async (tx) => {
    const row = await liveInvitation(tx, input.token, now, true);
    await repo.markInvitationAccepted(tx, row.staff_invitation_id, now);
    await repo.setLoginRole(tx, userId, role);
    if (role === "coach" && row.instructor_id !== null)
      await repo.linkInstructor(tx, userId, row.instructor_id);
    await recordAudit(tx, {
      actor_user_id: userId,
      action: "staff.join",
      entity: "staff",
      entity_id: userId,
      details: { email: row.email, role },
    });
  });
  app.forgetSessions();
  return { email: invitation.email, role };
}

export async function changeRole(
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  input: { role: StaffRole; instructor_id?: number | null },
) {
  const result = await auditedChange(app.db, actor, async (tx) => {
    const login = await repo.findLogin(tx, userId);
    const before = staffRoleOf(login?.role);
    if (!login || !before) throw AppError.of("NOT_FOUND", { message: "staffMemberNotFound" });
    if (before === "owner" && input.role !== "owner" && (await repo.otherOwners(tx, userId)) === 0) {
      throw AppError.of("LAST_OWNER");
    }
    await repo.setLoginRole(tx, userId, input.role);
    if (input.role !== "coach") await repo.linkInstructor(tx, userId, null);
    else if (input.instructor_id !== undefined) {
      if (input.instructor_id !== null) {
        const profile = await repo.findInstructor(tx, input.instructor_id);
        if (!profile) throw AppError.of("NOT_FOUND", { message: "coachProfileNotFound" });
        if (profile.user_id && profile.user_id !== userId) {
          throw AppError.of("INSTRUCTOR_LINKED");
        }
      }
      await repo.linkInstructor(tx, userId, input.instructor_id);
    }
    return {
      result: { user_id: userId, role: input.role },
      audit: {
        action: "staff.role",
        entity: "staff",
        entity_id: userId,
        details: { email: login.email, before: { role: before }, after: { role: input.role } },
      },
    };
  });
  app.forgetSessions();
  return result;
}

/** Ends someone's staff access; their login (and customer record, if any) stays. */
export async function removeAccess(app: FastifyInstance, actor: Actor, userId: string) {
  const result = await auditedChange(app.db, actor, async (tx) => {
    const login = await repo.findLogin(tx, userId);
    const before = staffRoleOf(login?.role);
    if (!login || !before) throw AppError.of("NOT_FOUND", { message: "staffMemberNotFound" });
    if (before === "owner" && (await repo.otherOwners(tx, userId)) === 0) {
      throw AppError.of("LAST_OWNER");
    }
    await repo.setLoginRole(tx, userId, "customer");
    await repo.linkInstructor(tx, userId, null);
    return {
      result: { ok: true },
      audit: {
        action: "staff.remove",
        entity: "staff",
        entity_id: userId,
        details: { email: login.email, before: { role: before } },
      },
    };
  });
  app.forgetSessions();
  return result;
}

// ----- The first owner (decision 0054) -----

/** Whether /admin may still offer to create the owner: never claimed and no staff login yet. */
export async function firstOwnerOpen(db: Db): Promise<boolean> {
  if (await repo.setupStepClaimed(db, FIRST_OWNER)) return false;
  return !(await repo.anyStaffLogin(db));
}

/** How long a start-up code opens the first-owner page; a restart prints a new one. */
export const SETUP_CODE_HOURS = 24;
/** Letters and digits nobody confuses when copying from a terminal (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** "abcd-efgh jkmn" and "ABCDEFGHJKMN" are the same code: people retype what they read. */
const normalizeSetupCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * A one-time set-up code for an empty studio (decision 0054): 12 characters (about 59 bits) in
 * three groups, printed by the server at start-up; only its hash is stored. Whoever reaches /admin
 * first needs it, so a deployment opened to the internet before its owner arrives cannot be
 * claimed by a stranger. `npm run admin:create` needs none (it already has the machine).
 */
export async function issueSetupCode(db: Db, now = new Date()): Promise<string> {
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
  const code = `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  await repo.storeSetupCode(
    db,
    randomBytes(16).toString("hex"),
    hashOf(`setup:${normalizeSetupCode(code)}`),
    new Date(now.getTime() + SETUP_CODE_HOURS * 60 * 60 * 1000),
  );
  return code;
}

/**
 * Creates the studio's first owner from the browser, once, with a start-up code: the claim row's
 * primary key lets only one request through, even on several instances, and it is never deleted
 * once the login exists.
 */
export async function createFirstOwner(
  app: FastifyInstance,
  input: { name: string; email: string; password: string; setup_code: string },
) {
  const closed = () => AppError.of("SETUP_CLOSED");
  if (!(await firstOwnerOpen(app.db))) throw closed();
  const code = normalizeSetupCode(input.setup_code);
  if (!code || !(await repo.setupCodeValid(app.db, hashOf(`setup:${code}`), new Date()))) {
    throw fieldError("SETUP_CODE_INVALID", "setup_code", "setupCodeInvalid");
  }
  const email = input.email.trim().toLowerCase();
  const problem = await passwordProblemFor(app, input.password, { email, names: [input.name] });
  if (problem) throw passwordPolicyError(problem);
  if (await repo.findLoginByEmail(app.db, email)) {
    // A login that already exists (a customer) cannot be taken over by whoever knows its email.
    throw fieldError("ACCOUNT_EXISTS", "email", "staffEmailTaken");
  }
  if (!(await repo.claimSetupStep(app.db, FIRST_OWNER))) throw closed();
  try {
    const userId = await createLogin(app, {
      email,
      password: input.password,
      name: input.name.trim(),
      role: "owner",
    });
    await repo.recordSetupClaimUser(app.db, FIRST_OWNER, userId);
    await repo.clearSetupCodes(app.db);
    return { email };
  } catch (error) {
    await repo.releaseSetupStep(app.db, FIRST_OWNER);
    throw error;
  }
}
