/**
 * `npm run backup [folder]` and `npm run restore <folder>`: same DATABASE_URL / DATA_DIR as the
 * server. Default backup folder: DATA_DIR/../backups/<timestamp>. After a backup, the backups
 * beside it older than BACKUP_KEEP_DAYS (35; 0 keeps all) are removed (decision 0071).
 */
import path from "node:path";
import { loadConfig } from "../config";
import { createBackup, pruneBackups, restoreBackup } from "./backup";

async function main() {
  const [command, folder] = process.argv.slice(2);
  const config = loadConfig();
  const target = { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, env: config };
  if (command === "backup") {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const dir = path.resolve(folder ?? path.join(config.dataDir, "..", "backups", stamp));
    const report = await createBackup(target, dir);
    // The same sentence backup.json keeps and the Bitácora shows (docs/decisions/0073).
    console.log(`Copia de seguridad creada en ${dir}: ${report.summary}`);
    for (const old of pruneBackups(path.dirname(dir), config.BACKUP_KEEP_DAYS))
      console.log(`Copia de más de ${config.BACKUP_KEEP_DAYS} días borrada: ${old}`);
  } else if (command === "restore" && folder) {
    await restoreBackup(target, path.resolve(folder));
    console.log(`Datos restaurados desde ${folder}`);
  } else {
    console.error("Uso: npm run backup [carpeta]  ·  npm run restore <carpeta>");
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
