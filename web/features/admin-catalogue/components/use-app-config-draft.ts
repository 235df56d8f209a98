import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { z } from "zod";
import type { messageAnswer } from "../../../../domain/api/wire";
import { type AppConfigKey, DERIVED_APP_CONFIG_KEYS } from "../../../../domain/app-config";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { api } from "../../../lib/api-client";
import { appConfigQueryKey, useAppConfig } from "../../../lib/app-config";

export type ConfigValues = Record<string, unknown>;

/**
 * The settings being edited: a draft of the studio's config, the keys that differ from it, and
 * saving only those (PUT /api/appconfig). Derived keys (timezone_offset, domain) are shown, never
 * sent: the server computes them.
 */
export function useAppConfigDraft() {
  const config = useAppConfig() as unknown as ConfigValues;
  const client = useQueryClient();
  const [values, setValues] = useState<ConfigValues>(config);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValues(config), [config]);
  const changed = useMemo(
    () =>
      Object.keys(values).filter(
        (k) =>
          !DERIVED_APP_CONFIG_KEYS.includes(k as AppConfigKey) &&
          JSON.stringify(values[k]) !== JSON.stringify(config[k]),
      ),
    [values, config],
  );
  const set = (k: string) => (v: unknown) => setValues((s) => ({ ...s, [k]: v }));

  const save = async () => {
    setSaving(true);
    try {
      const res = await api.put<z.input<typeof messageAnswer>>(
        "/appconfig",
        changed.map((key) => ({ key, value: values[key] })),
      );
      await client.invalidateQueries({ queryKey: appConfigQueryKey });
      notifySuccess(res.message);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return { values, set, changed, discard: () => setValues(config), save, saving };
}
