import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { type AppConfig, type AppConfigEntry, resolveAppConfig } from "../../domain/app-config";
import { api } from "./api-client";

export const appConfigQueryKey = ["appconfig"] as const;

export const appConfigQuery = {
  queryKey: appConfigQueryKey,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<AppConfig> => {
    const rows = await api.get<AppConfigEntry[] | { appconfig?: AppConfigEntry[] }>("/appconfig", { signal });
    return resolveAppConfig(Array.isArray(rows) ? rows : (rows?.appconfig ?? []));
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 1,
};

/** Loading state of the app config; used once by the shell, which waits for it before painting. */
export function useAppConfigQuery() {
  return useQuery(appConfigQuery);
}

/**
 * The studio's typed config. Loaded once (GET /api/appconfig) before the shell renders, so inside
 * the app it is always available synchronously.
 */
export function useAppConfig(): AppConfig {
  return useSuspenseQuery(appConfigQuery).data;
}

/** The configured packages path segment ("paquetes" by default), without slashes. */
export function packagesPathSegment(config: AppConfig): string {
  const segment = (config.class_packages_path || "paquetes").trim().replace(/^\/+|\/+$/g, "");
  return /^[a-z0-9][a-z0-9-_]*$/i.test(segment) ? segment : "paquetes";
}
