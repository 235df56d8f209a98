import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { AppError, notFound } from "../../../domain/errors";
import { servedInline, UPLOAD_EXTENSIONS } from "../../../domain/uploads";
import type { AuthUser } from "../../auth/auth";
import type { Db } from "../../db/client";
import {
  type Delivery,
  type FileStores,
  type ObjectMeta,
  PRIVATE_PREFIX,
  PUBLIC_PREFIX,
  privateSrc,
  type StorageKind,
} from "./file-storage";
import {
  deleteFileRow,
  type FileRow,
  findFile,
  findFileByPath,
  insertFile,
  legacyCustomerUploads,
  listFiles,
  markFilePrivate,
  ownedFileIds,
  renameFile,
} from "./files.repository";
import { moveLocalFile } from "./local-file-storage";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const fileTooLarge = () =>
  AppError.of("FILE_TOO_LARGE", { params: { megabytes: MAX_FILE_BYTES / 1024 / 1024 } });

export type UploadKind = "image" | "file";

/** A display name that cannot name a path or smuggle control characters into headers. */
export function safeDisplayName(name: string | undefined, ext: string): string {
  const base = path
    .basename(name ?? "")
    .replace(/[\p{C}\\/:*?"<>|]+/gu, "")
    .trim();
  return (base || `archivo.${ext}`).slice(0, 120);
}

export function filePublic(row: FileRow) {
  return {
    file_id: row.file_id,
    name: row.name,
    type: row.type,
    size: row.size,
    src: row.src,
    customer_id: row.customer_id,
    private: row.private,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How a stored file is handed out: its type, privacy and (for non-images) its download name. */
function objectMeta(row: Pick<FileRow, "type" | "name" | "private" | "path">): ObjectMeta {
  return {
    contentType: row.type ?? "application/octet-stream",
    isPrivate: row.private,
    downloadName: row.path && servedInline(row.path) ? null : row.name,
  };
}

/**
 * Who gets a private upload: a customer's own uploads (form documents, waiver photos, the profile
 * photo) always are; staff choose per upload (catalogue images stay public unless asked).
 */
export function uploadIsPrivate(owner: AuthUser, asked: boolean): boolean {
  return owner.role !== "admin" || asked;
}

/**
 * Sniffs, checks and stores one upload in the storage files_location names (or `location`), then
 * records it. The object is written first and removed again if the row cannot be written, so
 * there is never a row without its object nor an object without its row.
 */
export async function storeUpload(
  db: Db,
  stores: FileStores,
  upload: {
    buffer: Buffer;
    filename?: string;
    kind: UploadKind;
    owner: AuthUser;
    isPrivate: boolean;
    location?: StorageKind;
  },
): Promise<FileRow> {
  const sniffed = await fileTypeFromBuffer(upload.buffer);
  const ext = sniffed ? UPLOAD_EXTENSIONS[sniffed.mime] : undefined;
  if (!sniffed || !ext) throw AppError.of("FILE_TYPE_NOT_ALLOWED");
  if (upload.kind === "image" && !sniffed.mime.startsWith("image/")) {
    throw AppError.of("IMAGE_ONLY");
  }
  const key = `${upload.isPrivate ? PRIVATE_PREFIX : PUBLIC_PREFIX}${randomUUID()}.${ext}`;
  const name = safeDisplayName(upload.filename, ext);
  const storage = await stores.forUpload(upload.location);
  await storage.put(
    key,
    upload.buffer,
    objectMeta({ type: sniffed.mime, name, private: upload.isPrivate, path: key }),
  );
  try {
    return await insertFile(db, {
      name,
      type: sniffed.mime,
      size: upload.buffer.length,
      storage: storage.kind,
      path: key,
      src: upload.isPrivate ? privateSrc(key) : storage.publicSrc(key),
      private: upload.isPrivate,
      customer_id: upload.owner.customer_id,
    });
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/** Staff, or the customer who uploaded it. */
function maySee(user: AuthUser | null, row: FileRow): boolean {
  if (!user) return false;
  return user.role === "admin" || (user.customer_id !== null && row.customer_id === user.customer_id);
}

/**
 * The bytes (or a signed URL) of a file served through our routes: private files to their owner
 * and staff, public cloud files to anyone. Everyone else gets 404, as for a file that does not
 * exist: a private file's URL must not even confirm it is there.
 */
export async function deliverFile(
  db: Db,
  stores: FileStores,
  user: AuthUser | null,
  request: { key: string; storage?: StorageKind },
): Promise<{ delivery: Delivery; meta: ObjectMeta }> {
  const row = await findFileByPath(db, request.key);
  if (!row || (request.storage && row.storage !== request.storage)) throw notFound();
  if (row.private && !maySee(user, row)) throw notFound();
  const meta = objectMeta(row);
  const storage = await stores.forKind(row.storage);
  // Private links live minutes (enough to load the page that shows them); public ones an hour.
  const delivery = await storage.deliver(request.key, meta, row.private ? 300 : 3600);
  return { delivery, meta };
}

/** A file the user may see or change: their own, or any for an admin. Others: 404 (not 403, no probing). */
export async function fileForUser(db: Db, user: AuthUser, fileId: number): Promise<FileRow> {
  const row = await findFile(db, fileId);
  if (!row || !maySee(user, row)) throw notFound();
  return row;
}

export async function filesForUser(db: Db, user: AuthUser): Promise<FileRow[]> {
  if (user.role === "admin") return listFiles(db, null);
  if (user.customer_id === null) return [];
  return listFiles(db, user.customer_id);
}

export async function renameUserFile(db: Db, user: AuthUser, fileId: number, name: string) {
  const row = await fileForUser(db, user, fileId);
  return (await renameFile(db, row.file_id, safeDisplayName(name, row.name.split(".").pop() ?? "bin")))!;
}

/**
 * Deletes the record and its object together: the row goes inside a transaction that commits only
 * once the storage confirmed the delete, so a bucket that is down leaves both in place (503).
 */
export async function deleteUserFile(
  db: Db,
  stores: FileStores,
  user: AuthUser,
  fileId: number,
): Promise<void> {
  const row = await fileForUser(db, user, fileId);
  const storage = await stores.forKind(row.storage);
  await db.transaction(async (tx) => {
    await deleteFileRow(tx, row.file_id);
    if (row.path) await storage.remove(row.path);
  });
}

/** True when every id is a file this customer uploaded (forms and the profile photo use it). */
export async function customerOwnsFiles(db: Db, customerId: number, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  const owned = await ownedFileIds(db, customerId, unique);
  return unique.every((id) => owned.has(id));
}

export async function findFilePublic(db: Db, fileId: number | null) {
  if (!fileId) return null;
  const row = await findFile(db, fileId);
  return row ? { file_id: row.file_id, src: row.src, name: row.name, type: row.type } : null;
}

/**
 * Customers' uploads written before files had privacy sat in the public uploads/ folder. Moves
 * them to private/ and marks them private, so the owner check covers them too. Runs at start-up:
 * idempotent (nothing to do after the first run) and safe with several instances (the row update
 * is guarded; a file already moved is fine). Forms and the profile refer to files by id, so a new
 * `src` breaks nothing.
 */
export async function privatizeLegacyCustomerUploads(db: Db, dataDir: string): Promise<number> {
  let moved = 0;
  for (const row of await legacyCustomerUploads(db)) {
    const key = `${PRIVATE_PREFIX}${path.posix.basename(row.path!)}`;
    await moveLocalFile(dataDir, row.path!, key);
    if (await markFilePrivate(db, row.file_id, key, privateSrc(key))) moved += 1;
  }
  return moved;
}

/**
 * The bytes (or a signed URL) of a stored file by its id, for a module that has already decided
 * who may have it (the signed waivers, decision 0099: a private file with no customer owner, so
 * account closure keeps it, handed to its signer and staff by the waivers routes).
 */
export async function deliverFileById(
  db: Db,
  stores: FileStores,
  fileId: number,
): Promise<{ delivery: Delivery; meta: ObjectMeta }> {
  const row = await findFile(db, fileId);
  if (!row?.path) throw notFound();
  const meta = objectMeta(row);
  const storage = await stores.forKind(row.storage);
  return { delivery: await storage.deliver(row.path, meta, row.private ? 300 : 3600), meta };
}
