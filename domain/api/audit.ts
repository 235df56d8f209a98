import { z } from "zod";
import { STAFF_ROLES } from "../staff";
import { isoDate } from "./wire";

/** The studio's audit log (server/modules/audit). */

/** Entries per page when the back office does not ask for another size. */
export const AUDIT_PAGE_SIZE = 50;

/** GET /admin/audit: a page of the log, filtered by customer, entity or the person who acted. */
export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(AUDIT_PAGE_SIZE),
  customer_id: z.coerce.number().int().positive().optional(),
  entity: z.string().trim().max(60).optional(),
  actor_user_id: z.string().trim().min(1).max(100).optional(),
});

export const auditEntry = z.object({
  audit_log_id: z.number(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** The staff member's name and role today (null: a system job, or a login since deleted). */
  actor_name: z.string().nullable(),
  actor_role: z.enum(STAFF_ROLES).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
});
export const auditPage = z.object({ entries: z.array(auditEntry), total: z.number() });

export const auditActorsAnswer = z.object({
  actors: z.array(
    z.object({
      user_id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(STAFF_ROLES).nullable(),
      entries: z.number(),
    }),
  ),
});
