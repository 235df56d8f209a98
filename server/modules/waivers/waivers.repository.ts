import { and, count, desc, eq, inArray, max } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user } from "../../db/schema/auth";
import { files } from "../../db/schema/content";
import { customers } from "../../db/schema/customers";
import { waiver_signatures, waiver_versions } from "../../db/schema/waivers";

export type WaiverVersionRow = typeof waiver_versions.$inferSelect;
export type WaiverSignatureRow = typeof waiver_signatures.$inferSelect;

export async function currentVersion(db: Db): Promise<WaiverVersionRow | null> {
  const [row] = await db.select().from(waiver_versions).orderBy(desc(waiver_versions.version)).limit(1);
  return row ?? null;
}

export async function versionById(db: Db, id: number): Promise<WaiverVersionRow | null> {
  const [row] = await db.select().from(waiver_versions).where(eq(waiver_versions.waiver_version_id, id));
  return row ?? null;
}

export async function versionsWithCounts(db: Db) {
  return db
    .select({ version: waiver_versions, signatures: count(waiver_signatures.waiver_signature_id) })
    .from(waiver_versions)
    .leftJoin(waiver_signatures, eq(waiver_signatures.waiver_version_id, waiver_versions.waiver_version_id))
    .groupBy(waiver_versions.waiver_version_id)
    .orderBy(desc(waiver_versions.version));
}

/** Locks the versions table's head so two publishes never pick the same number. */
export async function nextVersionNumber(tx: Db): Promise<number> {
  const [row] = await tx.select({ top: max(waiver_versions.version) }).from(waiver_versions);
  return (row?.top ?? 0) + 1;
}

export async function insertVersion(tx: Db, values: typeof waiver_versions.$inferInsert) {
  const [row] = await tx.insert(waiver_versions).values(values).returning();
  return row!;
}

/** The version ids each of these customers signed (one query for a whole roster). */
export async function signedVersionIds(db: Db, customerIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (customerIds.length === 0) return out;
  const rows = await db
    .select({ customer_id: waiver_signatures.customer_id, id: waiver_signatures.waiver_version_id })
    .from(waiver_signatures)
    .where(inArray(waiver_signatures.customer_id, customerIds));
  for (const r of rows) {
    if (r.customer_id === null) continue;
    out.set(r.customer_id, [...(out.get(r.customer_id) ?? []), r.id]);
  }
  return out;
}

/** Whether the customer signed this version (the booking path's one read under `block`). */
export async function hasSigned(db: Db, customerId: number, versionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: waiver_signatures.waiver_signature_id })
    .from(waiver_signatures)
    .where(
      and(eq(waiver_signatures.customer_id, customerId), eq(waiver_signatures.waiver_version_id, versionId)),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertSignature(tx: Db, values: typeof waiver_signatures.$inferInsert) {
  const [row] = await tx
    .insert(waiver_signatures)
    .values(values)
    .onConflictDoNothing({ target: [waiver_signatures.waiver_version_id, waiver_signatures.customer_id] })
    .returning();
  return row ?? null;
}

export async function setSignatureFile(db: Db, signatureId: number, fileId: number) {
  await db
    .update(waiver_signatures)
    .set({ file_id: fileId })
    .where(eq(waiver_signatures.waiver_signature_id, signatureId));
}

const signatureColumns = {
  signature: waiver_signatures,
  version: waiver_versions.version,
  customer_name: customers.name,
  customer_last_name: customers.last_name,
  customer_email: customers.email,
  collector: user.name,
  file_path: files.path,
  file_storage: files.storage,
};

function signaturesQuery(db: Db) {
  return db
    .select(signatureColumns)
    .from(waiver_signatures)
    .innerJoin(waiver_versions, eq(waiver_versions.waiver_version_id, waiver_signatures.waiver_version_id))
    .leftJoin(customers, eq(customers.customer_id, waiver_signatures.customer_id))
    .leftJoin(user, eq(user.id, waiver_signatures.collected_by))
    .leftJoin(files, eq(files.file_id, waiver_signatures.file_id));
}
export type SignatureListRow = Awaited<ReturnType<typeof signaturesOfVersion>>[number];

export async function signaturesOfVersion(db: Db, versionId: number) {
  return signaturesQuery(db)
    .where(eq(waiver_signatures.waiver_version_id, versionId))
    .orderBy(desc(waiver_signatures.signed_at))
    .limit(2000);
}

export async function signaturesOfCustomer(db: Db, customerId: number) {
  return signaturesQuery(db)
    .where(eq(waiver_signatures.customer_id, customerId))
    .orderBy(desc(waiver_signatures.signed_at));
}

export async function signatureById(db: Db, signatureId: number) {
  const [row] = await signaturesQuery(db).where(eq(waiver_signatures.waiver_signature_id, signatureId));
  return row ?? null;
}

export async function customerForSignature(db: Db, customerId: number) {
  const [row] = await db
    .select({
      customer_id: customers.customer_id,
      name: customers.name,
      last_name: customers.last_name,
      email: customers.email,
    })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  return row ?? null;
}
