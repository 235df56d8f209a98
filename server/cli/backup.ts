import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { AppConfigEnv } from "../config";
import { backupFiles, type FilesReport, filesSentence, restoreS3Files, type Sql } from "./backup-files";

/**
 * Backups of the studio's data: the database (pg_dump custom format on PostgreSQL, PGlite's own
 * data-directory archive when embedded) plus the uploaded files, in one folder per backup.
 * With PGlite, stop the app first: the embedded database belongs to one process at a time.
 *
 * The session secret `npm start` keeps in DATA_DIR/.auth-secret travels with the backup (same
 * permissions), so sessions and pending links still verify after a restore on a new machine; a
 * deployment with AUTH_SECRET in its environment keeps that value in its secret store instead.
 */
export type BackupTarget = {
  databaseUrl?: string;
  dataDir: string;
  /**
   * The running app's own embedded database: its archive is written between two of its statements
   * (PGlite runs one at a time), a crash-consistent copy of the data directory with its WAL, so the
   * restore's recovery keeps exactly the transactions committed before it (backup-under-load.test.ts).
   */
  pglite?: PGlite;
  /** The server's settings: the S3 credentials that copy the bucket's files (docs/decisions/0073). */
  env?: AppConfigEnv;
};

/** What a backup did, in one Spanish sentence: printed, in backup.json and in the Bitácora. */
export type BackupReport = { dir: string; summary: string; files: FilesReport };

const PG_DUMP = "database.dump";
const PGLITE_ARCHIVE = "database.tar.gz";
const AUTH_SECRET_FILE = ".auth-secret";
/** Counters shared by instances (plugins/rate-limit-store.ts): not data, recreated on first use. */
const NOT_BACKED_UP_SCHEMAS = ["estudio_shared"];

export async function createBackup(target: BackupTarget, backupDir: string): Promise<BackupReport> {
  fs.mkdirSync(backupDir, { recursive: true });
  if (target.databaseUrl) {
    execFileSync(
      "pg_dump",
      [
        "--format=custom",
        "--no-owner",
        ...NOT_BACKED_UP_SCHEMAS.map((schema) => `--exclude-schema=${schema}`),
        `--file=${path.join(backupDir, PG_DUMP)}`,
        target.databaseUrl,
      ],
      {
        stdio: "inherit",
      },
    );
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await finishBackup(
        target,
        backupDir,
        async (text, params) => (await client.query(text, params)).rows,
      );
    } finally {
      await client.end();
    }
  }
  if (target.pglite) {
    const archive = await target.pglite.dumpDataDir("gzip");
    fs.writeFileSync(path.join(backupDir, PGLITE_ARCHIVE), Buffer.from(await archive.arrayBuffer()));
    const db = target.pglite;
    return finishBackup(
      target,
      backupDir,
      async (text, params) => (await db.query(text, params)).rows as never,
    );
  }
  const db = await PGlite.create(path.join(target.dataDir, "pglite"));
  try {
    const archive = await db.dumpDataDir("gzip");
    fs.writeFileSync(path.join(backupDir, PGLITE_ARCHIVE), Buffer.from(await archive.arrayBuffer()));
    return await finishBackup(
      target,
      backupDir,
      async (text, params) => (await db.query(text, params)).rows as never,
    );
  } finally {
    await db.close();
  }
}

/**
 * After the database: the files (the server's folder, and the S3 bucket's objects: decision
 * 0073), the session secret, backup.json, and the Bitácora's entry, which says what backup.json says.
 * The entry is written after the dump: the backup does not hold its own entry.
 */
async function finishBackup(target: BackupTarget, backupDir: string, sql: Sql): Promise<BackupReport> {
  const files = path.join(target.dataDir, "files");
  if (fs.existsSync(files)) fs.cpSync(files, path.join(backupDir, "files"), { recursive: true });
  const report = await backupFiles(sql, target.env, target.dataDir, backupDir);
  const secret = path.join(target.dataDir, AUTH_SECRET_FILE);
  if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(backupDir, AUTH_SECRET_FILE));
  const kind = target.databaseUrl ? "postgres" : "pglite";
  const summary = `Base de datos (${kind === "postgres" ? "PostgreSQL" : "PGlite"}) copiada; ${filesSentence(report)}.`;
  fs.writeFileSync(
    path.join(backupDir, "backup.json"),
    JSON.stringify({ createdAt: new Date().toISOString(), kind, summary, files: report }, null, 2),
  );
  await sql(
    "insert into audit_log (actor_user_id, action, entity, entity_id, details) values (null, 'backup.create', 'backup', $1, $2::jsonb)",
    [
      path.basename(backupDir),
      JSON.stringify({
        summary,
        folder: backupDir,
        server_files: report.server,
        ...(report.s3
          ? {
              s3_bucket: report.s3.bucket,
              s3_prefixes: report.s3.prefixes,
              s3_objects: report.s3.objects,
              s3_copied: report.s3.copied,
            }
          : {}),
      }),
    ],
  );
  return { dir: backupDir, summary, files: report };
}

