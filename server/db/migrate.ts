import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Applies the committed drizzle-kit migrations. On PostgreSQL several instances may start at
 * once: Drizzle's migrator runs in one transaction and an advisory lock keeps them in line.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: both drivers expose the same migrator contract
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    // biome-ignore lint/suspicious/noExplicitAny: see above
    await migratePg(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => {});
    client.release();
  }
}
