import {
  type AppConfig,
  type AppConfigEntry,
  isAppConfigKey,
  resolveAppConfig,
  toAppConfigList,
} from "../../../domain/app-config";
import { valueSchemaFor } from "../../../domain/app-config-schema";
import { AppError } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { listConfigRows, upsertConfigRows } from "./app-config.repository";

/**
 * App config is read on almost every request (policies, flags) and changes rarely: keep it in
 * memory for a few seconds. Another instance's change shows up here within CACHE_MS; this
 * instance's own changes show up at once.
 */
const CACHE_MS = 5_000;

export type AppConfigService = {
  get(): Promise<AppConfig>;
  /** The list, its ETag, and the list already serialised (GET /api/appconfig sends it as is). */
  list(): Promise<{ entries: AppConfigEntry[]; etag: string; json: string }>;
  update(changes: AppConfigEntry[]): Promise<AppConfig>;
};

export function createAppConfigService(db: Db): AppConfigService {
  let cached: {
    config: AppConfig;
    entries: AppConfigEntry[];
    etag: string;
    json: string;
    at: number;
  } | null = null;

  async function load() {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached;
    const config = resolveAppConfig(await listConfigRows(db));
    const entries = toAppConfigList(config);
    const json = JSON.stringify(entries);
    cached = { config, entries, etag: `W/"${hash(json)}"`, json, at: Date.now() };
    return cached;
  }

  return {
    async get() {
      return (await load()).config;
    },
    async list() {
      const { entries, etag, json } = await load();
      return { entries, etag, json };
    },
    async update(changes) {
      const fields: Record<string, string> = {};
      const rows: AppConfigEntry[] = [];
      for (const change of changes) {
        if (!isAppConfigKey(change.key)) {
          fields[change.key] = t("configKeyUnknown");
          continue;
        }
        const parsed = valueSchemaFor(change.key).safeParse(change.value);
        if (!parsed.success) fields[change.key] = parsed.error.issues[0]?.message ?? t("validation");
        else rows.push({ key: change.key, value: parsed.data });
      }
      const problems = Object.values(fields);
      if (problems.length > 0) {
        throw new AppError(400, "VALIDATION_ERROR", problems.length === 1 ? problems[0]! : t("checkFields"), {
          fields,
        });
      }
      await upsertConfigRows(db, rows);
      cached = null;
      return this.get();
    },
  };
}

/** Small stable string hash (FNV-1a) for the ETag; not security-sensitive. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
