import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { recordAudit } from "../audit/audit.service";

export type AuditChange = {
  action: string;
  entity: string;
  entity_id?: string | number | null;
  customer_id?: number | null;
  details?: Record<string, unknown> | null;
};

/**
 * Records a schedule or catalogue change through the audit module, inside the change's
 * transaction. Actions are named like the audit module's own ("single_class.cancel").
 */
export const audit = (tx: Db, actorUserId: string | null, change: AuditChange) =>
  recordAudit(tx, { actor_user_id: actorUserId, ...change, action: `${change.entity}.${change.action}` });

/** The acting admin's user id (the routes are behind requireAdmin). */
export async function actorOf(request: FastifyRequest): Promise<string | null> {
  return (await request.getUser())?.id ?? null;
}
