import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { session, user } from "../db/schema/auth";
import { customers } from "../db/schema/customers";

/*
 * The session fast path's one read (session-lookup.ts). It lives beside its only caller, not in
 * the customers module, so that server/plugins uses no module (issue #24, module cycles).
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
 * unique): session-lookup.ts asks for every token that arrived in the same moment at once.
 */
export async function findLoginsBySessionTokens(
  db: Db,
  tokens: string[],
): Promise<Map<string, SessionLoginRow>> {
  const rows = await db
    .select(loginColumns)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(customers, eq(customers.uid, user.id))
    .where(inArray(session.token, tokens));
  return new Map(rows.map((row) => [row.token, row]));
}
