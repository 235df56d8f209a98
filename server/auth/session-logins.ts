import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedStatement } from "../db/prepared-statement";
import { session, user } from "../db/schema/auth";
import { customers } from "../db/schema/customers";

/*
 * The logins' reads that sign-in and the session need (session-lookup.ts, auth.ts). They live in
 * server/plugins, not in the customers module, so that server/plugins uses no module
 * (docs/contributing.md, Boundaries: module cycles); customers asks loginExists from here too.
 */

const loginColumns = {
  token: session.token,
  expiresAt: session.expiresAt,
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  banned: user.banned,
  customer_id: customers.customer_id,
};

export type SessionLoginRow = {
  token: string;
  expiresAt: Date;
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: boolean | null;
  customer_id: number | null;
};

/**
 * Sessions with their login and customer record, by token, in one statement (session tokens are
 * unique): session-lookup.ts asks for every token that arrived in the same moment at once. The
 * tokens go as one array parameter, so the statement's text is the same for any number of them
 * and is prepared once (on PGlite too, decision 0045), not planned for every batch.
 */
const loginsByTokensStatement = preparedStatement("session_logins_by_tokens", (db, name) =>
  db
    .select(loginColumns)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(customers, eq(customers.uid, user.id))
    .where(sql`${session.token} = any(${sql.placeholder("tokens")}::text[])`)
    .prepare(name),
);

export async function findLoginsBySessionTokens(
  db: Db,
  tokens: string[],
): Promise<Map<string, SessionLoginRow>> {
  const rows = await loginsByTokensStatement(db, { tokens });
  return new Map(rows.map((row) => [row.token, row]));
}

/** The customer record of a login (null for a staff login without one). */
export async function findCustomerIdByUid(db: Db, uid: string): Promise<number | null> {
  const [row] = await db
    .select({ customer_id: customers.customer_id })
    .from(customers)
    .where(eq(customers.uid, uid))
    .limit(1);
  return row?.customer_id ?? null;
}

/** Whether a better-auth login uses this email (sign-in tells "no account" from "wrong password"). */
export async function loginExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}
