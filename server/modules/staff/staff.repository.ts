import { and, asc, count, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { STAFF_ROLES } from "../../../domain/staff";
import type { Db } from "../../db/client";
import { user, verification } from "../../db/schema/auth";
import { instructors } from "../../db/schema/calendar";
import { customers } from "../../db/schema/customers";
import { setup_claims, staff_invitations } from "../../db/schema/staff";

/** Every login with a staff role ("admin" is the old name of owner). */
const STORED_STAFF = [...STAFF_ROLES, "admin"];

export async function listStaffLogins(db: Db) {
  return db
    .select({
      user_id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      customer_id: customers.customer_id,
      instructor_id: instructors.instructor_id,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(customers, eq(customers.uid, user.id))
    .leftJoin(instructors, eq(instructors.user_id, user.id))
    .where(inArray(user.role, STORED_STAFF))
    .orderBy(asc(user.name));
}

export async function findLogin(db: Db, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  return row ?? null;
}

export async function findLoginByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function setLoginRole(db: Db, userId: string, role: string) {
  await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** Owners other than this login (the last owner cannot be demoted or removed). */
export async function otherOwners(db: Db, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(and(inArray(user.role, ["owner", "admin"]), ne(user.id, exceptUserId)));
  return Number(row?.n ?? 0);
}

export async function anyStaffLogin(db: Db): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(inArray(user.role, STORED_STAFF)).limit(1);
  return rows.length > 0;
}

/** Links a coach profile to a login (and unlinks whichever profile had it). */
export async function linkInstructor(db: Db, userId: string, instructorId: number | null) {
  await db.update(instructors).set({ user_id: null }).where(eq(instructors.user_id, userId));
  if (instructorId !== null) {
    await db.update(instructors).set({ user_id: userId }).where(eq(instructors.instructor_id, instructorId));
  }
}

export async function findInstructor(db: Db, instructorId: number) {
  const [row] = await db
    .select()
    .from(instructors)
    .where(eq(instructors.instructor_id, instructorId))
    .limit(1);
  return row ?? null;
}

export async function instructorOfLogin(db: Db, userId: string) {
  const [row] = await db.select().from(instructors).where(eq(instructors.user_id, userId)).limit(1);
  return row ?? null;
}

export async function updateInstructorProfile(
  db: Db,
  instructorId: number,
  values: Partial<typeof instructors.$inferInsert>,
) {
  const [row] = await db
    .update(instructors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(instructors.instructor_id, instructorId))
    .returning();
  return row!;
}

export type NewInvitation = typeof staff_invitations.$inferInsert;

export async function insertInvitation(db: Db, values: NewInvitation) {
  const [row] = await db.insert(staff_invitations).values(values).returning();
  return row!;
}

/** Invitations not yet used, withdrawn or expired. */
export async function pendingInvitations(db: Db, now: Date) {
  return db
    .select()
    .from(staff_invitations)
    .where(
      and(
        isNull(staff_invitations.accepted_at),
        isNull(staff_invitations.revoked_at),
        gt(staff_invitations.expires_at, now),
      ),
    )
    .orderBy(asc(staff_invitations.createdAt));
}

/** Withdraws earlier pending invitations to the same address (one live link per person). */
export async function revokePendingFor(db: Db, email: string, now: Date) {
  await db
    .update(staff_invitations)
    .set({ revoked_at: now })
    .where(
      and(
        eq(sql`lower(${staff_invitations.email})`, email.toLowerCase()),
        isNull(staff_invitations.accepted_at),
        isNull(staff_invitations.revoked_at),
      ),
    );
}

export async function revokeInvitation(db: Db, invitationId: number, now: Date) {
  const rows = await db
    .update(staff_invitations)
    .set({ revoked_at: now })
    .where(
      and(
        eq(staff_invitations.staff_invitation_id, invitationId),
        isNull(staff_invitations.accepted_at),
        isNull(staff_invitations.revoked_at),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function findInvitation(db: Db, invitationId: number, forUpdate = false) {
  const query = db
    .select()
    .from(staff_invitations)
    .where(eq(staff_invitations.staff_invitation_id, invitationId))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function markInvitationAccepted(db: Db, invitationId: number, now: Date) {
  await db
    .update(staff_invitations)
    .set({ accepted_at: now })
    .where(eq(staff_invitations.staff_invitation_id, invitationId));
}

/** Claims a one-time set-up step; false when it was already claimed (ever). */
export async function claimSetupStep(db: Db, step: string): Promise<boolean> {
  const rows = await db
    .insert(setup_claims)
    .values({ step })
    .onConflictDoNothing()
    .returning({ step: setup_claims.step });
  return rows.length > 0;
}

export async function setupStepClaimed(db: Db, step: string): Promise<boolean> {
  const rows = await db
    .select({ step: setup_claims.step })
    .from(setup_claims)
    .where(eq(setup_claims.step, step))
    .limit(1);
  return rows.length > 0;
}

export async function recordSetupClaimUser(db: Db, step: string, userId: string) {
  await db.update(setup_claims).set({ user_id: userId }).where(eq(setup_claims.step, step));
}

export async function releaseSetupStep(db: Db, step: string) {
  await db.delete(setup_claims).where(and(eq(setup_claims.step, step), isNull(setup_claims.user_id)));
}

// ----- The first owner's set-up codes (decision 0054) -----

const SETUP_CODE = "first-owner-code";

/** Keeps the hash of one instance's start-up code; each instance may have its own. */
export async function storeSetupCode(db: Db, id: string, hash: string, expiresAt: Date) {
  await db.insert(verification).values({ id, identifier: SETUP_CODE, value: hash, expiresAt });
}

export async function setupCodeValid(db: Db, hash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, SETUP_CODE),
        eq(verification.value, hash),
        gt(verification.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function clearSetupCodes(db: Db) {
  await db.delete(verification).where(eq(verification.identifier, SETUP_CODE));
}
