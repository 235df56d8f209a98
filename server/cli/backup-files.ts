import fs from "node:fs";
import path from "node:path";
import type { AppConfigEnv } from "../config";
import { s3ObjectCopier } from "../modules/files/s3-file-storage";

/**
 * The uploaded files in a backup (docs/decisions/0073). Files on the server's disk are copied
 * with the folder; files in an S3 bucket (files_location=aws, or older uploads that went there)
 * are copied from the bucket into the backup's `s3/` folder, one file per object under its key.
 * What was copied, and what could not be, is written in backup.json and in the Bitácora's entry
 * with the same sentence the command prints.
 */

/** Runs one SQL statement on the database being backed up (PGlite or PostgreSQL). */
export type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export type S3Report = {
  bucket: string;
  endpoint: string;
  region: string;
  /** The key prefixes the objects live under (uploads/, private/). */
  prefixes: string[];
  /** Objects the database lists in the bucket, and their bytes. */
  objects: number;
  bytes: number;
  /** Copied into the backup's s3/ folder. */
  copied: number;
  /** Keys that could not be read (missing, or the bucket did not answer), at most 20. */
  failed: string[];
  /** Whether the bucket's settings were usable at all. */
  configured: boolean;
};

export type FilesReport = { server: number; s3: S3Report | null };

export const S3_FOLDER = "s3";

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((e) =>
    e.isFile(),
  ).length;
}

async function settingsOf(sql: Sql) {
  const rows = await sql(
    "select key, value from app_config where key in ('bucket', 'S3_ENDPOINT', 'region')",
  );
  const get = (key: string) => {
    const value = rows.find((r) => r.key === key)?.value;
    return typeof value === "string" ? value : "";
  };
  return { bucket: get("bucket"), S3_ENDPOINT: get("S3_ENDPOINT"), region: get("region") };
}

/** Copies the S3 objects the database lists (files.storage = 'aws') into `backupDir/s3`. */
export async function backupFiles(
  sql: Sql,
  env: AppConfigEnv | undefined,
  dataDir: string,
  backupDir: string,
): Promise<FilesReport> {
  const server = countFiles(path.join(dataDir, "files"));
  const rows = await sql(
    "select path, size, type from files where storage = 'aws' and path is not null order by file_id",
  );
  if (rows.length === 0) return { server, s3: null };
  const settings = await settingsOf(sql);
  const copier = env ? s3ObjectCopier(env, settings) : null;
  const keys = rows.map((r) => String(r.path));
  const report: S3Report = {
    bucket: settings.bucket.trim() || "(sin bucket)",
    endpoint: copier?.endpoint ?? (settings.S3_ENDPOINT.trim() || "AWS S3"),
    region: settings.region.trim() || "us-east-1",
    prefixes: [...new Set(keys.map((k) => `${k.split("/")[0]}/`))].sort(),
    objects: rows.length,
    bytes: rows.reduce((sum, r) => sum + Number(r.size ?? 0), 0),
    copied: 0,
    failed: [],
    configured: copier !== null,
  };
  if (!copier) {
    report.failed = keys.slice(0, 20);
    return { server, s3: report };
  }
  const failed: string[] = [];
  for (const key of keys) {
    // Keys are ours (uploads/<uuid>.<ext>, private/<uuid>.<ext>): never outside the folder.
    const target = path.resolve(backupDir, S3_FOLDER, key);
    if (!target.startsWith(path.resolve(backupDir, S3_FOLDER) + path.sep)) {
      failed.push(key);
      continue;
    }
    try {
      const body = await copier.get(key);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, body);
      report.copied += 1;
    } catch {
      failed.push(key);
    }
  }
  report.failed = failed.slice(0, 20);
  return { server, s3: report };
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("es-MX")} ${n === 1 ? one : many}`;

/** The one sentence the command prints, backup.json keeps and the Bitácora shows. */
export function filesSentence(report: FilesReport): string {
  const parts = [
    `${plural(report.server, "archivo del servidor copiado", "archivos del servidor copiados")}`,
  ];
  const s3 = report.s3;
  if (s3) {
    const where = `s3://${s3.bucket}/ (${s3.prefixes.join(", ")}) en ${s3.endpoint}`;
    if (!s3.configured)
      parts.push(
        `${plural(s3.objects, "archivo", "archivos")} en ${where} NO copiados: el bucket no está configurado; siguen solo en el bucket`,
      );
    else if (s3.copied === s3.objects)
      parts.push(`${plural(s3.copied, "archivo copiado", "archivos copiados")} de ${where}`);
    else
      parts.push(
        `${plural(s3.copied, "archivo copiado", "archivos copiados")} de ${s3.objects} en ${where}; ${plural(s3.objects - s3.copied, "no se pudo leer", "no se pudieron leer")} (siguen solo en el bucket)`,
      );
  }
  return parts.join("; ");
}

/**
 * Puts the backup's S3 objects back into the bucket the backup names (restore). Only where the
 * bucket lacks them is not checked: a PUT of the same bytes under the same key changes nothing.
 */
export async function restoreS3Files(env: AppConfigEnv | undefined, backupDir: string, s3: S3Report | null) {
  const folder = path.join(backupDir, S3_FOLDER);
  if (!s3 || !fs.existsSync(folder)) return 0;
  const copier = env
    ? s3ObjectCopier(env, {
        bucket: s3.bucket,
        S3_ENDPOINT: s3.endpoint === "AWS S3" ? "" : s3.endpoint,
        region: s3.region ?? "",
      })
    : null;
  if (!copier) return 0;
  let put = 0;
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[]) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(folder, file).split(path.sep).join("/");
    await copier.put(key, fs.readFileSync(file));
    put += 1;
  }
  return put;
}
