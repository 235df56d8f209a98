import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../../domain/app-config";
import { AppError } from "../../../domain/errors";
import { formatDateTime } from "../../../domain/format";
import { t } from "../../../domain/messages";
import { refusalError, refuse } from "../../../domain/refusal";
import {
  type SignatureMethod,
  signaturePngBase64,
  type WaiverState,
  waiverTexts as w,
  waiverBlocks,
  waiverEnforcementOf,
  waiverFlagged,
  waiverState,
} from "../../../domain/waivers";
import type { AuthUser } from "../../auth/auth";
import type { Db } from "../../db/client";
import type { Mailer } from "../../plugins/mailer";
import { sanitizeRichText } from "../content/sanitize";
import type { FileStores } from "../files/file-storage";
import { deliverFileById, storeUpload } from "../files/files.service";
import { renderEmail } from "../notifications/email-layout";
import { sha256, signedWaiverPdf, waiverPlainText } from "./waiver-pdf";
import * as repo from "./waivers.repository";

/**
 * The carta responsiva (decision 0099, docs/product-rules.md#waivers): versions the studio
 * publishes, signatures with their PDF, and the checks booking, check-in and the rosters use.
 */

export type WaiverDeps = {
  db: Db;
  mailer: Mailer;
  stores: FileStores;
  config: AppConfig;
  publicUrl: string;
  log?: FastifyBaseLogger;
};

const enforcementOf = (config: Pick<AppConfig, "waiver_enforcement">) =>
  waiverEnforcementOf(config.waiver_enforcement);

function versionOut(row: repo.WaiverVersionRow) {
  return {
    waiver_version_id: row.waiver_version_id,
    version: row.version,
    title: row.title,
    body_html: sanitizeRichText(row.body_html) ?? "",
    text_sha256: row.text_sha256,
    published_at: row.published_at,
  };
}

export async function currentWaiver(db: Db, config: AppConfig) {
  const row = await repo.currentVersion(db);
  return { enforcement: enforcementOf(config), waiver: row ? versionOut(row) : null };
}

/** Publishing writes version N+1; earlier ones and their signatures stay (a new version asks again). */
export async function publishVersion(
  db: Db,
  actorUserId: string,
  input: { title: string; body_html: string },
) {
  const body_html = sanitizeRichText(input.body_html) ?? "";
  const row = await db.transaction(async (tx) => {
    const version = await repo.nextVersionNumber(tx);
    return repo.insertVersion(tx, {
      version,
      title: input.title.trim(),
      body_html,
      text_sha256: sha256(waiverPlainText(input.title, body_html)),
      published_by: actorUserId,
    });
  });
  return { message: t("waiverPublished", { version: row.version }), waiver: versionOut(row) };
}

export async function adminVersions(db: Db, config: AppConfig) {
  const rows = await repo.versionsWithCounts(db);
  return {
    enforcement: enforcementOf(config),
    versions: rows.map((r) => ({ ...versionOut(r.version), signatures: Number(r.signatures) })),
  };
}

/** Where one customer stands with the current version. */
export async function waiverStatus(db: Db, config: AppConfig, customerId: number): Promise<WaiverState> {
  const enforcement = enforcementOf(config);
  if (enforcement === "off") return "not_required";
  const current = await repo.currentVersion(db);
  if (!current) return "not_required";
  const signed = (await repo.signedVersionIds(db, [customerId])).get(customerId) ?? [];
  return waiverState(enforcement, current.waiver_version_id, signed);
}

/**
 * Of these customers, those a roster flags "sin carta responsiva" (the Hoy screen, coaches'
 * rosters, the kiosk): two reads for any number of people; empty when the studio does not ask.
 */
export async function customersWithoutCurrentWaiver(
  db: Db,
  config: Pick<AppConfig, "waiver_enforcement">,
  customerIds: number[],
): Promise<Set<number>> {
  const missing = new Set<number>();
  const enforcement = enforcementOf(config);
  if (enforcement === "off" || customerIds.length === 0) return missing;
  const current = await repo.currentVersion(db);
  if (!current) return missing;
  const signed = await repo.signedVersionIds(db, [...new Set(customerIds)]);
  for (const id of customerIds) {
    const state = waiverState(enforcement, current.waiver_version_id, signed.get(id) ?? []);
    if (waiverFlagged(state)) missing.add(id);
  }
  return missing;
}

/**
 * Who has signed the current carta responsiva, for screens that show it beside a visit: null when
 * there is nothing to sign (the studio does not ask, or has published no version yet), so a
 * roster never says "firmada" for a document that does not exist.
 */
