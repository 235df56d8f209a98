import { AUDIT_PAGE_SIZE } from "../../../domain/api/audit";
import { staffRoleOf } from "../../../domain/staff";
import type { Db } from "../../db/client";
import { auditActors, insertAudit, pageOfAudit } from "./audit.repository";

/** What admin changes are called in the log (the web translates them for people). */
export type AuditAction =
  | "access.grant"
  | "access.revoke"
  | "credits.remove"
  | "purchase.confirm_cash"
  | "invoice.confirm_cash"
  | "penalty.lift"
  | "reservation.book"
  | "reservation.book_override"
  | "reservation.cancel"
  | "reservation.cancel_override";

export type AuditEntry = {
  actor_user_id: string | null;
  action: AuditAction | (string & {});
  entity: string;
  entity_id?: string | number | null;
  customer_id?: number | null;
  details?: Record<string, unknown> | null;
};

/**
 * Records who did what to which record. Call it with the transaction of the change itself, so
 * a change is never saved without its entry nor an entry without its change.
 */
export async function recordAudit(tx: Db, entry: AuditEntry) {
  return insertAudit(tx, {
    actor_user_id: entry.actor_user_id,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entity_id == null ? null : String(entry.entity_id),
    customer_id: entry.customer_id ?? null,
    details: entry.details ?? null,
  });
}

/** The admin making an audited change (routes get it with actorOf, audit/actor.ts). */
export type Actor = { user_id: string };

/** What a change answers, and the audit entry to save with it (none: nothing worth logging). */
export type Audited<T> = { result: T; audit: Omit<AuditEntry, "actor_user_id"> | null };

/**
 * Runs one admin change and its audit entry in one transaction: the change is never saved
 * without its entry, nor the entry without the change. Other domains' writes take `tx`.
 */
export async function auditedChange<T>(db: Db, actor: Actor, change: (tx: Db) => Promise<Audited<T>>) {
  return db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    if (audit) await recordAudit(tx, { actor_user_id: actor.user_id, ...audit });
    return result;
  });
}

export async function listAudit(
  db: Db,
  filter: { customer_id?: number; entity?: string; actor_user_id?: string },
  page = 1,
  size = AUDIT_PAGE_SIZE,
) {
  const { rows, total } = await pageOfAudit(db, filter, page, size);
  return {
    entries: rows.map((r) => ({
      audit_log_id: r.entry.audit_log_id,
      action: r.entry.action,
      entity: r.entry.entity,
      entity_id: r.entry.entity_id,
      customer_id: r.entry.customer_id,
      customer_name: [r.customer_name, r.customer_last_name].filter(Boolean).join(" ") || null,
      actor_user_id: r.entry.actor_user_id,
      actor_email: r.actor_email ?? null,
      actor_name: r.actor_name ?? null,
      actor_role: staffRoleOf(r.actor_role),
      details: (r.entry.details as Record<string, unknown> | null) ?? null,
      createdAt: r.entry.createdAt,
    })),
    total,
  };
}

/** The people the log can be filtered by: everyone who made a change, with their current role. */
export async function listAuditActors(db: Db) {
  const rows = await auditActors(db);
  return rows.map((r) => ({ ...r, role: staffRoleOf(r.role), entries: Number(r.entries) }));
}
