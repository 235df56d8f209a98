import {
  type AppConfig,
  type AppConfigEntry,
  DERIVED_APP_CONFIG_KEYS,
  isAppConfigKey,
  resolveAppConfig,
  toAppConfigList,
} from "../../../domain/app-config";
import { valueSchemaFor } from "../../../domain/app-config-schema";
import { AppError } from "../../../domain/errors";
import { rememberZoneOffsets } from "../../../domain/format";
import { t } from "../../../domain/messages";
import { zoneOffsetsAround } from "../../../domain/zone-offsets";
import type { Db } from "../../db/client";
import { BROTLI_MAX_QUALITY, PrecompressedBody } from "../../plugins/serialized";
import { listConfigRows, upsertConfigRows } from "./app-config.repository";

/**
 * App config is read on almost every request (policies, flags) and changes rarely: keep it in
 * memory for a few seconds. Another instance's change shows up here within CACHE_MS (plus one
 * read of the table); this instance's own changes show up at once.
 */
const CACHE_MS = 5_000;

export type AppConfigService = {
  get(): Promise<AppConfig>;
  /**
   * The list, its ETag, and the list already serialised with its compressed variants
   * (GET /api/appconfig, read by every page load, sends those bytes as they are).
   */
  list(): Promise<{ entries: AppConfigEntry[]; etag: string; json: PrecompressedBody }>;
  update(changes: AppConfigEntry[]): Promise<AppConfig>;
  /** Drops the cached settings: another instance changed them (plugins/shared-state.ts). */
  forget(): void;
};

type Loaded = {
  config: AppConfig;
  entries: AppConfigEntry[];
  etag: string;
  json: PrecompressedBody;
  at: number;
};

/**
 * Hours west of UTC of an IANA zone at `at` (Mexico City: 6), as older clients read
 * timezone_offset.
 */
export function hoursWestOfUtc(timeZone: string, at = new Date()): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  const east = (Number(m[2]) + Number(m[3]) / 60) * (m[1] === "+" ? 1 : -1);
  return east === 0 ? 0 : -east;
}

/** The host of PUBLIC_URL ("estudio.mx"), or "" when it is not a URL. */
function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).host;
  } catch {
    return "";
  }
}

/** Stored rows over the defaults, then the derived keys (DERIVED_APP_CONFIG_KEYS) computed. */
function withDerived(config: AppConfig, publicUrl: string): AppConfig {
  let offset = config.timezone_offset;
  try {
    offset = hoursWestOfUtc(config.timezone);
  } catch {
    // An unknown zone stored by hand: keep what was there (saving a zone validates it).
  }
  return { ...config, timezone_offset: offset, domain: hostOf(publicUrl) };
}

/**
 * The studio zone's offset table (a year back, two ahead; built once a day) for the server's own
 * dates: every email formats its class's date and time, and Intl's formatToParts was a tenth of a
 * booking's email (decision 0033). The same table a server-rendered page hands the browser, so the
 * same wall clock; dates outside it still go through Intl. A zone Intl does not know keeps Intl.
 */
function rememberZoneTable(timeZone: string, now: number): void {
  try {
    rememberZoneOffsets(zoneOffsetsAround(timeZone, now));
  } catch {
    // formatDateTime falls back to Intl, which answers for an unknown zone the same way.
  }
}

export function createAppConfigService(db: Db, options: { publicUrl?: string } = {}): AppConfigService {
  const publicUrl = options.publicUrl ?? "";
  let cached: Loaded | null = null;
  /** The read in flight: callers arriving meanwhile share it instead of each reading the table. */
  let loading: Promise<Loaded> | null = null;
  /** Bumped by every update: a read started before it must not be kept. */
  let generation = 0;

  function load(): Promise<Loaded> | Loaded {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached;
    if (loading) return loading;
    const pending = read(generation).finally(() => {
      if (loading === pending) loading = null;
    });
    loading = pending;
    return pending;
  }

  async function read(startedIn: number): Promise<Loaded> {
    const at = Date.now();
    const config = withDerived(resolveAppConfig(await listConfigRows(db)), publicUrl);
    rememberZoneTable(config.timezone, at);
    const entries = toAppConfigList(config);
    const text = JSON.stringify(entries);
    const etag = `W/"${hash(text)}"`;
    // Unchanged since the last read (the usual case): keep the bytes already compressed. They
    // change rarely and go with every page load, so brotli gets its best (slowest) quality.
    const json = cached?.etag === etag ? cached.json : new PrecompressedBody(text, BROTLI_MAX_QUALITY);
    const loaded = { config, entries, etag, json, at };
    if (startedIn === generation) cached = loaded;
    return loaded;
  }

  return {
    async get() {
      return (await load()).config;
    },
    forget() {
      generation++;
      cached = null;
      loading = null;
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
        if (DERIVED_APP_CONFIG_KEYS.includes(change.key)) {
          fields[change.key] = t(change.key === "domain" ? "configDomainDerived" : "configOffsetDerived");
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
      loading = null;
      generation++;
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
