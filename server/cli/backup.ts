import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * Backups of the studio's data: the database (pg_dump custom format on PostgreSQL, PGlite's own
 * data-directory archive when embedded) plus the uploaded files, in one folder per backup.
 * With PGlite, stop the app first: the embedded database belongs to one process at a time.
 */
export type BackupTarget = { databaseUrl?: string; dataDir: string };

const PG_DUMP = "database.dump";
const PGLITE_ARCHIVE = "database.tar.gz";

export async function createBackup(target: BackupTarget, backupDir: string): Promise<string> {
  fs.mkdirSync(backupDir, { recursive: true });
  if (target.databaseUrl) {
    execFileSync(
      "pg_dump",
      ["--format=custom", "--no-owner", `--file=${path.join(backupDir, PG_DUMP)}`, target.databaseUrl],
      {
        stdio: "inherit",
      },
    );
  } else {
    const db = await PGlite.create(path.join(target.dataDir, "pglite"));
    try {
      const archive = await db.dumpDataDir("gzip");
      fs.writeFileSync(path.join(backupDir, PGLITE_ARCHIVE), Buffer.from(await archive.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  const files = path.join(target.dataDir, "files");
  if (fs.existsSync(files)) fs.cpSync(files, path.join(backupDir, "files"), { recursive: true });
  fs.writeFileSync(
    path.join(backupDir, "backup.json"),
    JSON.stringify(
      { createdAt: new Date().toISOString(), kind: target.databaseUrl ? "postgres" : "pglite" },
      null,
      2,
    ),
  );
  return backupDir;
}

export async function restoreBackup(target: BackupTarget, backupDir: string): Promise<void> {
  if (!fs.existsSync(path.join(backupDir, "backup.json"))) {
    throw new Error(`${backupDir} no es una copia de seguridad (falta backup.json)`);
  }
  if (target.databaseUrl) {
    // --clean drops what the dump recreates, so the database ends up exactly as backed up.
    execFileSync(
      "pg_restore",
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--single-transaction",
        `--dbname=${target.databaseUrl}`,
        path.join(backupDir, PG_DUMP),
      ],
      { stdio: "inherit" },
    );
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
}