export async function currentWaiverSignatures(
  db: Db,
  config: Pick<AppConfig, "waiver_enforcement">,
  customerIds: number[],
): Promise<Map<number, boolean> | null> {
  if (enforcementOf(config) === "off") return null;
  if (!(await repo.currentVersion(db))) return null;
  const missing = await customersWithoutCurrentWaiver(db, config, customerIds);
  return new Map(customerIds.map((id) => [id, !missing.has(id)]));
}

/**
 * The booking path's question (reservations' account check): which refusal, if any, the studio's
 * `block` choice gives this customer. No read at all unless the studio blocks, so the booking
 * keeps its statement budget under the default.
 */
export async function waiverRefusalForBooking(
  db: Db,
  config: AppConfig,
  customerId: number,
): Promise<"missing" | "outdated" | null> {
  if (enforcementOf(config) !== "block") return null;
  const current = await repo.currentVersion(db);
  if (!current) return null;
  if (await repo.hasSigned(db, customerId, current.waiver_version_id)) return null;
  const signed = (await repo.signedVersionIds(db, [customerId])).get(customerId) ?? [];
  return signed.length > 0 ? "outdated" : "missing";
}

/** Check-in and the kiosk: refuses (412 WAIVER_REQUIRED) when the studio blocks and the signature is missing. */
export async function assertWaiverForBooking(db: Db, config: AppConfig, customerId: number) {
  const state = await waiverStatus(db, config, customerId);
  if (!waiverBlocks(enforcementOf(config), state)) return;
  const decision =
    state === "outdated"
      ? refuse("WAIVER_REQUIRED", { message: "waiverOutdated" })
      : refuse("WAIVER_REQUIRED");
  throw refusalError(decision.refusal);
}

export type SignInput = {
  waiver_version_id: number;
  signer_name: string;
  method: SignatureMethod;
  signature_png?: string;
};

export type SignContext = {
  customerId: number;
  ip: string | null;
  userAgent: string | null;
  /** The staff login holding the tablet at the desk; null when the customer signs alone. */
  collectedBy: { id: string; name: string } | null;
  now?: Date;
};

const pdfUrl = (signatureId: number, forStaff: boolean) =>
  forStaff ? `/api/admin/waiver-signatures/${signatureId}/pdf` : `/api/waivers/mine/${signatureId}/pdf`;

/**
 * Signs the current version: the PDF is made first (a bad drawing is refused before anything is
 * written), then the signature row, the stored PDF and the link between them in one transaction;
 * the email with the copy goes after the commit and never undoes the signature.
 */
export async function signWaiver(deps: WaiverDeps, input: SignInput, context: SignContext) {
  const now = context.now ?? new Date();
  const current = await repo.currentVersion(deps.db);
  if (!current) throw AppError.of("WAIVER_NOT_FOUND");
  if (current.waiver_version_id !== input.waiver_version_id) throw AppError.of("WAIVER_NOT_CURRENT");
  const customer = await repo.customerForSignature(deps.db, context.customerId);
  if (!customer) throw AppError.of("CUSTOMER_NOT_FOUND");
  const png = input.method === "drawn" ? signaturePngBase64(input.signature_png ?? "") : null;
  if (input.method === "drawn" && !png) throw AppError.of("WAIVER_SIGNATURE_INVALID");
  const text = waiverPlainText(current.title, current.body_html);
  const pdf = await signedWaiverPdf({
    studioName: deps.config.name || "Estudio",
    version: current.version,
    text,
    textSha256: current.text_sha256,
    signerName: input.signer_name.trim(),
    method: input.method,
    signaturePng: png,
    signedAt: now,
    zone: deps.config.timezone,
    ip: context.ip,
    userAgent: context.userAgent,
    collectedBy: context.collectedBy?.name ?? null,
  }).catch(() => {
    throw AppError.of("WAIVER_SIGNATURE_INVALID");
  });
  const stored = await deps.db.transaction(async (tx) => {
    const signature = await repo.insertSignature(tx, {
      waiver_version_id: current.waiver_version_id,
      customer_id: customer.customer_id,
      signer_name: input.signer_name.trim(),
      method: input.method,
      ip: context.ip,
      user_agent: context.userAgent?.slice(0, 500) ?? null,
      text_sha256: current.text_sha256,
      collected_by: context.collectedBy?.id ?? null,
      signed_at: now,
    });
    // Signed already (a double tap, or the desk and the customer at once): the first one stands.
    if (!signature) return null;
    const file = await storeUpload(tx, deps.stores, {
      buffer: Buffer.from(pdf),
      filename: w.fileName(current.version, customer.customer_id),
      kind: "file",
      // No customer owner: account closure keeps it (decision 0099); our routes decide who reads it.
      owner: { id: "", email: "", name: "", role: "admin", staff_role: null, customer_id: null } as AuthUser,
      isPrivate: true,
    });
    await repo.setSignatureFile(tx, signature.waiver_signature_id, file.file_id);
    return signature;
  });
  const signature =
    stored ??
    (await repo.signaturesOfCustomer(deps.db, customer.customer_id)).find(
      (r) => r.signature.waiver_version_id === current.waiver_version_id,
    )?.signature;
  if (!signature) throw AppError.of("WAIVER_NOT_CURRENT");
  if (stored) await emailSignedCopy(deps, customer, current.version, now, pdf, stored.signer_name);
  return {
    waiver_signature_id: signature.waiver_signature_id,
    version: current.version,
    signer_name: signature.signer_name,
    signed_at: signature.signed_at,
    pdf_url: pdfUrl(signature.waiver_signature_id, false),
  };
}

