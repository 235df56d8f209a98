import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import PgBoss from "pg-boss";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { app_config } from "../db/schema/app-config";
import { migratedPgliteDump } from "../test/test-database";
import { testDatabaseUrl, testDriver } from "../test/test-driver";
import { createBackup, restoreBackup } from "./backup";

// Runs on PostgreSQL too: pg_dump and pg_restore (docs/decisions/0061).

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "estudio-backup-"));

/**
 * Each driver's cases run in its own suite: the embedded ones in the PGlite suite, from its
 * migrated copy written to disk (migrating an on-disk PGlite from nothing took minutes of a loaded
 * CI run), the PostgreSQL ones in the PostgreSQL suite.
 */
const onPglite = testDriver() === "pglite";
const embeddedOnDisk = (dataDir: string) =>
  openDatabase({ kind: "pglite", dataDir, loadDataDir: migratedPgliteDump() });

/**
 * A new PostgreSQL database, migrated, with business_name "Antes", for one case; dropped after it
 * whatever the case did (`url` is its address).
 */
async function withMigratedPostgres(
  prefix: string,
  work: (url: URL, database: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>,
) {
  const base = testDatabaseUrl();
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ kind: "postgres", url: url.toString() });
    await migrateDatabase(database);
    await database.db.insert(app_config).values({ key: "business_name", value: "Antes" });
    await work(url, database);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe("backup and restore", () => {
  it.skipIf(!onPglite)(
    "PGlite: a restore brings back exactly the backed-up rows and files",
    {
      timeout: 180_000,
    },
    async () => {
      const dataDir = tmp();
      const database = await embeddedOnDisk(dataDir);
      await database.db.insert(app_config).values({ key: "business_name", value: "Antes" });
      await database.close();
      fs.mkdirSync(path.join(dataDir, "files"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "files", "logo.png"), "png-bytes");

      const backupDir = path.join(tmp(), "copia");
      await createBackup({ dataDir }, backupDir);

      const changed = await openDatabase({ kind: "pglite", dataDir });
      await changed.db
        .update(app_config)
        .set({ value: "Después" })
        .where(eq(app_config.key, "business_name"));
      await changed.db.insert(app_config).values({ key: "primary", value: "#000000" });
      await changed.close();
      fs.rmSync(path.join(dataDir, "files", "logo.png"));

      await restoreBackup({ dataDir }, backupDir);
      const restored = await openDatabase({ kind: "pglite", dataDir });
      const rows = await restored.db
        .select({ key: app_config.key, value: app_config.value })
        .from(app_config);
      await restored.close();
      expect(rows).toEqual([{ key: "business_name", value: "Antes" }]);
      expect(fs.readFileSync(path.join(dataDir, "files", "logo.png"), "utf8")).toBe("png-bytes");
    },
  );

  it.skipIf(onPglite)("PostgreSQL: pg_dump and pg_restore round-trip the data", async () => {
    await withMigratedPostgres("t_backup", async (url, database) => {
      const backupDir = path.join(tmp(), "copia");
      const dataDir = tmp();
      await createBackup({ databaseUrl: url.toString(), dataDir }, backupDir);
      await database.db
        .update(app_config)
        .set({ value: "Después" })
        .where(eq(app_config.key, "business_name"));
      await database.close();
      await restoreBackup({ databaseUrl: url.toString(), dataDir }, backupDir);
      const check = await openDatabase({ kind: "postgres", url: url.toString() });
      const rows = await check.db.select({ key: app_config.key, value: app_config.value }).from(app_config);
      await check.close();
      expect(rows).toEqual([{ key: "business_name", value: "Antes" }]);
    });
  });

  it.skipIf(!onPglite)(
    "PGlite: restores onto a new machine (no DATA_DIR yet), with the session secret",
    {
      timeout: 180_000,
    },
    async () => {
      const dataDir = tmp();
      const database = await embeddedOnDisk(dataDir);
      await database.db.insert(app_config).values({ key: "business_name", value: "Estudio viajero" });
      await database.close();
      fs.writeFileSync(path.join(dataDir, ".auth-secret"), "a".repeat(64), { mode: 0o600 });
      const backupDir = path.join(tmp(), "copia");
      await createBackup({ dataDir }, backupDir);

      const fresh = path.join(tmp(), "maquina-nueva", "data");
      expect(fs.existsSync(fresh)).toBe(false);
      await restoreBackup({ dataDir: fresh }, backupDir);
      const restored = await openDatabase({ kind: "pglite", dataDir: fresh });
      const rows = await restored.db.select({ value: app_config.value }).from(app_config);
      await restored.close();
      expect(rows).toEqual([{ value: "Estudio viajero" }]);
      expect(fs.readFileSync(path.join(fresh, ".auth-secret"), "utf8")).toBe("a".repeat(64));
      expect(fs.statSync(path.join(fresh, ".auth-secret")).mode & 0o777).toBe(0o600);
    },
  );

  it.skipIf(onPglite)(
    "PostgreSQL: restores over the live app database, pg-boss's partitioned job tables included",
    { timeout: 120_000 },
    async () => {
      await withMigratedPostgres("t_restore", async (url, database) => {
        // pg-boss creates a partition per queue: what broke pg_restore --clean.
        const boss = new PgBoss({
          connectionString: url.toString(),
          schema: "pgboss",
          supervise: false,
          schedule: false,
        });
        boss.on("error", () => {});
        await boss.start();
        await boss.createQueue("respaldo");
        await boss.send("respaldo", { antes: true });
        const backupDir = path.join(tmp(), "copia");
        await createBackup({ databaseUrl: url.toString(), dataDir: tmp() }, backupDir);

        // After the backup: another queue, another job, changed and new rows, shared counters.
        await boss.createQueue("despues");
        await boss.send("despues", {});
        await boss.stop({ graceful: false, close: true });
        await database.db
          .update(app_config)
          .set({ value: "Después" })
          .where(eq(app_config.key, "business_name"));
        await database.db.insert(app_config).values({ key: "primary", value: "#000000" });
        await database.pool!.query("create schema if not exists estudio_shared");
        await database.close();

        await restoreBackup({ databaseUrl: url.toString(), dataDir: tmp() }, backupDir);
        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        const config = await check.query("select key, value from app_config order by key");
        const jobs = await check.query("select name from pgboss.job order by name");
        const shared = await check.query("select 1 from pg_namespace where nspname = 'estudio_shared'");
        await check.end();
        expect(config.rows).toEqual([{ key: "business_name", value: "Antes" }]);
        expect(jobs.rows).toEqual([{ name: "respaldo" }]);
        expect(shared.rows).toEqual([]);
      });
    },
  );
});
