import { and, desc, eq, inArray, isNull, like, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user } from "../../db/schema/auth";
import { files } from "../../db/schema/content";
import { customers } from "../../db/schema/customers";

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Db, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

export async function findFile(db: Db, fileId: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.file_id, fileId)).limit(1);
  return row ?? null;
}

/** The file stored under this key (files.path: the disk path under DATA_DIR/files or the S3 key). */
export async function findFileByPath(db: Db, key: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.path, key)).limit(1);
  return row ?? null;
}

/** A customer's own uploads, or every file (customerId null: admins). */
export async function listFiles(db: Db, customerId: number | null): Promise<FileRow[]> {
  const query = db.select().from(files);
  const scoped = customerId === null ? query : query.where(eq(files.customer_id, customerId));
  return scoped.orderBy(desc(files.file_id)).limit(500);
}

export async function deleteFileRow(db: Db, fileId: number): Promise<void> {
  await db.delete(files).where(eq(files.file_id, fileId));
}

export async function renameFile(db: Db, fileId: number, name: string): Promise<FileRow | null> {
  const [row] = await db.update(files).set({ name }).where(eq(files.file_id, fileId)).returning();
  return row ?? null;
}

/** Which of these ids the customer uploaded. */
export async function ownedFileIds(db: Db, customerId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ file_id: files.file_id })
    .from(files)
    .where(and(eq(files.customer_id, customerId), inArray(files.file_id, ids)));
  return new Set(rows.map((r) => r.file_id));
}

/**
 * Customers' uploads from before files had privacy: public, on this server's disk, owned by a
 * customer whose login is not staff.
 */
export async function legacyCustomerUploads(db: Db): Promise<FileRow[]> {
  const rows = await db
    .select({ file: files })
    .from(files)
    .innerJoin(customers, eq(customers.customer_id, files.customer_id))
    .leftJoin(user, eq(user.id, customers.uid))
    .where(
      and(
        eq(files.private, false),
        eq(files.storage, "server"),
        like(files.path, "uploads/%"),
        or(isNull(user.role), eq(user.role, "customer")),
      ),
    );
  return rows.map((r) => r.file);
}

/** Marks a file private under its new key; false when another instance already did. */
export async function markFilePrivate(db: Db, fileId: number, key: string, src: string): Promise<boolean> {
  const rows = await db
    .update(files)
    .set({ private: true, path: key, src })
    .where(and(eq(files.file_id, fileId), eq(files.private, false)))
    .returning({ id: files.file_id });
  return rows.length > 0;
}
