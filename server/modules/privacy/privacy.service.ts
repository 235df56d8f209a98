import type { FastifyInstance } from "fastify";
import { AppError } from "../../../domain/errors";
import type { Db } from "../../db/client";
import { type Actor, auditedChange, recordAudit } from "../audit/audit.service";
import { assertMayChangeLogin } from "../customers/customers.service";
import { brandOf } from "../mail/templates/brand";
import { closureRequestEmail } from "../mail/templates/privacy";
import { eraseCustomerMessaging, exportMessagingData } from "../messaging/messaging.service";
import { signaturesForExport } from "../waivers/waivers.service";
import {
  anonymiseCustomer,
  closureEvents,
  customerRow,
  dropLoginVerifications,
  eraseFromOutbox,
  exportSections,
  identityOf,
  lockCustomer,
  redactAuditTrail,
  retireLogin,
  takeCustomerFiles,
} from "./privacy.repository";

export type ExportSections = NonNullable<Awaited<ReturnType<typeof exportSections>>>;

/** Everything the studio holds about the customer (ARCO: acceso), as one JSON document. */
export async function exportCustomerData(db: Db, customerId: number) {
  const sections = await exportSections(db, customerId);
  if (!sections) throw AppError.of("CUSTOMER_NOT_FOUND");
  // The signed cartas responsivas are the customer's data too (decision 0099).
  const waiver_signatures = await signaturesForExport(db, customerId);
  // WhatsApp, SMS and push: consents with their text and source, messages, devices (decision 0088).
  const messaging = await exportMessagingData(db, customerId);
  return {
    generated_at: new Date().toISOString(),
    customer_id: customerId,
    ...sections,
    waiver_signatures,
    message_consents: messaging.consents,
    messages: messaging.messages,
    push_devices: messaging.push_subscriptions,
  };
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
  // Quote every cell; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The same export as one CSV a person opens in any spreadsheet (decision 0024): one line per
 * field, `seccion,registro,campo,valor`, so sections with different columns share one sheet
 * and can be filtered by section. A BOM makes Excel read the accents as UTF-8.
 */
export function exportToCsv(data: Awaited<ReturnType<typeof exportCustomerData>>): string {
  const lines = ["seccion,registro,campo,valor"];
  lines.push(["export", 1, "generated_at", data.generated_at].map(cell).join(","));
  const { generated_at: _g, customer_id: _c, ...sections } = data;
  for (const [section, rows] of Object.entries(sections)) {
    rows.forEach((row, index) => {
      for (const [field, value] of Object.entries(row)) {
        lines.push([section, index + 1, field, value].map(cell).join(","));
      }
    });
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export type ClosureStatus = {
  status: "none" | "requested" | "closed";
  requested_at: Date | null;
  closed_at: Date | null;
};

/** Where the customer's request to close the account stands (read from its audit trail). */
export async function closureStatus(db: Db, customerId: number): Promise<ClosureStatus> {
  const events = await closureEvents(db, customerId);
  const closed = events.find((e) => e.action === "customer.close");
  const requested = events.find((e) => e.action === "customer.closure_request");
  if (closed)
    return { status: "closed", requested_at: requested?.createdAt ?? null, closed_at: closed.createdAt };
  if (requested) return { status: "requested", requested_at: requested.createdAt, closed_at: null };
  return { status: "none", requested_at: null, closed_at: null };
}

/**
 * The customer asks to close the account (ARCO: cancelación). Recorded once in the audit log
 * (asking again answers the same pending request) and mailed to the studio's contact address,
 * which confirms it from the admin.
 */
export async function requestClosure(app: FastifyInstance, customerId: number, userId: string) {
  const current = await closureStatus(app.db, customerId);
  if (current.status !== "none") return current;
  const customer = await customerRow(app.db, customerId);
  if (!customer) throw AppError.of("CUSTOMER_NOT_FOUND");
  await recordAudit(app.db, {
    actor_user_id: userId,
    action: "customer.closure_request",
    entity: "customer",
    entity_id: customerId,
    customer_id: customerId,
  });
  const config = await app.appConfig.get();
  if (config.email) {
    const who = [customer.name, customer.last_name].filter(Boolean).join(" ");
    const email = await closureRequestEmail(brandOf(config, app.config.publicUrl), {
      who,
      email: customer.email,
      customerId,
    });
    await app.mailer.send({ to: config.email, template: "closure-request", ...email });
  }
  return closureStatus(app.db, customerId);
}

/** A unique address that can never receive mail (.invalid is reserved, RFC 2606). */
export function closedAccountEmail(customerId: number) {
  return `cliente-${customerId}@cuenta-cerrada.invalid`;
}

/**
 * The studio confirms the closure: the person's identity is erased in one transaction, while
 * purchases, invoices and attendance stay (fiscal law, reports) pointing at the anonymous row.
 * The audit entry keeps only ids and dates, never the erased data.
 */
export async function closeCustomerAccount(db: Db, actor: Actor, customerId: number) {
  return auditedChange(db, actor, async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    if (!customer) throw AppError.of("CUSTOMER_NOT_FOUND");
    // A team member's login is closed only after they leave the team (decision 0053).
    await assertMayChangeLogin(tx, actor.user_id, customer, "login");
    const status = await closureStatus(tx, customerId);
    if (status.status === "closed") throw AppError.of("ACCOUNT_CLOSED");
    const now = new Date();
    const email = closedAccountEmail(customerId);
    // Read before anything is blanked: the addresses and names other tables may have copied.
    const who = await identityOf(tx, customer);
    await anonymiseCustomer(tx, customerId, email, now);
    if (customer.uid) {
      await dropLoginVerifications(tx, customer.uid);
      await retireLogin(tx, customer.uid, email);
    }
    // Decision 0056 §2: the outbox (and with it "Exportar todo") and the audit details too.
    await eraseFromOutbox(tx, who, email);
    await redactAuditTrail(tx, customerId, who, email);
    await eraseCustomerMessaging(tx, customerId);
    const uploads = await takeCustomerFiles(tx, customerId);
    return {
      result: { customer_id: customerId, status: "closed" as const, closed_at: now, uploads },
      audit: {
        action: "customer.close",
        entity: "customer",
        entity_id: customerId,
        customer_id: customerId,
        details: {
          requested_at: status.requested_at?.toISOString() ?? null,
          had_login: customer.uid !== null,
        },
      },
    };
  });
}
