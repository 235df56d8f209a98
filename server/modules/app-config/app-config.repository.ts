import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { app_config } from "../../db/schema/app-config";

export async function listConfigRows(db: Db): Promise<{ key: string; value: unknown }[]> {
  return db.select({ key: app_config.key, value: app_config.value }).from(app_config);
}

/** Upserts several keys in one transaction: a partial save never leaves half a theme. */
export async function upsertConfigRows(db: Db, rows: { key: string; value: unknown }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    for (const row of rows) {
      // Drizzle writes a JS null as SQL NULL; the column holds JSON, so "no value" is JSON null.
      const value = row.value === null ? sql`'null'::jsonb` : row.value;
      await tx
        .insert(app_config)
        .values({ key: row.key, value, updatedAt: new Date() })
        .onConflictDoUpdate({ target: app_config.key, set: { value, updatedAt: new Date() } });
    }
  });
}
