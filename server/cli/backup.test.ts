import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { app_config } from "../db/schema/app-config";
import { createBackup, restoreBackup } from "./backup";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "estudio-backup-"));

describe("backup and restore", () => {
  it("PGlite: a restore brings back exactly the backed-up rows and files", { timeout: 180_000 }, async () => {
    const dataDir = tmp();
    const database = await openDatabase({ kind: "pglite", dataDir });
    await migrateDatabase(database);
    await database.db.insert(app_config).values({ key: "business_name", value: "Antes" });
    await database.close();
    fs.mkdirSync(path.join(dataDir, "files"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "files", "logo.png"), "png-bytes");

    const backupDir = path.join(tmp(), "copia");
    await createBackup({ dataDir }, backupDir);

    const changed = await openDatabase({ kind: "pglite", dataDir });
    await changed.db.update(app_config).set({ value: "Después" }).where(eq(app_config.key, "business_name"));
    await changed.db.insert(app_config).values({ key: "primary", value: "#000000" });
    await changed.close();
    fs.rmSync(path.join(dataDir, "files", "logo.png"));

    await restoreBackup({ dataDir }, backupDir);
    const restored = await openDatabase({ kind: "pglite", dataDir });
    const rows = await restored.db.select({ key: app_config.key, value: app_config.value }).from(app_config);
    await restored.close();
    expect(rows).toEqual([{ key: "business_name", value: "Antes" }]);
    expect(fs.readFileSync(path.join(dataDir, "files", "logo.png"), "utf8")).toBe("png-bytes");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL: pg_dump and pg_restore round-trip the data",
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `t_backup_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      try {
        const database = await openDatabase({ kind: "postgres", url: url.toString() });
        await migrateDatabase(database);
        await database.db.insert(app_config).values({ key: "business_name", value: "Antes" });
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
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
