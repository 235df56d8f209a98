import type { FastifyRequest } from "fastify";
import { signedInUser } from "../../auth/auth";
import type { Actor } from "./audit.service";

/** The signed-in admin as the audit log names them (routes behind requireAdmin). */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  return { user_id: (await signedInUser(request)).id };
}
