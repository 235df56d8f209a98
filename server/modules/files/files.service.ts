import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { AppError, notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import type { AuthUser } from "../../plugins/auth";
import {
  deleteFileRow,
  type FileRow,
  findFile,
  insertFile,
  listFiles,
  ownedFileIds,
  renameFile,
} from "./files.repository";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const fileTooLarge = () =>
  AppError.of(413, "FILE_TOO_LARGE", "fileTooLarge", { megabytes: MAX_FILE_BYTES / 1024 / 1024 });

/**
 * What may be uploaded, by sniffed content (never by the name or the browser's claim). SVG is left
 * out on purpose: it can carry scripts and the files are served from our origin.
 */
const ALLOWED: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
  "application/pdf": "pdf",
};

export type UploadKind = "image" | "file";

const INLINE_EXTENSIONS = new Set(
  Object.entries(ALLOWED)
    .filter(([mime]) => mime.startsWith("image/"))
    .map(([, ext]) => `.${ext}`),
);

/**
 * Whether a stored upload may be shown inside a page (the allowed images). Anything else (PDF,
 * or a file an older version stored) is served as a download, so a browser never renders it as
 * a document of our origin.
 */
export function servedInline(filePath: string): boolean {
  return INLINE_EXTENSIONS.has(path.extname(filePath).toLowerCase());
}

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
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sniffs, checks and stores one upload under DATA_DIR/files/uploads (local storage mode). */
export async function storeUpload(
  db: Db,
  dataDir: string,
  upload: { buffer: Buffer; filename?: string; kind: UploadKind; owner: AuthUser },
): Promise<FileRow> {
  const sniffed = await fileTypeFromBuffer(upload.buffer);
  const ext = sniffed ? ALLOWED[sniffed.mime] : undefined;
  if (!sniffed || !ext) throw AppError.of(415, "FILE_TYPE_NOT_ALLOWED", "fileTypeNotAllowed");
  if (upload.kind === "image" && !sniffed.mime.startsWith("image/")) {
    throw AppError.of(415, "IMAGE_ONLY", "imageOnly");
  }
  const relative = path.posix.join("uploads", `${randomUUID()}.${ext}`);
  const target = path.join(dataDir, "files", relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // 'wx': never overwrite, even in the impossible case of a repeated UUID.
  await fs.writeFile(target, upload.buffer, { flag: "wx" });
  try {
    return await insertFile(db, {
      name: safeDisplayName(upload.filename, ext),
      type: sniffed.mime,
      size: upload.buffer.length,
      storage: "server",
      path: relative,
      src: `/files/${relative}`,
      customer_id: upload.owner.customer_id,
    });
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
}

/** A file the user may see or change: their own, or any for an admin. Others: 404 (not 403, no probing). */
export async function fileForUser(db: Db, user: AuthUser, fileId: number): Promise<FileRow> {
  const row = await findFile(db, fileId);
  if (!row) throw notFound();
  if (user.role !== "admin" && (user.customer_id === null || row.customer_id !== user.customer_id)) {
    throw notFound();
  }
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

export async function deleteUserFile(db: Db, dataDir: string, user: AuthUser, fileId: number): Promise<void> {
  const row = await fileForUser(db, user, fileId);
  await deleteFileRow(db, row.file_id);
  if (row.storage === "server" && row.path) {
    const target = path.resolve(dataDir, "files", row.path);
    // Only ever delete inside DATA_DIR/files (a demo row could hold anything).
    if (target.startsWith(path.resolve(dataDir, "files") + path.sep)) await fs.rm(target, { force: true });
  }
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
