import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { BatchedRead, batchedPerDatabase } from "../db/batch";
import type { Db } from "../db/client";
import { findLoginsBySessionTokens, type SessionLoginRow } from "./session-logins";

/**
 * The fast path for a request's session: the token's signature checked here and the session,
 * login and customer read in one query, instead of better-auth's getSession (three queries
 * through its adapter, ~4 ms against ~1.5 ms). It only ever ACCEPTS what better-auth would
 * accept; anything else (no or bad signature, unknown or expired session, banned login, a
 * session due for its daily refresh) answers `undefined` and the caller asks better-auth, which
 * stays the authority. It mirrors better-auth 1.x's rules:
 * - `Authorization: Bearer <token>` wins over the cookie (bearer plugin); a token without a dot
 *   is accepted unsigned (the plugin's default, requireSignature off);
 * - otherwise the cookie `<prefix>.session_token` (or its `__Secure-` form), signed as
 *   `value.base64(HMAC-SHA256(secret, value))`.
 */
export type SessionLogin = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  customer_id: number | null;
  expiresAt: Date;
};

export type SessionPolicy = {
  secret: string;
  cookieName: string;
  expiresInSeconds: number;
  updateAgeSeconds: number;
};

export async function fastSessionLookup(
  db: Db,
  request: FastifyRequest,
  policy: SessionPolicy,
  now = Date.now(),
): Promise<SessionLogin | undefined> {
  const token = sessionToken(request, policy);
  if (!token) return undefined;
  const row = await loginsByToken(db).get(token);
  if (!row || row.banned) return undefined;
  const expires = row.expiresAt.getTime();
  if (expires <= now) return undefined;
  // better-auth extends a session once updateAge has passed since its last extension.
  const refreshDue = expires - policy.expiresInSeconds * 1000 + policy.updateAgeSeconds * 1000;
  if (refreshDue <= now) return undefined;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    customer_id: row.customer_id,
    expiresAt: row.expiresAt,
  };
}

/**
 * Sessions read together: when many customers' first requests arrive at once (a class opening),
 * their sessions are one statement instead of one each (server/db/batch.ts, decision 0041).
 */
const loginsByToken = batchedPerDatabase(
  (db: Db) => new BatchedRead<string, SessionLoginRow>((tokens) => findLoginsBySessionTokens(db, tokens)),
);

function sessionToken(request: FastifyRequest, policy: SessionPolicy): string | null {
  const header = request.headers.authorization;
  if (typeof header === "string" && header.slice(0, 7).toLowerCase() === "bearer ") {
    const raw = header.slice(7).trim();
    if (!raw) return null;
    if (!raw.includes(".")) return raw;
    return verified(raw.includes("%") ? safeDecode(raw) : raw, policy.secret);
  }
  const cookie = readCookie(request.headers.cookie, policy.cookieName);
  return cookie ? verified(safeDecode(cookie), policy.secret) : null;
}

/** "value.signature" → value when the signature is ours, else null. */
function verified(signed: string | null, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(value).digest("base64");
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? value : null;
}

/** A cookie's value by name, in its plain or `__Secure-` form (as better-auth names it behind TLS). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    const key = part.slice(0, eq).trim();
    if (key === name || key === `__Secure-${name}`) return part.slice(eq + 1).trim();
  }
  return null;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