async function emailSignedCopy(
  deps: WaiverDeps,
  customer: { customer_id: number; email: string | null },
  version: number,
  at: Date,
  pdf: Uint8Array,
  signerName: string,
) {
  if (!customer.email) return;
  try {
    const email = renderEmail(deps.config, deps.publicUrl, {
      title: w.emailTitle,
      lines: w.emailLines(signerName, version, formatDateTime(at, deps.config.timezone)),
    });
    await deps.mailer.send({
      to: customer.email,
      template: "waiver-signed",
      ...email,
      attachments: [
        {
          filename: w.fileName(version, customer.customer_id),
          contentType: "application/pdf",
          content: Buffer.from(pdf).toString("base64"),
        },
      ],
    });
  } catch (error) {
    deps.log?.error({ err: error }, "waiver email failed");
  }
}

function signatureOut(row: repo.SignatureListRow) {
  const s = row.signature;
  const customerName = [row.customer_name, row.customer_last_name].filter(Boolean).join(" ");
  return {
    waiver_signature_id: s.waiver_signature_id,
    version: row.version,
    customer_id: s.customer_id,
    customer_name: customerName || row.customer_email || "—",
    signer_name: s.signer_name,
    method: s.method as SignatureMethod,
    signed_at: s.signed_at,
    ip: s.ip,
    collected_by: row.collector,
    pdf_url: pdfUrl(s.waiver_signature_id, true),
  };
}

export async function mySignatures(db: Db, config: AppConfig, customerId: number) {
  const [current, state, rows] = [
    await currentWaiver(db, config),
    await waiverStatus(db, config, customerId),
    await repo.signaturesOfCustomer(db, customerId),
  ];
  return {
    ...current,
    state,
    signatures: rows.map((r) => ({
      waiver_signature_id: r.signature.waiver_signature_id,
      version: r.version,
      signer_name: r.signature.signer_name,
      signed_at: r.signature.signed_at,
      pdf_url: pdfUrl(r.signature.waiver_signature_id, false),
    })),
  };
}

export async function signaturesOfVersion(db: Db, versionId: number) {
  if (!(await repo.versionById(db, versionId))) throw AppError.of("WAIVER_NOT_FOUND");
  return { signatures: (await repo.signaturesOfVersion(db, versionId)).map(signatureOut) };
}

export async function customerWaiver(db: Db, config: AppConfig, customerId: number) {
  if (!(await repo.customerForSignature(db, customerId))) throw AppError.of("CUSTOMER_NOT_FOUND");
  const current = await repo.currentVersion(db);
  return {
    state: await waiverStatus(db, config, customerId),
    waiver: current ? versionOut(current) : null,
    signatures: (await repo.signaturesOfCustomer(db, customerId)).map(signatureOut),
  };
}

/** Every signature of a customer, for the ARCO export (decision 0099: signatures are theirs to see). */
export async function signaturesForExport(db: Db, customerId: number) {
  return (await repo.signaturesOfCustomer(db, customerId)).map((r) => ({
    version: r.version,
    signer_name: r.signature.signer_name,
    method: r.signature.method,
    signed_at: r.signature.signed_at.toISOString(),
    ip: r.signature.ip,
    user_agent: r.signature.user_agent,
    text_sha256: r.signature.text_sha256,
    collected_at_desk: r.signature.collected_by !== null,
  }));
}

/** The signed PDF: to its signer (`customerId`) or to staff (null). Anyone else: 404. */
export async function signedPdf(db: Db, stores: FileStores, signatureId: number, customerId: number | null) {
  const row = await repo.signatureById(db, signatureId);
  if (!row?.signature.file_id) throw AppError.of("WAIVER_NOT_FOUND");
  if (customerId !== null && row.signature.customer_id !== customerId) throw AppError.of("WAIVER_NOT_FOUND");
  return deliverFileById(db, stores, row.signature.file_id);
}
