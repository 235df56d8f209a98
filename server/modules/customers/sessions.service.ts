import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { deviceLabel } from "../../../domain/device";
import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { signedInUser } from "../../auth/auth";
import { deleteSessionOf, sessionsOf } from "./customers.repository";

/**
 * The signed-in person's sessions (decision 0055): device, place and time of each, never the
 * token (better-auth's list-sessions is closed because it answered every session's token to the
 * page's scripts, and a token works as a Bearer credential).
 */
async function currentSessionId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const found = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return found?.session.id ?? null;
}

export async function mySessions(app: FastifyInstance, request: FastifyRequest, now = new Date()) {
  const me = await signedInUser(request);
  const current = await currentSessionId(app, request);
  const rows = await sessionsOf(app.db, me.id, now);
  return rows.map((row) => ({
    id: row.id,
    device: deviceLabel(row.userAgent),
    place: row.ipAddress || null,
    signed_in_at: row.createdAt,
    last_active_at: row.updatedAt,
    expires_at: row.expiresAt,
    current: row.id === current,
  }));
}

/** Ends one of my sessions, this one included; another person's id is a session I do not have. */
export async function endMySession(app: FastifyInstance, request: FastifyRequest, sessionId: string) {
  const me = await signedInUser(request);
  if (!(await deleteSessionOf(app.db, me.id, sessionId))) throw AppError.of("SESSION_NOT_FOUND");
  // This instance's short cache of verified sessions must not keep it alive (session-cache.ts).
  app.forgetSessions();
  return { message: t("sessionEnded") };
}
