import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { StaffRole } from "../../domain/staff";
import { user } from "../db/schema/auth";

/** "admin" is the old name of owner (tests and scripts still say it); it is stored as owner. */
export type LoginRole = "customer" | "admin" | StaffRole;
export type NewLogin = { email: string; password: string; name: string; role: LoginRole };

const stored = (role: LoginRole) => (role === "admin" ? "owner" : role);

/**
 * Creates a login through better-auth (so the password is hashed the way sign-in expects) and
 * sets its role. Used by the demo seed and `npm run admin:create`; customers sign up themselves.
 */
export async function createLogin(app: FastifyInstance, login: NewLogin): Promise<string> {
  const result = await app.auth.api.signUpEmail({
    body: { email: login.email.toLowerCase(), password: login.password, name: login.name },
  });
  if (login.role !== "customer") {
    await app.db
      .update(user)
      .set({ role: stored(login.role) })
      .where(eq(user.id, result.user.id));
  }
  return result.user.id;
}

export async function setRole(app: FastifyInstance, email: string, role: LoginRole): Promise<boolean> {
  const rows = await app.db
    .update(user)
    .set({ role: stored(role) })
    .where(eq(user.email, email.toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}
