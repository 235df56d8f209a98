import type { Db } from "../../db/client";
import { appHookList } from "../../lib/app-hooks";

/**
 * Checks another module runs before the studio's settings are saved (a setting that names one of
 * its rows: the sign-up fee and trial packages, server/modules/packages/package-settings.ts). The
 * owning module registers its check, so app-config depends on none of them (the modules'
 * one-way rule, .dependency-cruiser.cjs; server/lib/app-hooks.ts). A check throws an AppError to refuse the save; nothing is saved then.
 */
type SettingsCheck = (changes: Array<{ key: string; value: unknown }>) => Promise<void>;

const checks = appHookList<SettingsCheck>();

export function checkSettingsWith(db: Db, check: SettingsCheck): void {
  checks.add(db, check);
}

export async function runSettingsChecks(db: Db, changes: Array<{ key: string; value: unknown }>) {
  for (const check of checks.of(db)) await check(changes);
}