export async function restoreBackup(target: BackupTarget, backupDir: string): Promise<void> {
  if (!fs.existsSync(path.join(backupDir, "backup.json"))) {
    throw new Error(`${backupDir} no es una copia de seguridad (falta backup.json)`);
  }
  // A new machine has no DATA_DIR yet.
  fs.mkdirSync(target.dataDir, { recursive: true });
  if (target.databaseUrl) {
    restorePostgres(target.databaseUrl, path.join(backupDir, PG_DUMP));
  } else {
    const archive = fs.readFileSync(path.join(backupDir, PGLITE_ARCHIVE));
    const dir = path.join(target.dataDir, "pglite");
    // Keep the current data beside it until the restored copy has opened successfully.
    const aside = `${dir}.before-restore-${Date.now()}`;
    if (fs.existsSync(dir)) fs.renameSync(dir, aside);
    try {
      const db = await PGlite.create(dir, { loadDataDir: new Blob([archive]) });
      await db.query("select 1");
      await db.close();
      fs.rmSync(aside, { recursive: true, force: true });
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      if (fs.existsSync(aside)) fs.renameSync(aside, dir);
      throw error;
    }
  }
  const files = path.join(backupDir, "files");
  if (fs.existsSync(files)) fs.cpSync(files, path.join(target.dataDir, "files"), { recursive: true });
  // The bucket's objects go back to the bucket the backup names (docs/decisions/0073).
  const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "backup.json"), "utf8")) as {
    files?: FilesReport;
  };
  await restoreS3Files(target.env, backupDir, manifest.files?.s3 ?? null);
  // The secret comes back only where there is none: never replace the one a running studio uses.
  const secret = path.join(backupDir, AUTH_SECRET_FILE);
  const current = path.join(target.dataDir, AUTH_SECRET_FILE);
  if (fs.existsSync(secret) && !fs.existsSync(current)) {
    fs.copyFileSync(secret, current);
    fs.chmodSync(current, 0o600);
  }
}

/**
 * The dump replaces the app's database in one transaction. `pg_restore --clean` cannot do it over
 * a database pg-boss has used: it drops the constraints of pg-boss's job partitions one by one,
 * which PostgreSQL refuses for inherited ones. Instead the app's schemas (the dump's own, and the
 * shared counters) are dropped whole and everything in public is dropped, then the dump's SQL
 * runs — all inside one psql transaction, so a failure leaves the database as it was.
 */
function restorePostgres(databaseUrl: string, dump: string): void {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-restore-"));
  try {
    const script = path.join(work, "dump.sql");
    execFileSync("pg_restore", ["--no-owner", `--file=${script}`, dump], { stdio: "inherit" });
    const listing = execFileSync("pg_restore", ["--list", dump], { encoding: "utf8" });
    // pg-boss and the migrator keep their own schemas; whatever the dump has is recreated by it.
    const schemas = new Set([...NOT_BACKED_UP_SCHEMAS, "drizzle", "pgboss"]);
    for (const line of listing.split("\n")) {
      const name = /^\d+; \d+ \d+ SCHEMA - (\S+) /.exec(line)?.[1];
      if (name && name !== "public") schemas.add(name);
    }
    const drops = [...schemas].map(
      (schema) => `drop schema if exists "${schema.replaceAll('"', '""')}" cascade;`,
    );
    const wrapper = path.join(work, "restore.sql");
    fs.writeFileSync(
      wrapper,
      [
        "\\set ON_ERROR_STOP on",
        "set client_min_messages = warning;",
        ...drops,
        // Tables first (their sequences, indexes and foreign keys go with them), then what is left.
        `do $$ declare item record; begin
  for item in select c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      order by c.relkind in ('r', 'p') desc loop
    execute format('drop %s if exists public.%I cascade',
      case item.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
        when 'f' then 'foreign table' else 'table' end, item.relname);
  end loop;
  for item in select t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd', 'c') and t.typrelid = 0
        and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e') loop
    execute format('drop type if exists public.%I cascade', item.typname);
  end loop;
  for item in select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') loop
    execute format('drop routine if exists %s cascade', item.signature);
  end loop;
end $$;`,
        `\\i ${script}`,
        "",
      ].join("\n"),
    );
    execFileSync(
      "psql",
      [
        "--single-transaction",
        "--quiet",
        "--no-psqlrc",
        "--set=ON_ERROR_STOP=1",
        `--dbname=${databaseUrl}`,
        "--file",
        wrapper,
      ],
      {
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Retention (docs/deploy.md "Backups"; decision 0071): removes the backups in `root` that this CLI
 * wrote (a folder with its backup.json) more than `keepDays` days before `now`, so an erased
 * person (decision 0056 §2) and anything else deleted leaves the last backup within that many days.
 * 0 keeps everything. Folders without backup.json are never touched. Returns the removed folders.
 */
export function pruneBackups(root: string, keepDays: number, now = new Date()): string[] {
  if (keepDays <= 0 || !fs.existsSync(root)) return [];
  const cutoff = now.getTime() - keepDays * 86_400_000;
  const removed: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(root, entry.name);
    const manifest = path.join(dir, "backup.json");
    if (!fs.existsSync(manifest)) continue;
    let createdAt: number;
    try {
      createdAt = Date.parse(
        (JSON.parse(fs.readFileSync(manifest, "utf8")) as { createdAt?: string }).createdAt ?? "",
      );
    } catch {
      continue;
    }
    if (!Number.isFinite(createdAt) || createdAt >= cutoff) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}
