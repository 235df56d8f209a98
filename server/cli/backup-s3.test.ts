import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3_TEST_CREDENTIALS, startS3TestServer } from "../../test/doubles/s3-test-server";
import type { AppConfigEnv } from "../config";
import { openDatabase } from "../db/client";
import { app_config } from "../db/schema/app-config";
import { audit_log } from "../db/schema/audit";
import { files } from "../db/schema/content";
import { s3ObjectCopier } from "../modules/files/s3-file-storage";
import { migratedPgliteDump } from "../test/test-database";
import { testDriver } from "../test/test-driver";
import { createBackup, restoreBackup } from "./backup";

/**
 * Backups with files in an S3 bucket (docs/decisions/0073), against a real S3-compatible server
 * (s3rver on loopback): the bucket's objects the database lists are copied into the backup, what
 * could not be read is named, and the Bitácora's entry says exactly what backup.json says.
 */

const onPglite = testDriver() === "pglite";
const BUCKET = "estudio-copias";
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "estudio-backup-s3-"));
const env = { ...S3_TEST_CREDENTIALS } as AppConfigEnv;

let s3: Awaited<ReturnType<typeof startS3TestServer>>;
beforeAll(async () => {
  s3 = await startS3TestServer([BUCKET]);
});
afterAll(async () => {
  await s3?.dispose();
});

describe.skipIf(!onPglite)("backup with files in S3", () => {
  it("copies the bucket's files, names the one it could not read, and the Bitácora says the same", {
    timeout: 180_000,
  }, async () => {
    const dataDir = tmp();
    const database = await openDatabase({ kind: "pglite", dataDir, loadDataDir: migratedPgliteDump() });
    await database.db.insert(app_config).values([
      { key: "files_location", value: "aws" },
      { key: "bucket", value: BUCKET },
      { key: "S3_ENDPOINT", value: s3.endpoint },
      { key: "region", value: "us-east-1" },
    ]);
    await database.db.insert(files).values([
      {
        name: "logo.png",
        size: 9,
        storage: "aws",
        path: "uploads/logo.png",
        src: "/files/s3/uploads/logo.png",
      },
      {
        name: "ine.pdf",
        size: 8,
        storage: "aws",
        path: "private/ine.pdf",
        src: "/files/private/ine.pdf",
        private: true,
      },
      // Listed by the database, gone from the bucket.
      { name: "perdido.png", size: 5, storage: "aws", path: "uploads/perdido.png", src: "/x" },
      // On the server's disk: copied with the folder.
      { name: "local.png", size: 3, storage: "server", path: "local.png", src: "/files/local.png" },
    ]);
    await database.close();
    fs.mkdirSync(path.join(dataDir, "files"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "files", "local.png"), "png");
    const bucket = s3ObjectCopier(env, { bucket: BUCKET, S3_ENDPOINT: s3.endpoint, region: "us-east-1" })!;
    await bucket.put("uploads/logo.png", Buffer.from("png-bytes"));
    await bucket.put("private/ine.pdf", Buffer.from("pdf-byte"));

    const backupDir = path.join(tmp(), "copia");
    const report = await createBackup({ dataDir, env }, backupDir);

    expect(report.files.server).toBe(1);
    expect(report.files.s3).toMatchObject({
      bucket: BUCKET,
      endpoint: s3.endpoint,
      prefixes: ["private/", "uploads/"],
      objects: 3,
      bytes: 22,
      copied: 2,
      failed: ["uploads/perdido.png"],
    });
    expect(fs.readFileSync(path.join(backupDir, "s3", "uploads", "logo.png"), "utf8")).toBe("png-bytes");
    expect(fs.readFileSync(path.join(backupDir, "s3", "private", "ine.pdf"), "utf8")).toBe("pdf-byte");
    expect(report.summary).toBe(
      `Base de datos (PGlite) copiada; 1 archivo del servidor copiado; 2 archivos copiados de 3 en s3://${BUCKET}/ (private/, uploads/) en ${s3.endpoint}; 1 no se pudo leer (siguen solo en el bucket).`,
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "backup.json"), "utf8"));
    expect(manifest.summary).toBe(report.summary);

    // The Bitácora's entry: the same sentence, and the numbers behind it.
    const after = await openDatabase({ kind: "pglite", dataDir });
    const entries = await after.db.select().from(audit_log).where(eq(audit_log.action, "backup.create"));
    await after.close();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_user_id: null, entity: "backup", entity_id: "copia" });
    expect(entries[0]!.details).toMatchObject({
      summary: report.summary,
      s3_bucket: BUCKET,
      s3_objects: 3,
      s3_copied: 2,
      server_files: 1,
    });

    // Lost from the bucket, then restored: the backup puts it back.
    const client = new S3Client({
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: "uploads/logo.png" }));
    expect(s3.keys(BUCKET)).toEqual(["private/ine.pdf"]);
    await restoreBackup({ dataDir, env }, backupDir);
    expect(s3.keys(BUCKET)).toEqual(["private/ine.pdf", "uploads/logo.png"]);
    expect((await bucket.get("uploads/logo.png")).toString()).toBe("png-bytes");
    client.destroy();
  });
});
