import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { findPackageForSetting } from "./packages.service";

/** The settings that name a package (docs/product-rules.md#signup-fee-and-trial-settings). */
const PACKAGE_KEYS = new Set(["signup_fee_package_id", "trial_package_id"]);

/**
 * Before the settings save: a package chosen as the sign-up fee or the trial exists and is on
 * sale, and the trial one is marked as a trial (the once-per-customer rule keys on that mark).
 * Empty (null or 0) means none. A bad choice is a 400 and nothing is saved.
 */
export async function assertPackageSettings(db: Db, changes: Array<{ key: string; value: unknown }>) {
  for (const { key, value } of changes) {
    if (!PACKAGE_KEYS.has(key) || value === null || value === 0) continue;
    const id = typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
    const pkg = id ? await findPackageForSetting(db, id) : undefined;
    const fits = pkg?.available && (key !== "trial_package_id" || pkg.is_trial);
    if (!fits)
      throw AppError.of("SETTING_PACKAGE_INVALID", { fields: { [key]: t("settingPackageInvalid") } });
  }
}
