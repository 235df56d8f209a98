import type { Readable } from "node:stream";
import type { AppConfig } from "../../../domain/app-config";
import type { AppConfigEnv } from "../../config";
import type { AppConfigService } from "../app-config/app-config.service";
import { localFileStorage } from "./local-file-storage";
import { s3FileStorage } from "./s3-file-storage";

/** Where a file's bytes live: the `files.storage` column ('server' or 'aws'). */
export type StorageKind = "server" | "aws";

/** What a storage needs to know about an object to store and hand it out correctly. */
export type ObjectMeta = {
  contentType: string;
  /** Served only to its owner and staff: never a public or cacheable URL. */
  isPrivate: boolean;
  /** Name for a download; null when the file may be shown inline (the allowed images). */
  downloadName: string | null;
};

/** How a stored object reaches the browser: a redirect (signed or public URL) or bytes we stream. */
export type Delivery = { redirect: string } | { stream: Readable; size: number };

/**
 * One place where uploaded bytes live (decision: file storage). The files service talks only to
 * this; nothing else in the app knows whether a file sits on our disk or in a bucket.
 */
export interface FileStorage {
  readonly kind: StorageKind;
  /** Writes the object whole or not at all; throws an AppError (503) when the storage is down. */
  put(key: string, body: Buffer, meta: ObjectMeta): Promise<void>;
  /** Deletes the object; a missing one is not an error. 503 when the storage is down. */
  remove(key: string): Promise<void>;
  /** The URL a public file is shown at (its `src`). Private files use privateSrc() instead. */
  publicSrc(key: string): string;
  /** The answer to a GET for a file the caller may see; signed URLs live `expiresInSeconds`. */
  deliver(key: string, meta: ObjectMeta, expiresInSeconds: number): Promise<Delivery>;
}

/** Objects of public files live under uploads/, private ones under private/ (a bucket policy can open only the first). */
export const PUBLIC_PREFIX = "uploads/";
export const PRIVATE_PREFIX = "private/";

/**
 * A private file's `src`, whatever its storage: our own route, which checks who asks before it
 * streams the bytes or hands out a short-lived signed URL (file-delivery.routes.ts).
 */
export function privateSrc(key: string): string {
  return `/files/${key}`;
}

/**
 * A download's Content-Disposition: the display name in ASCII for old clients and in UTF-8
 * (RFC 6266) for the rest. Display names carry no quotes or control characters (safeDisplayName).
 */
export function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "archivo";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export type S3Settings = Pick<AppConfig, "S3_ENDPOINT" | "bucket" | "region">;

export type FileStores = {
  /** Where new uploads go: files_location, or the storage a route insists on (POST /files/s3). */
  forUpload(location?: StorageKind): Promise<FileStorage>;
  /** Where a stored file lives (its row says so; changing files_location does not move old files). */
  forKind(kind: string): Promise<FileStorage>;
};

/**
 * The storages of one app. The cloud one is built from the studio's current settings on each use
 * (an admin may change bucket or endpoint at any time; the S3 client behind it is cached by value).
 */
export function fileStores(app: { config: AppConfigEnv; appConfig: AppConfigService }): FileStores {
  const local = localFileStorage(app.config.dataDir);
  const cloud = async () => s3FileStorage(app.config, await app.appConfig.get());
  return {
    async forUpload(location) {
      const kind = location ?? ((await app.appConfig.get()).files_location === "aws" ? "aws" : "server");
      return kind === "aws" ? cloud() : local;
    },
    async forKind(kind) {
      return kind === "aws" ? cloud() : local;
    },
  };
}
